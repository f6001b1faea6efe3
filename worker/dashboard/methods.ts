/**
 * The dashboard's gateway methods (events/api/dashboard.ts names them and their answers), spread into the
 * gateway's one method table: listing, map, trusteeship, funding, products, members, enterprises, peers and
 * institutions figures, each one batch of reads (./queries.ts) shaped by pure code (./figures.ts).
 *
 * Meanings, from the read models:
 * - listed: listing status 3 (main board), 4 (NEEQ) or 5 (regional equity market);
 * - trusteeship (托管): the equity the exchange registers against enterprises — pledges and court freezes;
 *   a pledge counts while its status is valid, a freeze while frozen or continued;
 * - funding: financing applications (demand; the approved amount of approved ones) and published products;
 * - members / VIP companies: enterprises on the listed-enterprise roster (its pools), and enterprises with a
 *   service officer;
 * - institutions: the financial institutions of published products and of applications.
 */
import * as z from "zod";
import { dashboardParams, dashboardPermission, dashboardResults, listedStatuses, type DashboardKind, type MapMetric } from "../../events/api/dashboard.ts";
import { l } from "../../events/family.ts";
import type { Text } from "../../events/i18n.ts";
import { ValidationError } from "../errors.ts";
import { gatewayMethod, type GatewayCall, type GatewayMethod, offsetOf } from "../gateway/method.ts";
import { chinaToday } from "../policy/match.ts";
import { allBuckets, buckets, divisionNames, divisionsOf, labelsOf, lastMonths, lastYears, num, prefectureRanking, rollUp, round2, single, sumOf, trendOf, type DivisionName, type Labels } from "./figures.ts";
import * as q from "./queries.ts";

const areaLabel = l("所属区划", "Area");
const listedIn = `IN (${listedStatuses.map((s) => `'${s}'`).join(", ")})`;
const activeFreeze = "status IN ('frozen', 'continued')";

function refuse(field: string, label: Text, key: "dashboardUnknownArea" | "dashboardUnknownValue", value: string): never {
  throw new ValidationError([{ field, label, key, params: { value } }]);
}

/** The named area of a filter (refused when the divisions have no such code). */
function areaOf(rows: q.Row[] | undefined, code: string | undefined, nameOf: DivisionName) {
  if (!code) return null;
  const row = rows?.[0];
  if (!row) refuse("areaCode", areaLabel, "dashboardUnknownArea", code);
  return { code, name: nameOf(code, String(row.name)) };
}

/** The batch's shared parts: the named area (when filtered), the divisions, the dictionaries. */
const common = (areaCode: string | undefined, dicts: string[]) => ({
  ...(areaCode ? { area: q.areaQuery(areaCode) } : {}),
  divisions: q.divisionsQuery(),
  dicts: q.dictQuery(dicts),
});

async function read<K extends string>(call: GatewayCall, areaCode: string | undefined, dicts: string[], queries: Record<K, q.Query>) {
  const [rows, nameOf] = await Promise.all([q.runAll(call.db, { ...common(areaCode, dicts), ...queries } as Record<K | "divisions" | "dicts" | "area", q.Query>), divisionNames(call.lang)]);
  const labels: Labels = labelsOf(rows.dicts, call.lang);
  return { rows, labels, area: areaOf(rows.area, areaCode, nameOf), divisions: divisionsOf(rows.divisions, nameOf) };
}

const kpis = (figures: Record<string, number>) => Object.entries(figures).map(([key, value]) => ({ key, value: round2(value) }));

function since(today: string) {
  const months = lastMonths(today);
  return { months, from: `${months[0]}-01` };
}

