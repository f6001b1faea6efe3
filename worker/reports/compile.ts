/**
 * Compiling a report definition to SQL over its source family's read model. Pure: the family (declared, or
 * built from a data model at run time) is the whitelist — every field a definition names must be one of
 * its declared, non-secret fields (or a bookkeeping time), refused by name otherwise; identifiers in the SQL
 * come only from the declaration, and every value a user typed travels as a bound parameter.
 *
 * Boundedness at 1,000,000 rows (PERFORMANCE.md rules 4, 5): a grouped report answers at most 1,000 groups
 * and a listing one page of at most 200 rows, but SQLite still reads every row its filters match. What
 * keeps that cheap is an index leading with the first group key (SQLite then scans the index in group
 * order, no temporary sort; and when the aggregates need no other column the scan never touches the
 * table). Indexes a family already has: `(sort key, id)` for every declared sort key, `(eq filter, default
 * sort, id)` for every declared eq filter, each unique group — and a run-time data model's table has
 * an index for every visible field (each is an eq filter or a sort key). `indexHints` names what a
 * definition reads so the designer can say when a report will scan the table instead.
 *
 * Measured at 1,000,000 rows (tests/bench/reports.ts, node:sqlite floor, 2026-11-23): COUNT grouped by an
 * indexed field reads the index alone, ~0.1 s; a filtered group (an eq filter or a one-year date range on
 * its index) ~0.1 s; SUM/AVG of other columns over every row must visit every row, ~1 s — such a report over
 * a whole million-row table needs a filter on an indexed field (or a summary table) to stay fast.
 */
import { metaColumns, type Family } from "../../events/family.ts";
import { fromColumn, storedAsJson, toColumn, type Field } from "../../events/fields.ts";
import type { MessageKey, Text } from "../../events/i18n.ts";
import {
  aggregateKey,
  groupKey,
  maxBoundParams,
  maxGroups,
  maxPageRows,
  type AggregateFn,
  type ReportDefinition,
  type ReportFilter,
} from "../../events/reports/definition.ts";
import { ValidationError, type FieldProblem } from "../errors.ts";
import { containsPattern } from "../http/input.ts";
import { indexPlan } from "../resources/schema.ts";
import type { ColumnType, ResultColumn } from "../../events/reports/answer.ts";

export type { ColumnType, ResultColumn };

export interface CompiledReport {
  kind: "grouped" | "rows";
  sql: string;
  params: (string | number)[];
  /** a listing's total, counted up to `countCap` */
  count?: { sql: string; params: (string | number)[] };
  columns: ResultColumn[];
  /** groups (≤ 1000) or rows of the page (≤ 200) */
  limit: number;
  page: number;
}

/** A listing counts its matches up to this, so the total stays bounded too. */
export const countCap = 100_000;

const labels = {
  columns: { "zh-CN": "列", "en-US": "Columns" },
  filters: { "zh-CN": "筛选", "en-US": "Filters" },
  groupBy: { "zh-CN": "分组", "en-US": "Group by" },
  aggregates: { "zh-CN": "汇总", "en-US": "Aggregates" },
  sort: { "zh-CN": "排序", "en-US": "Sort" },
  chart: { "zh-CN": "图表", "en-US": "Chart" },
} satisfies Record<string, Text>;
type Part = keyof typeof labels;

const fnLabels: Record<AggregateFn, Text> = {
  count: { "zh-CN": "计数", "en-US": "Count" },
  sum: { "zh-CN": "合计", "en-US": "Sum" },
  avg: { "zh-CN": "平均", "en-US": "Average" },
  min: { "zh-CN": "最小", "en-US": "Min" },
  max: { "zh-CN": "最大", "en-US": "Max" },
};
const bucketLabels = { day: { "zh-CN": "日", "en-US": "day" }, month: { "zh-CN": "月", "en-US": "month" }, year: { "zh-CN": "年", "en-US": "year" } } as const;

/** Bookkeeping columns a report may read like fields. */
const metaFields: Record<string, { column: string; type: ColumnType; label: Text }> = {
  createTime: { column: "create_time", type: "datetime", label: { "zh-CN": "创建时间", "en-US": "Created" } },
  updateTime: { column: "update_time", type: "datetime", label: { "zh-CN": "更新时间", "en-US": "Updated" } },
  createBy: { column: "create_by", type: "text", label: { "zh-CN": "创建人", "en-US": "Created by" } },
  updateBy: { column: "update_by", type: "text", label: { "zh-CN": "更新人", "en-US": "Updated by" } },
};

