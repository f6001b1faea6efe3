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
    // filled through a fill-in link: the enterprise the link was sent to (not `creditCode`, which would make
    // filled forms a tab of the enterprise profile) and the link itself
    enterpriseCode: field.text(l("填写企业（统一社会信用代码）", "Filled by (credit code)"), { managed: true, max: 64 }),
    enterpriseName: field.text(l("填写企业", "Filled by"), { managed: true, max: 255 }),
    linkId: field.text(l("填写链接", "Fill-in link"), { managed: true, max: 64 }),
  },
  search: ["title", "formCode", "enterpriseName"],
  columns: ["title", "formCode", "formVersion", "status", "enterpriseName", "procInsId"],
  filters: { formId: "eq", formCode: "eq", dataModelId: "eq", recordId: "eq", status: "eq", procInsId: "eq", title: "like", enterpriseCode: "eq" },
  sorts: ["formVersion", "createTime", "updateTime"],
  defaultSort: ["createTime", "desc"],
  counted: ["status"],
});

/**
 * A fill-in link sent to an enterprise: one release of a form, one enterprise, an expiry. The signed token
 * carries this record's id; the record says whether the link was used (one submission per link) and by
 * which filled form. Written by the issue and the public submission only.
 */
const linkFamily = defineFamily({
  path: "/datamodel/formlink",
  perm: "datamodel:formlink",
  table: "datamodel_form_link",
  label: l("表单填写链接", "Form fill-in link"),
  fields: {
    formId: field.ref(l("表单", "Form"), { required: true }),
    releaseId: field.ref(l("表单版本", "Form release"), { required: true }),
    formCode: field.text(l("表单编码", "Form code"), { required: true, max: 64 }),
    formVersion: field.int(l("表单版本", "Form version"), { required: true, min: 1 }),
    enterpriseCode: field.text(l("统一社会信用代码", "Credit code"), { required: true, max: 64 }),
    enterpriseName: field.text(l("企业名称", "Enterprise"), { required: true, max: 255 }),
    expiresAt: field.text(l("有效期至", "Valid until"), { required: true, max: 32 }),
    formDataId: field.text(l("已提交的表单数据", "Submitted form data"), { managed: true, max: 64 }),
    usedAt: field.text(l("提交时间", "Submitted at"), { managed: true, max: 32 }),
  },
  search: ["enterpriseName", "formCode"],
  columns: ["formCode", "formVersion", "enterpriseName", "enterpriseCode", "expiresAt", "usedAt"],
  filters: { formId: "eq", releaseId: "eq", enterpriseCode: "eq" },
  sorts: ["createTime", "expiresAt"],
  defaultSort: ["createTime", "desc"],
});
export const dataModelFormLinks = guardedBy(linkFamily, "datamodel:form");

export const formFamilies = [dataModelForms, dataModelFormReleases, formData, dataModelFormLinks];
