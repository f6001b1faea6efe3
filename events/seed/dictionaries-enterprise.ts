/**
 * Dictionaries of the enterprise record, its tabs and the synchronised risk lists (same shape as
 * `dictionarySeed`). Values and texts follow FIELDS.md §1.5 and the per-family enums of §2.1, §3.2, §3.3
 * and §3.6; industry, enterpriseScale, enterpriseType and listingStatus already exist in
 * dictionaries-domain.ts and are reused. Sources: penaltyCategory — 行政处罚法 (2021) art. 9; techField —
 * 国家重点支持的高新技术领域; caseType — 最高人民法院 案件类型.
 */
import type { DictSeed } from "./dictionaries.ts";

export const enterpriseDictionarySeed: DictSeed[] = [
  // ---- shared (FIELDS.md §1.5)
  {
    type: "regStatus",
    entries: [
      ["existing", "存续(在营、开业、在册)", "Existing"],
      ["inBusiness", "在业", "In business"],
      ["revoked", "吊销", "Licence revoked"],
      ["cancelled", "注销", "Deregistered"],
      ["movedOut", "迁出", "Moved out"],
      ["movedIn", "迁入", "Moved in"],
      ["suspended", "停业", "Suspended"],
      ["liquidating", "清算", "In liquidation"],
      ["withdrawn", "撤销", "Registration withdrawn"],
      ["other", "其他", "Other"],
    ],
  },
  {
    type: "currency",
    entries: [
      ["CNY", "人民币", "Renminbi"],
      ["USD", "美元", "US dollar"],
      ["HKD", "港元", "Hong Kong dollar"],
      ["EUR", "欧元", "Euro"],
      ["JPY", "日元", "Japanese yen"],
      ["other", "其他", "Other"],
    ],
  },
  { type: "partyKind", entries: [["entity", "单位", "Organisation"], ["person", "个人", "Individual"]] },
  {
    type: "honorLevel",
    entries: [
      ["national", "国家级", "National"],
      ["provincial", "省级", "Provincial"],
      ["municipal", "市级", "Municipal"],
      ["county", "区县级", "District or county"],
    ],
  },
  {
    type: "caseType",
    entries: [
      ["criminal", "刑事", "Criminal"],
      ["civil", "民事", "Civil"],
      ["administrative", "行政", "Administrative"],
      ["compensation", "国家赔偿", "State compensation"],
      ["enforcement", "执行", "Enforcement"],
      ["preservation", "非诉保全审查", "Non-litigation preservation review"],
      ["bankruptcy", "强制清算与破产", "Compulsory liquidation and bankruptcy"],
      ["jurisdiction", "管辖", "Jurisdiction"],
      ["other", "其他", "Other"],
    ],
  },
  {
    type: "litigantRole",
    entries: [
      ["plaintiff", "原告", "Plaintiff"],
      ["defendant", "被告", "Defendant"],
      ["thirdParty", "第三人", "Third party"],
      ["appellant", "上诉人", "Appellant"],
      ["appellee", "被上诉人", "Appellee"],
      ["applicant", "申请人", "Applicant"],
      ["respondent", "被申请人", "Respondent"],
      ["execApplicant", "申请执行人", "Enforcement applicant"],
      ["executed", "被执行人", "Judgment debtor"],
      ["other", "其他", "Other"],
    ],
  },
  {
    type: "penaltyCategory",
    entries: [
      ["warning", "警告", "Warning"],
      ["criticism", "通报批评", "Public criticism"],
      ["fine", "罚款", "Fine"],
      ["confiscateGains", "没收违法所得", "Confiscation of illegal gains"],
      ["confiscateProperty", "没收非法财物", "Confiscation of illegal property"],
      ["licenceSuspended", "暂扣许可证件", "Licence suspended"],
      ["qualificationLowered", "降低资质等级", "Qualification downgraded"],
      ["licenceRevoked", "吊销许可证件", "Licence revoked"],
      ["businessRestricted", "限制开展生产经营活动", "Business activities restricted"],
      ["stopProduction", "责令停产停业", "Ordered to suspend production or business"],
      ["closure", "责令关闭", "Ordered to close"],
      ["practiceRestricted", "限制从业", "Barred from the trade"],
      ["detention", "行政拘留", "Administrative detention"],
      ["other", "其他", "Other"],
    ],
  },
  // ---- enterprise master and roster
  {
    type: "enterprisePool",
    entries: [
      ["listed", "已上市企业", "Listed"],
      ["listingReserve", "上市后备企业", "Listing reserve"],
      ["keyCultivation", "重点培育企业", "Key cultivation"],
      ["specialised", "专精特新企业", "Specialised and innovative"],
      ["other", "其他", "Other"],
    ],
  },
  {
    type: "matchStatus",
    entries: [
      ["matched", "已匹配", "Matched"],
      ["notFound", "未找到", "Not found"],
      ["conflict", "信息冲突", "Conflict"],
    ],
  },
  // ---- shareholders and equity
  {
    type: "shareholderType",
    entries: [
      ["naturalPerson", "自然人股东", "Natural person"],
      ["corporate", "企业法人", "Corporate body"],
      ["nonLegalOrg", "非法人组织", "Unincorporated organisation"],
      ["otherInvestor", "其他投资者", "Other investor"],
      ["state", "国有/主管部门", "State or supervising authority"],
      ["foreign", "外国投资者", "Foreign investor"],
    ],
  },
  {
    type: "contributionForm",
    entries: [
      ["cash", "货币", "Cash"],
      ["inKind", "实物", "In kind"],
      ["ip", "知识产权", "Intellectual property"],
      ["landRight", "土地使用权", "Land-use right"],
      ["equity", "股权", "Equity"],
      ["claim", "债权", "Claims"],
      ["other", "其他", "Other"],
    ],
  },
  {
    type: "equityChangeSource",
    entries: [
      ["instant", "即时公示", "Instant disclosure"],
      ["annualReport", "年报", "Annual report"],
      ["registration", "登记变更", "Registration change"],
    ],
  },
  // ---- intellectual property
  {
    type: "patentType",
    entries: [
      ["invention", "发明", "Invention"],
      ["utilityModel", "实用新型", "Utility model"],
      ["design", "外观设计", "Design"],
    ],
  },
  {
    type: "patentLegalStatus",
    entries: [
      ["published", "公开", "Published"],
      ["examining", "实质审查", "Under substantive examination"],
      ["granted", "授权", "Granted"],
      ["rejected", "驳回", "Rejected"],
      ["withdrawn", "撤回/视为撤回", "Withdrawn"],
      ["terminated", "权利终止", "Lapsed"],
      ["invalidated", "无效", "Invalidated"],
      ["expired", "期限届满", "Expired"],
    ],
  },
  {
    type: "softwareCopyrightStatus",
    entries: [
      ["registered", "登记", "Registered"],
      ["changed", "变更", "Changed"],
      ["revoked", "撤销", "Revoked"],
    ],
  },
  {
    type: "trademarkType",
    entries: [
      ["ordinary", "一般商标", "Ordinary"],
      ["collective", "集体商标", "Collective"],
      ["certification", "证明商标", "Certification"],
      ["special", "特殊商标", "Special"],
    ],
  },
  {
    type: "trademarkStatus",
    entries: [
      ["applying", "申请中", "Application pending"],
      ["prelim", "初审公告", "Preliminarily approved"],
      ["registered", "已注册", "Registered"],
      ["rejected", "驳回", "Rejected"],
      ["opposed", "异议中", "Under opposition"],
      ["invalid", "无效/撤销/注销", "Invalid, revoked or cancelled"],
      ["other", "其他", "Other"],
    ],
  },
  // ---- grades, licences, utilities, finance, honours
  {
    type: "gradeType",
    entries: [
      ["taxCredit", "纳税信用", "Tax credit"],
      ["customsCredit", "海关信用", "Customs credit"],
      ["bankRating", "信用评级", "Credit rating"],
      ["envCredit", "环保信用", "Environmental credit"],
      ["platformGrade", "平台分级", "Platform grade"],
    ],
  },
  {
    type: "licenceCategory",
    entries: [
      ["ordinary", "普通", "Ordinary"],
      ["franchise", "特许", "Franchise"],
      ["recognition", "认可", "Recognition"],
      ["approval", "核准", "Approval"],
      ["registration", "登记", "Registration"],
      ["other", "其他", "Other"],
    ],
  },
  { type: "licenceStatus", entries: [["1", "有效", "Valid"], ["2", "无效", "Invalid"]] },
  {
    type: "utilityType",
    entries: [
      ["water", "水", "Water"],
      ["electricity", "电", "Electricity"],
      ["gas", "气", "Gas"],
      ["heat", "热", "Heat"],
    ],
  },
  {
    type: "utilityUnit",
    entries: [
      ["kWh", "千瓦时", "kWh"],
      ["t", "吨", "Tonne"],
      ["m3", "立方米", "Cubic metre"],
      ["GJ", "吉焦", "GJ"],
    ],
  },
  {
    type: "financialPeriodType",
    entries: [
      ["annual", "年度", "Annual"],
      ["quarter", "季度", "Quarterly"],
      ["month", "月度", "Monthly"],
    ],
  },
  {
    type: "financialDataSource",
    entries: [
      ["enterprise", "企业填报", "Reported by the enterprise"],
      ["annualReport", "年报", "Annual report"],
      ["audit", "审计报告", "Audit report"],
      ["statistics", "统计报表", "Statistics"],
      ["disclosure", "上市披露", "Listed-company disclosure"],
    ],
  },
  {
    type: "honorStatus",
    entries: [
      ["valid", "有效", "Valid"],
      ["expired", "已过期", "Expired"],
      ["revoked", "已撤销", "Revoked"],
      ["publicity", "公示中", "Under public notice"],
    ],
  },
  // ---- risks and bonds
  {
    type: "restrictedRole",
    entries: [
      ["legalPerson", "法定代表人", "Legal representative"],
      ["principal", "主要负责人", "Principal"],
      ["directlyResponsible", "影响债务履行的直接责任人员", "Person directly responsible for the debt"],
      ["actualController", "实际控制人", "Actual controller"],
    ],
  },
  {
    type: "bondType",
    entries: [
      ["enterprise", "企业债", "Enterprise bond"],
      ["corporate", "公司债", "Corporate bond"],
      ["mtn", "中期票据", "Medium-term note"],
      ["cp", "短期融资券", "Commercial paper"],
      ["ppn", "定向工具", "Private placement note"],
      ["abs", "资产支持证券", "Asset-backed security"],
      ["convertible", "可转债", "Convertible bond"],
      ["financial", "金融债", "Financial bond"],
      ["other", "其他", "Other"],
    ],
  },
  {
    type: "bondMarket",
    entries: [
      ["ib", "银行间市场", "Interbank market"],
      ["sse", "上海证券交易所", "Shanghai Stock Exchange"],
      ["szse", "深圳证券交易所", "Shenzhen Stock Exchange"],
      ["bse", "北京证券交易所", "Beijing Stock Exchange"],
    ],
  },
  {
    type: "bondStatus",
    entries: [
      ["outstanding", "存续", "Outstanding"],
      ["matured", "已到期", "Matured"],
      ["earlyRedeemed", "提前兑付", "Redeemed early"],
      ["default", "违约", "In default"],
      ["extended", "展期", "Extended"],
    ],
  },
  // ---- the platform's own records
  {
    type: "otherHistoryType",
    entries: [
      ["phone", "电话", "Phone call"],
      ["meeting", "座谈", "Meeting"],
      ["event", "活动", "Event"],
      ["policyPush", "政策推送", "Policy push"],
      ["other", "其他", "Other"],
    ],
  },
  {
    type: "handleStatus",
    entries: [
      ["pending", "待办理", "Pending"],
      ["processing", "办理中", "In progress"],
      ["completed", "已办结", "Completed"],
    ],
  },
  {
    type: "ruleType",
    entries: [
      ["warning", "预警", "Warning"],
      ["label", "标签", "Label"],
      ["allocation", "分配", "Allocation"],
      ["scoring", "评分", "Scoring"],
    ],
  },
  {
    type: "ruleSeverity",
    entries: [
      ["info", "提示", "Info"],
      ["attention", "关注", "Attention"],
      ["warning", "预警", "Warning"],
      ["severe", "严重", "Severe"],
    ],
  },
  {
    type: "archiveType",
    entries: [
      ["zfda", "走访档案", "Visit archive"],
      ["fwda", "服务档案", "Service archive"],
      ["xqda", "需求档案", "Demand archive"],
    ],
  },
  {
    type: "archiveStatus",
    entries: [
      ["draft", "草稿", "Draft"],
      ["submitted", "已提交", "Submitted"],
      ["checked", "已审核", "Checked"],
      ["returned", "已退回", "Returned"],
    ],
  },
  {
    type: "techField",
    entries: [
      ["electronicInfo", "电子信息", "Electronic information"],
      ["bioMedicine", "生物与新医药", "Biotechnology and new medicine"],
      ["aerospace", "航空航天", "Aerospace"],
      ["newMaterials", "新材料", "New materials"],
      ["hiTechServices", "高技术服务", "High-tech services"],
      ["newEnergy", "新能源与节能", "New energy and energy saving"],
      ["resourcesEnvironment", "资源与环境", "Resources and environment"],
      ["advancedManufacturing", "先进制造与自动化", "Advanced manufacturing and automation"],
    ],
  },
  {
    type: "hitechRecognitionKind",
    entries: [
      ["first", "首次认定", "First recognition"],
      ["renewal", "重新认定", "Re-recognition"],
      ["rename", "更名", "Name change"],
    ],
  },
  {
    type: "hitechStatus",
    entries: [
      ["publicity", "公示中", "Under public notice"],
      ["valid", "有效", "Valid"],
      ["expired", "已过期", "Expired"],
      ["revoked", "取消资格", "Disqualified"],
    ],
  },
  // ---- synchronised lists
  {
    type: "synSource",
    entries: [
      ["cisp", "证通CISP", "CISP"],
      ["tyc", "天眼查", "Tianyancha"],
      ["qcc", "企查查", "Qichacha"],
      ["court", "法院公开", "Court publication"],
      ["import", "导入", "Import"],
      ["builtin", "内置示例数据源", "Built-in sample source"],
    ],
  },
  {
    type: "judgmentDocType",
    entries: [
      ["judgment", "判决书", "Judgment"],
      ["ruling", "裁定书", "Ruling"],
      ["mediation", "调解书", "Mediation statement"],
      ["decision", "决定书", "Decision"],
      ["notice", "通知书", "Notice"],
      ["order", "令", "Order"],
      ["other", "其他", "Other"],
    ],
  },
  { type: "judicialCaseStatus", entries: [["pending", "未结", "Pending"], ["closed", "已结", "Closed"]] },
  {
    type: "counterpartCategory",
    entries: [
      ["org", "法人及非法人组织", "Legal person or other organisation"],
      ["person", "自然人", "Natural person"],
      ["individual", "个体工商户", "Individual business"],
    ],
  },
];
