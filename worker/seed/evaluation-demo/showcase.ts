/**
 * The three enterprises of the demo region the seeded schemes are shown on, with the figures their records
 * carry and the papers they answered. Their figures sit on or just beside the schemes' band edges, so a
 * score computed by hand (tests/evaluation-schemes.test.ts) exercises the edges:
 *
 * - `edges` (region index 8, 柞水嘉禾光电科技有限公司): exactly on the edges — 科技人员 15/50 = 30%,
 *   研发费用 150/2500 = 6%, four class II IP items, net margin exactly 10%, debt ratio exactly 50%, R&D staff
 *   exactly 20%. Passes the 科技型 scheme and the 2022 专精特新 standard; the 2026 standard refuses it (no
 *   class I IP).
 * - `justBelow` (index 17, 铜川安泰数据科技有限公司): just under them — 科技人员 149/497 = 29.98%, R&D to
 *   sales 2.81% while R&D to costs is exactly 15%, so the cost-based alternative wins; main-business share
 *   79.9%, growth 9.99%. Passes 科技型 on its score; both 专精特新 standards refuse it (R&D expense
 *   90 < 100万元, 2.81% < 3%).
 * - `direct` (index 12, 西安恒昌精密仪器有限公司): scores too low, passes by a direct route — a high-tech
 *   certificate in force under 科技型 (science staff 9.17%: 0 points), two-year average R&D expense
 *   1,025万元 under 2022 专精特新; the 2026 standard passes it on the platform's published score (58 ≥ 50).
 *
 * Amounts in 万元 (10k CNY). `latest` is the annual period before the seed's year, `previous` the one
 * before that.
 */

type AnswerValue = string | number | string[];

export interface YearFigures {
  revenue: number;
  netProfit: number;
  totalAssets: number;
  totalLiabilities: number;
  rdExpense: number;
  employees: number;
}

export interface ShowcaseFigures {
  key: "edges" | "justBelow" | "direct";
  /** the enterprise's position in the demo region (worker/seed/enterprise-demo/enterprises.ts) */
  index: number;
  /** enterpriseScale by the SME classification rules for its industry and figures: 2 medium, 3 small */
  scale: "2" | "3";
  latest: YearFigures;
  previous: YearFigures;
  /** granted patents in force, by type */
  patents: { invention: number; utilityModel: number; design: number };
  softwareCopyrights: number;
  hitechValid: boolean;
  /** a paper's answers by question code (worker/seed/evaluation-demo/questions.ts) */
  answers: Record<string, AnswerValue>;
}

const declared = { TSME_RESIDENT: "yes", TSME_NOT_RESTRICTED: "yes", TSME_NO_INCIDENT: "yes", TSME_NOT_LISTED: "yes", ZJTX_NOT_LISTED: "yes", ZJTX_COMPLIANT: "yes" } as const;
const noRoutes = { TSME_NATIONAL_AWARD: "no", TSME_RD_INSTITUTE: "no", TSME_STANDARD: "no", ZJTX_AWARD: "no", ZJTX_MAKER_500: "no" } as const;

/** The papers' answers by question code, side by side: [edges, justBelow, direct]. */
const answered: Record<string, [AnswerValue, AnswerValue, AnswerValue]> = {
  TSME_TECH_STAFF: [15, 149, 11],
  TSME_COST: [2200, 600, 17000],
  ZJTX_MARKET_YEARS: [4, 9, 12],
  ZJTX_EQUITY_2Y: [0, 500, 0],
  ZJTX_MAIN_SHARE: [80, 79.9, 85],
  ZJTX_MAIN_GROWTH: [10, 9.99, 3],
  ZJTX_FIELD: ["B", "A", "C"],
  ZJTX_DIGITAL: ["2", "3", "1"],
  ZJTX_QUALITY: [["system", "brand"], ["award", "system", "brand", "standard"], []],
  ZJTX_LOCAL_1: ["yes", "yes", "no"],
  ZJTX_LOCAL_2: ["no", "yes", "no"],
  ZJTX_LOCAL_3: ["no", "yes", "no"],
  ZJTX_IP_HIGH_VALUE: [0, 1, 0],
  ZJTX_IP_OWN_RD: [0, 1, 0],
  ZJTX_RD_STAFF: [10, 99, 10],
  ZJTX_RD_ORG: ["municipal", "provincial", "none"],
  ZJTX26_TECH_SME: ["yes", "yes", "yes"],
  ZJTX26_IP_EXEMPT: ["no", "no", "yes"],
  ZJTX26_MARKET_POSITION: ["yes", "yes", "yes"],
  ZJTX26_DEV_SCORE: [50, 49.5, 58],
};
const answersOf = (n: 0 | 1 | 2): Record<string, AnswerValue> => ({ ...declared, ...noRoutes, ...Object.fromEntries(Object.entries(answered).map(([code, v]) => [code, v[n]])) });

