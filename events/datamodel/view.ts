/**
 * View models: a saved query over a data model or a declared family, optionally joined with a
 * second one on a key, with literal filters and chosen columns; read-only. A view names the sources'
 * declared fields only: the SQL is built here from those names (columns are derived, never typed by the
 * user), and the only user text in it is filter values, quoted by `quoteLiteral` (a view takes no parameters).
 */
import * as z from "zod";
import { columnName, type Field } from "../fields.ts";
import type { ModelField, ModelFieldType } from "./definition.ts";
import { reservedFieldNames } from "./names.ts";
import type { Text } from "../i18n.ts";
import { lazySchema } from "../lazy.ts";

/** SQL names the server resolves a source to; strict, so nothing but a plain name reaches the SQL. */
const sqlName = lazySchema(() => z.string().regex(/^[a-z][a-z0-9_]{0,62}$/));

/** A source of a view: a data model (its id) or a declared family (its `name`, e.g. "sys.sysdict"). */
export const viewSourceSchema = lazySchema(() => z.object({
  kind: z.enum(["model", "family"]),
  id: z.string().trim().min(1).max(64),
  /** the source's table and id column: filled in by the server when the view is saved (a client's are replaced) */
  table: sqlName.optional(),
  idColumn: sqlName.optional(),
}));
export type ViewSource = z.infer<typeof viewSourceSchema>;

export const viewFilterOps = ["eq", "like", "gt", "lt", "ge", "le"] as const;
export type ViewFilterOp = (typeof viewFilterOps)[number];

const fieldKey = lazySchema(() => z.string().regex(/^[a-zA-Z][a-zA-Z0-9]{0,63}$/));

export const viewDefinitionSchema = lazySchema(() => z.object({
  base: viewSourceSchema,
  join: viewSourceSchema.extend({ on: z.tuple([fieldKey, fieldKey]) }).optional(),
  filters: z
    .array(
      z.object({
        from: z.enum(["base", "join"]).default("base"),
        field: fieldKey,
        op: z.enum(viewFilterOps),
        // literal values only: a view cannot take parameters, so they are quoted into its SQL (see quoteLiteral)
        value: z.union([z.string().max(200), z.number().finite()]),
      }),
    )
    .max(20)
    .default([]),
  columns: z
    .array(z.object({ from: z.enum(["base", "join"]).default("base"), field: fieldKey, as: z.string().regex(/^[a-z][a-zA-Z0-9]{0,39}$/).optional() }))
    .min(1)
    .max(60),
}));
export type ViewDefinition = z.infer<typeof viewDefinitionSchema>;

/**
 * A string or number as an SQL literal. Strings are single-quoted with quotes doubled (SQLite has no other
 * escape inside a string literal); control characters and broken UTF-16 are refused rather than quoted.
 */
export function quoteLiteral(value: string | number): string {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error("not a finite number");
    const text = String(value);
    if (!/^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(text)) throw new Error("not a plain number");
    return text;
  }
  if (typeof value !== "string") throw new Error("not a literal");
  if (!literalTextOk(value)) throw new Error("control characters or broken text");
  return `'${value.replace(/'/g, "''")}'`;
}

/** Text a view filter may hold: no control characters, no lone surrogates. */
// eslint-disable-next-line no-control-regex
export const literalTextOk = (value: string) => !/[\u0000-\u001f\u007f]/.test(value) && !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(value);

/** A source's declared fields a view may use, as model fields (their types and titles), by key. */
export type SourceFields = Record<string, ModelField>;

/** What a declared family's field becomes in a view; null for values a view does not show (JSON, secrets). */
export function modelFieldOfDeclared(key: string, f: Field): ModelField | null {
  if (f.secret) return null;
  const base = { name: key, title: f.label["zh-CN"], titleEn: f.label["en-US"], required: false, unique: false, hidden: false };
  const type: ModelFieldType | null =
    f.kind === "text" || f.kind === "ref" ? "text" : f.kind === "int" ? "int" : f.kind === "number" ? "decimal" : f.kind === "bool" ? "bool" : f.kind === "date" ? "date" : f.kind === "datetime" ? "datetime" : f.kind === "dict" ? (f.multiple ? "dictMulti" : "dict") : null;
  if (!type) return null;
  return { ...base, type, ...(f.kind === "dict" ? { dictType: f.dict } : {}), ...(f.kind === "text" || f.kind === "ref" ? { length: 5000 } : {}) };
}

/** A problem with a view definition, on a path such as `view.columns.2.field`. */
export interface ViewProblem {
  field: string;
  key: "viewUnknownField" | "viewBadValue" | "viewDuplicateColumn" | "viewSourceMissing";
  params: Record<string, string | number>;
}

const idField = (title: Text): ModelField => ({ name: "id", title: title["zh-CN"], titleEn: title["en-US"], type: "text", required: false, unique: false, hidden: false });

