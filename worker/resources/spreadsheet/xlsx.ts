/**
 * Writing xlsx files as SpreadsheetML parts zipped by fflate: small files at once (templates, import
 * results) and exports as a stream, row by row, never holding the whole file. SheetJS CE cannot write
 * data validations (drop-down lists), so the sheet XML is written here; reading stays with SheetJS.
 *
 * fflate is loaded by the first file written (./zip.ts, by dynamic import: its module builds its Huffman
 * tables when it runs, which is no part of the Worker's start-up budget).
 *
 * @example
 * const bytes = await xlsxFile([{ name: "Data", header: ["*Type", "Value"], rows: [["sex", "1"]] }]);
 */
import type { Zip } from "fflate";
import { lazy } from "../../../events/lazy.ts";
import type { NativeDeflate } from "./zip.ts";

/** Cell styles of styles.xml (cellXfs indexes). */
export const styles = { plain: 0, date: 1, datetime: 2, text: 3, header: 4 } as const;
export type StyleId = (typeof styles)[keyof typeof styles];

/** A cell: text, number, boolean, nothing, or a value with a style (dates are serial numbers styled as dates). */
export type Cell = string | number | boolean | null | undefined | { v: string | number; s: StyleId };

export interface ColumnSpec {
  /** width in characters @default 16 */
  width?: number;
  /** style of the whole column (typing into it keeps text as text, dates as dates) */
  style?: StyleId;
}

/** A drop-down list on a column from row 2 down: a range of another sheet or a short literal list. */
export interface DropDown {
  column: number;
  /** `'Lists'!$A$1:$A$9` or `"是,否"` */
  formula: string;
}

export interface SheetSpec {
  name: string;
  columns?: ColumnSpec[];
  hidden?: boolean;
  /** keeps the first row in view while scrolling */
  freezeHeader?: boolean;
  dropDowns?: DropDown[];
}

// ---- XML pieces

