/**
 * What may be asked of an enterprise: the declared catalogue of facts that conditions, metrics and
 * policies read. Each fact has its label in both languages, its type (which decides the operators the
 * condition builder offers), its dictionary when it has one, and where it comes from, so a trace can say
 * "发明专利（近3年授权）: 1, needs ≥ 2". How a fact is read from the read models (one SQL expression per
 * fact) lives in the Worker (worker/conditions/); this file is what the browser and the pure code share.
 * Figures are the latest annual period's unless the label says otherwise; counts of tab and list records
 * are 0, never missing, when an enterprise has none.
 */
import type { Text } from "../i18n.ts";
import { comparisonOps, walk, isLeaf, type Comparison, type Condition, type LeafOp } from "./tree.ts";

export type FactType = "number" | "count" | "percent" | "text" | "date" | "bool" | "dict" | "dictList";
export type FactGroup = "master" | "ip" | "finance" | "staff" | "honour" | "risk" | "tax";

export interface FactDef {
  key: string;
  label: Text;
  type: FactType;
  group: FactGroup;
  /** dictionary type of a dict or dictList fact (its values are the dictionary's) */
  dict?: string;
  unit?: Text;
  /** where the value comes from, shown beside the fact in the builder and in traces */
  source: Text;
  /** a near miss in words, {n} being the gap: 需再获得 {n} 项发明专利 */
  more?: Text;
}

const t = (zh: string, en: string): Text => ({ "zh-CN": zh, "en-US": en });
const wan = t("万元", "10k CNY");
const pct = t("%", "%");
const items = t("项", "items");
const people = t("人", "people");
const years = t("年", "years");
const master = t("企业基本信息", "Enterprise basic information");
const finance = t("财务信息（最近年度）", "Financial information (latest year)");
const financePrev = t("财务信息（最近年度之前一年）", "Financial information (the year before the latest)");
const finance2y = t("财务信息（最近两个年度）", "Financial information (the latest two years)");

const f = (key: string, label: Text, type: FactType, group: FactGroup, source: Text, extra: Partial<FactDef> = {}): FactDef => ({ key, label, type, group, source, ...extra });

