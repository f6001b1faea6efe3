/**
 * Changing a data model never loses data: a removed field is hidden, not dropped; a type, length,
 * required or unique change is refused while existing values would not fit it (the counts come from SQL over
 * the model's table, asked before deciding: `fitQueries`); a new required field needs a default, which
 * records written before it existed then read (`fallback`). The code (hence the table) never changes.
 * Pure: the Worker runs the queries and appends what `decideModelChange` returns.
 */
import type { MessageKey } from "../i18n.ts";
import { columnName } from "../fields.ts";
import { fieldOfModel, maxModelFields, patternError, type DataModel, type ModelField } from "./definition.ts";

/** A check of existing values against a changed field: `sql` counts the rows that would not fit. */
export interface FitCheck {
  /** `<field>:<rule>`, the key of its count in ModelStats.misfits */
  key: string;
  field: string;
  rule: "type" | "length" | "required" | "unique";
  sql: string;
}

/** What the model's table holds, asked of D1 before deciding. */
export interface ModelStats {
  /** live records of the model */
  records: number;
  /** rows that would not fit, by FitCheck key */
  misfits: Record<string, number>;
}

export interface ModelProblem {
  /** `code`, `type`, `fields` or `fields.<name>` */
  field: string;
  /** the model field the problem is about (its title names it in the message) */
  modelField?: ModelField;
  key: MessageKey;
  params?: Record<string, string | number>;
}

export type ModelDecision = { ok: true; model: DataModel; added: string[] } | { ok: false; problems: ModelProblem[] };

const jsonTypes = new Set(["file", "dictMulti"]);
const textMax = (f: ModelField) => f.length ?? (f.type === "longText" ? 5000 : 255);
const isTextType = (f: ModelField) => f.type === "text" || f.type === "longText";

/** SQL (a boolean over a row of `column`) that holds when a present value does not fit field `to`, coming from `from`. */
function misfitSql(column: string, from: ModelField, to: ModelField): string {
  const text = `CAST(${column} AS TEXT)`;
  // CAST(x AS NUMERIC) = x compares under numeric affinity: true only when the whole text is a number
  const numeric = `CAST(${text} AS NUMERIC) = ${text}`;
  const present = `${column} IS NOT NULL AND ${text} <> ''`;
  const fits = (() => {
    if (jsonTypes.has(to.type)) return jsonTypes.has(from.type) ? `json_valid(${text}) AND json_type(${text}) = 'array'` : "0";
    if (jsonTypes.has(from.type)) return "0";
    switch (to.type) {
      case "text":
      case "longText":
        return `length(${text}) <= ${textMax(to)}`;
      case "int":
        return `${numeric} AND typeof(CAST(${text} AS NUMERIC)) = 'integer' AND CAST(${text} AS INTEGER) BETWEEN -2147483648 AND 2147483647`;
      case "decimal":
        return numeric;
      case "date":
        return `date(${text}) = ${text}`;
      case "datetime":
        return `datetime(${text}) = ${text}`;
      case "bool":
        return `${text} IN ('0', '1', 'true', 'false')`;
      case "region":
        return `${text} GLOB '[0-9][0-9][0-9][0-9][0-9][0-9]'`;
      case "dict":
      case "organisation":
      case "user":
        return `length(${text}) <= 64`;
    }
  })();
  // date() and datetime() answer NULL for text that is no date: a NULL fit is a misfit, not an unknown
  return `${present} AND NOT COALESCE((${fits}), 0)`;
}

/**
 * The checks a change needs, each with its SQL over `table`: one query counts the row checks
 * (`SELECT COUNT(*), SUM(...) ... FROM table`), a unique check counts repeated values on its own.
 */
export function fitQueries(before: DataModel, after: DataModel): { table: string; rows: FitCheck[]; unique: FitCheck[] } {
  const table = `dm_${before.code}`;
  const rows: FitCheck[] = [];
  const unique: FitCheck[] = [];
  const was = new Map(before.fields.map((f) => [f.name, f]));
  for (const f of after.fields) {
    const old = was.get(f.name);
    if (!old) continue;
    const column = columnName(f.name);
    const check = (rule: FitCheck["rule"], sql: string) => ({ key: `${f.name}:${rule}`, field: f.name, rule, sql });
    if (old.type !== f.type) rows.push(check("type", misfitSql(column, old, f)));
    else if (isTextType(f) && textMax(f) < textMax(old)) rows.push(check("length", `length(CAST(${column} AS TEXT)) > ${textMax(f)}`));
    if (f.required && !old.required) rows.push(check("required", `${column} IS NULL OR CAST(${column} AS TEXT) = ''`));
    if (f.unique && !old.unique) {
      unique.push(check("unique", `SELECT COUNT(*) AS n FROM (SELECT ${column} FROM ${table} WHERE ${column} IS NOT NULL AND CAST(${column} AS TEXT) <> '' GROUP BY ${column} HAVING COUNT(*) > 1)`));
    }
  }
  return { table, rows, unique };
}

