/**
 * Data models defined at run time: a model's definition and the record family it becomes. One
 * engine, two sources of declarations: `familyOfModel` turns a definition into the same `Family` a
 * declaration in events/families gives, so lists, forms, validation, history, search and spreadsheets work
 * unchanged. Pure: shared by the Worker and the browser.
 */
import * as z from "zod";
import { defineFamily, familyTags, l, type Family, type FilterOp } from "../family.ts";
import { field, type Field } from "../fields.ts";
import { withLazy, lazySchema } from "../lazy.ts";
import type { Text } from "../i18n.ts";
import { viewDefinitionSchema } from "./view.ts";
import { reservedFieldNames } from "./names.ts";

/** The field types an administrator can choose. */
export const modelFieldTypes = ["text", "longText", "int", "decimal", "date", "datetime", "dict", "dictMulti", "region", "organisation", "user", "file", "bool"] as const;
export type ModelFieldType = (typeof modelFieldTypes)[number];

/** D1 allows 100 columns per table: the id and the bookkeeping columns take six. */
export const maxModelFields = 90;

export { reservedFieldNames };

const fieldValue = lazySchema(() => z.union([z.string().max(5000), z.number(), z.boolean(), z.array(z.string().max(64)).max(200)]));

export const modelFieldSchema = lazySchema(() => z.object({
  /** the key in records and the column's base name */
  name: z
    .string()
    .regex(/^[a-z][a-zA-Z0-9]{0,39}$/)
    .refine((n) => !reservedFieldNames.includes(n), { params: { rule: "reservedName" } }),
  title: z.string().trim().min(1).max(64),
  titleEn: z.string().trim().max(64).optional(),
  type: z.enum(modelFieldTypes),
  /** text length (characters) */
  length: z.number().int().min(1).max(5000).optional(),
  required: z.boolean().default(false),
  unique: z.boolean().default(false),
  defaultValue: fieldValue.optional(),
  /** dictionary type of dict and dictMulti fields */
  dictType: z.string().max(64).optional(),
  /** a regular expression text values must match (the message names the field) */
  pattern: z.string().max(200).optional(),
  /** what a value breaking the pattern is told (else "format error") */
  patternMessage: z.string().trim().max(100).optional(),
  /**
   * The value records written before a required field existed read (set by the model commands from the
   * field's default when it is added, never by a client): see Field.fallback.
   */
  fallback: fieldValue.optional(),
  /** removed fields are hidden, never dropped: their values stay in the records and their history */
  hidden: z.boolean().default(false),
}));
export type ModelField = z.infer<typeof modelFieldSchema>;

export const dataModelSchema = lazySchema(() => z
  .object({
    name: z.string().trim().min(1).max(64),
    /** the model's code: its table is dm_<code> */
    code: z.string().regex(/^[a-z][a-z0-9_]{1,30}$/),
    type: z.enum(["table", "view"]).default("table"),
    /** a view model's fields are its chosen columns (worker/datamodel/views.ts fills them in) */
    fields: z.array(modelFieldSchema).min(1).max(maxModelFields),
    /** a view model's query (events/datamodel/view.ts) */
    view: viewDefinitionSchema.optional(),
  })
  .refine((m) => new Set(m.fields.map((f) => f.name)).size === m.fields.length, { path: ["fields"], params: { rule: "uniqueFieldNames" } }));
export type DataModel = z.infer<typeof dataModelSchema>;

const labelOf = (f: ModelField): Text => l(f.title, f.titleEn || f.title);

/** A text rule from the model's own pattern (a bad pattern is refused when the model is saved). */
function withPattern(base: Field, pattern: string | undefined, message: string | undefined): Field {
  if (!pattern) return base;
  const re = new RegExp(pattern, "u");
  return { ...base, schema: base.schema.refine((v) => typeof v !== "string" || re.test(v), { params: { rule: "pattern", ...(message ? { message } : {}) } }) };
}

/**
 * Whether a pattern compiles the way fieldOfModel compiles it (checked when a model is saved). A quantified
 * group that itself repeats, such as (a+)+, can take exponential time on a long value, so it is refused too.
 */