interface Resolved {
  key: string;
  column: string;
  type: ColumnType;
  label: Text;
  field?: Field;
}

const typeOf = (f: Field): ColumnType =>
  f.kind === "int" || f.kind === "number" ? "number" : f.kind === "date" ? "date" : f.kind === "datetime" ? "datetime" : f.kind === "bool" ? "bool" : "text";

/** The problems found, all of them reported at once (a refusal names every bad field). */
class Problems {
  readonly list: FieldProblem[] = [];
  add(part: Part, key: MessageKey, params: Record<string, string | number>) {
    // one entry per part and field, so the answer's errors name each refused field
    const detail = params.field ?? params.key;
    this.list.push({ field: detail ? `${part}.${detail}` : part, label: labels[part], key, params });
  }
  throwIfAny() {
    if (this.list.length) throw new ValidationError(this.list);
  }
}

/** `"col"`: identifiers come from the declaration only; quoting keeps a keyword-named column valid. */
const q = (column: string) => `"${column}"`;

export function resolveField(family: Family, key: string): Resolved | null {
  const field = family.fields[key];
  if (field && !field.secret) return { key, column: family.column[key]!, type: typeOf(field), label: field.label, field };
  const meta = metaFields[key];
  if (meta && metaColumns.some((m) => m.column === meta.column)) return { key, column: meta.column, type: meta.type, label: meta.label };
  return null;
}

/** A filter or eq value as the column stores it, or undefined when it does not fit the field. */
function columnValue(r: Resolved, value: unknown): string | number | undefined {
  if (value === null || value === undefined || value === "") return undefined;
  if (!r.field) return typeof value === "string" ? value : undefined;
  // a dict value may arrive as a number from a query string; a bool as "true"/"1"
  const parsed = r.field.schema.safeParse(r.field.kind === "dict" || r.field.kind === "ref" || r.field.kind === "text" ? String(value) : value);
  if (!parsed.success) return undefined;
  const stored = toColumn(r.field, parsed.data);
  return stored === null ? undefined : stored;
}

/**
 * A range bound. Dates and datetimes compare as text, so a day bounds a datetime field by its first or last
 * second; a text field (a period such as "2024-06") takes any text; numbers must be numbers.
 */
function rangeValue(r: Resolved, value: unknown, end: "from" | "to"): string | number | undefined {
  if (value === null || value === undefined || value === "") return undefined;
  if (r.type === "number") {
    const n = typeof value === "number" ? value : Number(value);
    return typeof value !== "boolean" && Number.isFinite(n) && String(value).trim() !== "" ? n : undefined;
  }
  const text = String(value);
  if (r.type === "datetime" && /^\d{4}-\d{2}-\d{2}$/.test(text)) return `${text} ${end === "from" ? "00:00:00" : "23:59:59"}`;
  if (r.type === "date" || r.type === "datetime") return /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/.test(text) ? text : undefined;
  return r.type === "text" ? text : undefined;
}

interface Where {
  sql: string[];
  params: (string | number)[];
}

function compileFilters(family: Family, filters: ReportFilter[], problems: Problems): Where {
  const where: Where = { sql: [], params: [] };
  for (const f of filters) {
    const r = resolveField(family, f.field);
    if (!r) {
      problems.add("filters", "reportFieldNotDeclared", { field: f.field });
      continue;
    }
    const json = r.field ? storedAsJson(r.field) : false;
    const bad = () => problems.add("filters", "reportOpNotAllowed", { field: f.field, op: f.op });
    const col = q(r.column);
    switch (f.op) {
      case "eq": {
        if (json) bad();
        else if (f.value !== null && f.value !== undefined && f.value !== "") {
          const v = columnValue(r, f.value);
          if (v === undefined) problems.add("filters", "formatError", { field: f.field });
          else where.sql.push(`${col} = ?`), where.params.push(v);
        }
        break;
      }
      case "like": {
        // contains, with % and _ typed by the user kept literal
        if (json || r.type === "number" || r.type === "bool") bad();
        else if (f.value !== null && f.value !== undefined && String(f.value) !== "") where.sql.push(`${col} LIKE ? ESCAPE '\\'`), where.params.push(containsPattern(String(f.value)));
        break;
      }
      case "in": {
        if (json) bad();
        else if (f.values?.length) {
          const values = f.values.map((v) => columnValue(r, v));
          if (values.some((v) => v === undefined)) problems.add("filters", "formatError", { field: f.field });
          else where.sql.push(`${col} IN (${values.map(() => "?").join(", ")})`), where.params.push(...(values as (string | number)[]));
        }
        break;
      }
      case "range": {
        if (json || r.type === "bool") {
          bad();
          break;
        }
        for (const [end, op] of [["from", ">="], ["to", "<="]] as const) {
          const raw = f[end];
          if (raw === null || raw === undefined || raw === "") continue;
          const v = rangeValue(r, raw, end);
          if (v === undefined) problems.add("filters", "formatError", { field: f.field });
          else where.sql.push(`${col} ${op} ?`), where.params.push(v);
        }
        break;
      }
    }
  }
  return where;
}

