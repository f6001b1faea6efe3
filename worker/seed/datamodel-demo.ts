/**
 * The demo of run-time data models (local and browser-test databases, never deployments): a project
 * pipeline model an administrator could have defined, 160 of its records, a released form on it and a
 * published report grouping it by industry with a bar chart. Written through the same decisions the routes
 * take (the report module's definition check and publish), so the demo is what the screens would make.
 * Deterministic: the same records on every machine.
 */
import { modelFieldSchema, type DataModel } from "../../events/datamodel/definition.ts";
import type { FormLayout } from "../../events/forms/layout.ts";
import { newCreate } from "../resources/commands.ts";
import { models } from "../datamodel/models.ts";
import { familyOfRecord, registerModelFamily } from "../datamodel/runtime.ts";
import { forms, formStatus, releases } from "../forms/forms.ts";
import { newModel, publishWrites } from "../reports/models.ts";
import type { EventStore } from "../store/index.ts";
import { seedCommand } from "../commands/seed.ts";

export const demoModelCode = "project_pipeline";
export const demoReportCode = "project_by_industry";

const fields = [
  { name: "projectName", title: "项目名称", titleEn: "Project name", type: "text", length: 100, required: true },
  { name: "industry", title: "所属行业", titleEn: "Industry", type: "dict", dictType: "industry", required: true },
  { name: "investment", title: "总投资(万元)", titleEn: "Total investment (10k CNY)", type: "decimal" },
  { name: "startDate", title: "计划开工", titleEn: "Planned start", type: "date" },
  { name: "region", title: "所在区划", titleEn: "Division", type: "region" },
  { name: "keyProject", title: "重点项目", titleEn: "Key project", type: "bool" },
  { name: "contact", title: "联系人", titleEn: "Contact", type: "text", length: 32 },
  { name: "remark", title: "备注", titleEn: "Remark", type: "longText", length: 500 },
].map((f) => modelFieldSchema.parse(f));

const definition: DataModel = { name: "项目储备库", code: demoModelCode, type: "table", fields };

const industries = ["C", "I", "M", "E", "D", "F", "G", "K"];
/** The cities a project is named after, each with the districts it may lie in (a 渭南 project lies in 渭南). */
const cities: [string, string[]][] = [
  ["西安", ["610102", "610103", "610104", "610111", "610112", "610113", "610114", "610116"]],
  ["咸阳", ["610402", "610404"]],
  ["宝鸡", ["610302", "610303", "610304"]],
  ["渭南", ["610502", "610503"]],
];
const kinds = ["新材料产业园", "智能制造基地", "数据中心", "光伏电站", "物流枢纽", "研发中心", "商业综合体", "污水处理厂"];
const people = ["王强", "李娜", "张敏", "刘洋", "陈静", "杨帆", "赵磊", "黄婷"];

/** Record n of the pipeline: values spread over every industry, division and quarter of 2026–2027. */
function project(n: number) {
  const month = 1 + (n % 24);
  const [city, districts] = cities[n % cities.length]!;
  return {
    projectName: `${city}${kinds[(n * 3) % kinds.length]}${["一期", "二期", "三期"][n % 3]}(${n + 1})`,
    industry: industries[(n * 7) % industries.length],
    investment: 500 + ((n * 7919) % 95_000),
    startDate: `${2026 + Math.floor((month - 1) / 12)}-${String(((month - 1) % 12) + 1).padStart(2, "0")}-${String(1 + (n % 28)).padStart(2, "0")}`,
    region: districts[Math.floor(n / cities.length) % districts.length]!,
    keyProject: n % 4 === 0,
    contact: people[n % people.length],
  };
}

const layout: FormLayout = {
  sections: [
    {
      title: { zh: "项目概况", en: "Project" },
      rows: [
        { cols: [{ field: "projectName", span: 24, widget: "input" }] },
        { cols: [{ field: "industry", span: 12, widget: "select" }, { field: "region", span: 12, widget: "region" }] },
      ],
    },
    {
      title: { zh: "投资与进度", en: "Investment and schedule" },
      rows: [
        { cols: [{ field: "investment", span: 12, widget: "number", help: { zh: "单位：万元", en: "In 10k CNY" } }, { field: "startDate", span: 12, widget: "date" }] },
        // a key project must name its contact
        { cols: [{ field: "keyProject", span: 12, widget: "switch" }, { field: "contact", span: 12, widget: "input", required: { field: "keyProject", op: "eq", value: true } }] },
        { cols: [{ field: "remark", span: 24, widget: "textarea" }] },
      ],
    },
  ],
};

/** The first `count` records of the pipeline. */
export const demoProjects = (count: number) => Array.from({ length: count }, (_, n) => project(n));

/** Appends the demo in three commands (model and records, form and its release, report and its publish). */
export async function seedDataModelDemo(db: D1Database, store: EventStore, seedId: (key: string) => Promise<string>, at: string, count = 160): Promise<number> {
  const context = { db, store, at };
  const modelId = await seedId("datamodel-demo:model");
  const model = newCreate(models, { ...definition, tableName: `dm_${demoModelCode}`, view: null, remark: "演示：项目储备库（运行时定义的数据模型）" }, modelId);
  const family = registerModelFamily(familyOfRecord(modelId, definition));
  const records = await Promise.all(Array.from({ length: count }, async (_, n) => newCreate(family, project(n), await seedId(`datamodel-demo:record:${n}`))));
  await seedCommand(context, "demo.datamodel", () => [model, ...records]);

  const formId = await seedId("datamodel-demo:form");
  const form = newCreate(forms, { name: "项目入库申报表", code: "project_apply", dataModelId: modelId, templateName: "项目申报", layout, processForm: false, status: formStatus.released, version: 1 }, formId);
  const release = newCreate(releases, { formId, code: "project_apply", version: 1, layout, dataModelId: modelId, modelVersion: 1 }, await seedId("datamodel-demo:release:1"));
  await seedCommand(context, "demo.form", () => [form, release]);

  const reportId = await seedId("datamodel-demo:report");
  const report = await newModel(
    db,
    {
      name: "各行业储备项目投资",
      code: demoReportCode,
      source: { kind: "model", id: modelId },
      definition: {
        groupBy: [{ field: "industry" }],
        aggregates: [{ fn: "count" }, { fn: "sum", field: "investment" }],
        filters: [{ field: "keyProject", op: "eq", exposed: true }],
        sort: [{ key: "sum_investment", dir: "desc" }],
        chart: { type: "bar", x: "industry", y: ["sum_investment"] },
      },
      remark: "演示报表：按行业分组的项目数与总投资",
    },
    reportId,
  );
  await seedCommand(context, "demo.report", () => [report]);
  await seedCommand(context, "demo.report.publish", async () => (await publishWrites(db, reportId, { code: demoReportCode })).writes);
  return count;
}
