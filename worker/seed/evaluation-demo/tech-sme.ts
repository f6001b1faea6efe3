/**
 * 科技型中小企业评价 (《科技型中小企业评价办法》国科发政〔2017〕115号, whose scoring the 2022 service guide
 * 国科火字〔2022〕67号 keeps), as an evaluation model's definition (events/evaluation/definition.ts).
 *
 * Checked against stored public copies of the text (search corpus "pages"):
 * - indicators and bands: 成都市高新区《2024年科技型中小企业入库评价工作评分标准》
 *   (www.13880246603.com/api/PolicyDetail/PolicyInfo/27751) and wq0csk.cn/dyjh/405.html (2022-09-13) —
 *   科技人员 20 (30%含以上 20, 25–30% 16, 20–25% 12, 15–20% 8, 10–15% 4, 10%以下 0); 研发投入 50, the
 *   enterprise choosing one of 研发费用总额占销售收入总额 (6% 50, 5% 40, 4% 30, 3% 20, 2% 10, below 0) and
 *   研发费用总额占成本费用支出总额 (30% 50, 25% 40, 20% 30, 15% 20, 10% 10, below 0) — scored here as the
 *   better of the two; 科技成果 30 (≥1 Ⅰ类 30; ≥4 Ⅱ类 24; 3 Ⅱ类 18; 2 Ⅱ类 12; 1 Ⅱ类 6; none 0);
 *   a pass at 60 with the 科技人员 indicator not 0 (wq0csk.cn, same page).
 * - the direct confirmations (score below 60 but entry conditions met): xiweikeji.com (科技部科技型中小企业
 *   技术创新基金管理中心 FAQ) — 有效期内高新技术企业资格证书; 近五年国家级科技奖励并在获奖单位中排在前三名;
 *   经认定的省部级以上研发机构; 近五年主导制定过国际标准、国家标准或行业标准.
 * - entry (第六条 (一)–(四)): 居民企业; 职工总数不超过500人、年销售收入不超过2亿元、资产总额不超过2亿元;
 *   产品和服务不属于禁止、限制和淘汰类; 上一年及当年无重大安全、重大质量事故和严重环境违法、科研严重失信,
 *   未列入经营异常名录和严重违法失信企业名单 (a public PRD in the "code" corpus summarising the 2017
 *   办法 and the 2026 notice 工企业函〔2026〕160号, which adds site checks but no new scoring).
 *
 * Figures in 万元; 职工总数 is the `employees` fact, 科技人员数 and 成本费用支出总额 are paper answers.
 */
import type { Definition } from "../../../events/evaluation/definition.ts";
import { answeredYes, band, bandsDown, t } from "./kit.ts";

export const techSmeCode = "TSME";

export const techSmeDefinition: Definition = {
  totalScore: 100,
  entry: {
    label: t("科技型中小企业评价条件（第六条第一至四项）", "Conditions for evaluation (article 6, items 1–4)"),
    all: [
      { label: t("登记状态为存续或在业", "Registered as existing or in business"), fact: "regStatus", op: "in", values: ["existing", "inBusiness"] },
      answeredYes("TSME_RESIDENT", t("在中国境内（不包括港、澳、台地区）注册的居民企业", "A resident enterprise registered in mainland China")),
      { label: t("职工总数不超过500人", "No more than 500 employees"), fact: "employees", op: "lte", value: 500 },
      { label: t("年销售收入不超过2亿元", "Annual sales no more than 200 million CNY"), fact: "revenue", op: "lte", value: 20000 },
      { label: t("资产总额不超过2亿元", "Total assets no more than 200 million CNY"), fact: "totalAssets", op: "lte", value: 20000 },
      answeredYes("TSME_NOT_RESTRICTED", t("产品和服务不属于国家规定的禁止、限制和淘汰类", "Products and services outside the prohibited, restricted and eliminated categories")),
      answeredYes("TSME_NO_INCIDENT", t("未发生重大安全、重大质量事故和严重环境违法、科研严重失信行为", "No major safety or quality accident, serious environmental violation or serious research misconduct")),
      answeredYes("TSME_NOT_LISTED", t("未列入经营异常名录和严重违法失信企业名单", "Not on the abnormal-operations or seriously-dishonest lists")),
    ],
  },
  directPass: [
    { label: t("拥有有效期内高新技术企业资格证书", "Holds a high-tech enterprise certificate in force"), when: { fact: "hitechValid", op: "eq", value: true } },
    { label: t("近五年内获得过国家级科技奖励，并在获奖单位中排在前三名", "A national science and technology award in five years, among the first three units"), when: answeredYes("TSME_NATIONAL_AWARD", t("国家级科技奖励前三名", "National award, first three")) },
    { label: t("拥有经认定的省部级以上研发机构", "A recognised provincial or ministerial R&D institution or above"), when: answeredYes("TSME_RD_INSTITUTE", t("省部级以上研发机构", "Provincial or higher R&D institution")) },
    { label: t("近五年内主导制定过国际标准、国家标准或行业标准", "Led an international, national or industry standard in five years"), when: answeredYes("TSME_STANDARD", t("主导制定标准", "Led a standard")) },
  ],
  metrics: [
    {
      key: "techStaff",
      name: t("科技人员指标", "Science and technology staff"),
      weight: 20,
      scoring: {
        kind: "bands",
        measure: { ratio: ["q:TSME_TECH_STAFF", "employees"], percent: true },
        bands: bandsDown([[30, 20], [25, 16], [20, 12], [15, 8], [10, 4]], 0),
      },
    },
    {
      key: "rdInput",
      name: t("研发投入指标", "R&D input"),
      weight: 50,
      scoring: {
        kind: "best",
        alternatives: [
          { label: t("研发费用总额占销售收入总额的比例", "R&D expense to sales"), measure: { ratio: ["rdExpense", "revenue"], percent: true }, bands: bandsDown([[6, 50], [5, 40], [4, 30], [3, 20], [2, 10]], 0) },
          { label: t("研发费用总额占成本费用支出总额的比例", "R&D expense to total costs and expenses"), measure: { ratio: ["rdExpense", "q:TSME_COST"], percent: true }, bands: bandsDown([[30, 50], [25, 40], [20, 30], [15, 20], [10, 10]], 0) },
        ],
      },
    },
    {
      key: "results",
      name: t("科技成果指标", "Science and technology results"),
      weight: 30,
      scoring: {
        kind: "best",
        alternatives: [
          { label: t("Ⅰ类知识产权", "Class I intellectual property"), measure: { fact: "ipClass1" }, bands: [band(1, null, 30, "A"), band(null, 1, 0, "F")] },
          { label: t("Ⅱ类知识产权", "Class II intellectual property"), measure: { fact: "ipClass2" }, bands: [band(4, null, 24, "B"), band(3, 4, 18, "C"), band(2, 3, 12, "D"), band(1, 2, 6, "E"), band(null, 1, 0, "F")] },
        ],
      },
    },
  ],
  passLine: 60,
  passRequires: [{ metric: "techStaff", above: 0 }],
  grades: [],
};