/**
 * Checks a view against its sources' declared fields and gives the view model's fields (its chosen columns,
 * typed as in their source). `sources` hold each source's usable fields; the id of either is usable in the
 * join key and filters.
 */
export function checkView(view: ViewDefinition, sources: { base: SourceFields; join?: SourceFields }): { problems: ViewProblem[]; fields: ModelField[] } {
  const problems: ViewProblem[] = [];
  const idLabel = { "zh-CN": "编号", "en-US": "ID" };
  const of = (from: "base" | "join", key: string): ModelField | null => {
    const fields = from === "base" ? sources.base : sources.join;
    if (!fields) return null;
    if (key === "id") return idField(idLabel);
    return Object.hasOwn(fields, key) ? fields[key]! : null;
  };
  if (view.join) {
    if (!sources.join) problems.push({ field: "view.join", key: "viewSourceMissing", params: { field: view.join.id } });
    else {
      if (!of("base", view.join.on[0])) problems.push({ field: "view.join.on.0", key: "viewUnknownField", params: { field: view.join.on[0] } });
      if (!of("join", view.join.on[1])) problems.push({ field: "view.join.on.1", key: "viewUnknownField", params: { field: view.join.on[1] } });
    }
  }
  view.filters.forEach((f, i) => {
    if (!of(f.from, f.field)) problems.push({ field: `view.filters.${i}.field`, key: "viewUnknownField", params: { field: f.field } });
    if (typeof f.value === "string" && !literalTextOk(f.value)) problems.push({ field: `view.filters.${i}.value`, key: "viewBadValue", params: { field: f.field } });
  });
  const fields: ModelField[] = [];
  const names = new Set<string>();
  view.columns.forEach((c, i) => {
    const source = of(c.from, c.field);
    if (!source) return problems.push({ field: `view.columns.${i}.field`, key: "viewUnknownField", params: { field: c.field } });
    const name = c.as ?? c.field;
    if (names.has(name) || reservedFieldNames.includes(name) || !/^[a-z][a-zA-Z0-9]{0,39}$/.test(name)) return problems.push({ field: `view.columns.${i}.as`, key: "viewDuplicateColumn", params: { field: name } });
    names.add(name);
    // a view's column is never required, unique or patterned: nobody writes it
    fields.push({ ...source, name, required: false, unique: false, hidden: false, pattern: undefined, patternMessage: undefined, fallback: undefined, defaultValue: undefined });
  });
  return { problems, fields: fields.map((f) => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined)) as ModelField) };
}

const sqlOps: Record<ViewFilterOp, string> = { eq: "=", like: "LIKE", gt: ">", lt: "<", ge: ">=", le: "<=" };

/**
 * `CREATE VIEW dm_<code>` for a checked view whose sources the server resolved (their table and id column):
 * the id and bookkeeping columns of the base, the chosen columns under their names, a LEFT JOIN on the key,
 * the filters ANDed with their values as literals.
 */
export function viewSql(code: string, view: ViewDefinition): string[] {
  if (!/^[a-z][a-z0-9_]{1,30}$/.test(code)) throw new Error("bad model code");
  const name = `dm_${code}`;
  const base = view.base;
  if (!base.table || !base.idColumn) throw new Error("view base not resolved");
  const alias = (from: "base" | "join") => (from === "base" ? "b" : "j");
  const column = (from: "base" | "join", key: string) => {
    if (!/^[a-zA-Z][a-zA-Z0-9]{0,63}$/.test(key)) throw new Error("bad field key");
    const source = from === "base" ? base : view.join;
    return `${alias(from)}.${key === "id" ? source!.idColumn : columnName(key)}`;
  };
  const select = [
    `b.${base.idColumn} AS id`,
    ...view.columns.map((c) => `${column(c.from, c.field)} AS ${columnName(c.as ?? c.field)}`),
    "b.version AS version",
    "b.create_time AS create_time",
    "b.create_by AS create_by",
    "b.update_time AS update_time",
    "b.update_by AS update_by",
  ];
  let from = `${base.table} b`;
  if (view.join) {
    if (!view.join.table || !view.join.idColumn) throw new Error("view join not resolved");
    from += ` LEFT JOIN ${view.join.table} j ON ${column("base", view.join.on[0])} = ${column("join", view.join.on[1])}`;
  }
  const where = view.filters.map((f) =>
    f.op === "like"
      ? `${column(f.from, f.field)} LIKE ${quoteLiteral(`%${String(f.value).replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`)} ESCAPE '\\'`
      : `${column(f.from, f.field)} ${sqlOps[f.op]} ${quoteLiteral(f.value)}`,
  );
  return [`DROP VIEW IF EXISTS ${name}`, `CREATE VIEW ${name} AS SELECT ${select.join(", ")} FROM ${from}${where.length ? ` WHERE ${where.join(" AND ")}` : ""}`];
}