const invalidXml = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const xmlSpecial = /[&<>"\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff]/;

export const escapeXml = (text: string) =>
  xmlSpecial.test(text) ? text.replace(invalidXml, "").replace(/[&<>"]/g, (ch) => (ch === "&" ? "&amp;" : ch === "<" ? "&lt;" : ch === ">" ? "&gt;" : "&quot;")) : text;

/** 0 → "A", 27 → "AB". */
export function columnLetter(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

const letters = Array.from({ length: 256 }, (_, i) => columnLetter(i));
const letterOf = (index: number) => letters[index] ?? columnLetter(index);

function cellXml(ref: string, cell: Cell): string {
  if (cell === null || cell === undefined || cell === "") return "";
  const { v, s } = typeof cell === "object" ? cell : { v: cell, s: 0 };
  const style = s ? ` s="${s}"` : "";
  if (typeof v === "number") return Number.isFinite(v) ? `<c r="${ref}"${style}><v>${v}</v></c>` : "";
  if (typeof v === "boolean") return `<c r="${ref}"${style} t="b"><v>${v ? 1 : 0}</v></c>`;
  // spaces at the ends and line breaks are kept only with xml:space="preserve"
  const space = /^\s|\s$|\n/.test(v) ? ' xml:space="preserve"' : "";
  return `<c r="${ref}"${style} t="inlineStr"><is><t${space}>${escapeXml(v)}</t></is></c>`;
}

/** One `<row>` (1-based row number). */
export function rowXml(row: number, cells: readonly Cell[]): string {
  let xml = `<row r="${row}">`;
  for (let i = 0; i < cells.length; i++) xml += cellXml(letterOf(i) + row, cells[i]);
  return `${xml}</row>`;
}

const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const xmlHead = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** The sheet XML up to the first row. */
export function sheetHead(spec: SheetSpec): string {
  const pane = spec.freezeHeader ? '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' : "";
  const cols = spec.columns?.length
    ? `<cols>${spec.columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width ?? 16}" customWidth="1"${c.style ? ` style="${c.style}"` : ""}/>`).join("")}</cols>`
    : "";
  return `${xmlHead}<worksheet ${ns}><sheetViews><sheetView workbookViewId="0">${pane}</sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/>${cols}<sheetData>`;
}

/** The sheet XML after the last row: the drop-down lists (data validations). */
export function sheetTail(spec: SheetSpec): string {
  const lists = spec.dropDowns ?? [];
  const validations = lists.length
    ? `<dataValidations count="${lists.length}">${lists
        .map((d) => {
          const column = columnLetter(d.column);
          return `<dataValidation type="list" allowBlank="1" showInputMessage="1" showErrorMessage="1" sqref="${column}2:${column}1048576"><formula1>${escapeXml(d.formula)}</formula1></dataValidation>`;
        })
        .join("")}</dataValidations>`
    : "";
  return `</sheetData>${validations}<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>`;
}

const stylesXml =
  `${xmlHead}<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">` +
  '<numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy\\-mm\\-dd"/><numFmt numFmtId="165" formatCode="yyyy\\-mm\\-dd\\ hh:mm:ss"/></numFmts>' +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="5">' +
  '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  "</cellXfs>" +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  "</styleSheet>";

/** A sheet name Excel accepts: at most 31 characters, none of []:*?/\ . */
export const sheetName = (name: string) => name.replace(/[[\]:*?/\\]/g, " ").slice(0, 31) || "Sheet1";

/** Every part of the workbook except the sheets' own XML. */
function workbookParts(sheets: SheetSpec[]): Record<string, string> {
  const sheetEntries = sheets
    .map((s, i) => `<sheet name="${escapeXml(sheetName(s.name))}" sheetId="${i + 1}"${s.hidden ? ' state="hidden"' : ""} r:id="rId${i + 1}"/>`)
    .join("");
  return {
    "[Content_Types].xml":
      `${xmlHead}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      sheets.map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join("") +
      '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>',
    "_rels/.rels":
      `${xmlHead}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    "xl/workbook.xml": `${xmlHead}<workbook ${ns}><bookViews><workbookView activeTab="0"/></bookViews><sheets>${sheetEntries}</sheets></workbook>`,
    "xl/_rels/workbook.xml.rels":
      `${xmlHead}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      sheets.map((_, i) => `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join("") +
      `<Relationship Id="rId${sheets.length + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
    "xl/styles.xml": stylesXml,
  };
}

// ---- whole files

export interface SheetContent extends SheetSpec {
  /** the first row, written in the header style */
  header?: readonly string[];
  rows: readonly (readonly Cell[])[];
}

/** The zip writers (worker/resources/spreadsheet/zip.ts), loaded once by the first file written. */
const zipLibrary = lazy(() => import("./zip.ts"));

/** A small workbook at once (templates, import results). */
export async function xlsxFile(sheets: SheetContent[]): Promise<Uint8Array> {
  const { strToU8, zipSync } = await zipLibrary();
  const files: Record<string, Uint8Array> = {};
  for (const [name, xml] of Object.entries(workbookParts(sheets))) files[name] = strToU8(xml);
  sheets.forEach((sheet, i) => {
    const offset = sheet.header ? 1 : 0;
    let xml = sheetHead(sheet);
    if (sheet.header) xml += rowXml(1, sheet.header.map((v) => ({ v, s: styles.header })));
    sheet.rows.forEach((cells, r) => (xml += rowXml(r + 1 + offset, cells)));
    files[`xl/worksheets/sheet${i + 1}.xml`] = strToU8(xml + sheetTail(sheet));
  });
  return zipSync(files, { level: 6 });
}

const encoder = new TextEncoder();

/**
 * A one-sheet workbook as a stream: `next()` answers the next rows (null at the end) and is called only
 * when the reader wants more, so memory holds about one page of rows and the compressor's window.
 */
export function xlsxStream(sheet: SheetSpec & { header: readonly string[] }, next: () => Promise<Cell[][] | null>): ReadableStream<Uint8Array> {
  let zip: Zip;
  let data: NativeDeflate;
  let row = 1;
  let emitted = 0;
  let ended = false;
  // the workbook's first parts, written once fflate is loaded; every pull waits for them (workerd may pull
  // before a `start` that returned a promise has settled)
  let opened: Promise<void>;
  const open = async (controller: ReadableStreamDefaultController<Uint8Array>) => {
    const { Zip, ZipDeflate, NativeDeflate, strToU8 } = await zipLibrary();
    zip = new Zip((error, chunk, final) => {
      if (error) return controller.error(error);
      if (chunk.length) {
        emitted++;
        controller.enqueue(chunk);
      }
      if (final) controller.close();
    });
    for (const [name, xml] of Object.entries(workbookParts([sheet]))) {
      const part = new ZipDeflate(name, { level: 6 });
      zip.add(part);
      part.push(strToU8(xml), true);
    }
    data = new NativeDeflate("xl/worksheets/sheet1.xml");
    zip.add(data);
    data.push(encoder.encode(sheetHead(sheet) + rowXml(row++, sheet.header.map((v) => ({ v, s: styles.header })))));
  };
  return new ReadableStream<Uint8Array>({
    start(controller) {
      opened = open(controller);
      opened.catch((error: unknown) => controller.error(error));
    },
    // a pull that enqueues nothing is not called again: keep writing pages until some output came out
    async pull() {
      await opened;
      const before = emitted;
      while (emitted === before && !ended) {
        const rows = await next();
        if (rows === null) {
          ended = true;
          data.push(encoder.encode(sheetTail(sheet)), true);
          zip.end();
          await data.written;
          return;
        }
        let xml = "";
        for (const cells of rows) xml += rowXml(row++, cells);
        data.push(encoder.encode(xml));
        await data.written;
      }
    },
    cancel() {
      // a reader may give up before `start` has loaded fflate
      zip?.terminate();
    },
  });
}