export const factCatalogue: readonly FactDef[] = [
  // master record
  f("industry", t("所属行业", "Industry"), "dict", "master", master, { dict: "industry" }),
  f("areaCode", t("所属区划", "Area"), "text", "master", master),
  f("scale", t("企业规模", "Enterprise scale"), "dict", "master", master, { dict: "enterpriseScale" }),
  f("entType", t("企业类型", "Enterprise type"), "dict", "master", master, { dict: "enterpriseType" }),
  f("regStatus", t("登记状态", "Registration status"), "dict", "master", master, { dict: "regStatus" }),
  f("listingStatus", t("上市/挂牌状态", "Listing status"), "dict", "master", master, { dict: "listingStatus" }),
  f("regCapital", t("注册资本", "Registered capital"), "number", "master", master, { unit: wan }),
  f("estDate", t("成立日期", "Established on"), "date", "master", master),
  f("ageYears", t("成立年限", "Years since establishment"), "number", "master", master, { unit: years, more: t("需再经营 {n} 年", "needs {n} more year(s) in business") }),
  // intellectual property (granted, in force)
  f("inventionPatents", t("有效发明专利", "Invention patents in force"), "count", "ip", t("专利信息", "Patents"), { unit: items, more: t("需再获得 {n} 项发明专利", "needs {n} more invention patent(s)") }),
  f("inventionPatents3y", t("近3年授权发明专利", "Invention patents granted in the last 3 years"), "count", "ip", t("专利信息", "Patents"), { unit: items, more: t("需在近3年再获得 {n} 项发明专利", "needs {n} more invention patent(s) granted within 3 years") }),
  f("utilityPatents", t("有效实用新型专利", "Utility-model patents in force"), "count", "ip", t("专利信息", "Patents"), { unit: items, more: t("需再获得 {n} 项实用新型专利", "needs {n} more utility-model patent(s)") }),
  f("designPatents", t("有效外观设计专利", "Design patents in force"), "count", "ip", t("专利信息", "Patents"), { unit: items, more: t("需再获得 {n} 项外观设计专利", "needs {n} more design patent(s)") }),
  f("softwareCopyrights", t("软件著作权", "Software copyrights"), "count", "ip", t("软件著作权", "Software copyrights"), { unit: items, more: t("需再登记 {n} 项软件著作权", "needs {n} more software copyright(s)") }),
  f("trademarks", t("注册商标", "Registered trademarks"), "count", "ip", t("商标信息", "Trademarks"), { unit: items }),
  f("ipClass1", t("Ⅰ类知识产权", "Class I intellectual property"), "count", "ip", t("发明专利", "Invention patents"), { unit: items, more: t("需再获得 {n} 项Ⅰ类知识产权", "needs {n} more class I IP item(s)") }),
  f("ipClass2", t("Ⅱ类知识产权", "Class II intellectual property"), "count", "ip", t("实用新型、外观设计专利及软件著作权", "Utility-model and design patents, software copyrights"), { unit: items, more: t("需再获得 {n} 项Ⅱ类知识产权", "needs {n} more class II IP item(s)") }),
  // finance, latest annual period
  f("revenue", t("营业收入", "Revenue"), "number", "finance", finance, { unit: wan, more: t("营业收入需再增加 {n} 万元", "revenue needs {n} (10k CNY) more") }),
  f("revenueGrowth", t("营业收入增长率", "Revenue growth"), "percent", "finance", finance, { unit: pct }),
  f("netProfit", t("净利润", "Net profit"), "number", "finance", finance, { unit: wan }),
  f("netMargin", t("净利润率", "Net profit margin"), "percent", "finance", finance, { unit: pct }),
  f("totalAssets", t("资产总额", "Total assets"), "number", "finance", finance, { unit: wan }),
  f("debtRatio", t("资产负债率", "Debt ratio"), "percent", "finance", finance, { unit: pct }),
  f("taxPaid", t("纳税总额", "Tax paid"), "number", "finance", finance, { unit: wan, more: t("纳税需再增加 {n} 万元", "tax paid needs {n} (10k CNY) more") }),
  f("rdExpense", t("研发费用", "R&D expense"), "number", "finance", finance, { unit: wan, more: t("研发费用需再增加 {n} 万元", "R&D expense needs {n} (10k CNY) more") }),
  f("rdRatio", t("研发费用占营业收入比例", "R&D expense to revenue"), "percent", "finance", finance, { unit: pct, more: t("研发投入占比需再提高 {n} 个百分点", "R&D share needs {n} more percentage point(s)") }),
  // the annual period before the latest, and the two together (schemes that ask "近两年每年" or "近两年均值")
  f("rdExpensePrev", t("研发费用（上一年度之前一年）", "R&D expense (the year before the latest)"), "number", "finance", financePrev, { unit: wan, more: t("前一年度研发费用需再增加 {n} 万元", "the earlier year's R&D expense needs {n} (10k CNY) more") }),
  f("rdRatioPrev", t("研发费用占营业收入比例（上一年度之前一年）", "R&D expense to revenue (the year before the latest)"), "percent", "finance", financePrev, { unit: pct }),
  f("rdExpense2yAvg", t("近两年研发费用均值", "Average R&D expense of the last two years"), "number", "finance", finance2y, { unit: wan, more: t("近两年研发费用均值需再增加 {n} 万元", "the two-year average R&D expense needs {n} (10k CNY) more") }),
  // staff
  f("employees", t("从业人数", "Employees"), "count", "staff", t("财务信息、年报", "Financial information, annual report"), { unit: people }),
  f("insuredEmployees", t("参保人数", "Insured employees"), "count", "staff", t("社保信息", "Social security"), { unit: people, more: t("参保人数需再增加 {n} 人", "needs {n} more insured employee(s)") }),
  // honours and recognitions
  f("hitechValid", t("有效期内高新技术企业", "High-tech enterprise (in force)"), "bool", "honour", t("高新技术企业认定", "High-tech enterprise recognition")),
  f("honoursNational", t("国家级荣誉资质", "National honours and qualifications"), "count", "honour", t("荣誉资质", "Honours and qualifications"), { unit: items }),
  f("honoursProvincial", t("省级荣誉资质", "Provincial honours and qualifications"), "count", "honour", t("荣誉资质", "Honours and qualifications"), { unit: items }),
  f("honours", t("荣誉资质", "Honours and qualifications"), "count", "honour", t("荣誉资质", "Honours and qualifications"), { unit: items }),
  // risk: synchronised court and registration lists
  f("executedCases", t("被执行记录", "Enforcement records"), "count", "risk", t("被执行人名单", "Judgment debtors")),
  f("dishonestRecords", t("失信被执行记录", "Dishonest-debtor records"), "count", "risk", t("失信被执行人名单", "Dishonest judgment debtors")),
  f("highConsumptionRestrictions", t("限制高消费记录", "High-consumption restrictions"), "count", "risk", t("限制高消费", "High-consumption restrictions")),
  f("administrativePenalties", t("行政处罚记录", "Administrative penalties"), "count", "risk", t("行政处罚", "Administrative penalties")),
  f("litigations", t("裁判文书", "Court judgments"), "count", "risk", t("裁判文书", "Court judgments")),
  // tax
  f("taxCreditGrade", t("纳税信用等级", "Tax credit grade"), "text", "tax", t("企业评级", "Enterprise grades")),
];

