/**
 * 专精特新中小企业认定, as one evaluation model (code ZJTX) in two versions, so a result scored under the
 * 2022 standard stays explainable after the 2026 one replaced it.
 *
 * Version 1 — 《优质中小企业梯度培育管理暂行办法》(工信部企业〔2022〕63号) 第三条 and 附件2
 * 《专精特新中小企业认定标准》. Checked against stored public copies (search corpus "pages" and "code"):
 * - the four conditions and the four alternative routes: hedong.gov.cn/info/11215/153917.htm,
 *   nomecha.com/view/449.html — 细分市场2年以上; 上年度研发费用总额不低于100万元且占营业收入总额比重不低于3%;
 *   上年度营业收入总额1000万元以上，或近2年新增股权融资总额（合格机构投资者的实缴额）2000万元以上;
 *   评价得分60分以上或满足之一: 近三年省级科技奖励前三或国家级科技奖励前五; 近两年研发费用总额均值
 *   1000万元以上; 近两年新增股权融资总额6000万元以上; 近三年“创客中国”全国500强企业组.
 * - 第三条 (wap.feibaos.com/news/info/76438.html, the notice's text, cut off after 经营异常名录): 境内注册、
 *   独立法人、符合《中小企业划型标准规定》、未被列入经营异常名录…; the rest of the article (严重失信主体
 *   名单, 禁止/限制/淘汰类, 近三年无重大安全、质量、环境污染事故及偷漏税) is asked as declarations.
 * - the indicators (100 points: 专业化 25, 精细化 25, 特色化 15, 创新能力 35) and their bands:
 *   m.lzxfs.cn/News/newsDetail/id/896 (江苏 copy, 专业化 part), www.smecqhc.com:8080/zjtxsb23 (a district's
 *   scoring sheet), and a public self-assessment tool's bank "INDICATORS_CERT" in the "code" corpus (all
 *   13 indicators with points). 特色化 is set by each province (1–3 indicators of its own): the three
 *   items here are placeholders labelled as Shaanxi's own, worth 5 each — not the province's published
 *   indicators, which the stored material does not hold.
 *
 * Version 2 — 《优质中小企业梯度培育管理办法》(工信部企业〔2026〕2号, in force from 2026-04-01, replacing
 * the 2022 standard; old certificates run to their expiry). Found only as secondary material: a 2026-01-18
 * news item (ceccweb.org.cn/listshow.php?cid=69&id=3879: the revised measures, 3 annexes, 科技型中小企业
 * brought into the ladder) and a public PRD in the "code" corpus (policy check 2026-08-10, citing the
 * measures' PDF on miit.gov.cn) listing the conditions: 已获科技和创新型中小企业称号; 细分市场3年以上;
 * 上年营收1500万元以上或近两年新增合格机构实缴股权投资2000万元以上; 主营业务收入占比80%以上;
 * 资产负债率不高于80%; 近两年研发费用每年100万元以上且每年占营收3%以上; 1项以上与主导产品相关、已应用
 * 并产生经济效益的Ⅰ类知识产权（符合科技奖励、研发机构等情形的免于考察）; 主导产品细分市场占有率较为靠前;
 * 本年度专精特新发展评价得分50分以上. The development score is computed by the ministry's cultivation
 * platform from 20-odd indicators whose formula the stored material does not give, so version 2 does not
 * recompute it: the platform's published score is a paper answer and is the model's score (pass at 50).
 * No alternative routes are listed for version 2; none are seeded.
 */
import type { Definition, MetricNode, Scoring } from "../../../events/evaluation/definition.ts";
import type { Condition } from "../../../events/conditions/tree.ts";
import { answeredYes, band, bandsDown, t } from "./kit.ts";
import { questionByCode } from "./questions.ts";

export const zjtxCode = "ZJTX";

