/**
 * A model's fields as their own verbs (/datamodel/field/*, spec section 7): listing them as rows, their table's
 * columns and indexes, the types a field can take, and save/update/delete of one field — each a change of the
 * whole model (worker/datamodel/models.ts), decided against the data like any other: delete hides the field.
 */
import type { Context } from "hono";
import * as z from "zod";
import { l } from "../../events/family.ts";
import type { Lang, Text } from "../../events/i18n.ts";
import { columnName } from "../../events/fields.ts";
import { modelFieldSchema, modelFieldTypes, type DataModel, type ModelField, type ModelFieldType } from "../../events/datamodel/definition.ts";
import type { RouteTable } from "../http/routes.ts";
import type { Answer } from "../../events/api/verb.ts";
import type { AppEnv } from "../http/env.ts";
import { page, reply } from "../http/envelope.ts";
import { datamodel } from "../../events/api/datamodel.ts";
import { parseInput, parsePaging, readBody } from "../http/input.ts";
import { DomainError, DuplicateError, codes, notFound } from "../errors.ts";
import { recordId } from "../resources/commands.ts";
import { answerWrite, updateWrite } from "./models.ts";
import { modelDefinition } from "./runtime.ts";
import { lazySchema } from "../../events/lazy.ts";

const tags = { list: "datamodel:field:list", info: "datamodel:field:info", save: "datamodel:field:save", update: "datamodel:field:update", delete: "datamodel:field:delete" };
const labels: Record<string, Text> = { dataModelId: l("数据模型", "Data model"), code: l("模型编码", "Model code"), name: l("字段名", "Field name"), names: l("字段名", "Field names"), fieldTitle: l("字段标题", "Field title") };

/** The field types with their names in both languages (getColumnTypes). */
export const fieldTypeLabels: Record<ModelFieldType, Text> = {
  text: l("文本", "Text"),
  longText: l("长文本", "Long text"),
  int: l("整数", "Integer"),
  decimal: l("小数", "Decimal"),
  date: l("日期", "Date"),
  datetime: l("日期时间", "Date and time"),
  dict: l("字典（单选）", "Dictionary (single)"),
  dictMulti: l("字典（多选）", "Dictionary (multiple)"),
  region: l("行政区划", "Region"),
  organisation: l("组织机构", "Organisation"),
  user: l("用户", "User"),
  file: l("文件", "File"),
  bool: l("是/否", "Yes/No"),
};

const idQuery = lazySchema(() => z.object({ dataModelId: recordId }));
const listQuery = lazySchema(() => idQuery.extend({ fieldTitle: z.string().trim().max(64).optional() }));

/** A field as a row: its model, its column, its place. */
const rowOf = (modelId: string, lang: Lang) => (f: ModelField, index: number) => ({
  id: `${modelId}:${f.name}`,
  dataModelId: modelId,
  ...f,
  columnName: columnName(f.name),
  typeName: fieldTypeLabels[f.type][lang],
  orderNum: index,
});

const fieldBody = lazySchema(() => modelFieldSchema.extend({ dataModelId: recordId, version: z.coerce.number().int().min(1).optional() }));
type MetadataColumn = Answer<typeof datamodel.tableMetadata>["columns"][number];

const deleteBody = lazySchema(() => z.union([
  z.object({ dataModelId: recordId, names: z.array(z.string().max(40)).min(1).max(100) }),
  z.object({ dataModelId: recordId, name: z.string().max(40) }).transform((b) => ({ dataModelId: b.dataModelId, names: [b.name] })),
]));

/** Refuses field verbs on a view model: its fields are its columns, changed with the view. */
function requireTable(model: DataModel) {
  if (model.type === "view") throw new DomainError(codes.validation, "modelIsView", { name: model.name });
}

async function changeField(c: Context<AppEnv>, mode: "save" | "update") {
  const { dataModelId, version, ...field } = await readBody(c, fieldBody, labels);
  return answerWrite(c, async () => {
    const { model } = await modelDefinition(c.env.DB, dataModelId);
    requireTable(model);
    const existing = model.fields.find((f) => f.name === field.name);
    const asked = field as ModelField;
    let fields: ModelField[];
    if (mode === "save") {
      // a hidden field of that name holds data: showing it again is an update, not a new field
      if (existing) throw new DuplicateError([{ key: "name", label: labels.name! }]);
      fields = [...model.fields, asked];
    } else {
      if (!existing) throw notFound(l(field.title, field.titleEn || field.title));
      fields = model.fields.map((f) => (f.name === field.name ? asked : f));
    }
    return updateWrite(c, dataModelId, { fields }, version, `field.${mode}`);
  }, false);
}

