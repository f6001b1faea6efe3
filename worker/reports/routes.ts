/**
 * The report routes of SPEC section 7: /report/models and /report/model/* (the designer's models),
 * /flow/service/publish and copyModel, preview and run, /report/reportfile publish and getByCode, the
 * export of a run, and the balance sheet. The engine's standard verbs of both families stay as they are;
 * `save` and `update` of a model are taken over here so a definition is checked against its source.
 */
import type { Context } from "hono";
import * as z from "zod";
import { l } from "../../events/family.ts";
import { financialInfo } from "../../events/families/enterprise.ts";
import { reportFiles, reportModels } from "../../events/families/reports.ts";
import { t, type Text } from "../../events/i18n.ts";
import { reportDefinitionSchema, reportSourceSchema } from "../../events/reports/definition.ts";
import { copyBody, previewBody, publishQuery, reports, runQuery, sourceQuery } from "../../events/api/reports.ts";
import type { Family } from "../../events/family.ts";
import { DomainError, codes, notFound } from "../errors.ts";
import type { AppEnv } from "../http/env.ts";
import { ok, page, readJson, reply, requirePermission } from "../http/envelope.ts";
import { parseInput, readBody } from "../http/input.ts";
import { runCommand } from "../http/command.ts";
import type { RouteTable } from "../http/routes.ts";
import { newDeletes, recordId, withoutManaged } from "../resources/commands.ts";
import { findById, listPage, parseListQuery, recordWhere } from "../resources/query.ts";
import { familyReads } from "../resources/routes.ts";
import { balanceSheet, balanceSheetQuery } from "./balance-sheet.ts";
import { changedModel, copyWrites, newModel, publishWrites, published } from "./models.ts";
import { parseViewerFilters, reportXlsx, runReport, withViewerFilters } from "./run.ts";
import { modelSources, reportableFamilies, sourceFamily, sourceFields } from "./source.ts";
import { lazySchema } from "../../events/lazy.ts";

const tags = {
  list: reportModels.tags.list,
  info: reportModels.tags.info,
  save: reportModels.tags.save,
  update: reportModels.tags.update,
  delete: reportModels.tags.delete,
  publish: `${reportModels.perm}:publish`,
  fileInfo: reportFiles.tags.info,
  filePublish: `${reportFiles.perm}:publish`,
};

const labels: Record<string, Text> = {
  id: l("报表模型", "Report model"),
  code: l("报表编码", "Report code"),
  name: l("报表名称", "Report name"),
  source: l("数据来源", "Source"),
  definition: l("报表定义", "Definition"),
  page: l("页码", "Page"),
  creditCode: l("统一社会信用代码", "Unified social credit code"),
  year: l("年度", "Year"),
};
const doc = (zh: string, en: string, extra: { body?: z.ZodType; query?: z.ZodType; download?: string } = {}) => ({ doc: { summary: l(zh, en), ...extra } });
const xlsxType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const idQuery = lazySchema(() => z.object({ id: recordId }));

/** Reading a source ad hoc (preview, its fields) needs the source's own list permission. */
async function readableSource(c: Context<AppEnv>, source: z.infer<typeof reportSourceSchema>) {
  const resolved = await sourceFamily(c.env.DB, source);
  requirePermission(c, resolved.family.tags.list);
  return resolved;
}

/** A live, published report file by code (the viewer's entry). */
async function publishedFile(c: Context<AppEnv>, code: string) {
  const file = await recordWhere(c.env.DB, reportFiles, { code });
  if (!file) throw notFound(reportFiles.label);
  if (file.status !== published || !file.definition || !file.source) throw new DomainError(codes.validation, "reportNotPublished", { code });
  return file;
}

async function saveModel(c: Context<AppEnv>, mode: "create" | "update") {
  const body = withoutManaged(reportModels, await readJson<Record<string, unknown>>(c));
  if (body === null || typeof body !== "object" || Array.isArray(body)) throw new DomainError(codes.validation, "badRequestBody");
  const raw = body.id;
  const id = raw === undefined || raw === null || raw === "" ? undefined : String(raw);
  if (mode === "update" && !id) throw notFound(reportModels.label);
  const expected = body.version === undefined || body.version === null || body.version === "" ? undefined : Number(body.version);
  return runCommand(c, async () => {
    if (!id) {
      const write = await newModel(c.env.DB, body);
      const newId = write.stream.slice(reportModels.name.length + 1);
      return { writes: [write], response: { code: codes.ok, msg: t("created", c.get("lang")), data: { id: newId, version: 1 } } };
    }
    const write = await changedModel(c.env.DB, id, body, Number.isInteger(expected) ? expected : undefined);
    return { writes: [write], response: { code: codes.ok, msg: t("updated", c.get("lang")), data: { id, version: write.head.version + write.events.length } } };
  }, id ? { permission: tags.update } : {});
}

