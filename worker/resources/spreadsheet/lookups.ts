/**
 * What a spreadsheet names by text and a record holds by code: dictionary labels (either language),
 * division names and paths (fields checked as zoning codes), users by name or account (user fields) and
 * organisation names (the organisation tree's parent). Each is read once per request, for the values that need it.
 */
import type { Family } from "../../../events/family.ts";
import type { Field } from "../../../events/fields.ts";
import type { Lang } from "../../../events/i18n.ts";
import type { MessageKey } from "../../../events/i18n.ts";
import { area, dictionary, organisation, user } from "../../../events/families/sys.ts";
import { isUserRef } from "../../../events/refs.ts";
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

/** A division code field: any field checked as a zoning code other than a division's own `code` (as the web's region picker decides). */
export const isDivisionField = (family: Family, key: string) => {
  const f = family.fields[key];
  return !!f && f.kind === "text" && f.rules.includes("zoningCode") && !(family.table === area.table && key === "code");
};

/** The organisation tree's parent (an organisation id), looked up in sys_organization by name or code. */
export function nameLookupOf(family: Family, key: string): NameLookup | null {
  const f = family.fields[key];
  if (!f) return null;
  if (family.table === organisation.table && key === family.parentKey) {
    return { table: organisation.table, value: organisation.idColumn, name: organisation.column.name, code: organisation.column.code, isValue: (t) => uuid.test(t) };
  }
  return null;
}

/** "陕西省/西安市/雁塔区" names 雁塔区: the last part of a path of names. */
const lastPart = (text: string) => foldText(text.split(/[/>＞\\]/).filter((s) => s.trim()).pop() ?? text);

/** A name a cell gave that named no record or several: reported on the row's field. */
export interface NameProblem {
  /** index of the record in the list handed to resolveNames */
  index: number;
  field: string;
  key: MessageKey;
  params: Record<string, string | number>;
}

/**
 * Replaces names by codes in `records`: users by account or name, divisions by name or path, an
 * organisation's parent by name or code. A user named by no one or by several is a problem of its row
 * (ambiguous names list the candidates' accounts); other names that match no record or several are left as
 * written, so the field's own rule reports them.
 */
export async function resolveNames(db: D1Database, family: Family, records: Record<string, unknown>[]): Promise<NameProblem[]> {
  const problems: NameProblem[] = [];
  for (const key of Object.keys(family.fields)) {
    if (isUserRef(key, family.fields[key])) problems.push(...(await resolveUsers(db, key, records)));
    else if (isDivisionField(family, key)) await resolveDivisions(db, key, records);
  }
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
  return problems;
}

/**
 * A user field's cells: a user's id stays; an account (exact, case folded) or a name (exact) becomes the
 * user's id, the account winning over a name; a name several users share, or a text naming nobody, is refused.
 */
async function resolveUsers(db: D1Database, key: string, records: Record<string, unknown>[]): Promise<NameProblem[]> {
  const texts = new Set<string>();
  for (const r of records) if (typeof r[key] === "string" && r[key] !== "") texts.add(foldText(r[key] as string));
  if (texts.size === 0) return [];
  const c = user.column;
  const { results } = await db
    .prepare(`SELECT ${user.idColumn} AS id, ${c.userNo} AS account, ${c.name} AS name FROM ${user.table} WHERE ${user.idColumn} IN (SELECT value FROM json_each(?1)) OR lower(${c.userNo}) IN (SELECT lower(value) FROM json_each(?1)) OR ${c.name} IN (SELECT value FROM json_each(?1))`)
    .bind(JSON.stringify([...texts]))
    .all<{ id: string; account: string; name: string }>();
  const problems: NameProblem[] = [];
  records.forEach((r, index) => {
    if (typeof r[key] !== "string" || r[key] === "") return;
    const text = foldText(r[key] as string);
    const byId = results.find((u) => u.id === text);
    const byAccount = results.filter((u) => u.account.toLowerCase() === text.toLowerCase());
    const byName = results.filter((u) => u.name === text);
    const found = byId ? [byId] : byAccount.length === 1 ? byAccount : byName;
    if (found.length === 1) r[key] = found[0]!.id;
    else if (found.length === 0) problems.push({ index, field: key, key: "userUnknown", params: { value: text } });
    else {
      const accounts = found.map((u) => u.account).sort();
      problems.push({ index, field: key, key: "userAmbiguous", params: { value: text, count: accounts.length, accounts: accounts.join(", ") } });
    }
  });
  return problems;
}

/** A division's text without spaces and path separators: 陕西省 / 西安市 / 雁塔区 → 陕西省西安市雁塔区. */
const divisionText = (text: string) => foldText(text).replace(/[\s/>＞\\、,，-]+/g, "");
/** How a division may be written inside a path: its name, or without 省/市 (陕西西安雁塔区). */
const divisionForms = (name: string) => [name, ...(/^.{2,}[省市]$/.test(name) ? [name.slice(0, -1)] : [])];

/**
 * A division field's cells: six digits stay; a division's name (雁塔区) or its path written whole or in part,
 * with or without separators (陕西省西安市雁塔区, 西安市雁塔区, 陕西省/西安市/雁塔区, 陕西西安雁塔区) becomes its code
 * when it names exactly one division: the text ends with the division's name and what comes before is its
 * ancestors' names, top down, any of them left out. Anything else is left as written (the zoning-code rule reports it).
 */
async function resolveDivisions(db: D1Database, key: string, records: Record<string, unknown>[]): Promise<void> {
  const texts = new Set<string>();
  for (const r of records) if (typeof r[key] === "string" && !/^\d{6}$/.test(r[key] as string)) texts.add(divisionText(r[key] as string));
  texts.delete("");
  if (texts.size === 0) return;
  const c = area.column;
  const { results } = await db
    .prepare(
      `WITH RECURSIVE hit(code, name, parent) AS (
         SELECT ${c.code}, ${c.name}, ${c.parentCode} FROM ${area.table} WHERE EXISTS (SELECT 1 FROM json_each(?1) t WHERE substr(t.value, -length(${c.name})) = ${c.name})
         UNION SELECT a.${c.code}, a.${c.name}, a.${c.parentCode} FROM ${area.table} a JOIN hit ON a.${c.code} = hit.parent)
       SELECT code, name, parent FROM hit`,
    )
    .bind(JSON.stringify([...texts]))
    .all<{ code: string; name: string; parent: string | null }>();
  const byCode = new Map(results.map((a) => [a.code, a]));
  const ancestors = (code: string) => {
    const out: string[] = [];
    for (let a = byCode.get(byCode.get(code)?.parent ?? ""); a && out.length < 10; a = byCode.get(a.parent ?? "")) out.unshift(a.name);
    return out;
  };
  const codeOf = new Map<string, string | null>();
  for (const text of texts) {
    const matches = results.filter((a) => text.endsWith(a.name)).filter((a) => {
      let rest = text.slice(0, text.length - a.name.length);
      for (const name of ancestors(a.code)) {
        const form = divisionForms(name).find((f) => rest.startsWith(f));
        if (form) rest = rest.slice(form.length);
      }
      return rest === "";
    });
    codeOf.set(text, matches.length === 1 ? matches[0]!.code : null);
  }
  for (const r of records) {
    if (typeof r[key] !== "string" || /^\d{6}$/.test(r[key] as string)) continue;
    const code = codeOf.get(divisionText(r[key] as string));
    if (code) r[key] = code;
  }
}
