/**
 * Importing rows into a family: each row read like a person would (cells normalised, labels and names
 * turned into values and codes), validated exactly like a save, checked against the family's unique keys
 * (within the rows and against stored records), and decided as create commands to be appended together.
 */
import type { Family } from "../../../events/family.ts";
import { toColumn } from "../../../events/fields.ts";
import { t, type Lang } from "../../../events/i18n.ts";
import { dictionaryLookup, isBlankCell, rowRecord } from "../../../events/spreadsheet/cells.ts";
import type { StreamWrite } from "../../store/types.ts";
import { ValidationError } from "../../errors.ts";
import { newCreate } from "../commands.ts";
import { dictTypesOf, dictionaryEntries, resolveNames } from "./lookups.ts";

/** One row to import: its row number in the user's file and its cells by field key. */
export interface ImportRow {
  row: number;
  cells: Record<string, unknown>;
}

/** Why a row was refused: one entry per field, the message in the request's language. */
export interface ImportError {
  row: number;
  field: string;
  label: string;
  message: string;
}

export interface PreparedImport {
  read: number;
  skipped: number;
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
  const { results } = await db
    .prepare(`SELECT ${columns.join(", ")} FROM ${family.table} WHERE (${columns.join(", ")}) IN (SELECT ${extracted} FROM json_each(?))`)
    .bind(JSON.stringify(keys.map((k) => JSON.parse(k))))
    .raw<(string | number)[]>();
  return new Set(results.map((r) => JSON.stringify(r)));
}

/**
 * Validates `rows` and decides the creates of the good ones. Blank rows (and rows with formatting only)
 * are skipped; a refused row lists every broken rule, the first per field.
 */
export async function prepareImport(db: D1Database, family: Family, rows: ImportRow[], lang: Lang, options: { date1904?: boolean } = {}): Promise<PreparedImport> {
  const filled = rows.filter((r) => !Object.values(r.cells).every(isBlankCell));
  const keys = [...new Set(filled.flatMap((r) => Object.keys(r.cells)))].filter((k) => k in family.fields);
  const dictValue = dictionaryLookup(await dictionaryEntries(db, dictTypesOf(family, keys)));
  const records = filled.map((r) => rowRecord(family, r.cells, { dictValue, date1904: options.date1904 }));
  await resolveNames(db, family, records);

  const errors: ImportError[] = [];
  const refusedRows = new Set<number>();
  const refuse = (row: number, field: string, message: string) => {
    refusedRows.add(row);
    errors.push({ row, field, label: family.fields[field]?.label[lang] ?? field, message });
  };
  const accepted: { row: number; write: StreamWrite; record: Record<string, unknown> }[] = [];
  filled.forEach((r, i) => {
    try {
      const write = newCreate(family, records[i]);
      accepted.push({ row: r.row, write, record: write.events[0]!.data.record as Record<string, unknown> });
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      const seen = new Set<string>();
      for (const p of error.problems) {
        if (seen.has(p.field)) continue;
        seen.add(p.field);
        refuse(r.row, p.field, t(p.key, lang, { name: p.label[lang], ...p.params }));
      }
    }
  });

  // unique keys: the first row holding a key wins within the rows, a stored record wins over all of them
  for (const group of family.unique) {
    const message = t("alreadyExists", lang, { fields: group.map((k) => family.fields[k]!.label[lang]).join(lang === "zh-CN" ? "、" : ", ") });
    const keyed = accepted.map((a) => uniqueKey(family, group, a.record));
    const stored = await storedKeys(db, family, group, [...new Set(keyed.filter((k): k is string => k !== null))]);
    const taken = new Set<string>();
    accepted.forEach((a, i) => {
      const key = keyed[i];
      if (key === null || key === undefined) return;
      if (stored.has(key) || taken.has(key)) refuse(a.row, group[0]!, message);
      taken.add(key);
    });
  }
  return {
    read: rows.length,
    skipped: rows.length - filled.length,
    refusedRows,
    errors: errors.sort((a, b) => a.row - b.row),
    writes: accepted.filter((a) => !refusedRows.has(a.row)).map((a) => a.write),
  };
}
