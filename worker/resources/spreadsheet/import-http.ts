/**
 * The import verb over HTTP: JSON chunks from the web page (at most 1,000 rows, a repeat of importId +
 * chunk stores nothing twice) or a file parsed here up to the row limit, whose refused rows are kept in
 * R2 as a result file with their reasons.
 */
import type { Context } from "hono";
import * as z from "zod";
import type { Family } from "../../../events/family.ts";
import { t, type Lang } from "../../../events/i18n.ts";
import { checkUpload, extensionOf } from "../../../events/uploads.ts";
import { isBlankRow } from "../../../events/spreadsheet/cells.ts";
import { chunkRowLimit, fileRowLimit, spreadsheetTexts } from "../../../events/spreadsheet/messages.ts";
import { matchTitle } from "../../../events/spreadsheet/titles.ts";
import type { AppEnv } from "../../http/env.ts";
import { actorOf, readJson } from "../../http/envelope.ts";
import { runCommand } from "../../http/command.ts";
import { DomainError, codes } from "../../errors.ts";
import type { importAnswer } from "../../../events/api/records.ts";
import { prepareImport, type ImportRow, type PreparedImport } from "./import.ts";
import type { SheetRows } from "./read.ts";
import { SpreadsheetError, parseBody, xlsxType } from "./errors.ts";
import { styles, xlsxFile, type Cell } from "./xlsx.ts";
import { lazySchema } from "../../../events/lazy.ts";

export const importBody = lazySchema(() => z.object({
  /** one import, chosen by the browser: with `chunk` it makes a repeat harmless */
  importId: z.string().min(1).max(100),
  chunk: z.number().int().min(0).max(1_000_000),
  mode: z.enum(["valid", "all"]).default("valid"),
  dryRun: z.boolean().default(false),
  /** cells by title (either language) or field key; `__row` is the row number in the user's file */
  rows: z.array(z.record(z.string().max(200), z.unknown())),
}));

const mode = lazySchema(() => z.enum(["valid", "all"]).catch("valid"));

// ---- import

interface ImportRun {
  family: Family;
  rows: ImportRow[];
  mode: "valid" | "all";
  dryRun: boolean;
  key?: string;
  date1904?: boolean;
  /** the file's header and raw rows, for the result file */
  sheet?: SheetRows;
}

/** The refused rows of a file as they were, with the reasons in a last column (dates kept as dates). */
function resultFile(family: Family, sheet: SheetRows, prepared: PreparedImport, lang: Lang): Promise<Uint8Array> {
  const reasons = new Map<number, string[]>();
  for (const e of prepared.errors) reasons.set(e.row, [...(reasons.get(e.row) ?? []), e.message]);
  const width = Math.max(sheet.header.length, sheet.fields.length);
  const cellOf = (value: unknown, column: number): Cell => {
    const kind = family.fields[sheet.fields[column] ?? ""]?.kind;
    if (typeof value === "number" && (kind === "date" || kind === "datetime")) return { v: value, s: kind === "date" ? styles.date : styles.datetime };
    if (value === null || value === undefined || typeof value === "number" || typeof value === "boolean" || typeof value === "string") return value;
    return String(value);
  };
  const rows = sheet.rows
    .filter((r) => reasons.has(r.row))
    .map((r) => [r.row, ...Array.from({ length: width }, (_, i) => cellOf(r.cells[i], i)), reasons.get(r.row)!.join("；")]);
  const header = [spreadsheetTexts.rowColumn[lang], ...Array.from({ length: width }, (_, i) => String(sheet.header[i] ?? "")), spreadsheetTexts.errorColumn[lang]];
  return xlsxFile([{ name: spreadsheetTexts.resultSheet[lang], header, rows, freezeHeader: true, columns: header.map((h, i) => ({ width: i === header.length - 1 ? 60 : Math.max(10, h.length * 2 + 4) })) }]);
}

async function runImport(c: Context<AppEnv>, run: ImportRun): Promise<Response> {
  const lang = c.get("lang");
  const resultId = crypto.randomUUID();
  const resultKey = `imports/${resultId}.xlsx`;
  let resultStored = false;
  const decide = async () => {
    const prepared = await prepareImport(c.env.DB, run.family, run.rows, lang, { date1904: run.date1904 });
    const blocked = run.dryRun || (run.mode === "all" && prepared.refused > 0);
    const writes = blocked ? [] : prepared.writes;
    let resultUrl: string | undefined;
    if (run.sheet && prepared.refused > 0) {
      await c.env.FILES.put(resultKey, await resultFile(run.family, run.sheet, prepared, lang), {
        httpMetadata: { contentType: xlsxType },
        customMetadata: { actor: actorOf(c).id, family: run.family.name },
      });
      resultStored = true;
      resultUrl = `${run.family.path}/excel/result/${resultId}`;
    }
    const data: z.output<typeof importAnswer> = { read: prepared.read, stored: writes.length, refused: prepared.refused, skipped: prepared.skipped, errors: prepared.errors, ...(resultUrl ? { resultUrl } : {}) };
    return { writes, response: { code: codes.ok, msg: t("ok", lang), data } };
  };
  if (run.dryRun) return c.json((await decide()).response);
  return runCommand(c, decide, { idempotencyKey: run.key, undo: async () => resultStored && c.env.FILES.delete(resultKey) });
}

