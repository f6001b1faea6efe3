/**
 * Statistics over the read models: the enterprise home's counts and shares, and the dashboard adapter's
 * per-city and platform totals. Each figure is a counter or a GROUP BY over an indexed column, never a
 * scan of every record per request.
 */
import * as z from "zod";
import { l, type Family } from "../../events/family.ts";
import type { Lang } from "../../events/i18n.ts";
import type { RouteTable } from "../http/routes.ts";
import { ok } from "../http/envelope.ts";
import { parseInput } from "../http/input.ts";
import { applicationNames, column, familyNamed, hasField, names } from "./families.ts";
import { countWhere, namedCounts, totalOf } from "./counts.ts";
import { lazySchema } from "../../events/lazy.ts";

/** listingStatus values of an enterprise that is listed (main board, NEEQ, regional equity market). */
export const listedValues = ["3", "4", "5"];
/** publishStatus of a published record. */
const published = "1";

const withShare = <T extends { count: number }>(rows: T[]) => {
  const total = rows.reduce((s, r) => s + r.count, 0);
  return rows.map((r) => ({ ...r, proportion: total ? Math.round((r.count / total) * 10_000) / 10_000 : 0 }));
};

/** Records of `family` whose publish status is "published" (0 when the family has no status). */
const publishedCount = async (db: D1Database, family: Family | undefined) => (family && hasField(family, "status") ? countWhere(db, family, "status", published) : 0);

async function listedCount(db: D1Database, master: Family) {
  const counts = await Promise.all(listedValues.map((v) => countWhere(db, master, "listingStatus", v)));
  return counts.reduce((a, b) => a + b, 0);
}

export async function enterpriseCounts(db: D1Database, master: Family, lang: Lang) {
  const since = `${new Date(Date.now() + 8 * 3600_000).getUTCFullYear()}-01-01`;
  // established this year; the (est_date, id) index of the estDate sort bounds it
  const newKey = hasField(master, "estDate") ? column(master, "estDate") : "create_time";
  const [total, byListingStatus, listed, fresh] = await Promise.all([
    totalOf(db, master),
    namedCounts(db, master, "listingStatus", lang),
    listedCount(db, master),
    db.prepare(`SELECT COUNT(*) AS n FROM ${master.table} WHERE ${newKey} >= ?`).bind(since).first<{ n: number }>(),
  ]);
  return { total, listed, newThisYear: fresh?.n ?? 0, byListingStatus };
}

async function applicationCounts(db: D1Database, lang: Lang) {
  const families = applicationNames.map(familyNamed).filter((f): f is Family => !!f && hasField(f, "status"));
  const each = await Promise.all(families.map(async (f) => ({ family: f.name, label: f.label[lang], byStatus: await namedCounts(db, f, "status", lang) })));
  const byStatus = new Map<string, { value: string; name: string; count: number }>();
  for (const { byStatus: rows } of each) {
    for (const r of rows) {
      const entry = byStatus.get(r.value) ?? { ...r, count: 0 };
      entry.count += r.count;
      byStatus.set(r.value, entry);
    }
  }
  return {
    total: [...byStatus.values()].reduce((s, r) => s + r.count, 0),
    byStatus: [...byStatus.values()].sort((a, b) => b.count - a.count),
    byFamily: each.map((e) => ({ ...e, total: e.byStatus.reduce((s, r) => s + r.count, 0) })),
  };
}

const cityQuery = lazySchema(() => z.object({ orgCode: z.string().regex(/^\d{6}$/).optional().describe("province whose cities are listed; 610000 by default") }));
const countShare = lazySchema(() => z.object({ value: z.string(), name: z.string(), count: z.number(), proportion: z.number() }));

