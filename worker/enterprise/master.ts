/**
 * Verbs of the enterprise master (enenterprisebasicinfo) beyond the standard set: the home and allocation
 * lists, the picker, one enterprise by its credit code and its timeline, visit histories and enterprises
 * without a task plan, and the service-staff and manager assignments.
 */
import * as z from "zod";
import type { Context } from "hono";
import { enterprise as enterpriseVerbs } from "../../events/api/enterprise.ts";
import { l, type Family } from "../../events/family.ts";
import { t } from "../../events/i18n.ts";
import type { RouteTable } from "../http/routes.ts";
import type { AppEnv } from "../http/env.ts";
import { actorOf, ok, page } from "../http/envelope.ts";
import { parseInput, parsePaging, readBody } from "../http/input.ts";
import { runCommand } from "../http/command.ts";
import { codes, notFound } from "../errors.ts";
import { camelRow, listPage, parseListQuery, rawConditions, recordWhere, sortColumnOf, toRecord, type ListQuery } from "../resources/query.ts";
import { requireParam } from "../resources/validate.ts";
import { column, creditCodeFamilies, familyNamed, hasField, names } from "./families.ts";
import { newPatches, requireUser } from "./commands.ts";
import { timelinePage } from "./timeline.ts";
import { enterpriseCounts } from "./counts.ts";
import { profileFamilies } from "./families.ts";
import { lazySchema } from "../../events/lazy.ts";

/** Assignments carry no expected version: one that clashes with another write of the enterprise is decided again on the new state. */
const retries = 10;
/** Value of the enterpriseScale dictionary for 大型 / Large. */
export const largeScale = "1";
/** A page whose total is counted only up to this many (then `totalCapped`), so a count stays bounded. */
const countCap = 5000;

const idSchema = lazySchema(() => z.string().min(1).max(64));
const userIdSchema = lazySchema(() => z.union([z.string().max(64), z.null()]).transform((v) => (v === "" ? null : v)));
const updateServiceBody = lazySchema(() => z.object({ id: idSchema, serviceUserId: userIdSchema }));
const batchUpdateServiceBody = lazySchema(() => z.object({ ids: z.array(z.union([idSchema, z.number().transform(String)])).min(1).max(100), serviceUserId: userIdSchema }));
const fplistQuery = lazySchema(() => z.object({ serviceUserId: z.string().max(64).optional(), unassigned: z.enum(["0", "1"]).optional() }).passthrough());
const enterListQuery = lazySchema(() => z.object({ keyword: z.string().max(100).optional(), limit: z.coerce.number().int().min(1).max(50).optional() }));
const picked = lazySchema(() => z.object({ id: z.string(), creditCode: z.string(), entName: z.string() }));

/** The families whose lists the actor may read. */
const listable = (actor: ReturnType<typeof actorOf>, of: Family[]) => of.filter((f) => actor.admin || actor.permissions.has(f.tags.list));

/** The enterprise's credit code from a query or path, checked by the master's own field rule. */
const creditCodeOf = (master: Family, value: unknown) => requireParam(value, master.fields.creditCode!.schema as z.ZodType<string>, "creditCode", master.fields.creditCode!.label);

/** A declared-filter list query with extra fixed conditions (raw SQL over alias t), its names joined in. */
async function pageWith(c: Context<AppEnv>, family: Family, q: ListQuery, extra: { sql: string; params: (string | number)[] }[], joins = "", joined = "") {
  const filter = rawConditions(family, q, "t");
  const where = [filter.sql, ...extra.map((e) => e.sql)].join(" AND ");
  const params = [...filter.params, ...extra.flatMap((e) => e.params)];
  const dir = q.desc ? "DESC" : "ASC";
  const order = `t.${sortColumnOf(family, q.sort)} ${dir}, t.${family.idColumn} ${dir}`;
  const db = c.env.DB;
  const [rows, total] = await db.batch([
    db.prepare(`SELECT t.*${joined} FROM ${family.table} t${joins} WHERE ${where} ORDER BY ${order} LIMIT ? OFFSET ?`).bind(...params, q.limit, (q.page - 1) * q.limit),
    db.prepare(`SELECT COUNT(*) AS n FROM (SELECT 1 FROM ${family.table} t WHERE ${where} LIMIT ${countCap + 1})`).bind(...params),
  ]);
  const n = (total!.results[0] as { n: number }).n;
  const data = (rows!.results as Record<string, unknown>[]).map((r) => toRecord(family, camelRow(r)));
  return n > countCap ? c.json({ code: codes.ok, msg: t("fetched", c.get("lang")), total: countCap, totalCapped: true, data }) : page(c, n, data);
}

