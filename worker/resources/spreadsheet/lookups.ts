/**
 * What a spreadsheet names by text and a record holds by code: dictionary labels (either language),
 * division names (fields checked as zoning codes) and organisation names (the organisation tree's parent).
 * Each is read once per request, for the values that need it.
 */
import type { Family } from "../../../events/family.ts";
import type { Field } from "../../../events/fields.ts";
import type { Lang } from "../../../events/i18n.ts";
import { area, dictionary, organisation } from "../../../events/families/sys.ts";
import { foldText } from "../../../events/spreadsheet/cells.ts";

export interface DictEntry {
  type: string;
  value: string;
  name: string | null;
  enName: string | null;
}

/** The entries of the dictionary types `types`, in their order. */
export async function dictionaryEntries(db: D1Database, types: string[]): Promise<DictEntry[]> {
  if (types.length === 0) return [];
  const c = dictionary.column;
  const { results } = await db
    .prepare(`SELECT ${c.type} AS type, ${c.value} AS value, ${c.name} AS name, ${c.enName} AS enName FROM ${dictionary.table} WHERE ${c.type} IN (SELECT value FROM json_each(?)) ORDER BY ${c.type}, ${c.number}, id`)
    .bind(JSON.stringify([...new Set(types)]))
    .all<DictEntry>();
  return results;
}

/** The dictionary types of a family's fields among `keys`. */
export const dictTypesOf = (family: Family, keys: string[]) => [...new Set(keys.map((k) => family.fields[k]).filter((f): f is Field => f?.kind === "dict" && !!f.dict).map((f) => f.dict!))];

/** A dictionary entry's label in `lang` (the Chinese one when there is no English one). */
export const entryLabel = (e: DictEntry, lang: Lang) => (lang === "en-US" ? e.enName || e.name : e.name) ?? e.value;

/** type → value → label in `lang`, for export. */
export function labelsByValue(entries: DictEntry[], lang: Lang): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  for (const e of entries) {
    if (!out.has(e.type)) out.set(e.type, new Map());
    out.get(e.type)!.set(e.value, entryLabel(e, lang));
  }
  return out;
}

// ---- names → codes

interface NameLookup {
  table: string;
  /** the column the record holds */
  value: string;
  name: string;
  /** another column a cell may name the record by (an organisation's code) */
  code?: string;
  /** a cell already holding what the record keeps */
  isValue: (text: string) => boolean;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Where a field's names are looked up: a division code (any field checked as a zoning code other than a
 * division's own `code`, as the web's region picker decides) from sys_area; the organisation tree's
 * parent (an organisation id) from sys_organization, by name or code.
 */
export function nameLookupOf(family: Family, key: string): NameLookup | null {
  const f = family.fields[key];
  if (!f) return null;
  if (f.kind === "text" && f.rules.includes("zoningCode") && !(family.table === area.table && key === "code")) {
    return { table: area.table, value: area.column.code, name: area.column.name, isValue: (t) => /^\d{6}$/.test(t) };
  }
  if (family.table === organisation.table && key === family.parentKey) {
    return { table: organisation.table, value: organisation.idColumn, name: organisation.column.name, code: organisation.column.code, isValue: (t) => uuid.test(t) };
  }
  return null;
}

/** "陕西省/西安市/雁塔区" names 雁塔区: the last part of a path of names. */
const lastPart = (text: string) => foldText(text.split(/[/>＞\\]/).filter((s) => s.trim()).pop() ?? text);

/**
 * Replaces names by codes in `records` for every field with a name look-up. A name that matches no record
 * or more than one is left as written, so the field's own rule reports it.
 */
export async function resolveNames(db: D1Database, family: Family, records: Record<string, unknown>[]): Promise<void> {
  for (const key of Object.keys(family.fields)) {
    const lookup = nameLookupOf(family, key);
    if (!lookup) continue;
    const names = new Set<string>();
    for (const r of records) {
      const v = r[key];
      if (typeof v === "string" && !lookup.isValue(v)) names.add(lastPart(v));
    }
    if (names.size === 0) continue;
    const byCode = lookup.code ? ` OR ${lookup.code} IN (SELECT value FROM json_each(?1))` : "";
    const { results } = await db
      .prepare(`SELECT ${lookup.value} AS value, ${lookup.name} AS name${lookup.code ? `, ${lookup.code} AS code` : ""} FROM ${lookup.table} WHERE ${lookup.name} IN (SELECT value FROM json_each(?1))${byCode}`)
      .bind(JSON.stringify([...names]))
      .all<{ value: string; name: string; code?: string }>();
    const found = new Map<string, Set<string>>();
    const note = (text: string | undefined, value: string) => text && found.set(text, (found.get(text) ?? new Set()).add(value));
    for (const row of results) {
      note(row.name, row.value);
      note(row.code, row.value);
    }
    for (const r of records) {
      const v = r[key];
      if (typeof v !== "string" || lookup.isValue(v)) continue;
      const values = found.get(lastPart(v));
      if (values?.size === 1) r[key] = [...values][0];
    }
  }
}
