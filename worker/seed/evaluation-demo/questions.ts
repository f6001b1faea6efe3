/**
 * The paper questions of the two seeded schemes: the figures and declarations no enterprise record holds
 * (科技人员数, 成本费用支出总额, 研发人员数, 数字化水平, 研发机构级别, 细分市场年限, the enterprise's
 * declarations of compliance…). A question's answer is the fact `q:<code>` (events/conditions/facts.ts),
 * so an entry condition, a band or an item reads it like any other fact; `questionFacts` declares those
 * facts for checkCondition's `extra`.
 *
 * Yes/no declarations are single-choice questions with the values "yes"/"no" (a paper's answers are text,
 * numbers or lists of values — never booleans), so a condition asks `q:<code> eq "yes"`, and a missing
 * answer fails it like any missing fact.
 */
import type { FactDef, FactType } from "../../../events/conditions/facts.ts";
import type { Text } from "../../../events/i18n.ts";

const t = (zh: string, en: string): Text => ({ "zh-CN": zh, "en-US": en });

export interface SeedOption {
  value: string;
  label: Text;
  /** points the option scores (a question scored by its answer) */
  score?: number;
}

export interface SeedQuestion {
  code: string;
  title: Text;
  /** questionType dictionary: single, multiple, fill */
  type: "single" | "multiple" | "fill";
  unit?: Text;
  options?: SeedOption[];
  /** the question's full points, when the answer itself scores */
  score?: number;
}

const yesNo: SeedOption[] = [
  { value: "yes", label: t("是", "Yes") },
  { value: "no", label: t("否", "No") },
];
const yes = (code: string, zh: string, en: string): SeedQuestion => ({ code, title: t(zh, en), type: "single", options: yesNo });
const fill = (code: string, zh: string, en: string, unit: Text): SeedQuestion => ({ code, title: t(zh, en), type: "fill", unit });
const people = t("人", "people");
const wan = t("万元", "10k CNY");
const pct = t("%", "%");
const years = t("年", "years");

// ---- 科技型中小企业评价 (国科发政〔2017〕115号 第六条, 附件; 直接确认的四种情形)
export const techSmeQuestions: SeedQuestion[] = [
  yes("TSME_RESIDENT", "企业是否为在中国境内（不包括港、澳、台地区）注册的居民企业", "Is the enterprise a resident enterprise registered in mainland China (excluding Hong Kong, Macao and Taiwan)?"),
  yes("TSME_NOT_RESTRICTED", "企业提供的产品和服务是否不属于国家规定的禁止、限制和淘汰类", "Are the enterprise's products and services outside the state's prohibited, restricted and eliminated categories?"),
  yes("TSME_NO_INCIDENT", "企业在填报上一年及当年内是否未发生重大安全、重大质量事故和严重环境违法、科研严重失信行为", "In the previous and the current year, has the enterprise had no major safety or quality accident, serious environmental violation or serious research misconduct?"),
  yes("TSME_NOT_LISTED", "企业是否未列入经营异常名录和严重违法失信企业名单", "Is the enterprise on neither the list of abnormal operations nor the list of seriously dishonest enterprises?"),
  fill("TSME_TECH_STAFF", "科技人员数（直接从事研发和相关技术创新活动，以及专门从事上述活动管理和提供直接服务的人员）", "Science and technology staff (people doing R&D and related innovation, or managing and directly serving it)", people),
  fill("TSME_COST", "成本费用支出总额", "Total costs and expenses", wan),
  yes("TSME_NATIONAL_AWARD", "企业近五年内是否获得过国家级科技奖励，并在获奖单位中排在前三名", "Has the enterprise won a national science and technology award in the last five years, ranked among the first three winning units?"),
  yes("TSME_RD_INSTITUTE", "企业是否拥有经认定的省部级以上研发机构", "Does the enterprise have a recognised R&D institution at provincial or ministerial level or above?"),
  yes("TSME_STANDARD", "企业近五年内是否主导制定过国际标准、国家标准或行业标准", "Has the enterprise led the drafting of an international, national or industry standard in the last five years?"),
];

