/**
 * What an own-endpoint list exports: every page of its answer under the filters and sort in force, read in
 * chunks, as a table of its visible columns (title row first). Pure: the caller fetches and writes the file.
 *
 * @example
 * const { rows, capped } = await allPages((page, limit) => fetch(page, limit)); // pages of 100, 4 at a time
 * const table = await exportTable(columns, rows, t); // [["时间", …], ["2024-01-05 08:30:00", …], …]
 */
import type { TFunction } from "i18next";
import type { ReactNode } from "react";

export type ExportCell = string | number | boolean | null;

/** The part of a list column the export reads. */
export interface ExportColumn<R> {
  key: string;
  title: (t: TFunction) => string;
  render?: (row: R, t: TFunction) => ReactNode;
  value?: (row: R, t: TFunction) => ExportCell | undefined | Promise<ExportCell | undefined>;
}

/** Rows an export reads at most (500 requests of 100): beyond, the file says it is cut. */
export const exportRowCap = 50_000;

/**
 * Reads page 1 of `chunk` rows, then the pages its total asks for, `parallel` at a time, in order; stops at the
 * cap or at a page that comes back short (rows removed meanwhile). Every list takes 100 rows a page (the
 * pager offers it), so that is the chunk.
 */
export async function allPages<R>(
  fetchPage: (page: number, limit: number) => Promise<{ rows: R[]; total: number }>,
  { chunk = 100, cap = exportRowCap, parallel = 4, onProgress }: { chunk?: number; cap?: number; parallel?: number; onProgress?: (read: number, total: number) => void } = {},
): Promise<{ rows: R[]; capped: boolean }> {
  const first = await fetchPage(1, chunk);
  const rows = [...first.rows];
  onProgress?.(rows.length, first.total);
  const pages = Math.ceil(Math.min(first.total, cap) / chunk);
  for (let page = 2; page <= pages && first.rows.length === chunk; page += parallel) {
    const batch = await Promise.all(Array.from({ length: Math.min(parallel, pages - page + 1) }, (_, i) => fetchPage(page + i, chunk)));
    for (const answer of batch) rows.push(...answer.rows);
    onProgress?.(rows.length, first.total);
    if (batch.some((answer) => answer.rows.length < chunk)) break;
  }
  return { rows: rows.slice(0, cap), capped: first.total > cap || rows.length > cap };
}

/** A cell as the file holds it: the column's `value`, else what it renders when that is text or a number, else the row's value under its key. */
export async function exportCell<R>(column: ExportColumn<R>, row: R, t: TFunction): Promise<ExportCell> {
  if (column.value) return (await column.value(row, t)) ?? null;
  const shown = column.render?.(row, t);
  if (typeof shown === "string" || typeof shown === "number") return shown;
  const raw = (row as Record<string, unknown>)[column.key];
  if (raw === null || raw === undefined) return null;
  return typeof raw === "string" || typeof raw === "number" || typeof raw === "boolean" ? raw : JSON.stringify(raw);
}

/** The title row and one row per record. */
export async function exportTable<R>(columns: ExportColumn<R>[], rows: R[], t: TFunction): Promise<ExportCell[][]> {
  const body = await Promise.all(rows.map((row) => Promise.all(columns.map((c) => exportCell(c, row, t)))));
  return [columns.map((c) => c.title(t)), ...body];
}
