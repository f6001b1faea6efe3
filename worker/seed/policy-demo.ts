/**
 * Demo policies (local and browser-test databases, after the enterprise region): thirteen national,
 * Shaanxi, Xi'an and district policies modelled on real ones, each with its conditions split out over
 * the facts catalogue, written in the policy source protocol (events/policy/source.ts) and brought in
 * through the same mapping as an import. They are published as the publish command does it, and the
 * service staff of the demo enterprises meeting them are told (the notices are the module's own).
 * Deterministic: fixed texts, ids from `seedId`, times from `at`.
 */
import type { ExternalPolicy } from "../../events/policy/source.ts";
import { policyRecordOf } from "../../events/policy/source.ts";
import type { PolicyCondition } from "../../events/policy/conditions.ts";
import { policy as policyFamily } from "../../events/families/casework.ts";
import type { Family } from "../../events/family.ts";
import type { EventStore } from "../store/index.ts";
import { seedCommand, seedActor } from "../commands/seed.ts";
import { newCreate, newTransition } from "../resources/commands.ts";
import { displayTime } from "../time.ts";
import { decidePublish } from "../policy/lifecycle.ts";
import { notifyPolicy } from "../policy/notify.ts";
import { chinaToday } from "../policy/match.ts";

const c = (code: string, zh: string, en: string, condition: PolicyCondition["condition"]): PolicyCondition => ({ code, label: { "zh-CN": zh, "en-US": en }, condition });
const noDishonesty = c("credit", "未被列入失信被执行人名单", "Not on the dishonest-debtor list", { fact: "dishonestRecords", op: "eq", value: 0 });

