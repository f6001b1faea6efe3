/**
 * Field kinds of record families: each kind knows its SQL column type, its zod schema and how a value
 * travels between a record (JSON) and a read-model row (SQLite).
 */
import * as z from "zod";
import type { Text } from "./i18n.ts";
import { rules, type RuleName } from "./rules.ts";
import { lazyProperty } from "./lazy.ts";

export type SqlType = "TEXT" | "INTEGER" | "REAL";
export type FieldKind = "text" | "int" | "number" | "bool" | "date" | "datetime" | "dict" | "ref" | "refs" | "json";

export interface Field {
  kind: FieldKind;
  label: Text;
  required: boolean;
  sql: SqlType;
  /** schema of a present, non-empty value */
  schema: z.ZodType;
  /** dictionary type for `dict` fields */
  dict?: string;
  /** dict fields holding several values (stored as a JSON array) */
  multiple?: boolean;
  /** `ref` fields declared as pointing at a user (a data model's user field); see events/refs.ts isUserRef */
  to?: "user";
  /** `refs` fields: the link table the projection keeps in step, for joins (user→roles, role→menus) */
  link?: { table: string; ownerColumn: string; refColumn: string };
  /** the least and greatest value a number field accepts, when declared */
  min?: number;
  max?: number;
  /** named rules of section 5 the value must pass (the web form applies the same ones) */
  rules: RuleName[];
  /** kept in the read model but never sent in list/info answers */
  secret?: boolean;
  /**
   * Set only by the family's own commands (publish, examine, submit…): save, update and imports ignore it,
   * and forms show it read-only, so no request can skip a state rule by writing the field directly.
   */
  managed?: boolean;
  /**
   * The value records lacking this field take (a required field added to a data model that already has
   * records): the record's state, its read-model row and a rebuilt row all read it the same way.
   */
  fallback?: unknown;
  /** the unit a number is counted in (万元, %, 月): shown beside the value, never assumed */
  unit?: Text;
  /** `ref` fields: the family pointed at, by its perm (`common:tbfinanc`), so a reader sees its name */
  refers?: string;
  /** `json` fields holding ids of uploaded files (/file): shown as downloadable names */
  files?: true;
}

interface Options {
  required?: boolean;
  rules?: RuleName[];
  /** set only by the family's commands (see Field.managed) */
  managed?: boolean;
  /** see Field.unit */
  unit?: Text;
  /** see Field.refers */
  refers?: string;
  /** see Field.files */
  files?: true;
}

/** Treats "" like an absent value, so optional form fields can be cleared and required ones report "cannot be empty". */
const emptyToNull = (value: unknown) => (value === "" ? null : value);
const numeric = (value: unknown) =>
  typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value)) ? Number(value) : value;

function withRules(schema: z.ZodString, names: RuleName[] = []): z.ZodType {
  return names.reduce<z.ZodType>(
    (acc, name) => acc.refine((v) => rules[name].test(v as string), { params: { rule: name } }),
    schema,
  );
}

/**
 * A field whose zod schema is built on first read: hundreds of declarations are made at import, most of
 * their schemas only when a command of that family is validated (or the API document is asked for).
 */
function make(kind: FieldKind, sql: SqlType, label: Text, schema: () => z.ZodType, options: Options, extra: Partial<Field> = {}): Field {
  const { unit, refers, files } = options;
  const made = { kind, sql, label, required: options.required ?? false, rules: options.rules ?? [], ...(options.managed ? { managed: true } : {}), ...(unit ? { unit } : {}), ...(refers ? { refers } : {}), ...(files ? { files } : {}), ...extra } as Field;
  return lazyProperty(made, "schema", schema);
}

const bounded = (schema: z.ZodNumber, { min, max }: { min?: number; max?: number }) => {
  const low = min === undefined ? schema : schema.min(min);
  return max === undefined ? low : low.max(max);
};
/** The declared bounds kept on the field, so a form's number input can hold to them as the schema does. */
const bounds = ({ min, max }: { min?: number; max?: number }): Partial<Field> => ({ ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) });