/** The single query counting the records and each row check's misfits (aliases c0, c1… in `rows` order). */
export function rowStatsSql(table: string, rows: FitCheck[]): string {
  const sums = rows.map((r, i) => `, COALESCE(SUM(CASE WHEN ${r.sql} THEN 1 ELSE 0 END), 0) AS c${i}`).join("");
  return `SELECT COUNT(*) AS records${sums} FROM ${table}`;
}

/** The rules a field must keep on its own: a pattern that compiles, a default the field accepts. */
function fieldProblems(f: ModelField): ModelProblem[] {
  const problems: ModelProblem[] = [];
  const at = `fields.${f.name}`;
  if (f.pattern) {
    const error = patternError(f.pattern);
    if (error) problems.push({ field: at, modelField: f, key: "modelBadPattern", params: { error } });
  }
  if (f.defaultValue !== undefined && f.defaultValue !== "" && !fieldOfModel({ ...f, fallback: undefined }).schema.safeParse(f.defaultValue).success) {
    problems.push({ field: at, modelField: f, key: "modelBadDefault" });
  }
  return problems;
}

/**
 * The model to store after `after` is asked for, given the stored `before` (null for a new model) and the
 * counts of `fitQueries`. Fields missing from `after` come back hidden; a client's `fallback` is ignored.
 */
export function decideModelChange(before: DataModel | null, after: DataModel, stats: ModelStats): ModelDecision {
  const problems: ModelProblem[] = [];
  const asked = after.fields.map(({ fallback: _ignored, ...f }) => f as ModelField);
  if (!before) {
    problems.push(...asked.flatMap(fieldProblems));
    if (asked.length > maxModelFields) problems.push({ field: "fields", key: "modelTooManyFields", params: { max: maxModelFields } });
    return problems.length ? { ok: false, problems } : { ok: true, model: { ...after, fields: asked }, added: asked.map((f) => f.name) };
  }
  if (after.code !== before.code) problems.push({ field: "code", key: "modelUnchangeable" });
  if (after.type !== before.type) problems.push({ field: "type", key: "modelUnchangeable" });
  // a view holds no data of its own: its fields are exactly its columns, whatever they were
  if (before.type === "view") return problems.length ? { ok: false, problems } : { ok: true, model: { ...after, fields: asked }, added: [] };
  const was = new Map(before.fields.map((f) => [f.name, f]));
  const added: string[] = [];
  const fields: ModelField[] = asked.map((f) => {
    const old = was.get(f.name);
    const count = (rule: FitCheck["rule"]) => stats.misfits[`${f.name}:${rule}`] ?? 0;
    const at = `fields.${f.name}`;
    if (!old) {
      added.push(f.name);
      problems.push(...fieldProblems(f));
      if (!f.required) return f;
      const hasDefault = f.defaultValue !== undefined && f.defaultValue !== "";
      if (!hasDefault) {
        if (stats.records > 0) problems.push({ field: at, modelField: f, key: "modelRequiredNeedsDefault", params: { count: stats.records } });
        return f;
      }
      // records written before the field existed read its default
      return { ...f, fallback: f.defaultValue };
    }
    if (old.pattern !== f.pattern || JSON.stringify(old.defaultValue) !== JSON.stringify(f.defaultValue) || old.type !== f.type) problems.push(...fieldProblems(f));
    if (old.type !== f.type && count("type") > 0) problems.push({ field: at, modelField: f, key: "modelTypeMisfits", params: { count: count("type") } });
    if (count("length") > 0) problems.push({ field: at, modelField: f, key: "modelLengthMisfits", params: { count: count("length"), max: textMax(f) } });
    if (f.required && !old.required && count("required") > 0) problems.push({ field: at, modelField: f, key: "modelRequiredMisfits", params: { count: count("required") } });
    if (f.unique && !old.unique && count("unique") > 0) problems.push({ field: at, modelField: f, key: "modelUniqueMisfits", params: { count: count("unique") } });
    return old.fallback === undefined ? f : { ...f, fallback: old.fallback };
  });
  const kept = new Set(fields.map((f) => f.name));
  // a field left out is hidden: its column and its values stay, and showing it again brings them back
  for (const old of before.fields) if (!kept.has(old.name)) fields.push({ ...old, hidden: true });
  if (fields.length > maxModelFields) problems.push({ field: "fields", key: "modelTooManyFields", params: { max: maxModelFields } });
  if (problems.length) return { ok: false, problems };
  return { ok: true, model: { ...after, code: before.code, type: before.type, fields }, added };
}