export function patternError(pattern: string): string | null {
  if (/\((?:[^()\\]|\\.)*(?:[+*]|\{\d+,\d*\})(?:[^()\\]|\\.)*\)(?:[+*]|\{\d+,\d*\})/.test(pattern)) return "nested quantifier";
  try {
    new RegExp(pattern, "u");
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

/** The engine's field for a model field (with the fallback old records read, when it has one). */
export function fieldOfModel(f: ModelField): Field {
  const built = baseField(f);
  return f.fallback === undefined ? built : { ...built, fallback: f.fallback };
}

function baseField(f: ModelField): Field {
  const label = labelOf(f);
  const options = { required: f.required };
  switch (f.type) {
    case "text":
      return withPattern(field.text(label, { ...options, max: f.length ?? 255 }), f.pattern, f.patternMessage);
    case "longText":
      return withPattern(field.longText(label, { ...options, max: f.length ?? 5000 }), f.pattern, f.patternMessage);
    case "int":
      return field.int(label, options);
    case "decimal":
      return field.number(label, options);
    case "date":
      return field.date(label, options);
    case "datetime":
      return field.datetime(label, options);
    case "dict":
      return field.dict(label, f.dictType ?? "", options);
    case "dictMulti":
      return field.dict(label, f.dictType ?? "", { ...options, multiple: true });
    case "region":
      return field.text(label, { ...options, max: 6, rules: ["zoningCode"] });
    case "organisation":
      return field.ref(label, options);
    case "user":
      return { ...field.ref(label, options), to: "user" };
    case "file":
      return field.json(label, () => z.array(z.string().max(64)).max(20), options);
    case "bool":
      return field.bool(label, options);
  }
}

/** The kinds a list can filter by exactly; text is searched by prefix, and JSON values not at all. */
const filterOf = (f: ModelField): FilterOp | null => (f.type === "text" || f.type === "longText" ? "prefix" : f.type === "file" || f.type === "dictMulti" ? null : "eq");

/**
 * The record family of a model: table dm_<code>, events dm.<code>.*, the data verbs' permission tags
 * (every model's records are reached through /datamodel/data with `datamodel:data:*`), every visible field a
 * column, a filter and a sort key (each gets an index, so any field is a fast query), text fields searched.
 * A view model's family is read-only: its fields are the view's chosen columns, its table the SQL view
 * dm_<code> (the data routes refuse writes to it; see worker/datamodel/runtime.ts isViewFamily).
 */
/** Every model's records are reached through /datamodel/data, under the one set of data tags. */
export const modelRecordTags = familyTags("datamodel:data");

/** Each record write updates a total per counted field and per (counted, summed) pair: kept few. */
const maxCountedFields = 8;
const maxSummedFields = 8;

export function familyOfModel(id: string, model: DataModel): Family {
  const view = model.type === "view";
  const visible = model.fields.filter((f) => !f.hidden);
  const fields = Object.fromEntries(model.fields.map((f) => [f.name, fieldOfModel(f)]));
  const filters = Object.fromEntries(visible.flatMap((f) => (filterOf(f) ? [[f.name, filterOf(f)!]] : [])));
  const family = defineFamily({
    path: `/datamodel/data/${id}`,
    perm: `dm:${model.code}`,
    table: `dm_${model.code}`,
    label: l(model.name, model.name),
    fields,
    columns: visible.slice(0, 12).map((f) => f.name),
    filters,
    sorts: [...visible.filter((f) => filterOf(f) === "eq" || f.type === "text").map((f) => f.name), "createTime", "updateTime"],
    defaultSort: ["createTime", "desc"],
    // a view model's rows come from its query: no full-text table and no unique index of its own
    search: view ? [] : visible.filter((f) => f.type === "text" || f.type === "longText").map((f) => f.name).slice(0, 8),
    unique: view ? [] : visible.filter((f) => f.unique).map((f) => [f.name]),
    // Totals a list's dictionary filter and a grouped report read instead of counting rows (hidden fields
    // too, so a field shown again has right totals); a view has no projection to keep them.
    counted: view ? [] : model.fields.filter((f) => f.type === "dict").map((f) => f.name).slice(0, maxCountedFields),
    summed: view ? [] : model.fields.filter((f) => f.type === "int" || f.type === "decimal").map((f) => f.name).slice(0, maxSummedFields),
  }) as unknown as Family;
  return withLazy(family, { tags: modelRecordTags });
}