async function listing(call: GatewayCall, p: z.output<typeof dashboardParams.listing>) {
  const ent = q.areaWhere(p.areaCode, "own");
  const apps = q.areaWhere(p.areaCode, "enterprise");
  const { months, from } = since(chinaToday());
  const { rows, labels, area, divisions } = await read(call, p.areaCode, ["listingStatus", "listingMarket"], {
    // province-wide: the master's counters; a division: the master's rows of its districts
    status: p.areaCode ? q.groupCount("en_enterprise_basic_info", "listing_status", ent) : q.counterRows("en_enterprise_basic_info.listing_status"),
    listedByDistrict: q.byDistrict("COUNT(*)", null, `listing_status ${listedIn} AND ${ent.sql}`, ent.params),
    applications: q.scalar("tb_listing_application", "COUNT(*)", apps),
    byMarket: q.groupCount("tb_listing_application", "target_market", apps),
    applied: q.monthly("tb_listing_application", "apply_time", from, apps),
    approved: q.monthly("tb_listing_application", "apply_time", from, { sql: `status = 'approved' AND ${apps.sql}`, params: apps.params }),
  });
  const status = rows.status;
  return {
    area,
    kpis: kpis({
      enterprises: sumOf(status),
      listed: sumOf(status, listedStatuses),
      mainBoard: sumOf(status, ["3"]),
      neeq: sumOf(status, ["4"]),
      regional: sumOf(status, ["5"]),
      preparing: sumOf(status, ["2"]),
      applications: single(rows.applications),
    }),
    byStatus: allBuckets(status, labels.get("listingStatus")),
    byPrefecture: prefectureRanking(rollUp(rows.listedByDistrict, divisions)),
    byMarket: buckets(rows.byMarket, labels.get("listingMarket")),
    trend: trendOf(months, { applications: rows.applied, approved: rows.approved }),
  };
}

/** Per district: the measure of a map metric. */
function metricByDistrict(metric: MapMetric): q.Query {
  switch (metric) {
    case "enterprises":
      return q.byDistrict("COUNT(*)", null);
    case "listed":
      return q.byDistrict("COUNT(*)", null, `listing_status ${listedIn}`);
    case "financingDemand":
      return q.byDistrict("TOTAL(t.demand_amount)", { table: "tb_financ_application", where: "t.status <> 'draft'" });
    case "pledges":
      return q.byDistrict("COUNT(*)", { table: "portal_pledge_info", where: "t.status = 'valid'" });
    case "members":
      return q.byDistrict("COUNT(DISTINCT t.credit_code)", { table: "en_enterprise_basic_info_szt" });
  }
}

async function map(call: GatewayCall, p: z.output<typeof dashboardParams.map>) {
  const { rows, divisions } = await read(call, undefined, [], { values: metricByDistrict(p.metric) });
  const prefectures = rollUp(rows.values, divisions);
  return { metric: p.metric, total: round2(prefectures.reduce((s, f) => s + f.value, 0)), prefectures };
}

async function trusteeship(call: GatewayCall, p: z.output<typeof dashboardParams.trusteeship>) {
  const { w, and } = q.throughEnterprise(p.areaCode);
  const { months, from } = since(chinaToday());
  const { rows, labels, area, divisions } = await read(call, p.areaCode, ["pledgeStatus", "freezeStatus"], {
    pledgeStatus: q.groupCount("portal_pledge_info", "status", w),
    freezeStatus: q.groupCount("portal_freeze_info", "status", w),
    pledgedEnterprises: q.scalar("portal_pledge_info", "COUNT(DISTINCT credit_code)", and("status = 'valid'")),
    pledgedShares: q.scalar("portal_pledge_info", "TOTAL(pledged_amount)", and("status = 'valid' AND pledged_unit = 'tenThousandShares'")),
    pledgedYuan: q.scalar("portal_pledge_info", "TOTAL(pledged_amount)", and("status = 'valid' AND pledged_unit = 'tenThousandYuan'")),
    frozenEnterprises: q.scalar("portal_freeze_info", "COUNT(DISTINCT credit_code)", and(activeFreeze)),
    topPledgees: q.topBy("portal_pledge_info", "pledgee_name", "COUNT(*)", and("status = 'valid'")),
    byDistrict: q.districtsOf("portal_pledge_info", "COUNT(*)", "t.status = 'valid'", p.areaCode),
    pledged: q.monthly("portal_pledge_info", "reg_date", from, w),
    frozen: q.monthly("portal_freeze_info", "freeze_from", from, w),
  });
  return {
    area,
    kpis: kpis({
      pledges: sumOf(rows.pledgeStatus),
      validPledges: sumOf(rows.pledgeStatus, ["valid"]),
      pledgedEnterprises: single(rows.pledgedEnterprises),
      pledgedShares: single(rows.pledgedShares),
      pledgedYuan: single(rows.pledgedYuan),
      freezes: sumOf(rows.freezeStatus),
      activeFreezes: sumOf(rows.freezeStatus, ["frozen", "continued"]),
      frozenEnterprises: single(rows.frozenEnterprises),
    }),
    pledgeStatus: allBuckets(rows.pledgeStatus, labels.get("pledgeStatus")),
    freezeStatus: allBuckets(rows.freezeStatus, labels.get("freezeStatus")),
    topPledgees: buckets(rows.topPledgees, undefined),
    byPrefecture: prefectureRanking(rollUp(rows.byDistrict, divisions)),
    trend: trendOf(months, { pledges: rows.pledged, freezes: rows.frozen }),
  };
}