export function statisticsRoutes(routes: RouteTable) {
  const master = familyNamed(names.master);
  if (!master) return;
  const { path, tags } = master;
  const doc = (zh: string, en: string, more: Record<string, unknown> = {}) => ({ doc: { summary: l(zh, en), family: master, ...more } });
  routes
    .get(`${path}/homeQYCount`, tags.list, async (c) => ok(c, await enterpriseCounts(c.env.DB, master, c.get("lang")), "fetched"), doc("企业总数、按上市状态、本年新增", "Enterprises: total, by listing status, new this year"))
    .get(`${path}/homeEnterpriseProportion`, tags.list, async (c) => ok(c, withShare(await namedCounts(c.env.DB, master, "industry", c.get("lang"))), "fetched"), doc("企业行业占比", "Enterprises by industry", { response: z.array(countShare) }))
    .get(`${path}/enterprisesProportionListed`, tags.list, async (c) => ok(c, withShare(await namedCounts(c.env.DB, master, "listingStatus", c.get("lang"))), "fetched"), doc("企业上市状态占比", "Enterprises by listing status", { response: z.array(countShare) }))
    .get("/common/adapter/getCityListingAndShowAmountList", tags.list, async (c) => {
      const { orgCode = "610000" } = parseInput(cityQuery, c.req.query());
      const db = c.env.DB;
      const area = column(master, "areaCode");
      const listing = column(master, "listingStatus");
      const roadshows = familyNamed(names.roadshowPass);
      // listed enterprises come off the listing_status index; roadshows join the master by its unique code
      const listedSql = `SELECT substr(${area}, 1, 4) || '00' AS city, COUNT(*) AS n FROM ${master.table} WHERE ${listing} IN (${listedValues.map(() => "?").join(", ")}) AND ${area} IS NOT NULL GROUP BY 1`;
      const showSql = roadshows
        ? `SELECT substr(m.${area}, 1, 4) || '00' AS city, COUNT(*) AS n FROM ${roadshows.table} r JOIN ${master.table} m ON m.${column(master, "creditCode")} = r.${column(roadshows, "creditCode")} ` +
          `WHERE m.${area} IS NOT NULL${hasField(roadshows, "status") ? ` AND r.${column(roadshows, "status")} = '${published}'` : ""} GROUP BY 1`
        : null;
      const [cities, listed, shows] = await db.batch([
        db.prepare("SELECT code, name FROM sys_area WHERE parent_code = ? ORDER BY sort, code LIMIT 200").bind(orgCode),
        db.prepare(listedSql).bind(...listedValues),
        db.prepare(showSql ?? "SELECT NULL AS city, 0 AS n WHERE 0"),
      ]);
      const listedBy = new Map((listed!.results as { city: string; n: number }[]).map((r) => [r.city, r.n]));
      const showBy = new Map((shows!.results as { city: string; n: number }[]).map((r) => [r.city, r.n]));
      return ok(c, (cities!.results as { code: string; name: string }[]).map((r) => ({ cityCode: r.code, cityName: r.name, listedCount: listedBy.get(r.code) ?? 0, roadshowCount: showBy.get(r.code) ?? 0 })), "fetched");
    }, doc("各市上市企业数与路演数", "Listed enterprises and roadshows per city", { query: cityQuery }))
    .get("/common/adapter/getIndexStatisticsInfo", tags.list, async (c) => {
      const db = c.env.DB;
      const lang = c.get("lang");
      const demand = familyNamed(names.demand);
      const roadshows = familyNamed(names.roadshowPass);
      const [enterprises, applications, financ, listing, service, roadshowTotal, roadshowPublished, demands] = await Promise.all([
        enterpriseCounts(db, master, lang),
        applicationCounts(db, lang),
        publishedCount(db, familyNamed(names.financ)),
        publishedCount(db, familyNamed(names.listing)),
        publishedCount(db, familyNamed(names.servicePass)),
        roadshows ? totalOf(db, roadshows) : 0,
        publishedCount(db, roadshows),
        demand ? totalOf(db, demand) : 0,
      ]);
      return ok(c, {
        enterprises: { total: enterprises.total, listed: enterprises.listed, newThisYear: enterprises.newThisYear },
        applications,
        products: { total: financ + listing + service, financ, listing, service },
        roadshows: { total: roadshowTotal, published: roadshowPublished },
        demands: { total: demands },
      }, "fetched");
    }, doc("平台统计总览：企业、申请、产品、路演、需求", "Platform totals: enterprises, applications, products, roadshows, demands"));
}
