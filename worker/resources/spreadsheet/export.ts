/**
 * Exporting a family's list as xlsx or CSV, streamed: the read model is paged by keyset on (sort column,
 * id) with the list's declared filters and keyword, and each page is written as it arrives. Dictionary
 * values become labels and booleans 是/否 (Yes/No) in the request's language; dates are real dates.
 */
import Papa from "papaparse";
import * as z from "zod";
import { metaColumns, type Family } from "../../../events/family.ts";
import type { Field } from "../../../events/fields.ts";
import type { Lang } from "../../../events/i18n.ts";
import { dateTimeToSerial } from "../../../events/spreadsheet/cells.ts";
import { spreadsheetTexts } from "../../../events/spreadsheet/messages.ts";
import { parseListQuery, rawConditions, sortColumnOf } from "../query.ts";
import { keywordCondition } from "../search.ts";
import { ValidationError } from "../../errors.ts";
import { displayTime } from "../../time.ts";
import { dictTypesOf, dictionaryEntries, labelsByValue } from "./lookups.ts";
import { sheetName, styles, xlsxStream, type Cell } from "./xlsx.ts";
import { lazySchema } from "../../../events/lazy.ts";

export const exportBody = lazySchema(() => z.object({
  /** declared filters of the list, by field */
  filters: z.record(z.string().max(64), z.union([z.string().max(500), z.number(), z.boolean(), z.null()])).default({}),
  keyword: z.string().max(200).default(""),
  sort: z.object({ field: z.string().max(64), order: z.enum(["asc", "desc"]) }).nullable().default(null),
  /** the columns, in order (field keys or createTime/updateTime/…); the list's columns when absent */
  columns: z.array(z.string().max(64)).min(1).max(200).optional(),
  format: z.enum(["xlsx", "csv"]).default("xlsx"),
}));
export type ExportBody = z.infer<typeof exportBody>;

/** Rows read per query: one page is all the worker holds. */
const pageSize = 1000;

interface ExportColumn {
  key: string;
  column: string;
  title: string;
  field?: Field;
}

function exportColumns(family: Family, keys: string[] | undefined, lang: Lang): ExportColumn[] {
  const chosen = keys ?? family.columns;
  const metaTitles: Record<string, [string, string]> = {
    version: ["版本", "Version"],
    createTime: ["创建时间", "Created"],
    createBy: ["创建人", "Created by"],
    updateTime: ["更新时间", "Updated"],
    updateBy: ["更新人", "Updated by"],
  };
  const unknown = chosen.filter((k) => !(k in family.fields && !family.fields[k]!.secret) && !metaColumns.some((m) => m.key === k));
  if (unknown.length) throw new ValidationError([{ field: "columns", label: { "zh-CN": "导出列", "en-US": "Columns" }, key: "valueNotAllowed" }]);
  return chosen.map((key) => {
    const field = family.fields[key];
    if (field) return { key, column: family.column[key]!, title: field.label[lang], field };
    const meta = metaColumns.find((m) => m.key === key)!;
    const [zh, en] = metaTitles[key]!;
    return { key, column: meta.column, title: lang === "zh-CN" ? zh : en };
  });
}

