/**
 * The import's logic without a browser: which files may be read, the sheet's rows turned into what the
 * server takes (`__row` = the row's number in the file, keys = the mapped field keys), duplicates of unique
 * keys across chunks, and the run itself — chunks of 500 sent one after another, mode=all checked first
 * (dry run) and stored only when nothing was refused, cancel after the chunk in flight.
 *
 * @example
 * const rows = importRows(sheet, header.index, mapping);
 * const result = await runImport({ rows, mode: "valid", unique: family.unique, send, onProgress });
 */
import { bytesMatch, extensionOf, maxUploadBytes } from "../../../events/uploads.ts";
import { isTotalsRow } from "../../../events/spreadsheet/cells.ts";
import type { recordVerbs } from "../../../events/api/records.ts";
import type { Answer } from "../../../events/api/verb.ts";

// ── Files ─────────────────────────────────────────────────────────────────────
export const spreadsheetExtensions = ["xlsx", "xls", "csv"] as const;
export type SpreadsheetExtension = (typeof spreadsheetExtensions)[number];
/** What the file picker offers. */
export const spreadsheetAccept = ".xlsx,.xls,.csv";

export type FileProblem = "type" | "tooLarge" | "empty";

/**
 * The upload rules (events/uploads.ts) for a spreadsheet, checked on its name, size and first bytes before
 * it is read. A CSV only has to be free of NUL bytes: Chinese Excel saves CSV in GBK, which is not UTF-8.
 */
export function checkSpreadsheet(name: string, size: number, head: Uint8Array): FileProblem | null {
  const ext = extensionOf(name);
  if (!name.includes(".") || !(spreadsheetExtensions as readonly string[]).includes(ext)) return "type";
  if (size > maxUploadBytes) return "tooLarge";
  if (size === 0) return "empty";
  if (ext === "csv") return head.includes(0) ? "type" : null;
  return bytesMatch(ext as SpreadsheetExtension, head) ? null : "type";
}

// ── Rows ──────────────────────────────────────────────────────────────────────
/** A sheet as read: its non-blank rows and each row's 1-based number in the file. */
export interface SheetRows {
  rows: unknown[][];
  numbers: number[];
}

export const isBlank = (value: unknown) => value === null || value === undefined || (typeof value === "string" && value.trim() === "");
export const isBlankRow = (row: unknown[]) => row.every(isBlank);

/** One row as sent to `POST {path}/excel/import`. */
export type ImportRow = { __row: number } & Record<string, unknown>;

/**
 * The rows below the header, keyed by the mapped field of each column (null: ignored); blank cells left out.
 * Totals rows (合计/总计/小计, read on the whole row: the word often sits in a column nobody maps) are not
 * sent; `totalsRows` counts them for the summary.
 */
export function importRows(sheet: SheetRows, headerIndex: number, mapping: (string | null)[]): ImportRow[] {
  const out: ImportRow[] = [];
  for (let i = headerIndex + 1; i < sheet.rows.length; i++) {
    const row = sheet.rows[i]!;
    if (isTotalsRow(row)) continue;
    const record: ImportRow = { __row: sheet.numbers[i]! };
    let filled = false;
    mapping.forEach((field, column) => {
      if (!field || isBlank(row[column])) return;
      record[field] = typeof row[column] === "string" ? (row[column] as string).trim() : row[column];
      filled = true;
    });
    if (filled) out.push(record);
  }
  return out;
}

/** The totals rows below the header that `importRows` leaves out (counted as skipped). */
export function totalsRows(sheet: SheetRows, headerIndex: number): number {
  let n = 0;
  for (let i = headerIndex + 1; i < sheet.rows.length; i++) if (isTotalsRow(sheet.rows[i]!)) n++;
  return n;
}

export function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

// ── Answers ───────────────────────────────────────────────────────────────────
export type ImportError = Answer<Engine["import"]>["errors"][number];
/** The server's answer to one chunk (and the sum of several). */
export type ImportAnswer = Answer<Engine["import"]>;
type Engine = ReturnType<typeof recordVerbs>;

export const emptyAnswer = (): ImportAnswer => ({ read: 0, stored: 0, refused: 0, skipped: 0, errors: [] });

export function addAnswer(sum: ImportAnswer, next: ImportAnswer): ImportAnswer {
  return {
    read: sum.read + next.read,
    stored: sum.stored + next.stored,
    refused: sum.refused + next.refused,
    skipped: sum.skipped + next.skipped,
    errors: sum.errors.concat(next.errors ?? []),
  };
}

/**
 * Rows repeating a unique key (a group of fields, all filled) of an earlier row of the file: the server
 * checks each chunk against stored records, so a repeat in another chunk of a dry run only shows here.
 */
export function duplicateErrors(
  rows: ImportRow[],
  unique: string[][],
  labelOf: (field: string) => string,
  message: (firstRow: number) => string,
): ImportError[] {
  const errors: ImportError[] = [];
  for (const group of unique) {
    const seen = new Map<string, number>();
    for (const row of rows) {
      const values = group.map((field) => row[field]);
      if (values.some(isBlank)) continue;
      const key = JSON.stringify(values.map((v) => String(v).trim().normalize("NFKC")));
      const first = seen.get(key);
      if (first === undefined) seen.set(key, row.__row);
      else errors.push({ row: row.__row, field: group[0]!, label: group.map(labelOf).join("、"), message: message(first) });
    }
  }
  return errors.sort((a, b) => a.row - b.row);
}