const labelsOf = (family: Family) => Object.fromEntries(Object.entries(family.fields).map(([k, f]) => [k, f.label]));

/** Names of the assigned staff beside their ids (one primary-key look-up per row of the page). */
function staffJoins(master: Family) {
  const joins: string[] = [];
  const selected: string[] = [];
  for (const [key, alias] of [["serviceUserId", "su"], ["bmjlUserId", "bu"]] as const) {
    if (!hasField(master, key)) continue;
    joins.push(` LEFT JOIN sys_user ${alias} ON ${alias}.id = t.${column(master, key)}`);
    selected.push(`, ${alias}.name AS ${column(master, key).replace(/_id$/, "_name")}`);
  }
  return { joins: joins.join(""), selected: selected.join("") };
}

export function masterRoutes(routes: RouteTable) {
  const master = familyNamed(names.master);
  if (!master) return;
  const { path, tags } = master;
  const doc = (zh: string, en: string, more: Record<string, unknown> = {}) => ({ doc: { summary: l(zh, en), family: master, ...more } });
  const visits = familyNamed(names.visitHistory);
  const plans = familyNamed(names.taskPlan);

  routes
    .get(`${path}/homelist`, tags.list, async (c) => {
      const { total, rows } = await listPage(c.env.DB, master, parseListQuery(master, c.req.query()));
      return page(c, total, rows);
    }, doc("首页企业列表", "Enterprises on the home page", { verb: "list" }))
    .get(`${path}/fplist`, tags.list, async (c) => {
      const query = parseInput(fplistQuery, c.req.query());
      const q = parseListQuery(master, c.req.query());
      const service = column(master, "serviceUserId");
      // served by the index (service_user_id, …) the eq filter gives the read model
      const extra =
        query.unassigned === "1" ? [{ sql: `t.${service} IS NULL`, params: [] }] : query.serviceUserId ? [{ sql: `t.${service} = ?`, params: [query.serviceUserId] }] : [];
      const staff = staffJoins(master);
      return pageWith(c, master, { ...q, filters: q.filters.filter((f) => f.key !== "serviceUserId") }, extra, staff.joins, staff.selected);
    }, doc("企业分配列表（含服务专员）", "Enterprises with their service staff (allocation)", { verb: "list" }))
    .get(`${path}/largeList`, tags.list, async (c) => {
      const q = parseListQuery(master, c.req.query());
      const { total, rows } = await listPage(c.env.DB, master, { ...q, filters: [...q.filters.filter((f) => f.key !== "scale"), { key: "scale", op: "eq", value: largeScale }] });
      return page(c, total, rows);
    }, doc("大型企业列表", "Large enterprises", { verb: "list" }))
    .get(`${path}/enterList`, tags.list, async (c) => {
      const query = parseInput(enterListQuery, c.req.query());
      const keyword = (query.keyword ?? "").trim();
      const code = /^[0-9A-Z]{18}$/i.test(keyword) ? keyword.toUpperCase() : null;
      const q = parseListQuery(master, { limit: String(query.limit ?? 20), ...(code ? { creditCode: code } : { keyword }) });
      // without a search index a name fragment falls back to the name's like filter
      const byName = keyword && !code && master.search.length === 0 ? [{ key: "entName", op: "like" as const, value: keyword }] : [];
      const { rows } = await listPage(c.env.DB, master, { ...q, filters: [...q.filters, ...byName] });
      return ok(c, rows.map((r) => ({ id: r.id, creditCode: r.creditCode, entName: r.entName })), "fetched");
    }, doc("企业选择器（统一社会信用代码、名称）", "Enterprises for pickers (credit code, name)", { query: enterListQuery, response: z.array(picked) }))
    .get(`${path}/byCreditCode/:creditCode`, tags.info, async (c) => {
      const record = await recordWhere(c.env.DB, master, { creditCode: creditCodeOf(master, c.req.param("creditCode")) });
      if (!record) throw notFound(master.label);
      return ok(c, record, "fetched");
    }, doc("按统一社会信用代码查企业", "An enterprise by its credit code", { verb: "info" }))
    .verb(enterpriseVerbs.timeline, tags.info, async (c) => {
      const creditCode = creditCodeOf(master, c.req.query("creditCode"));
      const paging = parsePaging(c.req.query(), 100);
      const visible = listable(actorOf(c), creditCodeFamilies());
      const { total, rows } = await timelinePage(c.env.DB, creditCode, visible, paging, c.get("lang"));
      return page(c, total, rows);
    }, doc("企业时间线：各类记录的变更（新的在前）", "An enterprise's timeline: changes to its records, newest first"))
    .verb(enterpriseVerbs.tabCounts, tags.info, async (c) => {
      const creditCode = creditCodeOf(master, c.req.query("creditCode"));
      const visible = listable(actorOf(c), profileFamilies());
      return ok(c, await enterpriseCounts(c.env.DB, visible, creditCode), "fetched");
    }, doc("企业档案各分类的记录数（按数据类别）", "An enterprise's record count per profile list"))
    .post(`${path}/deleteBmjl/:id`, tags.update, async (c) => {
      const id = requireParam(c.req.param("id"), idSchema, "id", l("企业", "Enterprise"));
      column(master, "bmjlUserId");
      return runCommand(c, async () => ({
        writes: await newPatches(c.env.DB, master, [id], { bmjlUserId: null }),
        response: { code: codes.ok, msg: t("updated", c.get("lang")), data: { id } },
      }), { retries });
    }, doc("移除帮办经理", "Remove the assigned manager"))
    .post(`${path}/updateService`, tags.update, async (c) => {
      const body = await readBody(c, updateServiceBody, labelsOf(master));
      await requireUser(c.env.DB, master, "serviceUserId", body.serviceUserId);
      return runCommand(c, async () => ({
        writes: await newPatches(c.env.DB, master, [body.id], { serviceUserId: body.serviceUserId }),
        response: { code: codes.ok, msg: t("updated", c.get("lang")), data: { id: body.id } },
      }), { retries });
    }, doc("指派服务专员", "Assign the service staff", { body: updateServiceBody }))
    .post(`${path}/batchUpdateService`, tags.update, async (c) => {
      const body = await readBody(c, batchUpdateServiceBody, labelsOf(master));
      await requireUser(c.env.DB, master, "serviceUserId", body.serviceUserId);
      const ids = [...new Set(body.ids)];
      return runCommand(c, async () => ({
        writes: await newPatches(c.env.DB, master, ids, { serviceUserId: body.serviceUserId }),
        response: { code: codes.ok, msg: t("updated", c.get("lang")), data: { updated: ids.length } },
      }), { retries });
    }, doc("批量指派服务专员", "Assign the service staff to several enterprises", { body: batchUpdateServiceBody }));

  if (visits) {
    routes.get(`${path}/visitHistoryEnter`, visits.tags.list, async (c) => {
      const creditCode = creditCodeOf(master, c.req.query("creditCode"));
      const q = parseListQuery(visits, c.req.query());
      const { total, rows } = await listPage(c.env.DB, visits, { ...q, keyword: "", filters: [...q.filters.filter((f) => f.key !== "creditCode"), { key: "creditCode", op: "eq", value: creditCode }] });
      return page(c, total, rows);
    }, { doc: { summary: l("某企业的走访记录", "An enterprise's visit histories"), family: visits, verb: "list" } });
  }
  if (plans && (hasField(plans, "creditCode") || hasField(plans, "targets"))) {
    // NULLs are left out: one NULL in a NOT IN list makes it match nothing. A plan names its enterprises by a creditCode field or in its `targets` list ([{ creditCode, entName }])
    const planned = hasField(plans, "creditCode")
      ? `SELECT ${column(plans, "creditCode")} FROM ${plans.table} WHERE ${column(plans, "creditCode")} IS NOT NULL`
      : `SELECT json_extract(j.value, '$.creditCode') FROM ${plans.table} p, json_each(p.${column(plans, "targets")}) j WHERE json_extract(j.value, '$.creditCode') IS NOT NULL`;
    routes.get(`${path}/noPlanlist`, tags.list, async (c) => {
      const q = parseListQuery(master, c.req.query());
      // SQLite builds the planned codes once (an ephemeral index) and probes it per enterprise of the page
      const none = { sql: `t.${column(master, "creditCode")} NOT IN (${planned})`, params: [] };
      return pageWith(c, master, q, [none]);
    }, doc("尚无任务计划的企业", "Enterprises without a task plan", { verb: "list" }));
  }
}
