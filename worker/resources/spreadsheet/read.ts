/**
 * Reading an uploaded spreadsheet (xlsx, xls, csv) into rows with SheetJS: CSV in UTF-8 (with or without
 * a BOM), UTF-16, or GBK (what Chinese Excel saves, decoded by the runtime's TextDecoder); for
 * workbooks the first sheet whose header matches the family. Only as many rows as the limit allows are parsed.
 */
import * as XLSX from "@e965/xlsx";
import { unzipSync } from "fflate";
import type { Family } from "../../../events/family.ts";
import { headerSearchRows, pickSheet } from "../../../events/spreadsheet/titles.ts";
import { codepages } from "./codepages.ts";

XLSX.set_cptable(codepages);

export interface SheetRows {
  /** the header row's cells */
  header: unknown[];
  /** field key of each column (null: not imported) */
  fields: (string | null)[];
  /** the rows below the header with their row numbers in the file (1-based) */
  rows: { row: number; cells: unknown[] }[];
  date1904: boolean;
}

/** CSV bytes → text: a BOM decides, else UTF-8 when the bytes are valid UTF-8, else GBK. */
function csvText(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder("utf-8").decode(bytes.subarray(3));
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return codepages.utils.decode(936, bytes);
  }
}

/**
 * The rows of a spreadsheet file, at most `maxRows` of them below the header (one more is read so a
 * larger file is noticed). Null when no sheet has a header of the family's titles. Throws when the file
 * is not a spreadsheet SheetJS can read.
 */
/** Uncompressed bytes an xlsx may unpack to before SheetJS is let at it (the whole workbook is inflated to parse it). */
export const maxUnpackedBytes = 40 * 1024 * 1024;

/** The uncompressed size of an xlsx's parts, read from the zip directory without inflating anything. */
export function unpackedSize(bytes: Uint8Array): number {
  let total = 0;
  unzipSync(bytes, {
    filter(file) {
      total += file.originalSize;
      return false;
    },
  });
  return total;
}

export function readSheetRows(bytes: Uint8Array, ext: string, family: Family, maxRows: number): SheetRows | null {
  const options: XLSX.ParsingOptions = { dense: true, sheetRows: maxRows + headerSearchRows + 2, cellHTML: false, cellFormula: false, cellStyles: false, cellNF: false, cellText: false };
  const utf16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
  const workbook =
    ext === "csv"
      ? utf16
        ? XLSX.read(bytes, { ...options, type: "array", raw: true })
        : XLSX.read(csvText(bytes), { ...options, type: "string", raw: true })
      : XLSX.read(bytes, { ...options, type: "array" });
  const date1904 = !!workbook.Workbook?.WBProps?.date1904;
  const dataOf = (name: string) => (workbook.Sheets[name] as { "!data"?: (XLSX.CellObject[] | undefined)[] })["!data"] ?? [];
  const valuesOf = (data: (XLSX.CellObject[] | undefined)[], r: number) => (data[r] ?? []).map((cell) => (cell ? cell.v : null)) as unknown[];
  const topOf = (name: string) => {
    const data = dataOf(name);
    return Array.from({ length: Math.min(data.length, headerSearchRows) }, (_, r) => valuesOf(data, r));
  };
  const picked = pickSheet(workbook.SheetNames, topOf, family);
  if (!picked) return null;
  const data = dataOf(picked.sheet);
  const rows: SheetRows["rows"] = [];
  for (let r = picked.header.index + 1; r < data.length; r++) rows.push({ row: r + 1, cells: valuesOf(data, r) });
  return { header: valuesOf(data, picked.header.index), fields: picked.header.fields, rows, date1904 };
}
