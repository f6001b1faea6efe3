/**
 * Importing rows into a family: each row read like a person would (cells normalised, labels and names
 * turned into values and codes), validated exactly like a save, checked against the family's unique keys
 * (within the rows and against stored records), and decided as create commands to be appended together.
 */
import type { z } from "zod";
import type { importError } from "../../../events/api/records.ts";
import type { Family } from "../../../events/family.ts";
import { toColumn } from "../../../events/fields.ts";
import { t, type Lang } from "../../../events/i18n.ts";
import { dictionaryLookup, isBlankCell, isTotalsRow, rowRecord } from "../../../events/spreadsheet/cells.ts";
import type { StreamWrite } from "../../store/types.ts";
import { ValidationError } from "../../errors.ts";
import { newCreate, withoutManaged } from "../commands.ts";
import { initialState } from "../../../events/family.ts";
import { dictTypesOf, dictionaryEntries, resolveNames } from "./lookups.ts";
import { giveWay } from "../../background.ts";

/** One row to import: its row number in the user's file and its cells by field key. */
export interface ImportRow {
  row: number;
  cells: Record<string, unknown>;
  /** the row's cells in file order, unmapped columns included (a file read here): where a totals row says so */
  raw?: unknown[];
}

/** Why a row was refused: one entry per field, the message in the request's language. */
export type ImportError = z.output<typeof importError>;

export interface PreparedImport {
  read: number;
  skipped: number;
  refused: number;
  /** row numbers of the refused rows */
  refusedRows: Set<number>;
  errors: ImportError[];
  /** the create commands of the accepted rows */
  writes: StreamWrite[];
}

/** The key a unique group has in a record (null when a part is empty: empty values never clash). */
function uniqueKey(family: Family, group: string[], record: Record<string, unknown>): string | null {
  const parts = group.map((k) => toColumn(family.fields[k]!, record[k]));
  return parts.some((p) => p === null || p === "") ? null : JSON.stringify(parts);
}

/** Which of `keys` (JSON arrays of column values) a stored live record already holds. */
async function storedKeys(db: D1Database, family: Family, group: string[], keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const columns = group.map((k) => family.column[k]!);
  const extracted = columns.map((_, i) => `json_extract(value, '$[${i}]')`).join(", ");
  const rows = await db
    .prepare(`SELECT ${columns.join(", ")} FROM ${family.table} WHERE (${columns.join(", ")}) IN (SELECT ${extracted} FROM json_each(?))`)
    .bind(JSON.stringify(keys.map((k) => JSON.parse(k))))
    .raw<(string | number)[]>();
  return new Set(rows.map((r) => JSON.stringify(r)));
}

/**
 * Validates `rows` and decides the creates of the good ones. Blank rows (and rows with formatting only)
 * and totals rows (合计/总计/小计, events/spreadsheet/cells.ts isTotalsRow) are skipped; a refused row lists
 * every broken rule, the first per field.
 */
export async function prepareImport(db: D1Database, family: Family, rows: ImportRow[], lang: Lang, options: { date1904?: boolean } = {}): Promise<PreparedImport> {
  const filled = rows.filter((r) => !Object.values(r.cells).every(isBlankCell) && !isTotalsRow(r.raw ?? Object.values(r.cells)));
  const keys = [...new Set(filled.flatMap((r) => Object.keys(r.cells)))].filter((k) => k in family.fields);
  const entries = await dictionaryEntries(db, dictTypesOf(family, keys));
  const dictValue = dictionaryLookup(entries);
  const valuesOf = new Map<string, Set<string>>();
  for (const e of entries) valuesOf.set(e.type, (valuesOf.get(e.type) ?? new Set()).add(e.value));
  const dictFields = keys.filter((k) => family.fields[k]!.kind === "dict" && valuesOf.has(family.fields[k]!.dict!));
  const records = filled.map((r) => rowRecord(family, r.cells, { dictValue, date1904: options.date1904 }));
  const nameProblems = await resolveNames(db, family, records);

  const errors: ImportError[] = [];
  const refused = new Set<number>();
  const refuse = (index: number, field: string, message: string) => {
    refused.add(index);
    errors.push({ row: filled[index]!.row, field, label: family.fields[field]?.label[lang] ?? field, message });
  };
  const accepted: { index: number; write: StreamWrite; record: Record<string, unknown> }[] = [];
  for (let index = 0; index < filled.length; index++) {
    // a chunk of a thousand rows is validated in slices, so requests arriving meanwhile are not held behind it
    if (index % 200 === 199) await giveWay();
    const record = records[index]!;
    const reported = new Set<string>();
    const report = (field: string, message: string) => {
      if (reported.has(field)) return;
      reported.add(field);
      refuse(index, field, message);
    };
    for (const p of nameProblems) if (p.index === index) report(p.field, t(p.key, lang, { name: family.fields[p.field]!.label[lang], ...p.params }));
    // a label that names no entry of a dictionary that has entries is not a value either
    for (const key of dictFields) {
      const value = record[key];
      const values = valuesOf.get(family.fields[key]!.dict!)!;
      const items = Array.isArray(value) ? value : value === undefined ? [] : [value];
      if (items.some((v) => !values.has(String(v)))) report(key, t("valueNotAllowed", lang, { name: family.fields[key]!.label[lang] }));
    }
    try {
      const write = newCreate(family, { ...withoutManaged(family, record), ...initialState(family) });
      if (reported.size === 0) accepted.push({ index, write, record: write.events[0]!.data.record as Record<string, unknown> });
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      for (const p of error.problems) report(p.field, t(p.key, lang, { name: p.label[lang], ...p.params }));
    }
  }

  // unique keys: the first row holding a key wins within the rows, a stored record wins over all of them
  for (const group of family.unique) {
    const message = t("alreadyExists", lang, { fields: group.map((k) => family.fields[k]!.label[lang]).join(lang === "zh-CN" ? "、" : ", ") });
    const keyed = accepted.map((a) => uniqueKey(family, group, a.record));
    const stored = await storedKeys(db, family, group, [...new Set(keyed.filter((k): k is string => k !== null))]);
    const taken = new Set<string>();
    accepted.forEach((a, i) => {
      const key = keyed[i];
      if (key === null || key === undefined) return;
      if (stored.has(key) || taken.has(key)) refuse(a.index, group[0]!, message);
      taken.add(key);
    });
  }
  return {
    read: rows.length,
    skipped: rows.length - filled.length,
    refused: refused.size,
    refusedRows: new Set([...refused].map((i) => filled[i]!.row)),
    errors: errors.sort((a, b) => a.row - b.row),
    writes: accepted.filter((a) => !refused.has(a.index)).map((a) => a.write),
  };
}
