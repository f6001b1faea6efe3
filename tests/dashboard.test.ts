/**
 * The dashboard's gateway methods over the demo region (the families it reads, built by the region's own
 * builder and stored with their read models): each figure compared with the same figure computed here
 * from the tables' rows in plain code (the seeded divisions for the prefecture of each district), bad
 * params named by field, the permission checked.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { call, creditCode, login, userWithPermissions } from "./helpers.ts";
import { families } from "../events/families/index.ts";
import type { Family } from "../events/family.ts";
import { areaSeed } from "../events/seed/areas.ts";
import { buildEnterpriseDemo } from "../worker/seed/enterprise-demo/index.ts";
import { seedId, seedMeta } from "../worker/seed/index.ts";
import { seal } from "../worker/store/append.ts";
import { store } from "../worker/modules.ts";
import { gatewayMethods } from "../worker/gateway/methods.ts";
import { dashboardResults, mapMetrics, type DashboardKind } from "../events/api/dashboard.ts";
import { chinaToday } from "../worker/policy/match.ts";

type R = Record<string, any>;
const tables = ["en_enterprise_basic_info", "en_enterprise_basic_info_szt", "portal_pledge_info", "portal_freeze_info", "tb_financ", "tb_financ_application", "tb_listing", "tb_listing_application"];
const dashboardFamilies = families.filter((f) => tables.includes(f.table)) as Family[];

let admin: string;
const rows: Record<string, R[]> = {};
const gateway = (method: string, params: unknown = {}, token = admin, lang?: "zh-CN" | "en-US") => call("/gateway", { token, lang, body: { method, params } });
async function figures(method: string, params: unknown = {}) {
  const answer = await gateway(method, params);
  if (answer.body.code !== 200) throw new Error(`${method}: ${JSON.stringify(answer.body)}`);
  // every answer has exactly the declared shape (the API document shows the same schema)
  return dashboardResults[method.slice("dashboard.".length) as DashboardKind].parse(answer.body.data) as any;
}

// ---- the same figures, by hand from the rows
const parentOf = new Map(areaSeed.map((a) => [a.code, a]));
const prefectureOf = (code: unknown) => {
  const a = parentOf.get(String(code ?? ""));
  return !a ? undefined : a.level === 2 ? a.code : a.level === 3 ? a.parentCode! : undefined;
};
const inArea = (code: unknown, area?: string) => !area || code === area || prefectureOf(code) === area;
const masterByCode = () => new Map(rows.en_enterprise_basic_info!.map((e) => [e.credit_code, e]));
const enterpriseIn = (creditCode: string, area?: string) => inArea(masterByCode().get(creditCode)?.area_code, area);
const count = <T>(xs: T[], p: (x: T) => boolean = () => true) => xs.filter(p).length;
const sum = <T>(xs: T[], f: (x: T) => number) => Math.round(xs.reduce((s, x) => s + (f(x) || 0), 0) * 100) / 100;
const distinct = <T>(xs: T[], f: (x: T) => unknown) => new Set(xs.map(f)).size;
const kpi = (data: { kpis: { key: string; value: number }[] }) => Object.fromEntries(data.kpis.map((k) => [k.key, k.value]));
const listed = ["3", "4", "5"];
function perPrefecture<T>(xs: T[], areaOf: (x: T) => unknown, value: (x: T) => number = () => 1): Record<string, number> {
  const out: Record<string, number> = {};
  for (const x of xs) {
    const p = prefectureOf(areaOf(x));
    if (p) out[p] = Math.round(((out[p] ?? 0) + value(x)) * 100) / 100;
  }
  return out;
}
const rankingOf = (buckets: { key: string; value: number }[]) => Object.fromEntries(buckets.map((b) => [b.key, b.value]));

beforeAll(async () => {
  admin = await login();
  const at = new Date().toISOString();
  const demo = await buildEnterpriseDemo(seedId, at, { families: dashboardFamilies });
  const meta = seedMeta(at);
  for (let i = 0; i < demo.writes.length; i += 1000) {
    const sealed = (await Promise.all(demo.writes.slice(i, i + 1000).map((w) => seal(w, meta)))).flat();
    const statements = store.statementsFor(sealed);
    for (let j = 0; j < statements.length; j += 500) await env.DB.batch(statements.slice(j, j + 500).map((s) => env.DB.prepare(s.sql).bind(...s.params)));
  }
  // one enterprise of 杨陵区 and one of 韩城市, through the ordinary save: they count where the divisions put them
  for (const area of ["610403", "610581"]) {
    const answer = await call("/common/enenterprisebasicinfo/save", { token: admin, body: { creditCode: creditCode(area), entName: `大屏测试${area}有限公司`, areaCode: area, listingStatus: "5", regCapital: 1000 } });
    expect(answer.body.code).toBe(0);
  }
  for (const t of tables) rows[t] = (await env.DB.prepare(`SELECT * FROM ${t}`).all<R>()).results;
}, 180_000);

describe("the demo region is there", () => {
  it("has enterprises over the province, and records of every family read", () => {
    expect(rows.en_enterprise_basic_info!.length).toBeGreaterThanOrEqual(300);
    for (const t of tables) expect(rows[t]!.length, t).toBeGreaterThan(0);
    expect(Object.keys(perPrefecture(rows.en_enterprise_basic_info!, (e) => e.area_code)).length).toBe(10);
  });

  it("registers its nine methods on the gateway's one table", () => {
    const names = gatewayMethods.map((m) => m.name).filter((n) => n.startsWith("dashboard."));
    expect(names).toEqual(["dashboard.listing", "dashboard.map", "dashboard.trusteeship", "dashboard.funding", "dashboard.products", "dashboard.members", "dashboard.enterprises", "dashboard.peers", "dashboard.institutions"]);
  });
});

describe("figures against the tables", () => {
  it("map: every prefecture of the province, each measure summed from its districts", async () => {
    const ents = rows.en_enterprise_basic_info!;
    const byCode = masterByCode();
    const expected: Record<string, Record<string, number>> = {
      enterprises: perPrefecture(ents, (e) => e.area_code),
      listed: perPrefecture(ents.filter((e) => listed.includes(e.listing_status)), (e) => e.area_code),
      financingDemand: perPrefecture(rows.tb_financ_application!.filter((a) => a.status !== "draft" && byCode.has(a.credit_code)), (a) => byCode.get(a.credit_code)!.area_code, (a) => a.demand_amount ?? 0),
      pledges: perPrefecture(rows.portal_pledge_info!.filter((p) => p.status === "valid" && byCode.has(p.credit_code)), (p) => byCode.get(p.credit_code)!.area_code),
      members: perPrefecture([...new Map(rows.en_enterprise_basic_info_szt!.filter((s) => byCode.has(s.credit_code)).map((s) => [s.credit_code, byCode.get(s.credit_code)!])).values()], (e) => e.area_code),
    };
    for (const metric of mapMetrics) {
      const data = await figures("dashboard.map", { metric });
      expect(data.prefectures.map((p: R) => p.code).sort(), metric).toEqual(areaSeed.filter((a) => a.level === 2).map((a) => a.code));
      const got = Object.fromEntries(data.prefectures.filter((p: R) => p.value !== 0).map((p: R) => [p.code, p.value]));
      expect(got, metric).toEqual(expected[metric]);
      expect(data.total, metric).toBeGreaterThan(0);
      // each prefecture's districts add up to it
      for (const p of data.prefectures) expect(Math.round(p.districts.reduce((s: number, d: R) => s + d.value, 0) * 100) / 100, `${metric} ${p.code}`).toBe(p.value);
    }
  });

  it("map: 杨陵区 within 咸阳市 and 韩城市 within 渭南市, as the divisions say; names in English on request", async () => {
    const data = await figures("dashboard.map", { metric: "enterprises" });
    const xianyang = data.prefectures.find((p: R) => p.code === "610400");
    const weinan = data.prefectures.find((p: R) => p.code === "610500");
    expect(xianyang.districts.find((d: R) => d.key === "610403")).toMatchObject({ label: "杨陵区", value: count(rows.en_enterprise_basic_info!, (e) => e.area_code === "610403") });
    expect(weinan.districts.find((d: R) => d.key === "610581")).toMatchObject({ label: "韩城市", value: count(rows.en_enterprise_basic_info!, (e) => e.area_code === "610581") });
    expect(data.prefectures.map((p: R) => p.code)).not.toContain("610403");
    const en = (await gateway("dashboard.map", { metric: "enterprises" }, admin, "en-US")).body.data;
    expect(en.prefectures.find((p: R) => p.code === "610100").name).toBe("Xi'an");
  });

  it("listing: statuses, listed per prefecture, applications by board and month — province and one prefecture", async () => {
    for (const area of [undefined, "610400"]) {
      const ents = rows.en_enterprise_basic_info!.filter((e) => inArea(e.area_code, area));
      const apps = rows.tb_listing_application!.filter((a) => enterpriseIn(a.credit_code, area));
      const data = await figures("dashboard.listing", area ? { areaCode: area } : {});
      expect(kpi(data), String(area)).toEqual({
        enterprises: ents.length,
        listed: count(ents, (e) => listed.includes(e.listing_status)),
        mainBoard: count(ents, (e) => e.listing_status === "3"),
        neeq: count(ents, (e) => e.listing_status === "4"),
        regional: count(ents, (e) => e.listing_status === "5"),
        preparing: count(ents, (e) => e.listing_status === "2"),
        applications: apps.length,
      });
      expect(data.byStatus.map((b: R) => b.key)).toEqual(["1", "2", "3", "4", "5"]);
      expect(rankingOf(data.byPrefecture)).toEqual(perPrefecture(ents.filter((e) => listed.includes(e.listing_status)), (e) => e.area_code));
      expect(sum(data.byMarket, (b: R) => b.value)).toBe(apps.length);
      const months = data.trend.periods as string[];
      expect(months).toHaveLength(12);
      expect(months[11]).toBe(chinaToday().slice(0, 7));
      const applied = data.trend.series.find((s: R) => s.key === "applications").values as number[];
      expect(applied).toEqual(months.map((m) => count(apps, (a) => String(a.apply_time ?? "").startsWith(m))));
      if (area) expect(data.area).toEqual({ code: "610400", name: "咸阳市" });
      else expect(applied.some((n) => n > 0)).toBe(true);
    }
  });

  it("trusteeship: pledges and freezes by status, enterprises, amounts by unit", async () => {
    for (const area of [undefined, "610100"]) {
      const pledges = rows.portal_pledge_info!.filter((p) => enterpriseIn(p.credit_code, area));
      const freezes = rows.portal_freeze_info!.filter((f) => enterpriseIn(f.credit_code, area));
      const valid = pledges.filter((p) => p.status === "valid");
      const active = freezes.filter((f) => ["frozen", "continued"].includes(f.status));
      const data = await figures("dashboard.trusteeship", area ? { areaCode: area } : {});
      expect(kpi(data), String(area)).toEqual({
        pledges: pledges.length,
        validPledges: valid.length,
        pledgedEnterprises: distinct(valid, (p) => p.credit_code),
        pledgedShares: sum(valid.filter((p) => p.pledged_unit === "tenThousandShares"), (p) => p.pledged_amount),
        pledgedYuan: sum(valid.filter((p) => p.pledged_unit === "tenThousandYuan"), (p) => p.pledged_amount),
        freezes: freezes.length,
        activeFreezes: active.length,
        frozenEnterprises: distinct(active, (f) => f.credit_code),
      });
      expect(sum(data.pledgeStatus, (b: R) => b.value)).toBe(pledges.length);
      expect(valid.length * active.length, String(area)).toBeGreaterThan(0);
      expect(kpi(data).pledgedShares + kpi(data).pledgedYuan).toBeGreaterThan(0);
      expect(rankingOf(data.byPrefecture)).toEqual(perPrefecture(valid.filter((p) => masterByCode().has(p.credit_code)), (p) => masterByCode().get(p.credit_code)!.area_code));
    }
  });

  it("funding: applications, demand and approved amounts, published products", async () => {
    const apps = rows.tb_financ_application!;
    const data = await figures("dashboard.funding");
    expect(kpi(data)).toEqual({
      applications: count(apps, (a) => a.status !== "draft"),
      approved: count(apps, (a) => a.status === "approved"),
      demandAmount: sum(apps.filter((a) => a.status !== "draft"), (a) => a.demand_amount),
      approvedAmount: sum(apps.filter((a) => a.status === "approved"), (a) => a.approved_amount),
      products: count(rows.tb_financ!, (p) => p.status === "1"),
    });
    expect(sum(data.byStatus, (b: R) => b.value)).toBe(apps.length);
    expect(kpi(data).approvedAmount).toBeGreaterThan(0);
    const top = data.topInstitutions[0];
    expect(top.value).toBe(sum(apps.filter((a) => a.status === "approved" && a.institution_name === top.key), (a) => a.approved_amount));
  });

  it("products: published ones by publish date and type, paged", async () => {
    const published = rows.tb_financ!.filter((p) => p.status === "1");
    const all = await figures("dashboard.products", { size: 100 });
    expect(all.total).toBe(published.length);
    expect(all.rows.map((r: R) => r.id).sort()).toEqual(published.map((p) => p.id).sort());
    const type = published[0]!.product_type as string;
    const month = String(published[0]!.publish_time).slice(0, 7);
    const narrowed = await figures("dashboard.products", { type, date: month, size: 100 });
    const expected = published.filter((p) => p.product_type === type && String(p.publish_time).startsWith(month));
    expect(narrowed.total).toBe(expected.length);
    expect(narrowed.rows.map((r: R) => r.id).sort()).toEqual(expected.map((p) => p.id).sort());
    // byType follows the date, not the type
    expect(sum(narrowed.byType, (b: R) => b.value)).toBe(count(published, (p) => String(p.publish_time).startsWith(month)));
    const page2 = await figures("dashboard.products", { page: 2, size: 5 });
    expect(page2.rows.map((r: R) => r.id)).toEqual(all.rows.slice(5, 10).map((r: R) => r.id));
  });

  it("members: the roster's enterprises by pool and prefecture, served enterprises", async () => {
    const roster = rows.en_enterprise_basic_info_szt!;
    const data = await figures("dashboard.members");
    expect(kpi(data)).toEqual({
      members: distinct(roster, (s) => s.credit_code),
      entries: roster.length,
      specialised: distinct(roster.filter((s) => s.pool_type === "specialised"), (s) => s.credit_code),
      listingReserve: distinct(roster.filter((s) => s.pool_type === "listingReserve"), (s) => s.credit_code),
      served: count(rows.en_enterprise_basic_info!, (e) => !!e.service_user_id),
    });
    // the roster's own division: distinct enterprises per district, summed into the prefecture
    const perDistrict = new Map<string, Set<string>>();
    for (const s of roster) perDistrict.set(s.area_code, (perDistrict.get(s.area_code) ?? new Set()).add(s.credit_code));
    const expected: Record<string, number> = {};
    for (const [district, set] of perDistrict) {
      const p = prefectureOf(district);
      if (p) expected[p] = (expected[p] ?? 0) + set.size;
    }
    expect(rankingOf(data.byPrefecture)).toEqual(expected);
    expect(sum(data.byPool, (b: R) => b.value)).toBe(sum([...new Set(roster.map((s) => s.pool_type))], (pool) => distinct(roster.filter((s) => s.pool_type === pool), (s) => s.credit_code)));
  });

  it("enterprises, peers and institutions", async () => {
    const ents = rows.en_enterprise_basic_info!;
    const e = await figures("dashboard.enterprises", { areaCode: "610500" });
    const inWeinan = ents.filter((x) => inArea(x.area_code, "610500"));
    expect(kpi(e)).toEqual({ enterprises: inWeinan.length, newThisYear: count(inWeinan, (x) => String(x.est_date ?? "").startsWith(chinaToday().slice(0, 4))), regCapital: sum(inWeinan, (x) => x.reg_capital), large: count(inWeinan, (x) => x.scale === "1") });
    expect(e.topCapital[0].value).toBe(Math.max(...inWeinan.map((x) => x.reg_capital ?? 0)));

    const industry = ents[0]!.industry as string;
    const peers = await figures("dashboard.peers", { industry });
    const same = ents.filter((x) => x.industry === industry);
    expect(kpi(peers)).toMatchObject({ enterprises: same.length, listed: count(same, (x) => listed.includes(x.listing_status)) });
    expect(peers.industries.find((i: R) => i.key === industry)).toMatchObject({ enterprises: same.length });
    expect(peers.ranking.map((r: R) => r.key)).toEqual([...same].sort((a, b) => (b.reg_capital ?? 0) - (a.reg_capital ?? 0) || a.credit_code.localeCompare(b.credit_code)).slice(0, 10).map((x) => x.credit_code));

    const inst = await figures("dashboard.institutions");
    const published = rows.tb_financ!.filter((p) => p.status === "1");
    expect(kpi(inst)).toEqual({
      institutions: distinct(published, (p) => p.institution_name),
      products: published.length,
      approvedAmount: sum(rows.tb_financ_application!.filter((a) => a.status === "approved"), (a) => a.approved_amount),
    });
  });
});

describe("errors and permissions", () => {
  it("bad params name their field", async () => {
    const cases: [string, unknown, string][] = [
      ["dashboard.listing", { areaCode: "61" }, "areaCode"],
      ["dashboard.listing", { areaCode: "999999" }, "areaCode"],
      ["dashboard.map", { metric: "height" }, "metric"],
      ["dashboard.products", { date: "2026/01" }, "date"],
      ["dashboard.products", { type: "noSuchType" }, "type"],
      ["dashboard.peers", { industry: "ZZ" }, "industry"],
    ];
    for (const [method, params, field] of cases) {
      const { body } = await gateway(method, params);
      expect([method, body.code, Object.keys(body.errors ?? {})]).toEqual([method, 400, [field]]);
      expect(body.msg.length, method).toBeGreaterThan(0);
    }
    const unknown = await gateway("dashboard.listing", { areaCode: "999999" });
    expect(unknown.body.msg).toBe("所属区划：没有代码为“999999”的行政区划");
  });

  it("needs the dashboard permission: 403 without it, the figures with it", async () => {
    const other = await userWithPermissions(admin, ["common:paclist:match"]);
    const refused = await gateway("dashboard.listing", {}, other.token);
    expect([refused.status, refused.body.code]).toEqual([403, 403]);
    const viewer = await userWithPermissions(admin, ["bt:dashboard:view"]);
    expect((await gateway("dashboard.map", {}, viewer.token)).body.code).toBe(200);
    expect((await call("/gateway", { body: { method: "dashboard.map" } })).body.code).toBe(401);
  });

  it("the JSON-RPC door reaches the same methods with the same answers", async () => {
    const rpc = await call("/wutong/v1/jsonrpc", { token: admin, body: { method: "dashboard.map", params: { metric: "listed" }, moduleCode: "dashboard", id: 7 } });
    expect(rpc.body).toMatchObject({ code: 200, id: 7 });
    expect(rpc.body.data).toEqual(await figures("dashboard.map", { metric: "listed" }));
    const bad = await call("/wutong/v1/jsonrpc", { token: admin, body: { method: "dashboard.products", params: { date: "x" }, moduleCode: "dashboard" } });
    expect([bad.body.code, Object.keys(bad.body.errors ?? {})]).toEqual([400, ["date"]]);
  });
});
