/**
 * Data models: the definitions administrators make at run time. A model is a record of this
 * declared family, so its history (the engine's) is the model's version history; its records live in a
 * run-time family built from the definition (events/datamodel/definition.ts `familyOfModel`).
 */
import * as z from "zod";
import { defineFamily, l } from "../family.ts";
import { field } from "../fields.ts";
import { maxModelFields, modelFieldSchema } from "../datamodel/definition.ts";
import { viewDefinitionSchema } from "../datamodel/view.ts";

export const dataModels = defineFamily({
  path: "/datamodel",
  perm: "datamodel:datamodel",
  table: "datamodel_model",
  label: l("数据模型", "Data model"),
  fields: {
    name: field.text(l("模型名称", "Model name"), { required: true, max: 64 }),
    code: field.text(l("模型编码", "Model code"), { required: true, max: 32 }),
    type: field.dict(l("模型类型", "Model type"), "dataModelType", { required: true }),
    // dm_<code>, set by the model commands: the code never changes, so neither does the table
    tableName: field.text(l("数据表", "Table"), { managed: true, max: 64 }),
    fields: field.json(l("字段", "Fields"), () => z.array(modelFieldSchema).max(maxModelFields)),
    view: field.json(l("视图定义", "View definition"), viewDefinitionSchema),
    // set by the one-click menu command only
    menuId: field.ref(l("菜单", "Menu"), { managed: true }),
    remark: field.longText(l("备注", "Remark"), { max: 500 }),
  },
  search: ["name", "code"],
  columns: ["name", "code", "type", "tableName", "menuId", "remark"],
  filters: { name: "like", code: "eq", type: "eq" },
  sorts: ["name", "code", "createTime", "updateTime"],
  defaultSort: ["createTime", "desc"],
  unique: [["code"]],
});

export const datamodelFamilies = [dataModels];
