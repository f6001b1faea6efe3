/**
 * The shapes a report answers, shared by the Worker (worker/reports) and the report screens (web/reports), which
 * may not import worker code: the designer's source fields, a result's columns and a run's answer.
 */
import type { Text } from "../i18n.ts";
import type { AggregateFn, ReportDefinition } from "./definition.ts";

export type ColumnType = "text" | "number" | "date" | "datetime" | "bool";

/** A readable field of a report source, with the filters it takes and whether it can group. */
export interface SourceField {
  key: string;
  label: Text;
  type: ColumnType;
  dict?: string;
  ops: ("eq" | "like" | "in" | "range")[];
  groupable: boolean;
}

/** One column of a report's answer: a plain field, a group key or an aggregate. */
export interface ResultColumn {
  key: string;
  role: "column" | "group" | "aggregate";
  /** the field it reads (absent for count of rows) */
  field?: string;
  fn?: AggregateFn;
  by?: "day" | "month" | "year";
  type: ColumnType;
  /** the field's dictionary: the viewer and the export show labels */
  dict?: string;
  label: Text;
}

export interface ReportAnswer {
  kind: "grouped" | "rows";
  columns: ResultColumn[];
  rows: Record<string, unknown>[];
  /** groups answered, or the listing's matches (counted up to 100,000) */
  total: number;
  totalCapped?: boolean;
  /** a grouped report had more groups than its limit */
  truncated?: boolean;
  page: number;
  limit: number;
  chart: ReportDefinition["chart"] | null;
  /** the columns the filters and groups read, and whether an index serves each */
  indexes: { field: string; indexed: boolean }[];
}