// ---- 专精特新中小企业认定 (工信部企业〔2022〕63号 第三条, 附件2)
const fieldOptions: SeedOption[] = [
  { value: "A", label: t("在产业链供应链关键环节及关键领域“补短板”“锻长板”“填空白”取得实际成效", "Real results in key links and fields of the industrial and supply chains (filling gaps, lengthening strengths)"), score: 5 },
  { value: "B", label: t("属于工业“六基”领域、中华老字号名录或企业主导产品服务关键产业链重点龙头企业", "In the industrial foundation (“six bases”) fields, a China time-honoured brand, or the main product serves a key industrial chain's leading enterprise"), score: 3 },
  { value: "C", label: t("不属于以上情况", "None of the above"), score: 0 },
];
const digitalOptions: SeedOption[] = [
  { value: "3", label: t("三级以上", "Level 3 or above"), score: 5 },
  { value: "2", label: t("二级", "Level 2"), score: 3 },
  { value: "1", label: t("一级", "Level 1"), score: 0 },
];
const qualityOptions: SeedOption[] = [
  { value: "award", label: t("获得省级以上质量奖荣誉", "A provincial or higher quality award") },
  { value: "system", label: t("建立质量管理体系，获得ISO9001等质量管理体系认证证书", "A quality management system certified (ISO 9001 or similar)") },
  { value: "brand", label: t("拥有自主品牌", "Its own brand") },
  { value: "standard", label: t("参与制修订标准", "Took part in drafting or revising standards") },
];
const rdOrgOptions: SeedOption[] = [
  { value: "national", label: t("国家级", "National"), score: 10 },
  { value: "provincial", label: t("省级", "Provincial"), score: 8 },
  { value: "municipal", label: t("市级", "Municipal"), score: 4 },
  { value: "below", label: t("市级以下", "Below municipal"), score: 2 },
  { value: "none", label: t("未建立研发机构", "No R&D institution"), score: 0 },
];

export const zjtxQuestions: SeedQuestion[] = [
  yes("ZJTX_NOT_LISTED", "企业是否未被列入经营异常名录或严重失信主体名单", "Is the enterprise on neither the list of abnormal operations nor the list of seriously dishonest entities?"),
  yes("ZJTX_COMPLIANT", "企业提供的产品（服务）是否不属于国家禁止、限制或淘汰类，且近三年未发生重大安全（含网络安全、数据安全）、质量、环境污染等事故以及偷漏税等违法违规行为", "Are its products outside the prohibited, restricted or eliminated categories, with no major safety (including cyber and data security), quality or pollution accident, tax evasion or other violation in the last three years?"),
  fill("ZJTX_MARKET_YEARS", "从事特定细分市场年限（截至上年末）", "Years in its specific market segment (to the end of last year)", years),
  fill("ZJTX_EQUITY_2Y", "近2年新增股权融资总额（合格机构投资者的实缴额）", "New equity financing in the last 2 years (paid in by qualified institutional investors)", wan),
  fill("ZJTX_MAIN_SHARE", "上年度主营业务收入总额占营业收入总额比重", "Main-business revenue as a share of revenue, last year", pct),
  fill("ZJTX_MAIN_GROWTH", "近2年主营业务收入平均增长率", "Average growth of main-business revenue over the last 2 years", pct),
  { code: "ZJTX_FIELD", title: t("主导产品所属领域情况", "The main product's field"), type: "single", options: fieldOptions, score: 5 },
  { code: "ZJTX_DIGITAL", title: t("数字化水平（按《中小企业数字化水平评测指标》）", "Digital level (by the SME digital-level assessment indicators)"), type: "single", options: digitalOptions, score: 5 },
  { code: "ZJTX_QUALITY", title: t("质量管理水平（每满足一项加3分，最高不超过5分）", "Quality management (3 points each, at most 5)"), type: "multiple", options: qualityOptions, score: 5 },
  yes("ZJTX_LOCAL_1", "陕西省自定特色化指标一（由省级中小企业主管部门结合本地产业状况设定，以省厅当年发布的指标为准）", "Shaanxi's own distinctiveness indicator 1 (set by the provincial SME authority for local industry; the authority's published indicator applies)"),
  yes("ZJTX_LOCAL_2", "陕西省自定特色化指标二（由省级中小企业主管部门结合本地产业状况设定，以省厅当年发布的指标为准）", "Shaanxi's own distinctiveness indicator 2 (set by the provincial SME authority for local industry; the authority's published indicator applies)"),
  yes("ZJTX_LOCAL_3", "陕西省自定特色化指标三（由省级中小企业主管部门结合本地产业状况设定，以省厅当年发布的指标为准）", "Shaanxi's own distinctiveness indicator 3 (set by the provincial SME authority for local industry; the authority's published indicator applies)"),
  fill("ZJTX_IP_HIGH_VALUE", "与主导产品相关的Ⅰ类高价值知识产权数量", "Class I high-value IP items related to the main product", t("项", "items")),
  fill("ZJTX_IP_OWN_RD", "与主导产品相关的自主研发Ⅰ类知识产权数量", "Self-developed class I IP items related to the main product", t("项", "items")),
  fill("ZJTX_RD_STAFF", "上年度研发人员数", "R&D staff, last year", people),
  { code: "ZJTX_RD_ORG", title: t("建立研发机构级别", "Level of its R&D institution"), type: "single", options: rdOrgOptions, score: 10 },
  yes("ZJTX_AWARD", "近三年获得过省级科技奖励并在获奖单位中排名前三，或获得国家级科技奖励并在获奖单位中排名前五", "In the last three years, a provincial science and technology award ranked among the first three units, or a national one ranked among the first five"),
  yes("ZJTX_MAKER_500", "近三年进入“创客中国”中小企业创新创业大赛全国500强企业组名单", "In the last three years, among the national top 500 enterprises of the “Maker China” SME innovation contest"),
];

