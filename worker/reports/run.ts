/**
 * Running a report: the compiled SQL against D1 (one batch), the viewer's filters applied to a published
 * definition, and the answer written as an xlsx through the engine's writer.
 */
import * as z from "zod";
import type { Family } from "../../events/family.ts";
import type { Lang } from "../../events/i18n.ts";
import type { ReportDefinition } from "../../events/reports/definition.ts";
import { ValidationError } from "../errors.ts";
import { dictionaryEntries, labelsByValue } from "../resources/spreadsheet/lookups.ts";
import { sheetName, xlsxStream, type Cell } from "../resources/spreadsheet/xlsx.ts";
import { displayTime } from "../time.ts";
import { compileReport, countCap, indexHints, shapeRow, type ResultColumn } from "./compile.ts";
import type { ReportAnswer } from "../../events/reports/answer.ts";
import { summaryRows, summaryServes } from "./summary.ts";
import { lazySchema } from "../../events/lazy.ts";

export type { ReportAnswer };

/** `summary: false` runs the SQL even where the summary totals could answer (tests compare the two). */
export async function runReport(db: D1Database, family: Family, def: ReportDefinition, options: { page?: number; summary?: boolean } = {}): Promise<ReportAnswer> {
  const compiled = compileReport(family, def, { page: options.page });
  const base = { kind: compiled.kind, columns: compiled.columns, page: compiled.page, limit: compiled.limit, chart: def.chart ?? null, indexes: indexHints(family, def) };
  if (compiled.kind === "grouped") {
    const fromSummary = options.summary !== false && summaryServes(family, def, compiled);
    const results = fromSummary ? await summaryRows(db, family, def, compiled) : (await db.prepare(compiled.sql).bind(...compiled.params).all<Record<string, unknown>>()).results;
    const truncated = results.length > compiled.limit;
    const rows = results.slice(0, compiled.limit).map((r) => shapeRow(family, compiled.columns, r));
    return { ...base, rows, total: rows.length, ...(truncated ? { truncated } : {}) };
  }
  const [rows, count] = await db.batch<Record<string, unknown>>([
    db.prepare(compiled.sql).bind(...compiled.params),
    db.prepare(compiled.count!.sql).bind(...compiled.count!.params),
  ]);
  const n = (count!.results[0] as { n: number } | undefined)?.n ?? 0;
  return { ...base, rows: rows!.results.map((r) => shapeRow(family, compiled.columns, r)), total: Math.min(n, countCap), ...(n > countCap ? { totalCapped: true } : {}) };
}

const scalar = lazySchema(() => z.union([z.string().max(200), z.number().finite(), z.boolean()]));
/**
 * The viewer's filters, by field: a value (eq, like), a list (in; also "a,b"), or bounds (range:
 * `[from, to]` or `{ from, to }`). Sent as the JSON text of the `filters` query parameter.
 */
export const viewerFiltersSchema = lazySchema(() => z.record(
  z.string().max(64),
  z.union([scalar, z.null(), z.array(z.union([scalar, z.null()])).max(50), z.object({ from: scalar.nullish(), to: scalar.nullish() })]),
));
export type ViewerFilters = z.infer<typeof viewerFiltersSchema>;

const filtersLabel = { "zh-CN": "筛选", "en-US": "Filters" };

/** Parses the `filters` query parameter (JSON text); a malformed one is refused, naming the parameter. */
export function parseViewerFilters(raw: string | undefined): ViewerFilters {
  if (raw === undefined || raw.trim() === "") return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new ValidationError([{ field: "filters", label: filtersLabel, key: "formatError" }]);
  }
  const parsed = viewerFiltersSchema.safeParse(value);
  if (!parsed.success) throw new ValidationError([{ field: "filters", label: filtersLabel, key: "formatError" }]);
  return parsed.data;
}

/**
 * The published definition with the viewer's values in its exposed filters. The viewer can only fill the
 * filters the report offers (refused by name otherwise); the compiler then checks the values by type.
 */
export function withViewerFilters(def: ReportDefinition, input: ViewerFilters): ReportDefinition {
  const offered = new Set(def.filters.filter((f) => f.exposed).map((f) => f.field));
  const refused = Object.keys(input).filter((k) => !offered.has(k));
  if (refused.length) throw new ValidationError(refused.map((field) => ({ field: `filters.${field}`, label: filtersLabel, key: "reportFilterNotOffered", params: { field } })));
  const filters = def.filters.map((f) => {
    if (!f.exposed || !(f.field in input)) return f;
    const v = input[f.field];
    const bad = () => new ValidationError([{ field: `filters.${f.field}`, label: filtersLabel, key: "formatError", params: { field: f.field } }]);
    switch (f.op) {
      case "eq":
      case "like":
        if (Array.isArray(v) || (v !== null && typeof v === "object")) throw bad();
        return { ...f, value: v };
      case "in": {
        const list = Array.isArray(v) ? v : typeof v === "string" ? v.split(",").map((s) => s.trim()).filter(Boolean) : v === null ? [] : [v];
        if (list.some((x) => x !== null && typeof x === "object")) throw bad();
        return { ...f, values: list.filter((x): x is string | number | boolean => x !== null) };
      }
      case "range": {
        if (Array.isArray(v)) return { ...f, from: v[0] ?? null, to: v[1] ?? null };
        if (v !== null && typeof v === "object") return { ...f, from: v.from ?? null, to: v.to ?? null };
        throw bad();
      }
    }
  });
  return { ...def, filters };
}

/** Rows a listing's export writes at most (pages of 200): a report file is read by people, not a dump. */
export const exportRowCap = 10_000;

/**
 * A report as an xlsx, streamed page by page: a grouped report is one page (≤ 1000 groups), a listing its
 * pages up to `exportRowCap` rows. Dictionary values become labels in the reader's language.
 */
export async function reportXlsx(db: D1Database, family: Family, def: ReportDefinition, title: string, lang: Lang): Promise<Response> {
  const first = await runReport(db, family, def, { page: 1 });
  const types = [...new Set(first.columns.map((c) => c.dict).filter((d): d is string => !!d))];
  const labels = labelsByValue(types.length ? await dictionaryEntries(db, types) : [], lang);
  const cell = (c: ResultColumn, v: unknown): Cell => {
    if (v === null || v === undefined) return null;
    if (c.dict) return labels.get(c.dict)?.get(String(v)) ?? String(v);
    if (typeof v === "boolean") return lang === "zh-CN" ? (v ? "是" : "否") : v ? "Yes" : "No";
    return typeof v === "number" || typeof v === "string" ? v : JSON.stringify(v);
  };
  let next: ReportAnswer | null = first;
  let page = 1;
  const stream = xlsxStream(
    { name: sheetName(title), header: first.columns.map((c) => c.label[lang]), columns: first.columns.map((c) => ({ width: Math.min(40, Math.max(10, c.label[lang].length * 2 + 4)) })), freezeHeader: true },
    async () => {
      const answer = next ?? (first.kind === "rows" && page * first.limit < Math.min(first.total, exportRowCap) ? await runReport(db, family, def, { page: ++page }) : null);
      next = null;
      if (!answer || answer.rows.length === 0) return null;
      return answer.rows.map((row) => answer.columns.map((c) => cell(c, row[c.key])));
    },
  );
  const day = displayTime(new Date().toISOString()).slice(0, 10).replace(/-/g, "");
  const name = `${title}-${day}.xlsx`;
  return new Response(stream, {
    headers: {
      "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "content-disposition": `attachment; filename="report-${day}.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
