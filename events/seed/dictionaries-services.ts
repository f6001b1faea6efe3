/**
 * Dictionaries of the enterprise-service families (events/families/services.ts), same shape as `dictionarySeed`.
 * Values follow FIELDS.md §2.1–2.4 where it names them; the rest (contacts, star enterprises, matters,
 * messages) are project lists. publishStatus, applyStatus and examStatus live in dictionaries.ts.
 * listingMarket follows the board names used by the CSRC and the regional equity markets.
 */
import type { DictSeed } from "./dictionaries.ts";

export const servicesDictionarySeed: DictSeed[] = [
  {
    type: "deliveryMode",
    entries: [
      ["online", "线上", "Online"],
      ["offline", "线下", "Offline"],
      ["hybrid", "线上线下结合", "Online and offline"],
    ],
  },
  {
    type: "financingRound",
    entries: [
      ["seed", "种子轮", "Seed"],
      ["angel", "天使轮", "Angel"],
      ["preA", "Pre-A轮", "Pre-Series A"],
      ["A", "A轮", "Series A"],
      ["B", "B轮", "Series B"],
      ["C", "C轮", "Series C"],
      ["D+", "D轮及以后", "Series D and later"],
      ["preIPO", "Pre-IPO", "Pre-IPO"],
      ["strategic", "战略融资", "Strategic investment"],
    ],
  },
  {
    type: "financingMethod",
    entries: [
      ["equity", "股权融资", "Equity"],
      ["debt", "债权融资", "Debt"],
      ["mixed", "股债结合", "Equity and debt"],
    ],
  },
  {
    type: "trainingType",
    entries: [
      ["policy", "政策宣讲", "Policy briefing"],
      ["listing", "上市辅导", "Listing coaching"],
      ["financing", "融资培训", "Financing"],
      ["management", "经营管理", "Management"],
      ["special", "专题培训", "Special topic"],
    ],
  },
  {
    type: "activityType",
    entries: [
      ["policy", "政策宣讲", "Policy briefing"],
      ["matchmaking", "对接会", "Matchmaking meeting"],
      ["salon", "沙龙", "Salon"],
      ["training", "培训", "Training"],
      ["roadshow", "路演", "Roadshow"],
      ["exhibition", "展会", "Exhibition"],
      ["other", "其他", "Other"],
    ],
  },
  {
    type: "activitySignupStatus",
    entries: [
      ["registered", "已报名", "Registered"],
      ["approved", "已审核", "Approved"],
      ["rejected", "已驳回", "Rejected"],
      ["checkedIn", "已签到", "Checked in"],
      ["cancelled", "已取消", "Cancelled"],
    ],
  },
  {
    type: "institutionType",
    entries: [
      ["bank", "银行", "Bank"],
      ["guarantee", "融资担保机构", "Financing guarantee company"],
      ["microloan", "小额贷款公司", "Microloan company"],
      ["leasing", "融资租赁公司", "Financial leasing company"],
      ["factoring", "商业保理公司", "Commercial factoring company"],
      ["equityFund", "股权投资机构", "Equity investment institution"],
      ["insurance", "保险机构", "Insurer"],
      ["other", "其他", "Other"],
    ],
  },
  {
    type: "financingProductType",
    entries: [
      ["creditLoan", "信用贷款", "Unsecured loan"],
      ["mortgageLoan", "抵押贷款", "Mortgage loan"],
      ["pledgeLoan", "质押贷款", "Pledge loan (IP, equity, receivables)"],
      ["guaranteedLoan", "担保贷款", "Guaranteed loan"],
      ["supplyChain", "供应链金融", "Supply-chain finance"],
      ["equity", "股权融资", "Equity financing"],
      ["bond", "债券融资", "Bond financing"],
      ["leasing", "融资租赁", "Financial leasing"],
      ["other", "其他", "Other"],
    ],
  },
  {
    type: "guaranteeMethod",
    entries: [
      ["credit", "信用", "Unsecured"],
      ["guarantee", "保证", "Guarantee"],
      ["mortgage", "抵押", "Mortgage"],
      ["pledge", "质押", "Pledge"],
      ["combined", "组合担保", "Combined"],
    ],
  },
  {
    type: "listingMarket",
    entries: [
      ["none", "暂无", "None"],
      ["regionalDisplay", "区域股权市场展示板", "Regional equity market, display board"],
      ["regionalListed", "区域股权市场挂牌板", "Regional equity market, listing board"],
      ["regionalTech", "科技创新专板", "Regional sci-tech innovation board"],
      ["regionalSrdi", "专精特新专板", "Regional specialised and innovative SME board"],
      ["neeqBase", "新三板基础层", "NEEQ base tier"],
      ["neeqInnovation", "新三板创新层", "NEEQ innovation tier"],
      ["bse", "北交所", "Beijing Stock Exchange"],
      ["star", "科创板", "STAR Market"],
      ["chinext", "创业板", "ChiNext"],
      ["main", "沪深主板", "Shanghai or Shenzhen main board"],
      ["overseas", "境外上市", "Overseas listing"],
    ],
  },
  {
    type: "listingProgress",
    entries: [
      ["tutoring", "辅导备案", "Tutoring filed"],
      ["filed", "申报", "Application filed"],
      ["accepted", "受理", "Accepted"],
      ["reviewing", "审核", "Under review"],
      ["registered", "注册", "Registered"],
      ["listed", "挂牌/上市", "Listed"],
      ["terminated", "终止", "Terminated"],
    ],
  },
  {
    type: "serviceType",
    entries: [
      ["legal", "法律服务", "Legal"],
      ["financeTax", "财税服务", "Finance and tax"],
      ["hr", "人力资源", "Human resources"],
      ["ip", "知识产权", "Intellectual property"],
      ["techTransfer", "技术转移", "Technology transfer"],
      ["consulting", "管理咨询", "Management consulting"],
      ["certification", "认证检测", "Certification and testing"],
      ["policy", "政策申报", "Policy applications"],
      ["other", "其他", "Other"],
    ],
  },
  {
    type: "priceMode",
    entries: [
      ["free", "免费", "Free"],
      ["paid", "收费", "Paid"],
      ["negotiable", "面议", "Negotiable"],
      ["subsidized", "政府补贴", "Government-subsidised"],
    ],
  },
  {
    type: "justiceType",
    entries: [
      ["consultation", "法律咨询", "Legal consultation"],
      ["contractReview", "合同审查", "Contract review"],
      ["mediation", "纠纷调解", "Dispute mediation"],
      ["litigation", "诉讼代理", "Litigation"],
      ["arbitration", "仲裁", "Arbitration"],
      ["notarization", "公证", "Notarisation"],
      ["compliance", "合规体检", "Compliance check-up"],
      ["ipEnforcement", "知识产权维权", "IP enforcement"],
      ["debtCollection", "清欠", "Debt collection"],
    ],
  },
  {
    // the two single-sign-on portals of worker/auth/portal.ts, plus demands typed in by staff
    type: "portalCode",
    entries: [
      ["oa", "OA门户", "OA portal"],
      ["pf", "服务平台门户", "Service platform portal"],
      ["manual", "后台录入", "Entered by staff"],
    ],
  },
  {
    // outcomes of the portals' webhook deliveries (events/families/webhooks.ts)
    type: "webhookOutcome",
    entries: [
      ["accepted", "已受理", "Accepted"],
      ["failed", "失败", "Failed"],
      ["duplicate", "重复", "Duplicate"],
    ],
  },
  {
    type: "demandType",
    entries: [
      ["financing", "融资", "Financing"],
      ["listing", "上市", "Listing"],
      ["legal", "法律", "Legal"],
      ["policy", "政策", "Policy"],
      ["technology", "技术", "Technology"],
      ["talent", "人才", "Talent"],
      ["land", "用地", "Land"],
      ["market", "市场", "Market"],
      ["labour", "用工", "Labour"],
      ["other", "其他", "Other"],
    ],
  },
  {
    type: "followStatus",
    entries: [
      ["following", "跟进中", "In progress"],
      ["resolved", "已解决", "Resolved"],
      ["unresolvable", "无法解决", "Cannot be resolved"],
      ["transferred", "已转办", "Transferred"],
      ["closed", "已办结", "Closed"],
    ],
  },
  {
    type: "followMethod",
    entries: [
      ["phone", "电话", "Phone"],
      ["visit", "上门走访", "On-site visit"],
      ["online", "线上", "Online"],
      ["meeting", "会议", "Meeting"],
    ],
  },
  {
    // pledged and frozen equity is stated either as contributed capital or as a number of shares
    type: "equityUnit",
    entries: [
      ["tenThousandYuan", "万元", "10k CNY"],
      ["tenThousandShares", "万股", "10k shares"],
    ],
  },
  {
    type: "pledgeStatus",
    entries: [
      ["valid", "有效", "Valid"],
      ["invalid", "无效", "Invalid"],
      ["cancelled", "已注销", "Cancelled"],
      ["revoked", "已撤销", "Revoked"],
    ],
  },
  {
    type: "pledgeSource",
    entries: [
      ["gsxt", "国家企业信用信息公示系统", "National Enterprise Credit Information Publicity System"],
      ["equityExchange", "区域股权交易中心", "Regional equity exchange"],
      ["import", "导入", "Imported"],
    ],
  },
  {
    type: "freezeStatus",
    entries: [
      ["frozen", "冻结", "Frozen"],
      ["unfrozen", "解除冻结", "Unfrozen"],
      ["continued", "续行冻结", "Freeze continued"],
      ["invalid", "失效", "Lapsed"],
      ["transferred", "股权变更(强制转让)", "Compulsory transfer"],
    ],
  },
  {
    type: "projectShowType",
    entries: [
      ["financing", "融资项目", "Financing project"],
      ["investment", "招商项目", "Investment-attraction project"],
      ["technology", "技术成果", "Technology achievement"],
      ["cooperation", "合作项目", "Cooperation project"],
    ],
  },
  {
    type: "customerLevel",
    entries: [
      ["key", "重点客户", "Key"],
      ["normal", "一般客户", "Normal"],
      ["potential", "潜在客户", "Potential"],
    ],
  },
  {
    type: "customerStage",
    entries: [
      ["lead", "线索", "Lead"],
      ["intention", "意向", "Interested"],
      ["serving", "服务中", "Being served"],
      ["lost", "流失", "Lost"],
    ],
  },
  {
    type: "customerSource",
    entries: [
      ["visit", "走访", "Visit"],
      ["portal", "门户", "Portal"],
      ["activity", "活动", "Activity"],
      ["referral", "推荐", "Referral"],
      ["import", "导入", "Import"],
    ],
  },
  {
    type: "supplierType",
    entries: [
      ["bank", "银行", "Bank"],
      ["guarantee", "担保机构", "Guarantee company"],
      ["securities", "证券公司", "Securities firm"],
      ["investment", "投资机构", "Investment institution"],
      ["lawFirm", "律师事务所", "Law firm"],
      ["accounting", "会计师事务所", "Accounting firm"],
      ["consulting", "咨询机构", "Consultancy"],
      ["training", "培训机构", "Training institution"],
      ["other", "其他", "Other"],
    ],
  },
  {
    type: "contactRole",
    entries: [
      ["legal", "法定代表人", "Legal representative"],
      ["manager", "总经理", "General manager"],
      ["finance", "财务负责人", "Head of finance"],
      ["hr", "人事负责人", "Head of human resources"],
      ["liaison", "日常联络人", "Day-to-day contact"],
      ["other", "其他", "Other"],
    ],
  },
  {
    type: "starLevel",
    entries: [
      ["5", "五星", "Five stars"],
      ["4", "四星", "Four stars"],
      ["3", "三星", "Three stars"],
      ["2", "二星", "Two stars"],
      ["1", "一星", "One star"],
    ],
  },
  {
    type: "starCategory",
    entries: [
      ["growth", "成长之星", "Growth star"],
      ["innovation", "创新之星", "Innovation star"],
      ["tax", "纳税之星", "Taxpayer star"],
      ["employment", "就业之星", "Employment star"],
      ["export", "外贸之星", "Export star"],
      ["quality", "质量之星", "Quality star"],
    ],
  },
  {
    type: "matterType",
    entries: [
      ["registration", "设立登记", "Establishment registration"],
      ["change", "变更登记", "Change registration"],
      ["license", "许可审批", "Licence approval"],
      ["policy", "政策兑现", "Policy benefit claim"],
      ["talent", "人才服务", "Talent services"],
      ["land", "用地用房", "Land and premises"],
      ["financing", "融资对接", "Financing matchmaking"],
      ["other", "其他", "Other"],
    ],
  },
  {
    type: "enterpriseMessageType",
    entries: [
      ["consult", "咨询", "Enquiry"],
      ["suggestion", "建议", "Suggestion"],
      ["complaint", "投诉", "Complaint"],
      ["appeal", "诉求", "Request for help"],
      ["praise", "表扬", "Praise"],
      ["other", "其他", "Other"],
    ],
  },
  {
    type: "replyStatus",
    entries: [
      ["0", "待回复", "Awaiting reply"],
      ["1", "已回复", "Replied"],
    ],
  },
];
