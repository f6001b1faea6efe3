/**
 * The equity-exchange dashboard's gateway methods (spec §7 "Dashboard, credit, DID, policy, notarisation":
 * listed-company, provincial map, managed-company, funding, product info (date, type) and VIP-company
 * statistics, plus the enterprise, peer and institution screens of §2): their names, params and the shape
 * of their answers, shared by the Worker (worker/dashboard/methods.ts registers them on the gateway's one
 * method table) and the screens (web/dashboard/).
 *
 * Every figure is computed from our read models: the enterprise master (listing status, division, scale,
 * industry), the listed-enterprise roster (the member/VIP pools), equity pledges and freezes, financing
 * products and applications, listing applications. Divisions join by their 6-digit code on the seeded
 * divisions (sys_area), so an enterprise of 杨陵区 (610403) counts under 咸阳市 and one of 韩城市 (610581)
 * under 渭南市, as the divisions say.
 */
import * as z from "zod";
import { lazySchema } from "../lazy.ts";

/** The province the dashboard maps: 陕西省 (the seeded divisions' root, the boundary file's province). */
export const provinceCode = "610000";

export const dashboardPermission = "bt:dashboard:view";

/** A 6-digit division code of the seeded divisions (a prefecture or a district). */
export const areaCodeParam = lazySchema(() => z.string().regex(/^\d{6}$/, "a 6-digit division code").optional());

export const mapMetrics = ["enterprises", "listed", "financingDemand", "pledges", "members"] as const;
export type MapMetric = (typeof mapMetrics)[number];

/** Listing statuses counted as listed or quoted: main board, NEEQ, regional equity market. */
export const listedStatuses = ["3", "4", "5"] as const;

export const dashboardParams = {
  listing: lazySchema(() => z.object({ areaCode: areaCodeParam })),
  map: lazySchema(() => z.object({ metric: z.enum(mapMetrics).default("enterprises") })),
  trusteeship: lazySchema(() => z.object({ areaCode: areaCodeParam })),
  funding: lazySchema(() => z.object({ areaCode: areaCodeParam })),
  products: lazySchema(() => z.object({
    date: z.string().regex(/^\d{4}(-\d{2}(-\d{2})?)?$/, "yyyy, yyyy-MM or yyyy-MM-dd").optional(),
    type: z.string().trim().min(1).max(32).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    size: z.coerce.number().int().min(1).max(100).default(10),
  })),
  members: lazySchema(() => z.object({ areaCode: areaCodeParam })),
  enterprises: lazySchema(() => z.object({ areaCode: areaCodeParam })),
  peers: lazySchema(() => z.object({ industry: z.string().trim().min(1).max(16).optional(), areaCode: areaCodeParam })),
  institutions: lazySchema(() => z.object({})),
};

const kpi = lazySchema(() => z.strictObject({ key: z.string(), value: z.number() }));
/** A count or amount per dictionary value (label in the reader's language) or per named thing. */
const bucket = lazySchema(() => z.strictObject({ key: z.string(), label: z.string(), value: z.number() }));
/** Monthly (or yearly) figures: one value per period for each series. */
const trend = lazySchema(() => z.strictObject({ periods: z.array(z.string()), series: z.array(z.strictObject({ key: z.string(), values: z.array(z.number()) })) }));
/** The division filter applied, named (null: the whole province). */
const area = lazySchema(() => z.strictObject({ code: z.string(), name: z.string() }).nullable());

export const dashboardResults = {
  listing: lazySchema(() => z.strictObject({ area, kpis: z.array(kpi), byStatus: z.array(bucket), byPrefecture: z.array(bucket), byMarket: z.array(bucket), trend })),
  map: lazySchema(() => z.strictObject({
    metric: z.enum(mapMetrics),
    total: z.number(),
    prefectures: z.array(z.strictObject({ code: z.string(), name: z.string(), value: z.number(), districts: z.array(bucket) })),
  })),
  trusteeship: lazySchema(() => z.strictObject({ area, kpis: z.array(kpi), pledgeStatus: z.array(bucket), freezeStatus: z.array(bucket), topPledgees: z.array(bucket), byPrefecture: z.array(bucket), trend })),
  funding: lazySchema(() => z.strictObject({ area, kpis: z.array(kpi), byStatus: z.array(bucket), byProductType: z.array(bucket), topInstitutions: z.array(bucket), byPrefecture: z.array(bucket), trend })),
  products: lazySchema(() => z.strictObject({
    byType: z.array(bucket),
    total: z.number(),
    rows: z.array(
      z.strictObject({
        id: z.string(),
        productName: z.string(),
        institutionName: z.string(),
        institutionType: z.string(),
        productType: z.string(),
        amountMax: z.number().nullable(),
        rateMin: z.number().nullable(),
        termMaxMonths: z.number().nullable(),
        publishTime: z.string().nullable(),
      }),
    ),
  })),
  members: lazySchema(() => z.strictObject({ area, kpis: z.array(kpi), byPool: z.array(bucket), byPrefecture: z.array(bucket), byYear: trend })),
  enterprises: lazySchema(() => z.strictObject({ area, kpis: z.array(kpi), byIndustry: z.array(bucket), byScale: z.array(bucket), topCapital: z.array(bucket), established: trend })),
  peers: lazySchema(() => z.strictObject({
    area,
    industry: bucket.nullable(),
    kpis: z.array(kpi),
    industries: z.array(z.strictObject({ key: z.string(), label: z.string(), enterprises: z.number(), listed: z.number(), avgCapital: z.number() })),
    ranking: z.array(bucket),
    byScale: z.array(bucket),
  })),
  institutions: lazySchema(() => z.strictObject({ kpis: z.array(kpi), byType: z.array(bucket), byProducts: z.array(bucket), byApproved: z.array(bucket) })),
};

export type DashboardKind = keyof typeof dashboardResults;
export type DashboardResult<K extends DashboardKind> = z.infer<(typeof dashboardResults)[K]>;
export type DashboardParams<K extends DashboardKind> = z.input<(typeof dashboardParams)[K]>;
export type Bucket = z.infer<typeof bucket>;
export type Trend = z.infer<typeof trend>;
export type Kpi = z.infer<typeof kpi>;

/** The gateway method of each figure set: `dashboard.<kind>`. */
export const dashboardMethod = (kind: DashboardKind) => `dashboard.${kind}`;
