/**
 * The two real schemes seeded as demo evaluation models: 科技型中小企业评价 (tech-sme.ts) and
 * 专精特新中小企业认定 (zjtx.ts, two versions). Each version names its definition, the questions its paper
 * asks (questions.ts) and a description of where it comes from; the demo region stores them
 * (worker/seed/enterprise-demo/evaluation.ts) with the showcase enterprises' answers (showcase.ts).
 */
import type { Definition } from "../../../events/evaluation/definition.ts";
import type { Text } from "../../../events/i18n.ts";
import { t } from "./kit.ts";
import { techSmeQuestions, zjtx2026Questions, zjtxQuestions } from "./questions.ts";
import { techSmeCode, techSmeDefinition } from "./tech-sme.ts";
import { zjtx2022Definition, zjtx2026Definition, zjtxCode } from "./zjtx.ts";

export interface SchemeVersion {
  /** the model's version label (modelVersion) */
  label: string;
  definition: Definition;
  /** question codes of its paper, in order */
  questions: string[];
  paperName: Text;
  description: Text;
}

export interface Scheme {
  code: string;
  name: Text;
  /** evaluationModelType dictionary */
  modelType: string;
  /** oldest first: the model record's versions 1, 2… */
  versions: SchemeVersion[];
}

const codes = (qs: { code: string }[]) => qs.map((q) => q.code);

export const evaluationSchemes: readonly Scheme[] = [
  {
    code: techSmeCode,
    name: t("科技型中小企业评价", "Technology-based SME evaluation"),
    modelType: "innovation",
    versions: [
      {
        label: "2022",
        definition: techSmeDefinition,
        questions: codes(techSmeQuestions),
        paperName: t("科技型中小企业评价信息表", "Technology-based SME evaluation form"),
        description: t(
          "依据《科技型中小企业评价办法》（国科发政〔2017〕115号）及《科技型中小企业评价服务工作指引》（国科火字〔2022〕67号）：科技人员20分、研发投入50分（两项比例取其优）、科技成果30分，综合得分不低于60分且科技人员指标不为0；或符合直接确认的四种情形之一。",
          "By the Technology-based SME Evaluation Measures (2017) and the 2022 service guide: science staff 20, R&D input 50 (the better of two ratios), results 30; a pass at 60 with science staff above 0, or one of the four direct confirmations.",
        ),
      },
    ],
  },
  {
    code: zjtxCode,
    name: t("专精特新中小企业认定", "Specialised and innovative SME recognition"),
    modelType: "comprehensive",
    versions: [
      {
        label: "2022",
        definition: zjtx2022Definition,
        questions: codes(zjtxQuestions),
        paperName: t("专精特新中小企业认定自评表（2022）", "Specialised SME self-assessment (2022)"),
        description: t(
          "依据《优质中小企业梯度培育管理暂行办法》（工信部企业〔2022〕63号）附件2：专业化25分、精细化25分、特色化15分（省定，此处为陕西省占位指标）、创新能力35分，60分以上或满足四种直通情形之一。",
          "By the 2022 interim measures, annex 2: specialisation 25, refinement 25, distinctiveness 15 (set by the province; Shaanxi placeholders here), innovation 35; 60 or above, or one of four alternative routes.",
        ),
      },
      {
        label: "2026",
        definition: zjtx2026Definition,
        questions: codes([...zjtxQuestions.filter((q) => ["ZJTX_NOT_LISTED", "ZJTX_COMPLIANT", "ZJTX_MARKET_YEARS", "ZJTX_EQUITY_2Y", "ZJTX_MAIN_SHARE"].includes(q.code)), ...zjtx2026Questions]),
        paperName: t("专精特新中小企业认定自评表（2026）", "Specialised SME self-assessment (2026)"),
        description: t(
          "依据《优质中小企业梯度培育管理办法》（工信部企业〔2026〕2号，2026年4月1日起施行）：认定条件逐项核对，评价得分取优质中小企业梯度培育平台公布的专精特新发展评价得分，50分以上通过（平台计算公式未公开，本模型不复算）。",
          "By the 2026 measures (in force from 1 April 2026): the conditions checked one by one; the score is the specialised-development score the ministry's platform publishes, passing at 50 (the platform's formula is not public and is not recomputed here).",
        ),
      },
    ],
  },
];
