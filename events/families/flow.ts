/**
 * Workflow record families: process models (the designer's tree or an imported BPMN document, with the
 * last published version) and each user's approval opinions. As records they get history, revert and the
 * recycle bin from the record engine; publishing a model is the workflow module's own verb.
 */
import * as z from "zod";
import { defineFamily, l } from "../family.ts";
import { field } from "../fields.ts";

/** A process model: the designer's tree and/or its BPMN XML; `deployedVersion` is the latest published one. */
export const flowModel = defineFamily({
  path: "/flowable/definition",
  perm: "flowable:definition",
  table: "flow_model",
  label: l("流程模型", "Process model"),
  fields: {
    key: field.text(l("模型标识", "Model key"), { required: true, max: 64, rules: ["noOuterSpaces"] }),
    name: field.text(l("模型名称", "Model name"), { required: true, max: 100 }),
    category: field.text(l("分类", "Category"), { max: 64 }),
    description: field.longText(l("描述", "Description"), { max: 1000 }),
    formCode: field.text(l("表单编码", "Form code"), { max: 64 }),
    // the designer's process tree (events/flow/tree.ts validates it before it gets here)
    tree: field.json(l("流程树", "Process tree"), () => z.record(z.string(), z.unknown())),
    xml: field.longText(l("BPMN 文档", "BPMN document"), { max: 1_000_000 }),
    deployedVersion: field.int(l("已发布版本", "Published version"), { min: 0 }),
    deployTime: field.text(l("发布时间", "Published at"), { max: 32 }),
  },
  search: ["name", "key", "description"],
  columns: ["key", "name", "category", "formCode", "deployedVersion", "deployTime", "description"],
  filters: { name: "like", key: "eq", category: "eq" },
  sorts: ["name", "key", "updateTime", "createTime"],
  defaultSort: ["updateTime", "desc"],
  unique: [["key"]],
});

/** A user's opinion phrases (常用意见) and signature image: one record per user. */
export const flowOpinion = defineFamily({
  path: "/flowable/opinion",
  perm: "flowable:opinion",
  table: "flow_opinion",
  label: l("审批意见", "Approval opinions"),
  fields: {
    ownerId: field.ref(l("用户", "User"), { required: true }),
    phrases: field.json(l("常用意见", "Opinion phrases"), () => z.array(z.string().max(200)).max(50)),
    signatureFileId: field.text(l("签名文件", "Signature file"), { max: 64 }),
  },
  columns: ["ownerId", "phrases", "signatureFileId"],
  filters: { ownerId: "eq" },
  sorts: ["updateTime"],
  defaultSort: ["updateTime", "desc"],
  unique: [["ownerId"]],
});