const active: Condition = { label: t("登记状态为存续或在业", "Registered as existing or in business"), fact: "regStatus", op: "in", values: ["existing", "inBusiness"] };
const sme: Condition = { label: t("符合《中小企业划型标准规定》的中小企业", "A small or medium enterprise by the SME classification rules"), fact: "scale", op: "in", values: ["2", "3", "4"] };
const declarations: Condition[] = [
  answeredYes("ZJTX_NOT_LISTED", t("未被列入经营异常名录或严重失信主体名单", "Not on the abnormal-operations or seriously-dishonest lists")),
  answeredYes("ZJTX_COMPLIANT", t("产品（服务）不属于禁止、限制或淘汰类，近三年无重大事故及违法违规行为", "Products outside the prohibited categories; no major accident or violation in three years")),
];
const revenueOrEquity = (revenue: number, text: string, en: string): Condition => ({
  label: t(text, en),
  any: [
    { fact: "revenue", op: "gte", value: revenue },
    { fact: "q:ZJTX_EQUITY_2Y", op: "gte", value: 2000 },
  ],
});

/** A single-choice question scored by the option chosen, the points as its options carry them (questions.ts). */
const chosen = (code: string): Scoring => ({ kind: "answer", question: code, options: questionByCode.get(code)!.options!.map((o) => ({ value: o.value, points: o.score ?? 0 })) });

/** 创新能力 shares 35 points 10/10/5/10: its children's weights (% of 35) are 200/7 and 100/7. */
const ofInnovation = (points: number) => (points * 100) / 35;