/** JSON rows → rows by field key (titles in either language, or keys; unknown columns ignored). */
function rowsFromJson(family: Family, rows: Record<string, unknown>[]): ImportRow[] {
  const titles = new Map<string, string | null>();
  const fieldOf = (title: string) => {
    if (!titles.has(title)) titles.set(title, matchTitle(family, title));
    return titles.get(title)!;
  };
  return rows.map((raw, index) => {
    const cells: Record<string, unknown> = {};
    for (const [title, value] of Object.entries(raw)) {
      if (title === "__row") continue;
      const key = fieldOf(title);
      if (key && !(key in cells)) cells[key] = value;
    }
    const row = Number(raw.__row);
    return { row: Number.isInteger(row) && row > 0 ? row : index + 1, cells };
  });
}

export async function importJson(c: Context<AppEnv>, family: Family) {
  const raw = await readJson<Record<string, unknown>>(c);
  if (Array.isArray(raw?.rows) && raw.rows.length > chunkRowLimit) throw new SpreadsheetError(codes.validation, "chunkTooLarge", { max: chunkRowLimit });
  const body = parseBody(importBody, raw);
  return runImport(c, { family, rows: rowsFromJson(family, body.rows), mode: body.mode, dryRun: body.dryRun, key: `import:${body.importId}:${body.chunk}` });
}

export async function importFile(c: Context<AppEnv>, family: Family) {
  const form = await c.req.formData();
  const file = form.get("file");
  if (typeof file !== "object" || file === null || !("arrayBuffer" in file)) throw new DomainError(codes.validation, "uploadMissing");
  const upload = file as File;
  const ext = extensionOf(upload.name);
  if (!["xlsx", "xls", "csv"].includes(ext)) throw new SpreadsheetError(codes.validation, "fileType");
  const bytes = new Uint8Array(await upload.arrayBuffer());
  const problem = checkUpload(upload.name, bytes.byteLength, bytes.subarray(0, 4096));
  // the upload rules read text as UTF-8; a CSV saved by Chinese Excel is GBK (any bytes but NUL)
  const gbkCsv = problem === "uploadType" && ext === "csv" && !bytes.subarray(0, 4096).includes(0);
  if (problem && !gbkCsv) throw new DomainError(codes.validation, problem);
  let sheet: SheetRows | null;
  // SheetJS and its code pages load with the first uploaded file, not with the Worker (start-up budget)
  const { maxUnpackedBytes, readSheetRows, unpackedSize } = await import("./read.ts");
  // a workbook that unpacks to more than the upload limit holds more rows than this path takes
  if (ext === "xlsx" && unpackedSizeOf(bytes, unpackedSize) > maxUnpackedBytes) throw new SpreadsheetError(codes.validation, "fileTooLarge", { max: fileRowLimit });
  try {
    sheet = readSheetRows(bytes, ext, family, fileRowLimit);
  } catch {
    throw new SpreadsheetError(codes.validation, "unreadable");
  }
  if (!sheet) throw new SpreadsheetError(codes.validation, "noHeader");
  if (sheet.rows.filter((r) => !isBlankRow(r.cells)).length > fileRowLimit) throw new SpreadsheetError(codes.validation, "fileTooLarge", { max: fileRowLimit });
  const rows: ImportRow[] = sheet.rows.map((r) => {
    const cells: Record<string, unknown> = {};
    sheet.fields.forEach((key, i) => key && (cells[key] = r.cells[i] ?? null));
    return { row: r.row, cells, raw: r.cells };
  });
  const importId = form.get("importId");
  return runImport(c, {
    family,
    rows,
    mode: mode.parse(form.get("mode")),
    dryRun: form.get("dryRun") === "true",
    key: typeof importId === "string" && importId ? `import:${importId.slice(0, 100)}:file` : undefined,
    date1904: sheet.date1904,
    sheet,
  });
}

/** The unpacked size of an xlsx, or 0 when its zip directory cannot be read (SheetJS then reports it). */
function unpackedSizeOf(bytes: Uint8Array, unpackedSize: (bytes: Uint8Array) => number): number {
  try {
    return unpackedSize(bytes);
  } catch {
    return 0;
  }
}