/** A yyyy-MM-dd that names a day of the calendar (not 2024-13-40 or 2023-02-29). */
function realDate(text: string): boolean {
  const [y, m, d] = text.split("-").map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

/** Field builders used by every declaration in `events/families`. */
export const field = {
  text: (label: Text, options: Options & { max?: number; min?: number } = {}) =>
    make("text", "TEXT", label, () => withRules(z.string().min(options.min ?? 0).max(options.max ?? 255), ["noEmoji", ...(options.rules ?? [])]), options),
  longText: (label: Text, options: Options & { max?: number } = {}) =>
    make("text", "TEXT", label, () => withRules(z.string().max(options.max ?? 5000), options.rules), options),
  int: (label: Text, options: Options & { min?: number; max?: number } = {}) =>
    make("int", "INTEGER", label, () => z.preprocess(numeric, z.number().int().min(options.min ?? -2147483648).max(options.max ?? 2147483647)), options, bounds(options)),
  /** `min`/`max` bound the value (amounts and counts declare `min: 0`: the domain has no negative ones) */
  number: (label: Text, options: Options & { min?: number; max?: number } = {}) =>
    make("number", "REAL", label, () => z.preprocess(numeric, bounded(z.number(), options)), options, bounds(options)),
  bool: (label: Text, options: Options = {}) =>
    make("bool", "INTEGER", label, () => z.preprocess((v) => (v === 1 || v === "1" || v === "true" ? true : v === 0 || v === "0" || v === "false" ? false : v), z.boolean()), options),
  date: (label: Text, options: Options = {}) => make("date", "TEXT", label, () => z.string().refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && realDate(v), { params: { rule: "date" } }), options),
  datetime: (label: Text, options: Options = {}) =>
    make("datetime", "TEXT", label, () => z.string().refine((v) => /^\d{4}-\d{2}-\d{2} ([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/.test(v) && realDate(v.slice(0, 10)), { params: { rule: "datetime" } }), options),
  /** a dictionary value (its `value`, stored as text); `multiple` keeps an array */
  dict: (label: Text, type: string, options: Options & { multiple?: boolean } = {}) =>
    make(
      "dict",
      "TEXT",
      label,
      () => (options.multiple ? z.array(z.preprocess((v) => (typeof v === "number" ? String(v) : v), z.string().max(64))).max(200) : z.preprocess((v) => (typeof v === "number" ? String(v) : v), z.string().max(64))),
      options,
      { dict: type, multiple: options.multiple ?? false },
    ),
  /** the id of another record */
  ref: (label: Text, options: Options = {}) => make("ref", "TEXT", label, () => z.preprocess((v) => (typeof v === "number" ? String(v) : v), z.string().max(64)), options),
  /** ids of other records, mirrored into a link table for joins */
  refs: (label: Text, link: Field["link"] & {}, options: Options = {}) =>
    make("refs", "TEXT", label, () => z.array(z.preprocess((v) => (typeof v === "number" ? String(v) : v), z.string().max(64))).max(1000), options, { link }),
  /** `schema` may be a function building it, so a declaration's own schema is built on first use too */
  json: (label: Text, schema: z.ZodType | (() => z.ZodType), options: Options = {}) => make("json", "TEXT", label, typeof schema === "function" ? schema : () => schema, options),
};

/** Schema of one field inside a command: "" and null clear it, absence leaves it alone. */
export function fieldInputSchema(f: Field): z.ZodType {
  return z.preprocess(emptyToNull, f.schema.nullable()).optional();
}

/** Whether a field's column holds JSON text (arrays and objects) rather than a plain SQLite value. */
export const storedAsJson = (f: Field) => f.kind === "refs" || f.kind === "json" || (f.kind === "dict" && !!f.multiple);

/** JSON value of a record → SQLite value of its row. */
export function toColumn(f: Field, value: unknown): string | number | null {
  if (value === undefined || value === null) return null;
  if (storedAsJson(f)) return JSON.stringify(value);
  return f.kind === "bool" ? (value ? 1 : 0) : (value as string | number);
}

/** SQLite value of a row → JSON value of the record. */
export function fromColumn(f: Field, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (storedAsJson(f)) return JSON.parse(value as string);
  return f.kind === "bool" ? value === 1 || value === true : value;
}

/** camelCase field key → snake_case column name. */
export const columnName = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