/** How a stored value is shown in a cell: labels for dictionary values, yes/no, dates as dates (xlsx). */
function cellFormat(col: ExportColumn, labels: Map<string, Map<string, string>>, lang: Lang, format: "xlsx" | "csv"): (value: unknown) => Cell {
  const f = col.field;
  if (!f) return (v) => v as Cell;
  switch (f.kind) {
    case "dict": {
      const byValue = labels.get(f.dict!) ?? new Map<string, string>();
      const label = (v: unknown) => byValue.get(String(v)) ?? String(v);
      if (f.multiple) return (v) => (v === null ? null : (JSON.parse(String(v)) as unknown[]).map(label).join(lang === "zh-CN" ? "、" : ", "));
      return (v) => (v === null ? null : label(v));
    }
    case "bool": {
      const [yes, no] = [spreadsheetTexts.yes[lang], spreadsheetTexts.no[lang]];
      return (v) => (v === null ? null : v === 1 || v === true ? yes : no);
    }
    case "date":
    case "datetime": {
      if (format === "csv") return (v) => v as Cell;
      const s = f.kind === "date" ? styles.date : styles.datetime;
      return (v) => {
        const serial = typeof v === "string" ? dateTimeToSerial(v) : null;
        return serial === null ? (v as Cell) : { v: serial, s };
      };
    }
    case "refs":
      return (v) => (v === null ? null : (JSON.parse(String(v)) as unknown[]).join(","));
    case "json":
      return (v) => {
        if (v === null) return null;
        const value = JSON.parse(String(v)) as unknown;
        // a string that would read back as JSON keeps its quotes
        return typeof value === "string" ? (/^[[{"]/.test(value) ? JSON.stringify(value) : value) : JSON.stringify(value);
      };
    default:
      return (v) => v as Cell;
  }
}

/** The plain value of a cell for papaparse (which quotes, and guards formulas with a leading apostrophe). */
function csvValue(cell: Cell): string | number {
  if (cell === null || cell === undefined) return "";
  const value = typeof cell === "object" ? cell.v : cell;
  return typeof value === "boolean" ? (value ? "TRUE" : "FALSE") : value;
}

/** CSV lines of rows (papaparse: RFC 4180 quoting, formula escaping), CRLF-terminated. */
const csvLines = (rows: Cell[][]) => `${Papa.unparse(rows.map((r) => r.map(csvValue)), { escapeFormulae: true, newline: "\r\n" })}\r\n`;

/** `attachment` with the label (Chinese allowed) and today's date in China time: 字典-20260501.xlsx. */
export function contentDisposition(family: Family, lang: Lang, ext: string, suffix?: string): string {
  const day = displayTime(new Date().toISOString()).slice(0, 10).replace(/-/g, "");
  const name = `${family.label[lang]}${suffix ? `-${suffix}` : ""}-${day}.${ext}`;
  const ascii = `${family.name}${suffix ? "-file" : ""}-${day}.${ext}`;
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * The export as a streamed response. Each `pull` of the body reads the next page after the last row
 * written (keyset on sort column and id, NULLs where SQLite sorts them), so no page is read twice and
 * memory stays at one page whatever the size.
 */
export async function exportResponse(db: D1Database, family: Family, body: ExportBody, lang: Lang): Promise<Response> {
  const query: Record<string, string> = {};
  for (const [k, v] of Object.entries(body.filters)) if (v !== null && v !== "") query[k] = String(v);
  if (body.keyword) query.keyword = body.keyword;
  if (body.sort) Object.assign(query, { orderField: body.sort.field, order: body.sort.order });
  const q = parseListQuery(family, query);
  const columns = exportColumns(family, body.columns, lang);
  const labels = labelsByValue(await dictionaryEntries(db, dictTypesOf(family, columns.map((c) => c.key))), lang);
  const formats = columns.map((c) => cellFormat(c, labels, lang, body.format));

  // the query: declared filters, keyword, keyset
  const table = family.table;
  const sortColumn = `${table}.${sortColumnOf(family, q.sort)}`;
  const idColumn = `${table}.${family.idColumn}`;
  const filter = rawConditions(family, q, table);
  const where: string[] = [filter.sql];
  const params: (string | number)[] = [...filter.params];
  if (q.keyword) {
    const match = keywordCondition(family, q.keyword);
    if (match) {
      where.push(match.sql);
      params.push(...match.params);
    } else where.push("0");
  }
  const direction = q.desc ? "DESC" : "ASC";
  const select = `SELECT ${idColumn}, ${sortColumn}, ${columns.map((c) => `${table}.${c.column}`).join(", ")} FROM ${table}`;
  const order = `ORDER BY ${sortColumn} ${direction}, ${idColumn} ${direction} LIMIT ${pageSize}`;

  let cursor: { sort: unknown; id: string } | null = null;
  let done = false;
  async function nextRows(): Promise<Cell[][] | null> {
    if (done) return null;
    const conditions = [...where];
    const values = [...params];
    if (cursor) {
      // SQLite puts NULLs first ascending and last descending
      if (cursor.sort === null) {
        conditions.push(q.desc ? `(${sortColumn} IS NULL AND ${idColumn} < ?)` : `((${sortColumn} IS NULL AND ${idColumn} > ?) OR ${sortColumn} IS NOT NULL)`);
        values.push(cursor.id);
      } else {
        conditions.push(q.desc ? `((${sortColumn}, ${idColumn}) < (?, ?) OR ${sortColumn} IS NULL)` : `(${sortColumn}, ${idColumn}) > (?, ?)`);
        values.push(cursor.sort as string | number, cursor.id);
      }
    }
    const sql = `${select}${conditions.length ? ` WHERE ${conditions.join(" AND ")}` : ""} ${order}`;
    const rows = await db.prepare(sql).bind(...values).raw<unknown[]>();
    if (rows.length < pageSize) done = true;
    if (rows.length === 0) return null;
    const last = rows[rows.length - 1]!;
    cursor = { id: String(last[0]), sort: last[1] ?? null };
    return rows.map((r) => formats.map((format, i) => format(r[i + 2] ?? null)));
  }

  const titles = columns.map((c) => c.title);
  const headers = {
    "content-disposition": contentDisposition(family, lang, body.format),
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
  };
  if (body.format === "xlsx") {
    const widths = columns.map((c) => ({ width: Math.min(50, Math.max(10, c.title.length * 2 + 4)) }));
    const stream = xlsxStream({ name: sheetName(family.label[lang]), header: titles, columns: widths, freezeHeader: true }, nextRows);
    return new Response(stream, { headers: { ...headers, "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" } });
  }
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\ufeff${csvLines([titles])}`));
    },
    async pull(controller) {
      const rows = await nextRows();
      if (rows === null) return controller.close();
      if (rows.length) controller.enqueue(encoder.encode(csvLines(rows)));
    },
  });
  return new Response(stream, { headers: { ...headers, "content-type": "text/csv; charset=utf-8" } });
}
