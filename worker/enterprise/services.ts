/**
 * Extra reads of the service and casework families the spec names (spec §7): lists without paging
 * (bounded by a cap), lists narrowed to one state (published services, blacklisted suppliers), one
 * record by the spec's own verb names, the roadshow reports, the app's home configuration, an
 * indicator's keywords and the company-partner verbs (downloads take the token in the query).
 */
import * as z from "zod";
import type { Context } from "hono";
import { l, type Family } from "../../events/family.ts";
import { t } from "../../events/i18n.ts";
import type { RouteTable } from "../http/routes.ts";
import type { AppEnv } from "../http/env.ts";
import { ok, page, readJson } from "../http/envelope.ts";
import { parseInput, parsePaging } from "../http/input.ts";
import { runCommand } from "../http/command.ts";
import { codes, notFound } from "../errors.ts";
import { findById, listAll, listPage, parseListQuery, recordWhere, type ListQuery } from "../resources/query.ts";
import { newCreate, newDeletes, withoutManaged } from "../resources/commands.ts";
import { requireParam } from "../resources/validate.ts";
import { contentDisposition, exportBody, exportResponse } from "../resources/spreadsheet/export.ts";
import { templateFile } from "../resources/spreadsheet/template.ts";
import { xlsxType } from "../resources/spreadsheet/errors.ts";
import { column, familyNamed, hasField, names } from "./families.ts";
import { lazySchema } from "../../events/lazy.ts";

/** Rows a list without paging answers at most. */
export const noPageCap = 1000;
const published = "1";
const idSchema = lazySchema(() => z.string().min(1).max(64));
const idQuery = lazySchema(() => z.object({ id: idSchema }));
const creditCodeQuery = lazySchema(() => z.object({ creditCode: z.string().length(18), page: z.coerce.number().int().min(1).optional(), limit: z.coerce.number().int().min(1).max(100).optional() }));

const idParam = (value: unknown, family: Family) => requireParam(value, idSchema, "id", family.label);
const summary = (family: Family, zh: string, en: string) => l(`${family.label["zh-CN"]}：${zh}`, `${family.label["en-US"]}: ${en}`);

/** The declared filters and sort of a request, plus fixed eq conditions on declared fields. */
function listQuery(c: Context<AppEnv>, family: Family, fixed: Record<string, string | number> = {}): ListQuery {
  const q = parseListQuery(family, c.req.query());
  for (const key of Object.keys(fixed)) column(family, key);
  return { ...q, filters: [...q.filters.filter((f) => !(f.key in fixed)), ...Object.entries(fixed).map(([key, value]) => ({ key, op: "eq" as const, value }))] };
}

async function recordOr404(db: D1Database, family: Family, id: string) {
  const record = await findById(db, family, id);
  if (!record) throw notFound(family.label);
  return record;
}

/** `<path>/<verb>`: every record matching the declared filters (and `fixed`), without paging, capped. */
function allListRoute(routes: RouteTable, family: Family | undefined, verb: string, fixed: Record<string, string | number> = {}, zh = "全部（不分页）", en = "all, without paging") {
  if (!family || Object.keys(fixed).some((k) => !hasField(family, k))) return;
  routes.get(`${family.path}/${verb}`, family.tags.list, async (c) => ok(c, await listAll(c.env.DB, family, listQuery(c, family, fixed), noPageCap), "fetched"), {
    doc: { summary: summary(family, zh, en), family, verb: "listAll" },
  });
}

/** `<path>/<verb>/:id`: one record by the spec's own name for info. */
function infoRoute(routes: RouteTable, family: Family | undefined, verb: string, zh: string, en: string) {
  if (!family) return;
  routes.get(`${family.path}/${verb}/:id`, family.tags.info, async (c) => ok(c, await recordOr404(c.env.DB, family, idParam(c.req.param("id"), family)), "fetched"), {
    doc: { summary: summary(family, zh, en), family, verb: "info" },
  });
}