export function fieldRoutes(routes: RouteTable) {
  routes
    .verb(datamodel.fieldList, tags.list, async (c) => {
      const q = parseInput(listQuery, c.req.query(), labels);
      const { id, model } = await modelDefinition(c.env.DB, q.dataModelId);
      const needle = (q.fieldTitle ?? "").toLowerCase();
      const rows = model.fields.map(rowOf(id, c.get("lang"))).filter((r) => !needle || r.title.toLowerCase().includes(needle) || (r.titleEn ?? "").toLowerCase().includes(needle) || r.name.toLowerCase().includes(needle));
      const { offset, limit } = parsePaging(c.req.query(), 100);
      return page(c, rows.length, rows.slice(offset, offset + limit));
    }, { doc: { summary: l("数据模型的字段（分页，可按标题筛选，含已隐藏字段）", "A model's fields (paged, by title, hidden ones included)") } })
    .verb(datamodel.fieldAll, tags.list, async (c) => {
      const q = parseInput(idQuery, c.req.query(), labels);
      const { id, model } = await modelDefinition(c.env.DB, q.dataModelId);
      return reply(c, datamodel.fieldAll, model.fields.map(rowOf(id, c.get("lang"))).filter((f) => !f.hidden), "fetched");
    }, { doc: { summary: l("数据模型的全部可见字段", "Every visible field of a model") } })
    .verb(datamodel.fieldInfo, tags.info, async (c) => {
      const [modelId, name] = (c.req.param("id") ?? "").split(":");
      const { id, model } = await modelDefinition(c.env.DB, modelId ?? "");
      const index = model.fields.findIndex((f) => f.name === name);
      if (index < 0) throw notFound(labels.name!);
      return reply(c, datamodel.fieldInfo, rowOf(id, c.get("lang"))(model.fields[index]!, index), "fetched");
    }, { doc: { summary: l("一个字段（编号为 <模型编号>:<字段名>）", "One field (id <model id>:<field name>)") } })
    .verb(datamodel.fieldSave, tags.save, (c) => changeField(c, "save"), { doc: { summary: l("新增字段（模型变更）", "Add a field (a model change)"), body: fieldBody } })
    .verb(datamodel.fieldUpdate, tags.update, (c) => changeField(c, "update"), { doc: { summary: l("修改字段：类型、长度、必填、唯一的变更须与已有数据相容", "Change a field: type, length, required and unique changes must fit the existing data"), body: fieldBody } })
    .verb(datamodel.fieldDelete, tags.delete, async (c) => {
      const { dataModelId, names } = await readBody(c, deleteBody, labels);
      return answerWrite(c, async () => {
        const { model } = await modelDefinition(c.env.DB, dataModelId);
        requireTable(model);
        for (const name of names) if (!model.fields.some((f) => f.name === name)) throw notFound(labels.name!);
        // hidden, never dropped: the column and its values stay, and the field can be shown again
        const fields = model.fields.map((f) => (names.includes(f.name) ? { ...f, hidden: true } : f));
        return updateWrite(c, dataModelId, { fields }, undefined, "field.delete");
      }, false);
    }, { doc: { summary: l("删除字段（隐藏，数据保留）", "Delete fields (hidden; their data is kept)") } })
    .verb(datamodel.tableMetadata, tags.info, async (c) => {
      const q = parseInput(idQuery, c.req.query(), labels);
      const { model } = await modelDefinition(c.env.DB, q.dataModelId);
      const tableName = `dm_${model.code}`;
      const columns = (await c.env.DB.prepare(`SELECT cid, name, type, "notnull" AS "notNull", dflt_value AS "defaultValue", pk FROM pragma_table_info(?)`).bind(tableName).all<MetadataColumn>()).results;
      const list = (await c.env.DB.prepare(`SELECT name, "unique" AS isUnique, origin FROM pragma_index_list(?)`).bind(tableName).all<{ name: string; isUnique: number; origin: string }>()).results;
      const indexes = [];
      for (const index of list) {
        const cols = (await c.env.DB.prepare("SELECT name FROM pragma_index_info(?) ORDER BY seqno").bind(index.name).all<{ name: string }>()).results;
        indexes.push({ name: index.name, unique: index.isUnique === 1, origin: index.origin, columns: cols.map((r) => r.name) });
      }
      return reply(c, datamodel.tableMetadata, { tableName, type: model.type, columns, indexes }, "fetched");
    }, { doc: { summary: l("模型数据表的列与索引", "Columns and indexes of a model's table") } })
    .verb(datamodel.columnTypes, "signedIn", async (c) => reply(c, datamodel.columnTypes, modelFieldTypes.map((value) => ({ value, label: fieldTypeLabels[value][c.get("lang")] })), "fetched"), {
      doc: { summary: l("字段类型及名称（当前语言）", "Field types with their names (in the user's language)") },
    })
    .verb(datamodel.exportFields, tags.list, async (c) => {
      const q = parseInput(idQuery, c.req.query(), labels);
      const { model } = await modelDefinition(c.env.DB, q.dataModelId);
      const lang = c.get("lang");
      return reply(c, datamodel.exportFields, model.fields.filter((f) => !f.hidden).map((f) => ({ name: f.name, title: lang === "en-US" ? f.titleEn || f.title : f.title, type: f.type })), "fetched");
    }, { doc: { summary: l("可导出的字段（可见字段）", "Fields an export can hold (the visible ones)") } })
    .verb(datamodel.modelFields, tags.list, async (c) => {
      const q = parseInput(z.object({ dataModelId: recordId.optional(), code: z.string().max(32).optional() }).refine((v) => v.dataModelId || v.code, { path: ["dataModelId"] }), c.req.query(), labels);
      const { id, version, model } = await modelDefinition(c.env.DB, q.dataModelId ?? { code: q.code ?? "" });
      return reply(c, datamodel.modelFields, { dataModelId: id, version, code: model.code, name: model.name, fields: model.fields.filter((f) => !f.hidden) }, "fetched");
    }, { doc: { summary: l("表单绑定用的模型字段（按模型编号或编码）", "A model's fields for a form binding (by model id or code)") } });
}