async function funding(call: GatewayCall, p: z.output<typeof dashboardParams.funding>) {
  const { w, and } = q.throughEnterprise(p.areaCode);
  const { months, from } = since(chinaToday());
  const published = { sql: "status = '1'", params: [] };
  const { rows, labels, area, divisions } = await read(call, p.areaCode, ["applyStatus", "financingProductType"], {
    byStatus: q.groupCount("tb_financ_application", "status", w),
    demand: q.scalar("tb_financ_application", "TOTAL(demand_amount)", and("status <> 'draft'")),
    approvedAmount: q.scalar("tb_financ_application", "TOTAL(approved_amount)", and("status = 'approved'")),
    products: q.scalar("tb_financ", "COUNT(*)", published),
    byProductType: q.groupCount("tb_financ", "product_type", published),
    topInstitutions: q.topBy("tb_financ_application", "institution_name", "TOTAL(approved_amount)", and("status = 'approved'")),
    byDistrict: q.districtsOf("tb_financ_application", "TOTAL(t.demand_amount)", "t.status <> 'draft'", p.areaCode),
    applied: q.monthly("tb_financ_application", "apply_time", from, and("status <> 'draft'")),
    demanded: q.monthly("tb_financ_application", "apply_time", from, and("status <> 'draft'"), "TOTAL(demand_amount)"),
  });
  return {
    area,
    kpis: kpis({
      applications: sumOf(rows.byStatus) - sumOf(rows.byStatus, ["draft"]),
      approved: sumOf(rows.byStatus, ["approved"]),
      demandAmount: single(rows.demand),
      approvedAmount: single(rows.approvedAmount),
      products: single(rows.products),
    }),
    byStatus: allBuckets(rows.byStatus, labels.get("applyStatus")),
    byProductType: buckets(rows.byProductType, labels.get("financingProductType")),
    topInstitutions: buckets(rows.topInstitutions, undefined),
    byPrefecture: prefectureRanking(rollUp(rows.byDistrict, divisions)),
    trend: trendOf(months, { applications: rows.applied, demand: rows.demanded }),
  };
}

async function products(call: GatewayCall, p: z.output<typeof dashboardParams.products>) {
  const [page, total, byType] = q.productPage({ date: p.date, type: p.type }, p.size, offsetOf(p));
  const { rows, labels } = await read(call, undefined, ["financingProductType", "institutionType"], { page, total, byType });
  const types = labels.get("financingProductType");
  if (p.type && !types?.has(p.type)) refuse("type", l("产品类型", "Product type"), "dashboardUnknownValue", p.type);
  const institutionTypes = labels.get("institutionType");
  return {
    byType: buckets(rows.byType, types),
    total: single(rows.total),
    rows: rows.page.map((r) => ({
      id: String(r.id),
      productName: String(r.productName ?? ""),
      institutionName: String(r.institutionName ?? ""),
      institutionType: institutionTypes?.get(String(r.institutionType)) ?? String(r.institutionType ?? ""),
      productType: types?.get(String(r.productType)) ?? String(r.productType ?? ""),
      amountMax: r.amountMax === null ? null : num(r.amountMax),
      rateMin: r.rateMin === null ? null : num(r.rateMin),
      termMaxMonths: r.termMaxMonths === null ? null : num(r.termMaxMonths),
      publishTime: r.publishTime === null ? null : String(r.publishTime),
    })),
  };
}