export const showcaseFigures: readonly ShowcaseFigures[] = [
  {
    key: "edges",
    index: 8,
    scale: "3",
    latest: { revenue: 2500, netProfit: 250, totalAssets: 3000, totalLiabilities: 1500, rdExpense: 150, employees: 50 },
    previous: { revenue: 2200, netProfit: 200, totalAssets: 2700, totalLiabilities: 1400, rdExpense: 120, employees: 46 },
    patents: { invention: 0, utilityModel: 3, design: 0 },
    softwareCopyrights: 1,
    hitechValid: false,
    answers: answersOf(0),
  },
  {
    key: "justBelow",
    index: 17,
    scale: "2",
    latest: { revenue: 3200, netProfit: 1400, totalAssets: 4000, totalLiabilities: 1200, rdExpense: 90, employees: 497 },
    previous: { revenue: 2900, netProfit: 1200, totalAssets: 3600, totalLiabilities: 1080, rdExpense: 80, employees: 480 },
    patents: { invention: 1, utilityModel: 2, design: 1 },
    softwareCopyrights: 2,
    hitechValid: false,
    answers: answersOf(1),
  },
  {
    key: "direct",
    index: 12,
    scale: "3",
    latest: { revenue: 18000, netProfit: 180, totalAssets: 19000, totalLiabilities: 13680, rdExpense: 1100, employees: 120 },
    previous: { revenue: 16500, netProfit: 300, totalAssets: 17000, totalLiabilities: 12000, rdExpense: 950, employees: 118 },
    patents: { invention: 0, utilityModel: 0, design: 0 },
    softwareCopyrights: 0,
    hitechValid: true,
    answers: answersOf(2),
  },
];

/** a ratio in percent as the facts reader computes it (a * 100.0 / b) */
const pct = (a: number, b: number) => (a * 100) / b;
const pct2 = (a: number, b: number) => Math.round(pct(a, b) * 100) / 100;

/**
 * The facts (events/conditions/facts.ts) a reader of the seeded records must find for a showcase
 * enterprise: what the schemes read, with their `q:` answers. The debt ratio is the financial record's
 * field (two decimals); the R&D ratios are computed from the figures.
 */
export function expectedFacts(s: ShowcaseFigures): Record<string, number | string | boolean | string[]> {
  const { latest: y, previous: p } = s;
  const facts: Record<string, number | string | boolean | string[]> = {
    regStatus: "existing",
    scale: s.scale,
    employees: y.employees,
    insuredEmployees: y.employees,
    revenue: y.revenue,
    netProfit: y.netProfit,
    totalAssets: y.totalAssets,
    debtRatio: pct2(y.totalLiabilities, y.totalAssets),
    rdExpense: y.rdExpense,
    rdRatio: pct(y.rdExpense, y.revenue),
    rdExpensePrev: p.rdExpense,
    rdRatioPrev: pct(p.rdExpense, p.revenue),
    rdExpense2yAvg: (y.rdExpense + p.rdExpense) / 2,
    inventionPatents: s.patents.invention,
    utilityPatents: s.patents.utilityModel,
    designPatents: s.patents.design,
    softwareCopyrights: s.softwareCopyrights,
    ipClass1: s.patents.invention,
    ipClass2: s.patents.utilityModel + s.patents.design + s.softwareCopyrights,
    hitechValid: s.hitechValid,
  };
  for (const [code, value] of Object.entries(s.answers)) facts[`q:${code}`] = value;
  return facts;
}

export const showcaseByKey = (key: ShowcaseFigures["key"]) => showcaseFigures.find((s) => s.key === key)!;
