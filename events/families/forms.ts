/**
 * Forms over run-time data models: the form being designed (a draft until released), its
 * immutable releases (a record filled with release N renders with release N's layout for good), and the
 * filled forms, each pointing at the model record that holds its values.
 */
import { defineFamily, familyTags, l, type Family } from "../family.ts";
import { field } from "../fields.ts";
import { withLazy } from "../lazy.ts";
import { formLayoutSchema } from "../forms/layout.ts";

/** A form on a data model: `status` 0 draft, 1 released, 2 revoked; `version` the latest release number. */
export const dataModelForms = defineFamily({
  path: "/datamodel/form",
  perm: "datamodel:form",
  table: "datamodel_form",
  label: l("模型表单", "Model form"),
  fields: {
    name: field.text(l("表单名称", "Form name"), { required: true, max: 64 }),
    code: field.text(l("表单编码", "Form code"), { required: true, max: 64, rules: ["noOuterSpaces"] }),
    dataModelId: field.ref(l("数据模型", "Data model"), { required: true }),
    templateName: field.text(l("模板名称", "Template name"), { max: 64 }),
    layout: field.json(l("表单布局", "Form layout"), formLayoutSchema),
    processForm: field.bool(l("流程表单", "Process form")),
    status: field.dict(l("状态", "Status"), "formStatus", { managed: true }),
    version: field.int(l("版本", "Version"), { managed: true, min: 0 }),
    remark: field.longText(l("备注", "Remark"), { max: 500 }),
  },
  search: ["name", "code"],
  columns: ["name", "code", "dataModelId", "templateName", "processForm", "status", "version", "remark"],
  filters: { name: "like", code: "eq", dataModelId: "eq", status: "eq", processForm: "eq" },
  sorts: ["name", "code", "version", "createTime", "updateTime"],
  defaultSort: ["updateTime", "desc"],
  counted: ["status"],
  unique: [["code"]],
});

/**
 * Keeps a family's own name (streams, events, table) while its routes are guarded by another family's
 * tags: a form's releases are read by whoever may read forms, yet must not share the forms' event types.
 */
const guardedBy = <F extends Family>(family: F, perm: string): F => {
  return withLazy(family, { perm, tags: familyTags(perm) } as Partial<F>);
};

/** One released version of a form: written once by the release command, never changed. */
const releaseFamily = defineFamily({
  path: "/datamodel/formrelease",
  perm: "datamodel:formrelease",
  table: "datamodel_form_release",
  label: l("表单版本", "Form release"),
  fields: {
    formId: field.ref(l("表单", "Form"), { required: true }),
    code: field.text(l("表单编码", "Form code"), { required: true, max: 64 }),
    version: field.int(l("版本", "Version"), { required: true, min: 1 }),
    layout: field.json(l("表单布局", "Form layout"), formLayoutSchema, { required: true }),
    dataModelId: field.ref(l("数据模型", "Data model"), { required: true }),
    modelVersion: field.int(l("模型版本", "Model version"), { min: 0 }),
  },
  columns: ["code", "version", "dataModelId", "modelVersion"],
  filters: { formId: "eq", code: "eq", version: "eq" },
  sorts: ["version", "createTime"],
  defaultSort: ["version", "desc"],
  unique: [["formId", "version"]],
});
export const dataModelFormReleases = guardedBy(releaseFamily, "datamodel:form");

/** A filled form: the model record holding the values, the release it was filled with, and its approval. */
export const formData = defineFamily({
  path: "/form/data",
  perm: "form:data",
  table: "form_data",
  label: l("表单数据", "Form data"),
  fields: {
    formId: field.ref(l("表单", "Form"), { required: true }),
    formCode: field.text(l("表单编码", "Form code"), { required: true, max: 64 }),
    formVersion: field.int(l("表单版本", "Form version"), { required: true, min: 1 }),
    dataModelId: field.ref(l("数据模型", "Data model"), { required: true }),
    recordId: field.ref(l("数据记录", "Record"), { required: true }),
    procInsId: field.text(l("流程实例", "Process instance"), { managed: true, max: 64 }),
    status: field.dict(l("状态", "Status"), "applyStatus", { managed: true }),
    title: field.text(l("标题", "Title"), { max: 128 }),
  },
  search: ["title", "formCode"],
  columns: ["title", "formCode", "formVersion", "status", "procInsId"],
  filters: { formId: "eq", formCode: "eq", dataModelId: "eq", recordId: "eq", status: "eq", procInsId: "eq", title: "like" },
  sorts: ["formVersion", "createTime", "updateTime"],
  defaultSort: ["createTime", "desc"],
  counted: ["status"],
});

export const formFamilies = [dataModelForms, dataModelFormReleases, formData];