async function members(call: GatewayCall, p: z.output<typeof dashboardParams.members>) {
  const roster = q.areaWhere(p.areaCode, "own");
  const ent = q.areaWhere(p.areaCode, "own");
  const years = lastYears(chinaToday(), 6);
  const { rows, labels, area, divisions } = await read(call, p.areaCode, ["enterprisePool"], {
    byPool: q.groupCount("en_enterprise_basic_info_szt", "pool_type", roster, "COUNT(DISTINCT credit_code)"),
    entries: q.scalar("en_enterprise_basic_info_szt", "COUNT(*)", roster),
    enterprises: q.scalar("en_enterprise_basic_info_szt", "COUNT(DISTINCT credit_code)", roster),
    served: q.scalar("en_enterprise_basic_info", "COUNT(*)", { sql: `service_user_id IS NOT NULL AND service_user_id <> '' AND ${ent.sql}`, params: ent.params }),
    byDistrict: { sql: `SELECT COALESCE(area_code, '') AS key, COUNT(DISTINCT credit_code) AS value FROM en_enterprise_basic_info_szt WHERE ${roster.sql} GROUP BY 1`, params: roster.params },
    byYear: q.groupCount("en_enterprise_basic_info_szt", "year", roster, "COUNT(DISTINCT credit_code)"),
  });
  return {
    area,
    kpis: kpis({
      members: single(rows.enterprises),
      entries: single(rows.entries),
      specialised: sumOf(rows.byPool, ["specialised"]),
      listingReserve: sumOf(rows.byPool, ["listingReserve"]),
      served: single(rows.served),
    }),
    byPool: allBuckets(rows.byPool, labels.get("enterprisePool")),
    byPrefecture: prefectureRanking(rollUp(rows.byDistrict, divisions)),
    byYear: trendOf(years, { members: rows.byYear }),
  };
}

async function enterprises(call: GatewayCall, p: z.output<typeof dashboardParams.enterprises>) {
  const w = q.areaWhere(p.areaCode, "own");
  const today = chinaToday();
  const years = lastYears(today);
  const { rows, labels, area } = await read(call, p.areaCode, ["industry", "enterpriseScale"], {
    total: q.scalar("en_enterprise_basic_info", "COUNT(*)", w),
    capital: q.scalar("en_enterprise_basic_info", "TOTAL(reg_capital)", w),
    byIndustry: q.groupCount("en_enterprise_basic_info", "industry", w),
    byScale: q.groupCount("en_enterprise_basic_info", "scale", w),
    topCapital: q.topCapital(w),
    established: { sql: `SELECT substr(est_date, 1, 4) AS key, COUNT(*) AS value FROM en_enterprise_basic_info WHERE est_date >= ? AND ${w.sql} GROUP BY 1`, params: [`${years[0]}-01-01`, ...w.params] },
  });
  const thisYear = rows.established.find((r) => r.key === today.slice(0, 4));
  return {
    area,
    kpis: kpis({ enterprises: single(rows.total), newThisYear: num(thisYear?.value), regCapital: single(rows.capital), large: sumOf(rows.byScale, ["1"]) }),
    byIndustry: buckets(rows.byIndustry, labels.get("industry"), { limit: 10 }),
    byScale: allBuckets(rows.byScale, labels.get("enterpriseScale")),
    topCapital: rows.topCapital.map((r) => ({ key: String(r.key), label: String(r.label), value: num(r.value) })),
    established: trendOf(years, { established: rows.established }),
  };
}

async function peers(call: GatewayCall, p: z.output<typeof dashboardParams.peers>) {
  const w = q.areaWhere(p.areaCode, "own");
  const inIndustry = p.industry ? { sql: `industry = ? AND ${w.sql}`, params: [p.industry, ...w.params] } : w;
  const { rows, labels, area } = await read(call, p.areaCode, ["industry", "enterpriseScale"], {
    industries: q.industryFigures(w, listedStatuses),
    ranking: q.topCapital(inIndustry),
    byScale: q.groupCount("en_enterprise_basic_info", "scale", inIndustry),
  });
  const names = labels.get("industry");
  if (p.industry && !names?.has(p.industry)) refuse("industry", l("所属行业", "Industry"), "dashboardUnknownValue", p.industry);
  const industries = rows.industries.map((r) => ({ key: String(r.key), label: names?.get(String(r.key)) ?? (String(r.key) || "—"), enterprises: num(r.enterprises), listed: num(r.listed), avgCapital: round2(num(r.avgCapital)) }));
  const chosen = p.industry ? industries.find((i) => i.key === p.industry) : undefined;
  const scope = chosen ? [chosen] : industries;
  const count = scope.reduce((s, i) => s + i.enterprises, 0);
  return {
    area,
    industry: p.industry ? { key: p.industry, label: names?.get(p.industry) ?? p.industry, value: chosen?.enterprises ?? 0 } : null,
    kpis: kpis({
      enterprises: count,
      listed: scope.reduce((s, i) => s + i.listed, 0),
      avgCapital: count ? scope.reduce((s, i) => s + i.avgCapital * i.enterprises, 0) / count : 0,
      industries: industries.length,
    }),
    industries,
    ranking: rows.ranking.map((r) => ({ key: String(r.key), label: String(r.label), value: num(r.value) })),
    byScale: allBuckets(rows.byScale, labels.get("enterpriseScale")),
  };
}

