/**
 * The shapes a report answers, shared by the Worker (worker/reports) and the report screens (web/reports), which
 * may not import worker code: the designer's source fields, a result's columns and a run's answer. Zod schemas,
 * so the API contract (events/api/reports.ts) answers with them and the types are inferred once.
 */
import * as z from "zod";
import { bilingual } from "../api/verb.ts";
import { aggregateFns, chartSchema } from "./definition.ts";
import { lazySchema } from "../lazy.ts";

export const columnType = lazySchema(() => z.enum(["text", "number", "date", "datetime", "bool"]));
export type ColumnType = z.output<typeof columnType>;

/** A readable field of a report source, with the filters it takes and whether it can group. */
export const sourceFieldSchema = lazySchema(() => z.strictObject({
  key: z.string(),
  label: bilingual,
  type: columnType,
  dict: z.string().optional(),
  ops: z.array(z.enum(["eq", "like", "in", "range"])),
  groupable: z.boolean(),
}));
export type SourceField = z.output<typeof sourceFieldSchema>;

/** One column of a report's answer: a plain field, a group key or an aggregate. */
export const resultColumnSchema = lazySchema(() => z.strictObject({
  key: z.string(),
  role: z.enum(["column", "group", "aggregate"]),
  /** the field it reads (absent for count of rows) */
  field: z.string().optional(),
  fn: z.enum(aggregateFns).optional(),
  by: z.enum(["day", "month", "year"]).optional(),
  type: columnType,
  /** the field's dictionary: the viewer and the export show labels */
  dict: z.string().optional(),
  label: bilingual,
}));
export type ResultColumn = z.output<typeof resultColumnSchema>;

export const reportAnswerSchema = lazySchema(() => z.strictObject({
  kind: z.enum(["grouped", "rows"]),
  columns: z.array(resultColumnSchema),
  rows: z.array(z.record(z.string(), z.unknown())),
  /** groups answered, or the listing's matches (counted up to 100,000) */
  total: z.number().int(),
  totalCapped: z.boolean().optional(),
  /** a grouped report had more groups than its limit */
  truncated: z.boolean().optional(),
  page: z.number().int(),
  limit: z.number().int(),
  chart: chartSchema.nullable(),
  /** the columns the filters and groups read, and whether an index serves each */
  indexes: z.array(z.strictObject({ field: z.string(), indexed: z.boolean() })),
}));
export type ReportAnswer = z.output<typeof reportAnswerSchema>;
