/**
 * Export of a list: every row the current filter matches (listAll), written as CSV with papaparse — UTF-8
 * with a BOM so spreadsheet programs read the Chinese, headers in the current language, dictionary and
 * reference values as names. File `<family label>-<yyyyMMdd>.csv`.
 */
import dayjs from "dayjs";
import type { Family } from "../../events/family.ts";
import type { Lang } from "../../events/i18n.ts";
import { dictName, loadDictionaries } from "../api/dictionaries.ts";
import { get, type Query } from "../api/http.ts";
import { loadNames } from "../api/names.ts";
import type { Row } from "../api/records.ts";
import { refTarget, rowLabel } from "./refs.tsx";

export const exportFileName = (family: Family, lang: Lang, day = new Date()) => `${family.label[lang]}-${dayjs(day).format("YYYYMMDD")}.csv`;

/** Reference names by field key and id, loaded once per column. */
async function referenceNames(family: Family, rows: Row[]): Promise<Record<string, Record<string, string | null>>> {
  const out: Record<string, Record<string, string | null>> = {};
  for (const key of family.columns) {
    if (family.fields[key]?.kind !== "ref") continue;
    const target = refTarget(family, key);
    const ids = rows.map((r) => r[key]).filter((v): v is string => typeof v === "string" && v !== "");
    if (target?.names) out[key] = await loadNames(target.names, ids);
    else if (target?.family) {
      const all = await get<Row[]>(`${target.family.path}/listAll`).then((a) => a.data, () => [] as Row[]);
      out[key] = Object.fromEntries(all.map((r) => [String(r[target.family!.idKey]), rowLabel(r)]));
    }
  }
  return out;
}

/** The rows of the export as text cells (numbers stay numbers), headers first. */
export async function exportTable(family: Family, rows: Row[], lang: Lang, yesNo: [string, string]): Promise<{ fields: string[]; data: (string | number)[][] }> {
  const types = [...new Set(family.columns.map((k) => family.fields[k]!).filter((f) => f.kind === "dict").map((f) => f.dict!))];
  await loadDictionaries(types);
  const names = await referenceNames(family, rows);
  const cell = async (key: string, value: unknown): Promise<string | number> => {
    const field = family.fields[key]!;
    if (value === null || value === undefined) return "";
    switch (field.kind) {
      case "dict":
        return (await Promise.all((Array.isArray(value) ? value : [value]).map((v) => dictName(field.dict!, v, lang)))).join(lang === "zh-CN" ? "、" : ", ");
      case "bool":
        return value ? yesNo[0] : yesNo[1];
      case "ref":
        return names[key]?.[String(value)] ?? String(value);
      case "int":
      case "number":
        return typeof value === "number" ? value : String(value);
      case "refs":
      case "json":
        return typeof value === "string" ? value : JSON.stringify(value);
      default:
        return String(value);
    }
  };
  const data = await Promise.all(rows.map((row) => Promise.all(family.columns.map((key) => cell(key, row[key])))));
  return { fields: family.columns.map((key) => family.fields[key]!.label[lang]), data };
}

/** Fetches, writes and downloads the CSV; a failure is only logged (spec section 8). */
export async function exportCsv(family: Family, query: Query, lang: Lang, yesNo: [string, string]): Promise<void> {
  try {
    const rows = (await get<Row[]>(`${family.path}/listAll`, query)).data;
    const table = await exportTable(family, rows, lang, yesNo);
    const { default: Papa } = await import("papaparse");
    const csv = Papa.unparse(table, { escapeFormulae: true, newline: "\r\n" });
    const blob = new Blob([`\uFEFF${csv}`], { type: "text/csv;charset=utf-8" });
    const url = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = url;
    link.download = exportFileName(family, lang);
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch (error) {
    console.error(`export of ${family.path} failed`, error);
  }
}
