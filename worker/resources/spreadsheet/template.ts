/**
 * The import template of a family: one header row of field titles in the request's language (`*` before
 * required ones), columns typed as text or dates, drop-down lists of dictionary labels and of yes/no,
 * the lists kept on a hidden sheet so they may be longer than a literal list allows.
 */
import type { Family } from "../../../events/family.ts";
import type { Lang } from "../../../events/i18n.ts";
import { spreadsheetTexts } from "../../../events/spreadsheet/messages.ts";
import { dictTypesOf, dictionaryEntries, entryLabel } from "./lookups.ts";
import { columnLetter, sheetName, styles, xlsxFile, type ColumnSpec, type DropDown, type SheetContent } from "./xlsx.ts";

/** The fields a spreadsheet can fill: every declared field except secrets and id lists. */
export const importableFields = (family: Family) => Object.keys(family.fields).filter((k) => !family.fields[k]!.secret && family.fields[k]!.kind !== "refs");

/** The header title of a field: its label in `lang`, `*` before it when required. */
export const fieldTitle = (family: Family, key: string, lang: Lang) => `${family.fields[key]!.required ? "*" : ""}${family.fields[key]!.label[lang]}`;

export async function templateFile(db: D1Database, family: Family, lang: Lang): Promise<Uint8Array> {
  const keys = importableFields(family);
  const entries = await dictionaryEntries(db, dictTypesOf(family, keys));
  const listsName = sheetName(spreadsheetTexts.listsSheet[lang]);
  const lists: string[][] = [];
  const dropDowns: DropDown[] = [];
  const columns: ColumnSpec[] = keys.map((key, column) => {
    const f = family.fields[key]!;
    const width = Math.min(40, Math.max(12, fieldTitle(family, key, lang).length * 2 + 4));
    if (f.kind === "dict" && !f.multiple) {
      const labels = [...new Set(entries.filter((e) => e.type === f.dict).map((e) => entryLabel(e, lang)))];
      if (labels.length) {
        const at = columnLetter(lists.length);
        lists.push(labels);
        dropDowns.push({ column, formula: `'${listsName}'!$${at}$1:$${at}$${labels.length}` });
      }
    }
    if (f.kind === "bool") dropDowns.push({ column, formula: `"${spreadsheetTexts.yes[lang]},${spreadsheetTexts.no[lang]}"` });
    const style = f.kind === "date" ? styles.date : f.kind === "datetime" ? styles.datetime : f.kind === "int" || f.kind === "number" || f.kind === "bool" ? undefined : styles.text;
    return { width, style };
  });
  const sheets: SheetContent[] = [{ name: family.label[lang], header: keys.map((k) => fieldTitle(family, k, lang)), rows: [], columns, freezeHeader: true, dropDowns }];
  if (lists.length) {
    const depth = Math.max(...lists.map((l) => l.length));
    sheets.push({ name: listsName, hidden: true, rows: Array.from({ length: depth }, (_, r) => lists.map((l) => l[r] ?? null)) });
  }
  return xlsxFile(sheets);
}
