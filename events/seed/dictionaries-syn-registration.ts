/**
 * Dictionaries of the registration, licence, intellectual-property and ownership lists
 * (events/families/syn-registration.ts). Values follow FIELDS.md §3.2–§3.5; regStatus, honorLevel,
 * licenceCategory, patentType, patentLegalStatus, softwareCopyrightStatus, penaltyCategory and
 * counterpartCategory already exist in dictionaries-enterprise.ts and are reused.
 */
import type { DictSeed } from "./dictionaries.ts";

export const synRegistrationDictionarySeed: DictSeed[] = [
  {
    // a registration change normalised from the source's free-text item (变更事项)
    type: "altCategory",
    entries: [
      ["name", "名称", "Name"],
      ["legalPerson", "法定代表人", "Legal representative"],
      ["capital", "注册资本", "Registered capital"],
      ["address", "住所", "Address"],
      ["scope", "经营范围", "Business scope"],
      ["investor", "投资人(股东)", "Investors (shareholders)"],
      ["officer", "董事/监事/经理备案", "Directors, supervisors and managers"],
      ["charter", "章程备案", "Articles of association"],
      ["entType", "企业类型", "Enterprise type"],
      ["term", "营业期限", "Term of operation"],
      ["liaison", "联络员", "Liaison"],
      ["other", "其他事项备案", "Other filings"],
    ],
  },
  {
    // the licence query's `license_type`; only `gs` is documented, other domains' codes are unknown
    type: "licenceDomain",
    entries: [
      ["gs", "工商", "Market regulation"],
      ["other", "其他", "Other"],
    ],
  },
  {
    type: "enterpriseLabelCategory",
    entries: [
      ["qualification", "资质认定", "Qualification"],
      ["listing", "上市", "Listing"],
      ["scale", "规模", "Scale"],
      ["industryChain", "产业链", "Industry chain"],
      ["risk", "风险", "Risk"],
      ["other", "其他", "Other"],
    ],
  },
  { type: "labelStatus", entries: [["valid", "有效", "Valid"], ["expired", "已过期", "Expired"]] },
  {
    // 作品登记 categories (著作权法实施条例 art. 4)
    type: "copyrightWorkType",
    entries: [
      ["literary", "文字", "Literary"],
      ["oral", "口述", "Oral"],
      ["music", "音乐", "Music"],
      ["drama", "戏剧/曲艺/舞蹈/杂技", "Drama, quyi, dance and acrobatics"],
      ["fineArt", "美术", "Fine art"],
      ["architecture", "建筑", "Architecture"],
      ["photo", "摄影", "Photography"],
      ["audiovisual", "视听(电影)", "Audiovisual"],
      ["graphic", "图形", "Graphic"],
      ["model", "模型", "Model"],
      ["other", "其他", "Other"],
    ],
  },
  {
    // which of the enterprise's key persons was queried
    type: "keyPersonRole",
    entries: [
      ["legalPerson", "法定代表人", "Legal representative"],
      ["shareholder", "股东", "Shareholder"],
      ["officer", "高管", "Officer"],
    ],
  },
  {
    // how a beneficial owner was identified (人民银行 2024 受益所有人信息管理办法 art. 6)
    type: "uboBasis",
    entries: [
      ["ownership25", "直接或间接持有25%以上股权", "Holds 25 % or more of the equity"],
      ["benefit25", "享有25%以上收益权或表决权", "Holds 25 % or more of the profits or votes"],
      ["control", "实际控制", "Actual control"],
      ["manager", "日常经营管理人员", "Day-to-day manager"],
    ],
  },
  {
    type: "uboEdition",
    entries: [
      ["detailed", "详细版", "Detailed"],
      ["standard", "标准版", "Standard"],
      ["fullPath", "全路径版", "Full path"],
    ],
  },
  { type: "holderType", entries: [["P", "自然人", "Natural person"], ["E", "非自然人", "Organisation"]] },
];