export const factByKey: ReadonlyMap<string, FactDef> = new Map(factCatalogue.map((d) => [d.key, d]));

const numeric: readonly FactType[] = ["number", "count", "percent"];
/** The operators the builder offers, and the validator allows, for a fact of a type. */
export function operatorsFor(type: FactType): readonly LeafOp[] {
  if (numeric.includes(type)) return [...comparisonOps, "between", "exists", "missing"];
  if (type === "date") return [...comparisonOps, "between", "exists", "missing"];
  if (type === "bool") return ["eq", "exists", "missing"];
  if (type === "dictList") return ["eq", "ne", "in", "notIn", "exists", "missing"];
  return ["eq", "ne", "in", "notIn", "exists", "missing"];
}

export interface ConditionProblem {
  /** the node's path in the tree (events/conditions/tree.ts walk) */
  path: string;
  key: "unknownFact" | "operatorNotAllowed" | "valueType" | "tooDeep" | "tooLarge";
  fact?: string;
}

/**
 * What is wrong with a tree against the catalogue (and facts named outside it, such as a paper's answers
 * `q:<code>`, when `extra` declares them): unknown facts, an operator the fact's type does not take, a
 * value of the wrong type, a tree too deep or too large.
 */
export function checkCondition(c: Condition, extra: ReadonlyMap<string, FactDef> = new Map(), limits = { depth: 8, nodes: 200 }): ConditionProblem[] {
  const problems: ConditionProblem[] = [];
  let count = 0;
  for (const { node, path, depth } of walk(c)) {
    count++;
    if (depth >= limits.depth) problems.push({ path, key: "tooDeep" });
    if (!isLeaf(node)) continue;
    const def = factByKey.get(node.fact) ?? extra.get(node.fact);
    if (!def) {
      problems.push({ path, key: "unknownFact", fact: node.fact });
      continue;
    }
    if (!operatorsFor(def.type).includes(node.op)) {
      problems.push({ path, key: "operatorNotAllowed", fact: node.fact });
      continue;
    }
    const wantsNumber = numeric.includes(def.type);
    const ok = (v: unknown) => (def.type === "bool" ? typeof v === "boolean" : wantsNumber ? typeof v === "number" : typeof v === "string" || (def.type !== "date" && typeof v === "number"));
    const values = node.op === "between" ? [node.min, node.max].filter((v) => v !== undefined) : node.op === "in" || node.op === "notIn" ? node.values : node.op === "exists" || node.op === "missing" ? [] : [(node as Comparison).value];
    if (!values.every(ok)) problems.push({ path, key: "valueType", fact: node.fact });
  }
  if (count > limits.nodes) problems.push({ path: "", key: "tooLarge" });
  return problems;
}