const metrics2022: MetricNode[] = [
  {
    key: "specialised",
    name: t("专业化指标", "Specialisation"),
    weight: 25,
    children: [
      { key: "mainShare", name: t("上年度主营业务收入总额占营业收入总额比重", "Main-business share of revenue, last year"), weight: 20, scoring: { kind: "bands", measure: { fact: "q:ZJTX_MAIN_SHARE" }, bands: bandsDown([[80, 5], [70, 3], [60, 1]], 0) } },
      { key: "mainGrowth", name: t("近2年主营业务收入平均增长率", "Average main-business growth over 2 years"), weight: 40, scoring: { kind: "bands", measure: { fact: "q:ZJTX_MAIN_GROWTH" }, bands: bandsDown([[10, 10], [8, 8], [6, 6], [4, 4], [0, 2]], 0) } },
      // 每满2年得1分，最高不超过5分
      { key: "marketYears", name: t("从事特定细分市场年限", "Years in the market segment"), weight: 20, scoring: { kind: "bands", measure: { fact: "q:ZJTX_MARKET_YEARS" }, bands: [band(10, null, 5), band(8, 10, 4), band(6, 8, 3), band(4, 6, 2), band(2, 4, 1), band(null, 2, 0)] } },
      { key: "field", name: t("主导产品所属领域情况", "The main product's field"), weight: 20, scoring: chosen("ZJTX_FIELD") },
    ],
  },
  {
    key: "refined",
    name: t("精细化指标", "Refinement"),
    weight: 25,
    children: [
      { key: "digital", name: t("数字化水平", "Digital level"), weight: 20, scoring: chosen("ZJTX_DIGITAL") },
      {
        key: "quality",
        name: t("质量管理水平", "Quality management"),
        weight: 20,
        scoring: {
          kind: "items",
          items: [
            { label: t("获得省级以上质量奖荣誉", "A provincial or higher quality award"), when: { fact: "q:ZJTX_QUALITY", op: "eq", value: "award" }, points: 3 },
            { label: t("获得ISO9001等质量管理体系认证证书", "A certified quality management system"), when: { fact: "q:ZJTX_QUALITY", op: "eq", value: "system" }, points: 3 },
            { label: t("拥有自主品牌", "Its own brand"), when: { fact: "q:ZJTX_QUALITY", op: "eq", value: "brand" }, points: 3 },
            { label: t("参与制修订标准", "Took part in drafting standards"), when: { fact: "q:ZJTX_QUALITY", op: "eq", value: "standard" }, points: 3 },
          ],
        },
      },
      { key: "netMargin", name: t("上年度净利润率", "Net profit margin, last year"), weight: 40, scoring: { kind: "bands", measure: { ratio: ["netProfit", "revenue"], percent: true }, bands: bandsDown([[10, 10], [8, 8], [6, 6], [4, 4], [2, 2]], 0) } },
      { key: "debtRatio", name: t("上年度资产负债率", "Debt ratio, last year"), weight: 20, scoring: { kind: "bands", measure: { fact: "debtRatio" }, bands: [band(null, 50, 5, "A"), band(50, 60, 3, "B"), band(60, 70, 1, "C"), band(70, null, 0, "D")] } },
    ],
  },
  {
    key: "distinctive",
    name: t("特色化指标（陕西省自定）", "Distinctiveness (set by Shaanxi)"),
    weight: 15,
    scoring: {
      kind: "items",
      items: [1, 2, 3].map((n) => ({ label: t(`陕西省自定特色化指标${"一二三"[n - 1]}（占位）`, `Shaanxi's own indicator ${n} (placeholder)`), when: answeredYes(`ZJTX_LOCAL_${n}`, t(`特色化指标${"一二三"[n - 1]}`, `Indicator ${n}`)), points: 5 })),
    },
  },
  {
    key: "innovation",
    name: t("创新能力指标", "Innovation"),
    weight: 35,
    children: [
      {
        key: "ip",
        name: t("与企业主导产品相关的有效知识产权数量", "Valid IP related to the main product"),
        weight: ofInnovation(10),
        scoring: {
          kind: "best",
          alternatives: [
            { label: t("Ⅰ类高价值知识产权1项以上", "Class I high-value IP, 1 or more"), measure: { fact: "q:ZJTX_IP_HIGH_VALUE" }, bands: [band(1, null, 10, "A"), band(null, 1, 0)] },
            { label: t("自主研发Ⅰ类知识产权1项以上", "Self-developed class I IP, 1 or more"), measure: { fact: "q:ZJTX_IP_OWN_RD" }, bands: [band(1, null, 8, "B"), band(null, 1, 0)] },
            { label: t("Ⅰ类知识产权1项以上", "Class I IP, 1 or more"), measure: { fact: "ipClass1" }, bands: [band(1, null, 6, "C"), band(null, 1, 0)] },
            { label: t("Ⅱ类知识产权1项以上", "Class II IP, 1 or more"), measure: { fact: "ipClass2" }, bands: [band(1, null, 2, "D"), band(null, 1, 0, "E")] },
          ],
        },
      },
      {
        key: "rdInput",
        name: t("上年度研发费用投入", "R&D expense, last year"),
        weight: ofInnovation(10),
        scoring: {
          kind: "best",
          alternatives: [
            { label: t("研发费用总额", "R&D expense"), measure: { fact: "rdExpense" }, bands: bandsDown([[500, 10], [400, 8], [300, 6], [200, 4], [100, 2]], 0) },
            { label: t("研发费用总额占营业收入总额比重", "R&D expense to revenue"), measure: { ratio: ["rdExpense", "revenue"], percent: true }, bands: bandsDown([[10, 10], [8, 8], [6, 6], [4, 4], [3, 2]], 0) },
          ],
        },
      },
      { key: "rdStaff", name: t("上年度研发人员占比", "R&D staff share, last year"), weight: ofInnovation(5), scoring: { kind: "bands", measure: { ratio: ["q:ZJTX_RD_STAFF", "employees"], percent: true }, bands: bandsDown([[20, 5], [10, 3], [5, 1]], 0) } },
      { key: "rdOrg", name: t("建立研发机构级别", "Level of its R&D institution"), weight: ofInnovation(10), scoring: chosen("ZJTX_RD_ORG") },
    ],
  },
];