// ---- 专精特新中小企业认定 2026 (工信部企业〔2026〕2号 附件1): what the 2022 paper does not already ask
export const zjtx2026Questions: SeedQuestion[] = [
  yes("ZJTX26_TECH_SME", "企业是否已获得科技和创新型中小企业称号（有效期内）", "Does the enterprise hold the science-and-innovation SME title (in force)?"),
  yes("ZJTX26_IP_EXEMPT", "企业是否符合免于考察Ⅰ类知识产权的情形（科技奖励、研发机构等，按办法附件规定）", "Is the enterprise exempt from the class I IP requirement (a science award, an R&D institution… as the measures' annex sets out)?"),
  yes("ZJTX26_MARKET_POSITION", "主导产品在国内或国际细分市场占有率较为靠前，且有一定知名度和影响力（经主管部门审核）", "Does its main product rank well by share of its domestic or international segment, with some renown (as the authority reviewed)?"),
  fill("ZJTX26_DEV_SCORE", "本年度专精特新发展评价得分（优质中小企业梯度培育平台公布）", "This year's specialised-development evaluation score (published by the SME cultivation platform)", t("分", "points")),
];

export const allQuestions: SeedQuestion[] = [...techSmeQuestions, ...zjtxQuestions, ...zjtx2026Questions];
export const questionByCode: ReadonlyMap<string, SeedQuestion> = new Map(allQuestions.map((q) => [q.code, q]));

const factTypeOf = (q: SeedQuestion): FactType => (q.type === "fill" ? "number" : q.type === "multiple" ? "dictList" : "dict");
const paper = t("评价问卷", "Evaluation paper");

/** The facts `q:<code>` of questions, for checkCondition's `extra` (a paper's answers). */
export function questionFacts(questions: readonly SeedQuestion[] = allQuestions): Map<string, FactDef> {
  return new Map(questions.map((q) => [`q:${q.code}`, { key: `q:${q.code}`, label: q.title, type: factTypeOf(q), group: "master", source: paper, ...(q.unit ? { unit: q.unit } : {}) } satisfies FactDef]));
}