export const demoPolicies: ExternalPolicy[] = [
  {
    id: "gov-hitech-2016",
    title: "高新技术企业认定管理办法",
    docNo: "国科发火〔2016〕32号",
    issuer: "科技部 财政部 国家税务总局",
    level: "national",
    category: "tax",
    publishedOn: "2016-01-29",
    effectiveFrom: "2016-01-01",
    summary: "经认定的高新技术企业，减按 15% 的税率征收企业所得税。",
    support: { text: "企业所得税减按 15% 征收" },
    conditions: [
      c("age", "注册成立一年以上", "Registered for at least one year", { fact: "ageYears", op: "gte", value: 1 }),
      c("ip", "拥有Ⅰ类知识产权，或 4 项以上Ⅱ类知识产权", "Class I IP, or at least 4 class II items", { any: [{ fact: "ipClass1", op: "gte", value: 1 }, { fact: "ipClass2", op: "gte", value: 4 }] }),
      c("rd", "研发费用占销售收入比例达到规定标准", "R&D spending reaches the share its revenue band requires", {
        any: [
          { all: [{ fact: "revenue", op: "lt", value: 5000 }, { fact: "rdRatio", op: "gte", value: 5 }] },
          { all: [{ fact: "revenue", op: "between", min: 5000, max: 20000 }, { fact: "rdRatio", op: "gte", value: 4 }] },
          { all: [{ fact: "revenue", op: "gte", value: 20000 }, { fact: "rdRatio", op: "gte", value: 3 }] },
        ],
      }),
      noDishonesty,
    ],
  },
  {
    id: "gov-tsme-2022",
    title: "科技型中小企业评价办法",
    docNo: "国科发政〔2022〕16号",
    issuer: "科技部 财政部 国家税务总局",
    level: "national",
    category: "technology",
    publishedOn: "2022-05-13",
    effectiveFrom: "2022-05-13",
    summary: "入库的科技型中小企业，研发费用税前加计扣除比例提高到 100%。",
    support: { text: "研发费用按 100% 加计扣除" },
    conditions: [
      c("staff", "职工总数不超过 500 人", "At most 500 employees", { fact: "employees", op: "lte", value: 500 }),
      c("revenue", "年销售收入不超过 2 亿元", "Annual revenue at most 200m CNY", { fact: "revenue", op: "lte", value: 20000 }),
      c("assets", "资产总额不超过 2 亿元", "Total assets at most 200m CNY", { fact: "totalAssets", op: "lte", value: 20000 }),
      noDishonesty,
    ],
  },
  {
    id: "gov-srdi-giant-2022",
    title: "专精特新“小巨人”企业培育",
    docNo: "工信部企业〔2022〕63号",
    issuer: "工业和信息化部",
    level: "national",
    category: "industry",
    publishedOn: "2022-06-01",
    effectiveFrom: "2022-06-01",
    effectiveTo: "2027-12-31",
    summary: "在省级专精特新中小企业中择优认定专精特新“小巨人”企业，中央财政给予重点支持。",
    support: { text: "中央财政奖补资金支持", maxAmount: 600 },
    conditions: [
      c("provincial", "已认定为省级专精特新中小企业", "Already a provincial SRDI enterprise", { fact: "honoursProvincial", op: "gte", value: 1 }),
      c("age", "从事特定细分市场 3 年以上", "In its niche for at least 3 years", { fact: "ageYears", op: "gte", value: 3 }),
      c("rd", "研发费用占营业收入比重不低于 3%", "R&D at least 3% of revenue", { fact: "rdRatio", op: "gte", value: 3 }),
      c("ip", "拥有Ⅰ类知识产权", "Holds class I IP", { fact: "ipClass1", op: "gte", value: 1 }),
    ],
  },
  {
    id: "gov-rd-deduction-2023",
    title: "关于进一步完善研发费用税前加计扣除政策的公告",
    docNo: "财政部 税务总局公告2023年第7号",
    issuer: "财政部 国家税务总局",
    level: "national",
    category: "tax",
    publishedOn: "2023-03-26",
    effectiveFrom: "2023-01-01",
    summary: "企业开展研发活动中实际发生的研发费用，在按规定据实扣除的基础上，再按实际发生额的 100% 在税前加计扣除。",
    support: { text: "研发费用按 100% 加计扣除" },
    conditions: [
      c("rd", "有研发投入", "Spends on R&D", { fact: "rdExpense", op: "gt", value: 0 }),
      c("tax", "纳税信用等级为 A、B 或 M", "Tax credit grade A, B or M", { fact: "taxCreditGrade", op: "in", values: ["A", "B", "M"] }),
    ],
  },
  {
    id: "sx-srdi-2023",
    title: "陕西省专精特新中小企业认定管理办法",
    docNo: "陕工信发〔2023〕143号",
    issuer: "陕西省工业和信息化厅",
    level: "provincial",
    category: "industry",
    region: "610000",
    publishedOn: "2023-07-10",
    effectiveFrom: "2023-08-01",
    effectiveTo: "2028-07-31",
    summary: "从事特定细分市场 2 年以上、研发投入和营业收入达到标准的中小企业，可申报省级专精特新中小企业。",
    support: { text: "一次性奖励", maxAmount: 30 },
    conditions: [
      c("age", "从事特定细分市场 2 年以上", "In its niche for at least 2 years", { fact: "ageYears", op: "gte", value: 2 }),
      c("size", "中小企业", "A small or medium enterprise", { fact: "scale", op: "in", values: ["2", "3", "4"] }),
      c("rd", "上年度研发费用不低于 100 万元，或占营业收入比重不低于 3%", "Last year's R&D at least 1m CNY or 3% of revenue", { any: [{ fact: "rdExpense", op: "gte", value: 100 }, { fact: "rdRatio", op: "gte", value: 3 }] }),
      c("revenue", "上年度营业收入不低于 1000 万元", "Last year's revenue at least 10m CNY", { fact: "revenue", op: "gte", value: 1000 }),
    ],
  },
  {
    id: "sx-rd-subsidy-2024",
    title: "陕西省科技型中小企业研发投入奖补",
    docNo: "陕科发〔2024〕5号",
    issuer: "陕西省科学技术厅 陕西省财政厅",
    level: "provincial",
    category: "subsidy",
    region: "610000",
    publishedOn: "2024-03-15",
    effectiveFrom: "2024-03-15",
    effectiveTo: "2026-12-31",
    summary: "对研发投入达到一定规模的科技型中小企业，按研发投入增量给予奖补。",
    support: { text: "按研发投入增量的 10% 给予奖补", maxAmount: 50 },
    conditions: [
      c("rd", "上年度研发费用不低于 200 万元", "Last year's R&D at least 2m CNY", { fact: "rdExpense", op: "gte", value: 200 }),
      c("revenue", "年销售收入不超过 2 亿元", "Annual revenue at most 200m CNY", { fact: "revenue", op: "lte", value: 20000 }),
      c("ip", "拥有有效发明专利", "Holds an invention patent in force", { fact: "inventionPatents", op: "gte", value: 1 }),
    ],
  },
  {
    id: "sx-listing-2023",
    title: "陕西省推进企业上市挂牌奖补办法",
    docNo: "陕政办发〔2023〕11号",
    issuer: "陕西省人民政府办公厅",
    level: "provincial",
    category: "listing",
    region: "610000",
    publishedOn: "2023-05-20",
    effectiveFrom: "2023-06-01",
    summary: "对在境内外证券交易所上市或在新三板、区域股权市场挂牌的企业，分阶段给予奖补。",
    support: { text: "分阶段奖补，最高 300 万元", maxAmount: 300 },
    conditions: [
      c("stage", "拟上市、新三板或区域股权市场挂牌", "Preparing to list, or quoted on the NEEQ or a regional market", { fact: "listingStatus", op: "in", values: ["2", "4", "5"] }),
      c("profit", "上年度净利润不低于 500 万元", "Last year's net profit at least 5m CNY", { fact: "netProfit", op: "gte", value: 500 }),
      noDishonesty,
    ],
  },
  {
    id: "sx-gazelle-2024",
    title: "陕西省瞪羚企业认定",
    issuer: "陕西省科学技术厅",
    level: "provincial",
    category: "technology",
    region: "610000",
    publishedOn: "2024-04-08",
    effectiveFrom: "2024-04-08",
    summary: "成立 10 年以内、营业收入高速增长的科技型企业，可申报省级瞪羚企业。",
    support: { text: "认定后给予一次性奖励", maxAmount: 20 },
    conditions: [
      c("age", "成立 10 年以内", "Established within 10 years", { fact: "ageYears", op: "lte", value: 10 }),
      c("growth", "营业收入增长率不低于 20%", "Revenue growth at least 20%", { fact: "revenueGrowth", op: "gte", value: 20 }),
      c("revenue", "营业收入 1000 万元至 10 亿元", "Revenue from 10m to 1bn CNY", { fact: "revenue", op: "between", min: 1000, max: 100000 }),
    ],
  },
  {
    id: "xa-hitech-award-2024",
    title: "西安市高新技术企业认定奖励",
    docNo: "市科发〔2024〕22号",
    issuer: "西安市科学技术局 西安市财政局",
    level: "municipal",
    category: "subsidy",
    region: "610100",
    publishedOn: "2024-05-06",
    effectiveFrom: "2024-05-06",
    effectiveTo: "2026-12-31",
    summary: "对首次认定及重新认定的高新技术企业给予奖励。",
    support: { text: "首次认定奖励 30 万元，重新认定奖励 10 万元", maxAmount: 30 },
    conditions: [c("hitech", "有效期内的高新技术企业", "A high-tech enterprise in force", { fact: "hitechValid", op: "eq", value: true })],
  },
  {
    id: "xa-patent-2024",
    title: "西安市知识产权资助办法",
    docNo: "市市场监管发〔2024〕9号",
    issuer: "西安市市场监督管理局（知识产权局）",
    level: "municipal",
    category: "technology",
    region: "610100",
    publishedOn: "2024-02-20",
    effectiveFrom: "2024-02-20",
    summary: "对近三年获得授权的发明专利给予资助。",
    support: { text: "每件国内发明专利资助 5000 元", maxAmount: 10 },
    conditions: [c("ip3y", "近 3 年获得发明专利授权", "Invention patents granted within 3 years", { fact: "inventionPatents3y", op: "gte", value: 1 })],
  },
  {
    id: "xa-jobs-2025",
    title: "西安市失业保险稳岗返还",
    issuer: "西安市人力资源和社会保障局",
    level: "municipal",
    category: "subsidy",
    region: "610100",
    publishedOn: "2025-03-01",
    effectiveFrom: "2025-01-01",
    effectiveTo: "2025-12-31",
    summary: "上年度未裁员或裁员率低于规定的参保企业，按上年度实际缴纳失业保险费的一定比例返还。",
    support: { text: "中小微企业按 60% 返还" },
    conditions: [
      c("insured", "参保职工 10 人以上", "At least 10 insured employees", { fact: "insuredEmployees", op: "gte", value: 10 }),
      noDishonesty,
      c("penalty", "无行政处罚记录", "No administrative penalties", { fact: "administrativePenalties", op: "eq", value: 0 }),
    ],
  },
  {
    id: "xa-loan-interest-2025",
    title: "西安市中小微企业贷款贴息",
    issuer: "西安市财政局 西安市工业和信息化局",
    level: "municipal",
    category: "finance",
    region: "610100",
    publishedOn: "2025-06-10",
    effectiveFrom: "2025-06-10",
    effectiveTo: "2027-06-30",
    summary: "对中小微企业新增流动资金贷款给予贴息。",
    support: { text: "按贷款市场报价利率的 50% 贴息", maxAmount: 100 },
    conditions: [
      c("size", "中小微企业", "A small, medium or micro enterprise", { fact: "scale", op: "in", values: ["2", "3", "4"] }),
      c("tax", "纳税信用等级 A 或 B", "Tax credit grade A or B", { fact: "taxCreditGrade", op: "in", values: ["A", "B"] }),
      noDishonesty,
    ],
  },
  {
    id: "xa-hitech-zone-rd-2025",
    title: "西安高新区企业研发投入补贴",
    issuer: "西安高新技术产业开发区管理委员会",
    level: "county",
    category: "technology",
    region: "610131",
    publishedOn: "2025-04-15",
    effectiveFrom: "2025-04-15",
    summary: "对区内研发投入占比较高的企业，按研发投入给予补贴。",
    support: { text: "按上年度研发投入的 5% 补贴", maxAmount: 200 },
    conditions: [
      c("area", "注册在西安高新区（雁塔区、长安区辖区内）", "Registered in Xi'an's high-tech zone (Yanta or Chang'an district)", { fact: "areaCode", op: "in", values: ["610113", "610116", "610131"] }),
      c("rd", "研发费用占营业收入比例不低于 4%", "R&D at least 4% of revenue", { fact: "rdRatio", op: "gte", value: 4 }),
    ],
  },
];

export const demoSourceCode = "demo";
const family = policyFamily as unknown as Family;

/** Creates and publishes the demo policies and tells the staff of the enterprises meeting them; answers how many. */
export async function seedDemoPolicies(db: D1Database, store: EventStore, seedId: (key: string) => Promise<string>, at: string): Promise<number> {
  const ids = await Promise.all(demoPolicies.map((p) => seedId(`policy:${p.id}`)));
  const published = displayTime(at);
  await seedCommand({ db, store, at }, "demo.policies", () => demoPolicies.map((p, i) => newCreate(family, policyRecordOf(p, demoSourceCode), ids[i])));
  for (const id of ids) {
    await seedCommand({ db, store, at }, "demo.policy.publish", async () => [await newTransition(db, family, id, "publish", (record) => decidePublish(record, published))]);
    await notifyPolicy({ db, store, actor: seedActor(), asOf: chinaToday(Date.parse(at)), requestId: "seed" }, id);
  }
  return ids.length;
}