async function publish(c: Context<AppEnv>, modelId: string, options: { code?: string; name?: string }) {
  return runCommand(
    c,
    async () => {
      const { writes, fileId, code, publishedVersion } = await publishWrites(c.env.DB, modelId, options);
      return { writes, response: { code: codes.ok, msg: t("ok", c.get("lang")), data: { id: modelId, fileId, code, publishedVersion } } };
    },
    { retries: 3 },
  );
}

export function reportRoutes(routes: RouteTable) {
  // ---- models (the designer)
  routes
    .verb(reports.models, tags.list, async (c) => {
      const query = { ...c.req.query() };
      // `search` is the seed's name for the keyword box
      if (query.search && !query.keyword) query.keyword = query.search;
      const { total, rows } = await listPage(c.env.DB, reportModels, parseListQuery(reportModels, query));
      return page(c, total, rows);
    }, doc("报表模型列表（分页，name、keyword/search）", "Report models (paged; name, keyword/search)"))
    .verb(reports.model, tags.info, async (c) => {
      const model = await findById(c.env.DB, reportModels, c.req.param("id")!);
      if (!model) throw notFound(reportModels.label);
      return ok(c, model, "fetched");
    }, doc("报表模型详情", "A report model"))
    .verb(reports.create, tags.save, (c) => saveModel(c, "create"), doc("新建报表模型（定义按数据来源校验）", "Create a report model (its definition checked against the source)"))
    .verb(reports.save, tags.save, (c) => saveModel(c, "create"), doc("保存报表模型（有 id 即更新）", "Save a report model (updates when the id is given)"))
    .verb(reports.update, tags.update, (c) => saveModel(c, "update"), doc("修改报表模型", "Update a report model"))
    .verb(reports.delete, tags.delete, async (c) => {
      const id = parseInput(idQuery, { id: c.req.param("id") }, labels).id;
      return runCommand(c, async () => ({ writes: await newDeletes(c.env.DB, reportModels, [id]), response: { code: codes.ok, msg: t("deleted", c.get("lang")), data: null } }));
    }, doc("删除报表模型", "Delete a report model"))
    .verb(reports.sources, tags.info, async (c) => {
      const declared = reportableFamilies()
        .filter((f) => requirePermissionSoft(c, f.tags.list))
        .map((f) => ({ kind: "family" as const, id: f.name, label: f.label, path: f.path }));
      const models = requirePermissionSoft(c, "datamodel:data:list") ? (await modelSources(c.env.DB)).map((m) => ({ kind: "model" as const, id: m.id, label: { "zh-CN": m.name, "en-US": m.name }, code: m.code, type: m.type })) : [];
      return reply(c, reports.sources, [...models, ...declared], "fetched");
    }, doc("可选的数据来源：数据模型、视图与声明的记录族", "Sources a report may read: data models, views and declared families"))
    .verb(reports.sourceFields, tags.info, async (c) => {
      const source = parseInput(sourceQuery, c.req.query(), labels);
      const { family, runtime } = await readableSource(c, source);
      return reply(c, reports.sourceFields, { label: family.label, runtime, fields: sourceFields(family) }, "fetched");
    }, doc("数据来源的字段（可筛选、分组、汇总的）", "A source's fields (what each can filter, group, aggregate)"))
    .verb(reports.preview, tags.info, async (c) => {
      const body = await readBody(c, previewBody, labels);
      const { family } = await readableSource(c, body.source);
      return reply(c, reports.preview, await runReport(c.env.DB, family, body.definition, { page: body.page }), "fetched");
    }, doc("预览未保存的报表定义（有界）", "Preview an unsaved definition (bounded)"));

  // ---- publish and copy (the seed's /flow/service paths)
  routes
    .verb(reports.publish, tags.publish, async (c) => {
      const q = parseInput(publishQuery, c.req.query(), labels);
      return publish(c, q.id, { code: q.code, name: q.name });
    }, doc("发布报表模型：以编码（默认模型编码）生成或更新报表文件，记录已发布版本", "Publish a report model: the report file of the code (the model's by default) takes its definition; the published version counts up"))
    .verb(reports.copy, tags.save, async (c) => {
      const { id, id2 } = parseInput(z.object({ id: recordId, id2: recordId }), c.req.param(), labels);
      const target = parseInput(copyBody, await readJson(c), labels);
      return runCommand(c, async () => {
        const { write, id: targetId } = await copyWrites(c.env.DB, id, id2, target);
        return { writes: [write], response: { code: codes.ok, msg: t("ok", c.get("lang")), data: { id: targetId } } };
      }, id2 !== "0" ? { permission: tags.update } : {});
    }, doc("复制报表模型：id 的来源与定义复制到 id2；id2 为 0 时新建模型", "Copy a report model: id's source and definition onto id2, or into a new model when id2 is 0"));

  // ---- report files (the viewer)
  familyReads(routes, reportFiles, { list: reports.files });
  routes
    .verb(reports.publishFile, tags.filePublish, async (c) => {
      const { id } = parseInput(idQuery, c.req.query(), labels);
      const file = await findById(c.env.DB, reportFiles, id);
      if (!file) throw notFound(reportFiles.label);
      return publish(c, String(file.reportModelId), { code: String(file.code), name: String(file.name) });
    }, doc("发布报表文件：取其模型当前的定义", "Publish a report file: it takes its model's definition as it is now"))
    .verb(reports.fileByCode, tags.fileInfo, async (c) => {
      const file = await recordWhere(c.env.DB, reportFiles, { code: c.req.param("code")! });
      if (!file) throw notFound(reportFiles.label);
      return ok(c, file, "fetched");
    }, doc("按编码取报表文件", "A report file by its code"))
    .verb(reports.run, tags.fileInfo, async (c) => {
      const q = parseInput(runQuery, c.req.query(), labels);
      const file = await publishedFile(c, c.req.param("code")!);
      const { family } = await sourceFamily(c.env.DB, reportSourceSchema.parse(file.source));
      const def = withViewerFilters(reportDefinitionSchema.parse(file.definition), parseViewerFilters(q.filters));
      const answer = await runReport(c.env.DB, family, def, { page: q.page });
      const filters = def.filters.filter((f) => f.exposed);
      const read = new Set(filters.map((f) => f.field));
      const filterFields = sourceFields(family as Family).filter((f) => read.has(f.key));
      return ok(c, { name: file.name, code: file.code, filters, filterFields, ...answer }, "fetched");
    }, { tokenInQuery: true, ...doc("运行已发布的报表（filters 为 JSON：字段 → 值、数组或 {from,to}）", "Run a published report (filters: JSON, field → value, list or {from,to})") })
    .get("/report/run/:code/export", tags.fileInfo, async (c) => {
      const q = parseInput(runQuery, c.req.query(), labels);
      const file = await publishedFile(c, c.req.param("code")!);
      const { family } = await sourceFamily(c.env.DB, reportSourceSchema.parse(file.source));
      const def = withViewerFilters(reportDefinitionSchema.parse(file.definition), parseViewerFilters(q.filters));
      return reportXlsx(c.env.DB, family as Family, def, String(file.name), c.get("lang"));
    }, { tokenInQuery: true, ...doc("导出报表运行结果为 xlsx（链接下载，token 可在查询参数中）", "Export a report run as xlsx (a download link; token may be in the query)", { query: runQuery, download: xlsxType }) });

  // ---- the balance sheet of enterprise financial data
  routes.get("/report/tyc/balanceSheet", tags.fileInfo, async (c) => {
    const q = parseInput(balanceSheetQuery, c.req.query(), labels);
    requirePermission(c, financialInfo.tags.list);
    return ok(c, await balanceSheet(c.env.DB, q.creditCode, q.year), "fetched");
  }, doc("资产负债表（企业财务信息按期间汇总；无数据时为空报表）", "Balance sheet (an enterprise's financial data by period; empty when there is none)", { query: balanceSheetQuery }));
}

/** Whether the actor holds `tag`, without refusing (to offer only the sources one may read). */
function requirePermissionSoft(c: Context<AppEnv>, tag: string): boolean {
  try {
    requirePermission(c, tag);
    return true;
  } catch {
    return false;
  }
}