export const zjtx2022Definition: Definition = {
  totalScore: 100,
  entry: {
    label: t("专精特新中小企业认定条件", "Conditions for recognition"),
    all: [
      active,
      sme,
      ...declarations,
      { label: t("从事特定细分市场时间达到2年以上", "At least 2 years in a specific market segment"), fact: "q:ZJTX_MARKET_YEARS", op: "gte", value: 2 },
      { label: t("上年度研发费用总额不低于100万元", "R&D expense last year at least 1 million CNY"), fact: "rdExpense", op: "gte", value: 100 },
      { label: t("研发费用占营业收入总额比重不低于3%", "R&D expense at least 3% of revenue"), fact: "rdRatio", op: "gte", value: 3 },
      revenueOrEquity(1000, "上年度营业收入总额在1000万元以上，或近2年新增股权融资总额达到2000万元以上", "Revenue last year at least 10 million CNY, or new equity of at least 20 million CNY in 2 years"),
    ],
  },
  directPass: [
    { label: t("近三年获得过省级科技奖励并排名前三，或国家级科技奖励并排名前五", "A provincial science award (first three) or a national one (first five) in three years"), when: answeredYes("ZJTX_AWARD", t("科技奖励", "Science award")) },
    { label: t("近两年研发费用总额均值在1000万元以上", "Average R&D expense of the last two years at least 10 million CNY"), when: { fact: "rdExpense2yAvg", op: "gte", value: 1000 } },
    { label: t("近两年新增股权融资总额6000万元以上", "New equity financing of at least 60 million CNY in two years"), when: { fact: "q:ZJTX_EQUITY_2Y", op: "gte", value: 6000 } },
    { label: t("近三年进入“创客中国”中小企业创新创业大赛全国500强企业组名单", "Among the national top 500 of “Maker China” in three years"), when: answeredYes("ZJTX_MAKER_500", t("创客中国500强", "Maker China top 500")) },
  ],
  metrics: metrics2022,
  passLine: 60,
  passRequires: [],
  grades: [],
};

export const zjtx2026Definition: Definition = {
  totalScore: 100,
  entry: {
    label: t("专精特新中小企业认定条件（2026）", "Conditions for recognition (2026)"),
    all: [
      active,
      sme,
      ...declarations,
      answeredYes("ZJTX26_TECH_SME", t("已获得科技和创新型中小企业称号", "Holds the science-and-innovation SME title")),
      { label: t("截至上年末从事特定细分市场3年以上", "At least 3 years in a specific market segment"), fact: "q:ZJTX_MARKET_YEARS", op: "gte", value: 3 },
      revenueOrEquity(1500, "上年度营业收入总额1500万元以上，或近两年新增股权投资2000万元以上", "Revenue last year at least 15 million CNY, or new equity of at least 20 million CNY in 2 years"),
      { label: t("主营业务收入总额占营业收入总额比重80%以上", "Main business at least 80% of revenue"), fact: "q:ZJTX_MAIN_SHARE", op: "gte", value: 80 },
      { label: t("资产负债率不高于80%", "Debt ratio at most 80%"), fact: "debtRatio", op: "lte", value: 80 },
      { label: t("上年度研发费用总额100万元以上", "R&D expense last year at least 1 million CNY"), fact: "rdExpense", op: "gte", value: 100 },
      { label: t("上年度研发费用占营业收入比重3%以上", "R&D expense last year at least 3% of revenue"), fact: "rdRatio", op: "gte", value: 3 },
      { label: t("前一年度研发费用总额100万元以上", "R&D expense the year before at least 1 million CNY"), fact: "rdExpensePrev", op: "gte", value: 100 },
      { label: t("前一年度研发费用占营业收入比重3%以上", "R&D expense the year before at least 3% of revenue"), fact: "rdRatioPrev", op: "gte", value: 3 },
      {
        label: t("拥有1项以上与主导产品相关的Ⅰ类知识产权，或符合免于考察的情形", "At least 1 class I IP item related to the main product, or exempt"),
        any: [{ fact: "ipClass1", op: "gte", value: 1 }, answeredYes("ZJTX26_IP_EXEMPT", t("免于考察Ⅰ类知识产权", "Exempt from the class I IP requirement"))],
      },
      answeredYes("ZJTX26_MARKET_POSITION", t("主导产品细分市场占有率较为靠前，有一定知名度和影响力", "The main product ranks well in its segment")),
    ],
  },
  directPass: [],
  metrics: [{ key: "devScore", name: t("专精特新发展评价得分（培育平台公布）", "Specialised-development score (published by the platform)"), weight: 100, scoring: { kind: "answer", question: "ZJTX26_DEV_SCORE" } }],
  passLine: 50,
  passRequires: [],
  grades: [],
};