async function institutions(call: GatewayCall) {
  const published = { sql: "status = '1'", params: [] };
  const approved = { sql: "status = 'approved'", params: [] };
  const { rows, labels } = await read(call, undefined, ["institutionType"], {
    institutions: q.scalar("tb_financ", "COUNT(DISTINCT institution_name)", published),
    products: q.scalar("tb_financ", "COUNT(*)", published),
    byType: q.groupCount("tb_financ", "institution_type", published, "COUNT(DISTINCT institution_name)"),
    byProducts: q.topBy("tb_financ", "institution_name", "COUNT(*)", published),
    byApproved: q.topBy("tb_financ_application", "institution_name", "TOTAL(approved_amount)", approved),
    approvedAmount: q.scalar("tb_financ_application", "TOTAL(approved_amount)", approved),
  });
  return {
    kpis: kpis({ institutions: single(rows.institutions), products: single(rows.products), approvedAmount: single(rows.approvedAmount) }),
    byType: buckets(rows.byType, labels.get("institutionType")),
    byProducts: buckets(rows.byProducts, undefined),
    byApproved: buckets(rows.byApproved, undefined),
  };
}

const summaries: Record<DashboardKind, Text> = {
  listing: l("挂牌统计：上市/挂牌状态、各市挂牌企业、上市申请按板块与月份", "Listing statistics: listing status, listed enterprises per prefecture, listing applications by board and month"),
  map: l("全省地图数据：各地市（含其区县）按所选指标的数值", "Provincial map data: each prefecture's (and its districts') value of the chosen measure"),
  trusteeship: l("托管统计：股权出质与冻结的状态、企业数、数额与月度走势", "Trusteeship statistics: equity pledges and freezes by status, enterprises, amounts and months"),
  funding: l("融资统计：融资申请的状态、需求与批复金额、产品类型与机构排名", "Funding statistics: financing applications by status, demand and approved amounts, product types, institutions"),
  products: l("产品信息：按发布日期与产品类型查询已发布的融资产品", "Product info: published financing products by publish date and product type"),
  members: l("会员（VIP 企业）统计：名录各类企业、服务企业与年度分布", "Member (VIP company) statistics: roster pools, served enterprises, years"),
  enterprises: l("企业信息：企业数量、注册资本、行业与规模分布、成立年份", "Enterprise info: enterprises, registered capital, industries, scales, years established"),
  peers: l("同行对比：各行业企业数、挂牌数与平均注册资本，行业内排名", "Peers: enterprises, listed ones and average capital per industry; ranking inside one"),
  institutions: l("服务机构：金融机构的类型、产品数与批复金额排名", "Institutions: financial institutions by type, products and approved amounts"),
};

const handlers: { [K in DashboardKind]: (call: GatewayCall, p: z.output<(typeof dashboardParams)[K]>) => Promise<z.infer<(typeof dashboardResults)[K]>> } = {
  listing,
  map,
  trusteeship,
  funding,
  products,
  members,
  enterprises,
  peers,
  institutions,
};

const method = <K extends DashboardKind>(kind: K): GatewayMethod =>
  gatewayMethod({ name: `dashboard.${kind}`, summary: summaries[kind], permission: dashboardPermission, params: dashboardParams[kind], result: dashboardResults[kind] }, (call, p) => handlers[kind](call, p as never));

export const dashboardMethods: GatewayMethod[] = (Object.keys(handlers) as DashboardKind[]).map(method);