function roadshowRoutes(routes: RouteTable) {
  const passes = familyNamed(names.roadshowPass);
  if (!passes || !hasField(passes, "creditCode")) return;
  const applications = familyNamed(names.roadshowApplication);
  const { path, tags } = passes;
  const code = column(passes, "creditCode");
  routes
    // the roadshows with the application each came from (its project), newest first
    .get(`${path}/report/list`, tags.list, async (c) => {
      const { total, rows } = await listPage(c.env.DB, passes, parseListQuery(passes, c.req.query()));
      const ids = applications && hasField(passes, "applicationId") ? [...new Set(rows.map((r) => r.applicationId).filter((v): v is string => typeof v === "string"))] : [];
      const byId = new Map<string, Record<string, unknown>>();
      if (ids.length && applications) {
        const { results } = await c.env.DB.prepare(`SELECT * FROM ${applications.table} WHERE ${applications.idColumn} IN (SELECT value FROM json_each(?))`).bind(JSON.stringify(ids)).all<Record<string, unknown>>();
        for (const r of results) byId.set(r[applications.idColumn] as string, r);
      }
      const pick = (row: Record<string, unknown> | undefined, key: string) => (row && applications && hasField(applications, key) ? row[column(applications, key)] ?? null : null);
      return page(c, total, rows.map((r) => {
        const app = byId.get(r.applicationId as string);
        return { ...r, projectName: pick(app, "projectName"), financingAmount: pick(app, "financingAmount"), financingRound: pick(app, "financingRound") };
      }));
    }, { doc: { summary: summary(passes, "路演报表", "roadshow report"), family: passes, verb: "list" } })
    // enterprises that held roadshows, with how many and the latest; GROUP BY the indexed credit code
    .get(`${path}/enList`, tags.list, async (c) => {
      const { limit, offset } = parsePaging(c.req.query(), 100);
      const name = column(passes, "entName");
      const at = hasField(passes, "roadshowTime") ? column(passes, "roadshowTime") : "create_time";
      const [rows, total] = await c.env.DB.batch([
        c.env.DB.prepare(`SELECT ${code} AS creditCode, MAX(${name}) AS entName, COUNT(*) AS roadshowCount, MAX(${at}) AS lastRoadshowTime FROM ${passes.table} GROUP BY ${code} ORDER BY lastRoadshowTime DESC, ${code} LIMIT ? OFFSET ?`).bind(limit, offset),
        c.env.DB.prepare(`SELECT COUNT(DISTINCT ${code}) AS n FROM ${passes.table}`),
      ]);
      return page(c, (total!.results[0] as { n: number }).n, rows!.results);
    }, { doc: { summary: summary(passes, "路演企业", "enterprises that held roadshows"), family: passes } })
    .get(`${path}/visitHistory`, tags.list, async (c) => {
      const { creditCode } = parseInput(creditCodeQuery, c.req.query(), { creditCode: passes.fields.creditCode!.label });
      const { total, rows } = await listPage(c.env.DB, passes, { ...listQuery(c, passes, { creditCode }), keyword: "" });
      return page(c, total, rows);
    }, { doc: { summary: summary(passes, "某企业的路演记录", "an enterprise's roadshows"), family: passes, verb: "list" } });
}

function activityRoutes(routes: RouteTable) {
  const activity = familyNamed(names.activity);
  if (!activity) return;
  routes
    .get(`${activity.path}/info`, activity.tags.info, async (c) => ok(c, await recordOr404(c.env.DB, activity, parseInput(idQuery, c.req.query()).id), "fetched"), {
      doc: { summary: summary(activity, "详情（GET ?id=）", "one record (GET ?id=)"), family: activity, query: idQuery },
    })
    .get(`${activity.path}/delete`, activity.tags.delete, async (c) => {
      const { id } = parseInput(idQuery, c.req.query());
      return runCommand(c, async () => ({ writes: await newDeletes(c.env.DB, activity, [id]), response: { code: codes.ok, msg: t("deleted", c.get("lang")), data: null } }));
    }, { doc: { summary: summary(activity, "删除（GET ?id=）", "delete (GET ?id=)"), family: activity, query: idQuery } });
}

const codeParam = lazySchema(() => z.string().min(1).max(64));
const partnerItem = lazySchema(() => z.record(z.string().max(64), z.unknown()));
const addInfoBody = lazySchema(() => z.object({ creditCode: z.string().max(18).optional(), entName: z.string().max(128).optional(), partners: z.array(partnerItem).min(1).max(100) }));
const downloadQuery = lazySchema(() => z.object({ token: z.string().optional() }).passthrough());

