/**
 * Reports (SPEC section 7): report models (what the designer saves: a source and a definition)
 * and report files (what the viewer opens: a published snapshot under a code). The definition is compiled
 * to SQL by worker/reports/compile.ts, only over the source family's declared fields.
 *
 * A model's publish is its own verb (`/flow/service/publish?id`): it snapshots the definition into a report
 * file and counts `publishedVersion`, which the generic publish lifecycle (status only) cannot do, so the
 * model declares no lifecycle and its managed status is set by that verb. A report file is a plain publish
 * lifecycle: published, taken back (revokeData), published again.
 */
import { defineFamily, l } from "../family.ts";
import { field } from "../fields.ts";
import { reportDefinitionSchema, reportSourceSchema } from "../reports/definition.ts";

const code = () => field.text(l("报表编码", "Report code"), { required: true, max: 64, rules: ["noOuterSpaces"] });

export const reportModels = defineFamily({
  path: "/report/model",
  perm: "report:model",
  table: "report_model",
  label: l("报表模型", "Report model"),
  fields: {
    name: field.text(l("报表名称", "Report name"), { required: true, max: 100 }),
    code: code(),
    source: field.json(l("数据来源", "Source"), reportSourceSchema, { required: true }),
    definition: field.json(l("报表定义", "Definition"), reportDefinitionSchema, { required: true }),
    status: field.dict(l("发布状态", "Publish status"), "publishStatus", { managed: true }),
    publishedVersion: field.int(l("已发布版本", "Published version"), { managed: true, min: 0 }),
    publishTime: field.datetime(l("发布时间", "Published at"), { managed: true }),
    remark: field.longText(l("备注", "Remark"), { max: 500 }),
  },
  search: ["name", "code"],
  columns: ["name", "code", "status", "publishedVersion", "publishTime", "remark"],
  filters: { name: "like", code: "eq", status: "eq" },
  sorts: ["name", "code", "publishTime", "createTime", "updateTime"],
  defaultSort: ["updateTime", "desc"],
  unique: [["code"]],
});

export const reportFiles = defineFamily({
  path: "/report/reportfile",
  perm: "report:reportfile",
  table: "report_file",
  label: l("报表文件", "Published report"),
  fields: {
    name: field.text(l("报表名称", "Report name"), { required: true, max: 100 }),
    code: code(),
    reportModelId: field.ref(l("报表模型", "Report model"), { required: true }),
    // the snapshot a publish takes: a later edit of the model changes nothing until it is published again
    source: field.json(l("数据来源", "Source"), reportSourceSchema, { managed: true }),
    definition: field.json(l("报表定义", "Definition"), reportDefinitionSchema, { managed: true }),
    modelVersion: field.int(l("模型发布版本", "Model's published version"), { managed: true, min: 0 }),
    status: field.dict(l("发布状态", "Publish status"), "publishStatus", { managed: true }),
    publishTime: field.datetime(l("发布时间", "Published at"), { managed: true }),
    remark: field.longText(l("备注", "Remark"), { max: 500 }),
  },
  search: ["name", "code"],
  columns: ["name", "code", "status", "modelVersion", "publishTime", "remark"],
  filters: { name: "like", code: "eq", status: "eq", reportModelId: "eq" },
  sorts: ["name", "code", "publishTime", "createTime", "updateTime"],
  defaultSort: ["updateTime", "desc"],
  unique: [["code"]],
  lifecycle: { publish: true },
});

export const reportFamilies = [reportModels, reportFiles];