/** The SQL of a group key: the column, or its day/month/year (text dates compare and cut by position). */
const bucketSql = (column: string, by: "day" | "month" | "year" | null | undefined) =>
  by === "day" ? `substr(${q(column)}, 1, 10)` : by === "month" ? `substr(${q(column)}, 1, 7)` : by === "year" ? `substr(${q(column)}, 1, 4)` : q(column);

export interface CompileOptions {
  /** a listing's page (1-based) */
  page?: number;
}

/**
 * Compiles `def` over `family`'s read model: a grouped report (groupBy or aggregates present) or a paged
 * listing of columns. Throws a ValidationError naming every refused field and rule; writes nothing.
 */
export function compileReport(family: Family, def: ReportDefinition, options: CompileOptions = {}): CompiledReport {
  const problems = new Problems();
  const columns: ResultColumn[] = [];
  const select: string[] = [];
  const grouped = def.groupBy.length > 0 || def.aggregates.length > 0;

  if (!grouped) {
    if (def.columns.length === 0) problems.add("columns", "reportNothingSelected", {});
    for (const key of def.columns) {
      const r = resolveField(family, key);
      if (!r) {
        problems.add("columns", "reportFieldNotDeclared", { field: key });
        continue;
      }
      columns.push({ key, role: "column", field: key, type: r.type, label: r.label, ...(r.field?.dict ? { dict: r.field.dict } : {}) });
      select.push(q(r.column));
    }
  }

  const groupSql: string[] = [];
  for (const g of def.groupBy) {
    const r = resolveField(family, g.field);
    if (!r) {
      problems.add("groupBy", "reportFieldNotDeclared", { field: g.field });
      continue;
    }
    if (r.field && storedAsJson(r.field)) {
      problems.add("groupBy", "reportOpNotAllowed", { field: g.field, op: "group" });
      continue;
    }
    if (g.by && r.type !== "date" && r.type !== "datetime") {
      problems.add("groupBy", "reportBucketNotDate", { field: g.field });
      continue;
    }
    const expr = bucketSql(r.column, g.by);
    groupSql.push(expr);
    select.push(expr);
    const label = g.by ? { "zh-CN": `${r.label["zh-CN"]}（${bucketLabels[g.by]["zh-CN"]}）`, "en-US": `${r.label["en-US"]} (${bucketLabels[g.by]["en-US"]})` } : r.label;
    columns.push({ key: groupKey(g), role: "group", field: g.field, ...(g.by ? { by: g.by } : {}), type: g.by ? "text" : r.type, label, ...(r.field?.dict ? { dict: r.field.dict } : {}) });
  }

  for (const a of def.aggregates) {
    if (!a.field) {
      if (a.fn !== "count") {
        problems.add("aggregates", "reportFieldNotNumeric", { field: "", fn: a.fn });
        continue;
      }
      select.push("COUNT(*)");
      columns.push({ key: aggregateKey(a), role: "aggregate", fn: "count", type: "number", label: fnLabels.count });
      continue;
    }
    const r = resolveField(family, a.field);
    if (!r) {
      problems.add("aggregates", "reportFieldNotDeclared", { field: a.field });
      continue;
    }
    if (a.fn !== "count" && r.type !== "number") {
      problems.add("aggregates", "reportFieldNotNumeric", { field: a.field, fn: a.fn });
      continue;
    }
    select.push(`${a.fn.toUpperCase()}(${q(r.column)})`);
    const label = { "zh-CN": `${r.label["zh-CN"]}（${fnLabels[a.fn]["zh-CN"]}）`, "en-US": `${fnLabels[a.fn]["en-US"]} of ${r.label["en-US"]}` };
    columns.push({ key: aggregateKey(a), role: "aggregate", field: a.field, fn: a.fn, type: "number", label });
  }
  if (grouped && columns.length === 0) problems.add("groupBy", "reportNothingSelected", {});

  const where = compileFilters(family, def.filters, problems);

  const keys = columns.map((c) => c.key);
  // two columns of one key (the same aggregate twice) could not be told apart in the answer
  for (const key of new Set(keys.filter((k, i) => keys.indexOf(k) !== i))) problems.add(grouped ? "aggregates" : "columns", "reportDuplicateKey", { key });
  const order: string[] = [];
  for (const s of def.sort) {
    const i = keys.indexOf(s.key);
    if (i < 0) problems.add("sort", "reportKeyNotSelected", { key: s.key });
    // by position: the same expression as selected, whatever it is
    else order.push(`${i + 1} ${s.dir === "desc" ? "DESC" : "ASC"}`);
  }
  if (def.chart) {
    for (const key of [def.chart.x, ...def.chart.y]) if (!keys.includes(key)) problems.add("chart", "reportKeyNotSelected", { key });
  }

  const page = Math.max(1, Math.floor(options.page ?? 1));
  const limit = grouped ? Math.min(def.limit, maxGroups) : Math.min(def.limit, maxPageRows);
  // the paging's two values are bound too
  const bound = where.params.length + (grouped ? 1 : 2);
  if (bound > maxBoundParams) problems.add("filters", "reportTooManyParams", { count: where.params.length, max: maxBoundParams - 2 });
  problems.throwIfAny();

  const table = q(family.table);
  const whereSql = where.sql.length ? ` WHERE ${where.sql.join(" AND ")}` : "";
  const aliased = select.map((expr, i) => `${expr} AS c${i}`).join(", ");
  if (grouped) {
    // without a chosen order, groups come in key order (the index's order when the first key has one)
    const orderSql = order.length ? order.join(", ") : groupSql.length ? groupSql.map((_, i) => String(i + 1)).join(", ") : "";
    const sql =
      `SELECT ${aliased} FROM ${table}${whereSql}` +
      (groupSql.length ? ` GROUP BY ${groupSql.join(", ")}` : "") +
      (orderSql ? ` ORDER BY ${orderSql}` : "") +
      ` LIMIT ?`;
    // one more than the limit tells the answer was cut
    return { kind: "grouped", sql, params: [...where.params, limit + 1], columns, limit, page: 1 };
  }
  const id = q(family.idColumn);
  const orderSql = [...order, `${id} ASC`].join(", ");
  const sql = `SELECT ${aliased} FROM ${table}${whereSql} ORDER BY ${orderSql} LIMIT ? OFFSET ?`;
  const count = { sql: `SELECT COUNT(*) AS n FROM (SELECT 1 FROM ${table}${whereSql} LIMIT ${countCap + 1})`, params: [...where.params] };
  return { kind: "rows", sql, params: [...where.params, limit, (page - 1) * limit], count, columns, limit, page };
}

/** A row of the answer (`c0`, `c1`… by position) keyed by its columns, values as the API answers them. */
export function shapeRow(family: Family, columns: ResultColumn[], row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  columns.forEach((c, i) => {
    const value = row[`c${i}`] ?? null;
    const field = c.role === "column" && c.field ? family.fields[c.field] : undefined;
    out[c.key] = field ? fromColumn(field, value) : c.type === "bool" && c.role === "group" ? (value === null ? null : value === 1) : value;
  });
  return out;
}

/**
 * The read-model columns a definition's filters and groups read, and whether an index of the family's table
 * leads with each (its index plan: declared families' migrations and run-time tables' DDL both follow it).
 */
export function indexHints(family: Family, def: ReportDefinition): { field: string; indexed: boolean }[] {
  const leading = new Set(indexPlan(family).map((i) => i.keys[0]));
  const keys = [...new Set([...def.groupBy.map((g) => g.field), ...def.filters.filter((f) => f.op !== "like").map((f) => f.field)])];
  return keys.map((field) => ({ field, indexed: leading.has(field) }));
}