function partnerRoutes(routes: RouteTable) {
  const partner = familyNamed(names.partner);
  if (!partner || !hasField(partner, "creditCode")) return;
  const { path, tags } = partner;
  const code = column(partner, "creditCode");
  const name = column(partner, "entName");
  routes
    // the companies that have partners, with how many; GROUP BY the indexed credit code
    .get(`${path}/companys`, tags.list, async (c) => {
      const { limit, offset } = parsePaging(c.req.query(), 100);
      const [rows, total] = await c.env.DB.batch([
        c.env.DB.prepare(`SELECT ${code} AS creditCode, MAX(${name}) AS entName, COUNT(*) AS partnerCount FROM ${partner.table} GROUP BY ${code} ORDER BY ${code} LIMIT ? OFFSET ?`).bind(limit, offset),
        c.env.DB.prepare(`SELECT COUNT(DISTINCT ${code}) AS n FROM ${partner.table}`),
      ]);
      return page(c, (total!.results[0] as { n: number }).n, rows!.results);
    }, { doc: { summary: summary(partner, "有合作机构的企业", "companies with partners"), family: partner } })
    // several partners of one company in one command: all are stored or none
    .post(`${path}/addInfo`, tags.save, async (c) => {
      const body = parseInput(addInfoBody, await readJson(c));
      const records = body.partners.map((p) => withoutManaged(partner, { ...p, ...(body.creditCode ? { creditCode: body.creditCode } : {}), ...(body.entName ? { entName: body.entName } : {}) }));
      return runCommand(c, async () => {
        const writes = records.map((r) => newCreate(partner, r));
        return { writes, response: { code: codes.ok, msg: t("created", c.get("lang")), data: { ids: writes.map((w) => w.stream.slice(partner.name.length + 1)) } } };
      });
    }, { doc: { summary: summary(partner, "批量新增合作机构", "add partners of a company"), family: partner, body: addInfoBody } })
    .get(`${path}/export`, tags.export, async (c) => {
      const query = c.req.query();
      const filters = Object.fromEntries(Object.keys(partner.filters).filter((k) => query[k]).map((k) => [k, query[k]!]));
      return exportResponse(c.env.DB, partner, exportBody.parse({ filters, keyword: query.keyword ?? "", format: query.format === "csv" ? "csv" : "xlsx" }), c.get("lang"));
    }, { tokenInQuery: true, doc: { summary: summary(partner, "导出（链接下载，token 在查询参数中）", "export (a download link with the token in the query)"), family: partner, query: downloadQuery, download: xlsxType } })
    .get(`${path}/template`, tags.import, async (c) => {
      const lang = c.get("lang");
      return new Response(await templateFile(c.env.DB, partner, lang), {
        headers: { "content-type": xlsxType, "content-disposition": contentDisposition(partner, lang, "xlsx", lang === "zh-CN" ? "导入模板" : "import template"), "cache-control": "no-store" },
      });
    }, { tokenInQuery: true, doc: { summary: summary(partner, "导入模板（链接下载）", "import template (a download link)"), family: partner, query: downloadQuery, download: xlsxType } });
}

export function serviceRoutes(routes: RouteTable) {
  const other = familyNamed(names.otherHistory);
  const master = familyNamed(names.master);
  if (other) {
    routes.get(`${other.path}/pcHistoryInfo/:id`, other.tags.info, async (c) => {
      const record = await recordOr404(c.env.DB, other, idParam(c.req.param("id"), other));
      // the enterprise the record belongs to, for the detail page's header
      const enterprise = master && typeof record.creditCode === "string" ? await recordWhere(c.env.DB, master, { creditCode: record.creditCode }) : null;
      return ok(c, { ...record, enterprise }, "fetched");
    }, { doc: { summary: summary(other, "详情（含企业）", "one record with its enterprise"), family: other, verb: "info" } });
  }
  allListRoute(routes, familyNamed(names.customer), "alllist");
  const suppliers = familyNamed(names.suppliers);
  if (suppliers && hasField(suppliers, "blacklisted")) {
    routes.get(`${suppliers.path}/blacklistList`, suppliers.tags.list, async (c) => {
      const { total, rows } = await listPage(c.env.DB, suppliers, listQuery(c, suppliers, { blacklisted: 1 }));
      return page(c, total, rows);
    }, { doc: { summary: summary(suppliers, "黑名单", "blacklist"), family: suppliers, verb: "list" } });
  }
  const servicePass = familyNamed(names.servicePass);
  allListRoute(routes, servicePass, "allList");
  allListRoute(routes, servicePass, "getTbserviceListNoPage", { status: published }, "已发布（不分页）", "published, without paging");
  allListRoute(routes, familyNamed(names.demand), "getTbjusticeListNoPage");
  allListRoute(routes, familyNamed(names.demandPage), "getTbjusticeListNoPage");
  roadshowRoutes(routes);
  infoRoute(routes, familyNamed(names.training), "getByIdIncompanytraining", "详情", "one record");
  activityRoutes(routes);
  const app = familyNamed(names.appInfo);
  if (app) {
    routes.get("/common/app/homeConfigInfoList/:code", app.tags.list, async (c) => {
      const code = requireParam(c.req.param("code"), codeParam, "code", app.fields.code!.label);
      const enabled = hasField(app, "enabled") ? { enabled: 1 } : {};
      const q = parseListQuery(app, {});
      return ok(c, await listAll(c.env.DB, app, { ...q, filters: [{ key: "code", op: "eq", value: code }, ...Object.entries(enabled).map(([key, value]) => ({ key, op: "eq" as const, value }))] }, 100), "fetched");
    }, { doc: { summary: summary(app, "某编码的首页配置（启用的）", "the enabled home configuration of a code"), family: app } });
  }
  const indicator = familyNamed(names.indicator);
  if (indicator) {
    routes.get(`${indicator.path}/getKeyWord/:id`, indicator.tags.info, async (c) => {
      const record = await recordOr404(c.env.DB, indicator, idParam(c.req.param("id"), indicator));
      return ok(c, { id: record.id, dataIndicatorName: record.dataIndicatorName, keywords: (record.keywords as string[] | null) ?? [] }, "fetched");
    }, { doc: { summary: summary(indicator, "指标的关键词", "an indicator's keywords"), family: indicator } });
  }
  partnerRoutes(routes);
}
