/**
 * A report's definition (SPEC section 7 "Reports"): what to read, how to filter, group, aggregate,
 * sort and chart it. Pure zod, shared by the Worker (which compiles it to SQL over the source family's
 * read model, worker/reports/compile.ts) and the designer in the browser. Field names here are only names:
 * the compiler checks each against the source family's declared fields, never trusting them as SQL.
 */
import * as z from "zod";
import { lazySchema } from "../lazy.ts";

/** Where a report reads: a run-time data model (table or view model) by id, or a declared family by `name`. */
export const reportSourceSchema = lazySchema(() => z.object({
  kind: z.enum(["model", "family"]),
  id: z.string().trim().min(1).max(64),
}));
export type ReportSource = z.infer<typeof reportSourceSchema>;

/** Keys of fields: camelCase names as declarations spell them (the compiler maps them to columns). */
const fieldKey = lazySchema(() => z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/));
/** A filter value: bound as a parameter, never pasted into SQL. */
const scalar = lazySchema(() => z.union([z.string().max(200), z.number().finite(), z.boolean()]));

export const filterOps = ["eq", "like", "in", "range"] as const;
export type FilterOpName = (typeof filterOps)[number];

/**
 * A filter on a declared field. Without a value it is open: the viewer of a published report fills it in
 * (`GET /report/run/{code}?filters=`), and a value given in the definition is its default.
 */
export const reportFilterSchema = lazySchema(() => z.object({
  field: fieldKey,
  op: z.enum(filterOps),
  /** eq and like */
  value: scalar.nullish(),
  /** in: at most 50 values */
  values: z.array(scalar).max(50).nullish(),
  /** range: inclusive bounds, either may be absent */
  from: scalar.nullish(),
  to: scalar.nullish(),
  /** shown to the viewer of the published report, who may change it */
  exposed: z.boolean().default(true),
}));
export type ReportFilter = z.infer<typeof reportFilterSchema>;

export const dateBuckets = ["day", "month", "year"] as const;
export const groupSchema = lazySchema(() => z.object({ field: fieldKey, by: z.enum(dateBuckets).nullish() }));
export type ReportGroup = z.infer<typeof groupSchema>;

export const aggregateFns = ["count", "sum", "avg", "min", "max"] as const;
export type AggregateFn = (typeof aggregateFns)[number];
/** count without a field counts rows; every other function needs a numeric field. */
export const aggregateSchema = lazySchema(() => z.object({ fn: z.enum(aggregateFns), field: fieldKey.nullish() }));
export type ReportAggregate = z.infer<typeof aggregateSchema>;

export const chartTypes = ["bar", "line", "pie"] as const;
export const chartSchema = lazySchema(() => z.object({
  type: z.enum(chartTypes),
  /** a group key (or, for a plain listing, a column) */
  x: z.string().max(80),
  /** aggregate keys (`sum_amount`, `count`) or numeric columns */
  y: z.array(z.string().max(80)).min(1).max(8),
}));
export type ReportChart = z.infer<typeof chartSchema>;

export const maxGroups = 1000;
export const maxPageRows = 200;
export const maxGroupBy = 3;
/** D1 binds at most 100 parameters a statement; the report's filters may use all of them but the paging's. */
export const maxBoundParams = 100;

export const reportDefinitionSchema = lazySchema(() => z.object({
  /** columns of a plain listing (no groupBy); ignored when grouping (the groups and aggregates are the columns) */
  columns: z.array(fieldKey).max(60).default([]),
  filters: z.array(reportFilterSchema).max(20).default([]),
  groupBy: z.array(groupSchema).max(maxGroupBy).default([]),
  aggregates: z.array(aggregateSchema).max(10).default([]),
  /** by a selected column, group key or aggregate key */
  sort: z.array(z.object({ key: z.string().max(80), dir: z.enum(["asc", "desc"]).default("asc") })).max(3).default([]),
  /** groups of a grouped report (≤ 1000), or rows of one page of a listing (≤ 200) */
  limit: z.number().int().min(1).max(maxGroups).default(100),
  chart: chartSchema.nullish(),
}));
export type ReportDefinition = z.infer<typeof reportDefinitionSchema>;

/** The key a result column has: a group's field (by its bucket), or `<fn>_<field>` / `count`. */
export const aggregateKey = (a: ReportAggregate) => (a.field ? `${a.fn}_${a.field}` : a.fn);
export const groupKey = (g: ReportGroup) => (g.by ? `${g.field}_${g.by}` : g.field);
