/**
 * Spreadsheet header titles → field keys, shared by the worker's import and the browser's preview: a title
 * is a field's zh-CN or en-US label (a leading or trailing required mark `*` allowed) or the field key itself.
 *
 * @example
 * matchTitle(dictionary, "*字典类型") // "type"
 * findHeader([["字典导入"], ["字典类型", "字典值"], ["sex", "1"]], dictionary) // { index: 1, fields: ["type", "value"] }
 */
import type { Text } from "../i18n.ts";

/** What title matching needs of a family: its fields and their labels. */
export interface TitledFamily {
  fields: Record<string, { label: Text }>;
}

/** How many rows from the top may hold the header (title rows and notes above it are skipped). */
export const headerSearchRows = 10;

/** A title as compared: NFKC (full-width letters, `＊`), no required mark or "(必填)", single spaces, lower case. */
export function normaliseTitle(text: unknown): string {
  if (text === null || text === undefined) return "";
  return String(text)
    .normalize("NFKC")
    .replace(/[\s\u200b\ufeff]+/g, " ")
    .trim()
    .replace(/^\*+\s*/, "")
    .replace(/\s*\*+$/, "")
    .replace(/\s*\((必填|required)\)$/i, "")
    .trim()
    .toLowerCase();
}

const indexes = new WeakMap<object, Map<string, string>>();

/** title (normalised) → field key, built once per family. */
function titleIndex(family: TitledFamily): Map<string, string> {
  let index = indexes.get(family);
  if (index) return index;
  index = new Map();
  // field keys first, then labels: a label never shadows another field's key
  for (const key of Object.keys(family.fields)) index.set(normaliseTitle(key), key);
  for (const [key, f] of Object.entries(family.fields)) {
    for (const label of Object.values(f.label)) {
      const title = normaliseTitle(label);
      if (title && !index.has(title)) index.set(title, key);
    }
  }
  indexes.set(family, index);
  return index;
}

/** The field key a header cell names, or null when it names none. */
export function matchTitle(family: TitledFamily, text: unknown): string | null {
  const title = normaliseTitle(text);
  return title ? (titleIndex(family).get(title) ?? null) : null;
}

/**
 * The header row among the first ten: the first row whose non-empty cells match field titles at least
 * half of the time (and at least once). `fields[i]` is the field of column i; a column naming a field
 * already taken by an earlier column, or none, is null.
 */
export function findHeader(rows: unknown[][], family: TitledFamily): { index: number; fields: (string | null)[] } | null {
  const last = Math.min(rows.length, headerSearchRows);
  for (let index = 0; index < last; index++) {
    const row = rows[index] ?? [];
    let filled = 0;
    let matched = 0;
    const seen = new Set<string>();
    const fields: (string | null)[] = [];
    for (let i = 0; i < row.length; i++) {
      const cell = row[i];
      if (normaliseTitle(cell) === "") {
        fields.push(null);
        continue;
      }
      filled++;
      const key = matchTitle(family, cell);
      if (key) matched++;
      fields.push(key && !seen.has(key) ? key : null);
      if (key) seen.add(key);
    }
    if (matched > 0 && matched * 2 >= filled) return { index, fields };
  }
  return null;
}

/**
 * The sheet an import reads, the same in the Worker and the browser: the first sheet (in workbook order)
 * with a header of the family's titles among its first ten rows (a notes or cover sheet before the data is
 * passed over). `topRows` gives a sheet's first rows; null when no sheet has such a header.
 *
 * @example
 * pickSheet(["说明", "数据"], (name) => top[name], dictionary) // { sheet: "数据", header: { index: 0, fields: [...] } }
 */
export function pickSheet<S>(sheets: readonly S[], topRows: (sheet: S) => unknown[][], family: TitledFamily): { sheet: S; header: { index: number; fields: (string | null)[] } } | null {
  for (const sheet of sheets) {
    const header = findHeader(topRows(sheet), family);
    if (header) return { sheet, header };
  }
  return null;
}