// ── The run ───────────────────────────────────────────────────────────────────
export type ImportMode = "valid" | "all";
export type Phase = "checking" | "storing";

export interface ChunkRequest {
  importId: string;
  chunk: number;
  mode: ImportMode;
  dryRun: boolean;
  rows: ImportRow[];
}

export interface Progress {
  phase: Phase;
  /** rows sent and answered in this phase */
  done: number;
  total: number;
}

export interface RunOptions {
  rows: ImportRow[];
  mode: ImportMode;
  /** unique field groups of the family (checked across chunks before a mode=all import) */
  unique?: string[][];
  labelOf?: (field: string) => string;
  duplicateMessage?: (firstRow: number) => string;
  /** rows the browser skipped before sending (totals rows), added to the server's skipped */
  skipped?: number;
  /** sends one chunk and answers the server's counts */
  send: (request: ChunkRequest) => Promise<ImportAnswer>;
  onProgress?: (progress: Progress) => void;
  /** asked before each chunk: true stops the run (the chunk in flight still finishes) */
  cancelled?: () => boolean;
  /** rows per chunk @default 500 */
  chunkSize?: number;
  /** ids of the store pass and the dry-run pass @default crypto.randomUUID() */
  newId?: () => string;
}

export interface RunResult extends ImportAnswer {
  cancelled: boolean;
  /** the failure that stopped the run (a chunk the server did not answer), counts up to it */
  error?: unknown;
  /** mode=all found refused rows in its dry run, so nothing was stored */
  checkedOnly: boolean;
}

export const importChunkSize = 500;

/**
 * Runs an import: mode=valid sends every chunk to be stored; mode=all first checks every chunk (dry run)
 * and the file's own duplicates, and stores only when nothing was refused. The same importId and chunk
 * number are never sent twice with different rows, so a retried chunk stores nothing twice.
 */
export async function runImport(options: RunOptions): Promise<RunResult> {
  const { rows, mode, send, onProgress, cancelled = () => false, chunkSize = importChunkSize, newId = () => crypto.randomUUID() } = options;
  const parts = chunks(rows, chunkSize);
  const pass = async (phase: Phase, dryRun: boolean): Promise<{ sum: ImportAnswer; stopped: boolean; error?: unknown }> => {
    const importId = newId();
    let sum = { ...emptyAnswer(), skipped: options.skipped ?? 0 };
    let done = 0;
    onProgress?.({ phase, done, total: rows.length });
    for (const [chunk, part] of parts.entries()) {
      if (cancelled()) return { sum, stopped: true };
      try {
        sum = addAnswer(sum, await send({ importId, chunk, mode, dryRun, rows: part }));
      } catch (error) {
        return { sum, stopped: false, error };
      }
      done += part.length;
      onProgress?.({ phase, done, total: rows.length });
    }
    return { sum, stopped: false };
  };

  if (mode === "valid") {
    const { sum, stopped, error } = await pass("storing", false);
    return { ...sum, cancelled: stopped, checkedOnly: false, error };
  }

  const duplicates = duplicateErrors(rows, options.unique ?? [], options.labelOf ?? ((f) => f), options.duplicateMessage ?? ((n) => `= ${n}`));
  const check = await pass("checking", true);
  const refusedRows = new Set([...check.sum.errors, ...duplicates].map((e) => e.row));
  if (check.stopped || check.error !== undefined || refusedRows.size > 0) {
    const errors = [...check.sum.errors, ...duplicates].sort((a, b) => a.row - b.row);
    return { ...check.sum, stored: 0, refused: refusedRows.size, errors, cancelled: check.stopped, checkedOnly: true, error: check.error };
  }
  const store = await pass("storing", false);
  return { ...store.sum, cancelled: store.stopped, checkedOnly: false, error: store.error };
}

// ── Figures ───────────────────────────────────────────────────────────────────
/** Rows per second so far and the seconds left at that pace (null before anything was done). */
export function pace(done: number, total: number, elapsedMs: number): { rate: number; secondsLeft: number | null } {
  if (done <= 0 || elapsedMs <= 0) return { rate: 0, secondsLeft: null };
  const rate = (done * 1000) / elapsedMs;
  return { rate: Math.round(rate), secondsLeft: Math.ceil((total - done) / rate) };
}

/**
 * The refused rows as a sheet: the file's header row plus an error column, then each refused row as it
 * was in the file with its messages ("field: message", joined).
 */
export function refusedSheet(sheet: SheetRows, headerIndex: number, errors: ImportError[], errorTitle: string): unknown[][] {
  const header = sheet.rows[headerIndex] ?? [];
  const byRow = new Map<number, string[]>();
  for (const e of errors) byRow.set(e.row, [...(byRow.get(e.row) ?? []), e.label ? `${e.label}: ${e.message}` : e.message]);
  const indexOf = new Map(sheet.numbers.map((n, i) => [n, i]));
  const refused = [...byRow].sort((a, b) => a[0] - b[0]).map(([row, messages]) => {
    const i = indexOf.get(row);
    return { cells: i === undefined ? [] : sheet.rows[i]!, messages };
  });
  let width = header.length;
  for (const r of refused) width = Math.max(width, r.cells.length);
  const pad = (row: unknown[]) => Array.from({ length: width }, (_, i) => row[i] ?? null);
  return [[...pad(header), errorTitle], ...refused.map((r) => [...pad(r.cells), r.messages.join("; ")])];
}
