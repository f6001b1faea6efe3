/**
 * Spreadsheets in the browser with SheetJS (`@e965/xlsx`), loaded on first use so it never weighs on the
 * first screen: the sheet of an xlsx, xls or csv file whose header names the family's fields (the server's
 * choice, events/spreadsheet/titles.ts pickSheet; else the first sheet) as rows of plain values (dates as text,
 * numbers as numbers, CSV in UTF-8 with or without a BOM, else GBK as Chinese Excel saves it), and a sheet
 * written back as an xlsx.
 *
 * @example
 * const sheet = await readSheet(file, dictionary); // { rows: [["字典类型", …], …], numbers: [1, …] }
 * saveBlob(await sheetBlob([["a", "b"], [1, 2]]), "x.xlsx");
 */
import type { CellObject, WorkBook, WorkSheet } from "@e965/xlsx";
import { extensionOf } from "../../../events/uploads.ts";
import { pickSheet, type TitledFamily } from "../../../events/spreadsheet/titles.ts";
import type { SheetRows } from "./plan.ts";

type Xlsx = typeof import("@e965/xlsx");

let library: Promise<Xlsx> | undefined;
/** SheetJS, loaded once. */
export const loadXlsx = () => (library ??= import("@e965/xlsx"));

let codepages: Promise<void> | undefined;
/** SheetJS's code-page tables (GBK CSV, legacy xls), loaded only for the files that need them. */
async function withCodepages(xlsx: Xlsx) {
  codepages ??= import("@e965/xlsx/dist/cpexcel.full.mjs").then((tables) => xlsx.set_cptable(tables));
  await codepages;
}

/** The text of UTF-8 bytes, or null when they are not UTF-8 (then they are GBK). */
function utf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** Bytes as a "binary" string (one character per byte), what SheetJS decodes with a code page. */
function binaryString(bytes: Uint8Array): string {
  let out = "";
  for (let i = 0; i < bytes.length; i += 0x8000) out += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return out;
}

const two = (n: number) => String(n).padStart(2, "0");

/** A date cell as text: "2024-01-05", or "2024-01-05 08:30:00" when it has a time. */
function dateText(parts: { y: number; m: number; d: number; H: number; M: number; S: number }): string {
  const day = `${parts.y}-${two(parts.m)}-${two(parts.d)}`;
  return parts.H || parts.M || parts.S ? `${day} ${two(parts.H)}:${two(parts.M)}:${two(parts.S)}` : day;
}

/** One cell's value as the import sends it. */
export function cellValue(cell: CellObject | undefined, xlsx: Pick<Xlsx, "SSF">, date1904 = false): unknown {
  if (!cell) return null;
  switch (cell.t) {
    case "s":
      return cell.v ?? null;
    case "b":
      return cell.v ?? null;
    case "n":
      if (typeof cell.v === "number" && typeof cell.z === "string" && xlsx.SSF.is_date(cell.z)) {
        const parts = xlsx.SSF.parse_date_code(cell.v, { date1904 });
        if (parts) return dateText(parts);
      }
      return cell.v ?? null;
    case "d": {
      const d = cell.v instanceof Date ? cell.v : new Date(String(cell.v));
      return Number.isNaN(d.getTime()) ? null : dateText({ y: d.getFullYear(), m: d.getMonth() + 1, d: d.getDate(), H: d.getHours(), M: d.getMinutes(), S: d.getSeconds() });
    }
    default:
      // errors (#N/A…) and format-only stubs hold no value
      return null;
  }
}

/** The non-blank rows of a dense sheet with their numbers in the file. */
export function sheetRows(sheet: WorkSheet, xlsx: Pick<Xlsx, "SSF">, date1904 = false): SheetRows {
  const data = (sheet["!data"] ?? []) as (CellObject | undefined)[][];
  const rows: unknown[][] = [];
  const numbers: number[] = [];
  for (let r = 0; r < data.length; r++) {
    const cells = data[r];
    if (!cells) continue;
    const row: unknown[] = [];
    let filled = false;
    for (let c = 0; c < cells.length; c++) {
      const value = cellValue(cells[c], xlsx, date1904);
      if (value !== null && !(typeof value === "string" && value.trim() === "")) filled = true;
      row[c] = value;
    }
    if (!filled) continue;
    rows.push(Array.from(row, (v) => v ?? null));
    numbers.push(r + 1);
  }
  return { rows, numbers };
}

/**
 * Reads a file the upload rules let through (see `checkSpreadsheet`): with `family`, the first sheet whose
 * header names its fields, as the server chooses (a notes sheet before the data is passed over); else, or
 * when no sheet has such a header, the first sheet.
 */
export async function readSheet(file: Blob & { name: string }, family?: TitledFamily): Promise<SheetRows> {
  const xlsx = await loadXlsx();
  const bytes = new Uint8Array(await file.arrayBuffer());
  const ext = extensionOf(file.name);
  let book: WorkBook;
  if (ext === "csv") {
    // raw: every cell stays the text it was (dates and numbers are read by the server, like any text)
    const text = utf8(bytes);
    if (text !== null) book = xlsx.read(text.replace(/^\uFEFF/, ""), { type: "string", raw: true, dense: true });
    else {
      await withCodepages(xlsx);
      book = xlsx.read(binaryString(bytes), { type: "binary", codepage: 936, raw: true, dense: true });
    }
  } else {
    if (ext === "xls") await withCodepages(xlsx);
    book = xlsx.read(bytes, { type: "array", dense: true, cellNF: true, cellDates: false });
  }
  const date1904 = !!book.Workbook?.WBProps?.date1904;
  const read = new Map<string, SheetRows>();
  const rowsOf = (name: string) => {
    if (!read.has(name)) read.set(name, sheetRows(book.Sheets[name]!, xlsx, date1904));
    return read.get(name)!;
  };
  const chosen = family ? pickSheet(book.SheetNames, (name) => rowsOf(name).rows, family)?.sheet : undefined;
  const name = chosen ?? book.SheetNames[0];
  return name ? rowsOf(name) : { rows: [], numbers: [] };
}

export const xlsxType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Rows written as a one-sheet xlsx. */
export async function sheetBlob(rows: unknown[][], sheetName = "Sheet1"): Promise<Blob> {
  const xlsx = await loadXlsx();
  const book = xlsx.utils.book_new();
  xlsx.utils.book_append_sheet(book, xlsx.utils.aoa_to_sheet(rows), sheetName.replace(/[\\/?*[\]:]/g, " ").slice(0, 31) || "Sheet1");
  const bytes = xlsx.write(book, { type: "array", bookType: "xlsx", compression: true }) as ArrayBuffer;
  return new Blob([bytes], { type: xlsxType });
}

/** Rows written as CSV in UTF-8 with a BOM (so Excel reads the Chinese text as UTF-8). */
export async function csvBlob(rows: unknown[][]): Promise<Blob> {
  const xlsx = await loadXlsx();
  const text = xlsx.utils.sheet_to_csv(xlsx.utils.aoa_to_sheet(rows));
  return new Blob(["\uFEFF", text], { type: "text/csv;charset=utf-8" });
}
