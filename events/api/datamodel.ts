/**
 * The data-model module's own verbs (worker/datamodel/models.ts, fields.ts and data-routes.ts): the model
 * commands beyond the engine's (save, update, delete, revert, the one-click menu), the pickers, a model's
 * fields as rows with their commands, its table's metadata, the field types and the run-time definition.
 * The records' verbs (/datamodel/data/…) and the models' list and info are the record engine's.
 */
import * as z from "zod";
import { modelFieldTypes } from "../datamodel/definition.ts";
import { viewDefinitionSchema } from "../datamodel/view.ts";
import { recordMeta, savedRecord, verb } from "./verb.ts";
import { lazySchema } from "../lazy.ts";

const models = "/datamodel";
const fields = "/datamodel/field";

const fieldValue = lazySchema(() => z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]));

/** A field of a model as stored (events/datamodel/definition.ts, after its defaults). */
export const storedField = lazySchema(() => z.strictObject({
  name: z.string(),
  title: z.string(),
  titleEn: z.string().optional(),
  type: z.enum(modelFieldTypes),
  length: z.number().int().optional(),
  required: z.boolean(),
  unique: z.boolean(),
  defaultValue: fieldValue.optional(),
  dictType: z.string().optional(),
  pattern: z.string().optional(),
  patternMessage: z.string().optional(),
  fallback: fieldValue.optional(),
  hidden: z.boolean(),
}));

/** A field as a row: its model, its column, its type's name and its place. */
export const fieldRow = lazySchema(() => storedField.extend({ id: z.string(), dataModelId: z.string(), columnName: z.string(), typeName: z.string(), orderNum: z.number().int() }));

/** A model for pickers. */
export const pickerRow = lazySchema(() => z.strictObject({ id: z.string(), name: z.string(), code: z.string(), type: z.string() }));

/** The definition the browser rebuilds a model's record family from. */
export const modelDefinition = lazySchema(() => z.strictObject({
  id: z.string(),
  version: z.number().int(),
  model: z.strictObject({ name: z.string(), code: z.string(), type: z.enum(["table", "view"]), fields: z.array(storedField), view: viewDefinitionSchema.optional() }),
}));

/** A model as the engine's list and info answer it. */
export const modelRow = lazySchema(() => z.strictObject({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  /** dataModelType */
  type: z.enum(["table", "view"]),
  /** dm_<code> */
  tableName: z.string().nullable(),
  fields: z.array(storedField).nullable(),
  view: viewDefinitionSchema.nullable(),
  menuId: z.string().nullable(),
  remark: z.string().nullable(),
  ...recordMeta,
}));

const idQuery = lazySchema(() => z.object({ dataModelId: z.string().max(64) }));

export const datamodel = {
  list: verb({ method: "GET", path: `${models}/list`, response: () => z.array(modelRow), paged: true }),
  listAll: verb({ method: "GET", path: `${models}/listAll`, response: () => z.array(modelRow) }),
  info: verb({ method: "GET", path: `${models}/info/:id`, response: modelRow }),
  save: verb({ method: "POST", path: `${models}/save`, response: () => savedRecord("id") }),
  update: verb({ method: "POST", path: `${models}/update`, response: () => savedRecord("id") }),
  /** a model's id or a list of them (1 to 100); a model with records or a menu entry is refused */
  delete: verb({ method: "POST", path: `${models}/delete`, body: () => z.union([z.array(z.string()).min(1).max(100), z.string()]), response: () => z.null() }),
  revert: verb({
    method: "POST",
    path: `${models}/revert/:id`,
    body: () => z.object({ version: z.coerce.number().int().min(1).max(1_000_000), expectedVersion: z.coerce.number().int().min(1).optional() }),
    response: () => savedRecord("id"),
  }),
  select: verb({ method: "GET", path: `${models}/select`, response: () => z.array(pickerRow) }),
  noMenu: verb({ method: "GET", path: `${models}/queryNoMenuAll`, response: () => z.array(pickerRow) }),
  menu: verb({ method: "POST", path: `${models}/menu/:id`, response: () => z.strictObject({ menuId: z.string() }) }),
  fieldList: verb({ method: "GET", path: `${fields}/list`, query: () => idQuery.extend({ fieldTitle: z.string().trim().max(64).optional() }), response: () => z.array(fieldRow), paged: true }),
  fieldAll: verb({ method: "GET", path: `${fields}/selectAll`, query: idQuery, response: () => z.array(fieldRow) }),
  fieldInfo: verb({ method: "GET", path: `${fields}/info/:id`, response: fieldRow }),
  fieldSave: verb({ method: "POST", path: `${fields}/save`, response: () => savedRecord("id") }),
  fieldUpdate: verb({ method: "POST", path: `${fields}/update`, response: () => savedRecord("id") }),
  /** hides fields (their data is kept): `names`, or one `name` */
  fieldDelete: verb({
    method: "POST",
    path: `${fields}/delete`,
    body: () => z.union([z.object({ dataModelId: z.string(), names: z.array(z.string().max(40)).min(1).max(100) }), z.object({ dataModelId: z.string(), name: z.string().max(40) })]),
    response: () => savedRecord("id"),
  }),
  tableMetadata: verb({
    method: "GET",
    path: `${fields}/getTableMetadata`,
    query: idQuery,
    response: () => z.strictObject({
      tableName: z.string(),
      type: z.enum(["table", "view"]),
      columns: z.array(z.strictObject({ cid: z.number().int(), name: z.string(), type: z.string(), notNull: z.number().int(), defaultValue: z.string().nullable(), pk: z.number().int() })),
      indexes: z.array(z.strictObject({ name: z.string(), unique: z.boolean(), origin: z.string(), columns: z.array(z.string()) })),
    }),
  }),
  columnTypes: verb({ method: "GET", path: `${fields}/getColumnTypes`, response: () => z.array(z.strictObject({ value: z.enum(modelFieldTypes), label: z.string() })) }),
  exportFields: verb({ method: "GET", path: `${fields}/findExportField`, query: idQuery, response: () => z.array(z.strictObject({ name: z.string(), title: z.string(), type: z.enum(modelFieldTypes) })) }),
  modelFields: verb({
    method: "GET",
    path: `${fields}/getModelField`,
    query: () => z.object({ dataModelId: z.string().max(64).optional(), code: z.string().max(32).optional() }),
    response: () => z.strictObject({ dataModelId: z.string(), version: z.number().int(), code: z.string(), name: z.string(), fields: z.array(storedField) }),
  }),
  definition: verb({ method: "GET", path: "/datamodel/data/getFieldsByModelId", query: idQuery, response: modelDefinition }),
};
