/**
 * Dictionaries of the court, enforcement and land lists (events/families/syn-courts.ts, FIELDS.md §3.6–§3.7).
 * Codes are FIELDS.md's; where it gives only Chinese names (court announcement types) the codes are ours.
 * The lists also reuse caseType, litigantRole, judgmentDocType, judicialCaseStatus, partyKind and
 * restrictedRole, seeded with the enterprise families.
 */
import type { DictSeed } from "./dictionaries.ts";

export const courtsSynDictionarySeed: DictSeed[] = [
  // ---- judgments and cases
  {
    type: "courtLevel",
    entries: [
      ["supreme", "最高人民法院", "Supreme court"],
      ["high", "高级人民法院", "High court"],
      ["intermediate", "中级人民法院", "Intermediate court"],
      ["basic", "基层人民法院", "Basic court"],
      ["special", "专门人民法院", "Special court"],
    ],
  },
  {
    type: "trialProcedure",
    entries: [
      ["first", "一审", "First instance"],
      ["second", "二审", "Second instance"],
      ["retrial", "再审", "Retrial"],
      ["retrialReview", "再审审查与审判监督", "Retrial review and supervision"],
      ["enforcement", "执行", "Enforcement"],
      ["nonLitigationReview", "非诉执行审查", "Non-litigation enforcement review"],
      ["special", "特别程序", "Special procedure"],
      ["other", "其他", "Other"],
    ],
  },
  {
    type: "bankruptcyCaseType",
    entries: [
      ["applicationReview", "破产申请审查", "Application review"],
      ["liquidation", "破产清算", "Liquidation"],
      ["reorganisation", "破产重整", "Reorganisation"],
      ["settlement", "破产和解", "Composition"],
      ["compulsoryLiquidation", "强制清算", "Compulsory liquidation"],
    ],
  },
  // ---- enforcement (中国执行信息公开网)
  {
    type: "enforcementCaseStatus",
    entries: [
      ["executing", "执行中", "Being enforced"],
      ["closed", "已结", "Closed"],
      ["ended", "终本", "Ended without full satisfaction"],
    ],
  },
  {
    type: "performance",
    entries: [
      ["none", "全部未履行", "Nothing performed"],
      ["partial", "部分未履行", "Partly performed"],
      ["full", "全部已履行", "Fully performed"],
    ],
  },
  // 最高人民法院关于公布失信被执行人名单信息的若干规定(2017) 第1条
  {
    type: "dishonestBehaviour",
    entries: [
      ["ableButRefuse", "有履行能力而拒不履行生效法律文书确定义务", "Able to perform but refuses"],
      ["obstruct", "以伪造证据、暴力、威胁等方法妨碍、抗拒执行", "Obstructs enforcement by forgery, violence or threats"],
      ["evade", "以虚假诉讼、虚假仲裁或者以隐匿、转移财产等方法规避执行", "Evades enforcement by sham suits or hiding assets"],
      ["assetReport", "违反财产报告制度", "Breaches the asset-reporting duty"],
      ["consumptionOrder", "违反限制消费令", "Breaches a consumption-restriction order"],
      ["settlement", "无正当理由拒不履行执行和解协议", "Refuses to honour an enforcement settlement"],
      ["other", "其它规避执行", "Other evasion of enforcement"],
    ],
  },
  {
    type: "dishonestPersonRole",
    entries: [
      ["legalPerson", "法定代表人", "Legal representative"],
      ["shareholder", "股东", "Shareholder"],
      ["officer", "高级管理人员", "Officer"],
      ["actualController", "实际控制人", "Actual controller"],
    ],
  },
  {
    type: "creditListType",
    entries: [
      ["judgmentDefaulter", "失信被执行人", "Dishonest judgment debtor"],
      ["taxViolation", "重大税收违法失信主体", "Major tax violation"],
      ["procurement", "政府采购严重违法失信", "Serious government-procurement violation"],
      ["marketRegulation", "市场监管严重违法失信", "Serious market-regulation violation"],
      ["other", "其他", "Other"],
    ],
  },
  { type: "creditListStatus", entries: [["listed", "在列", "Listed"], ["removed", "已移出", "Removed"]] },
  // 最高人民法院关于限制被执行人高消费及有关消费的若干规定 第3条
  {
    type: "consumptionProhibition",
    entries: [
      ["travel", "乘坐飞机、列车软卧、轮船二等以上舱位", "Air travel, soft sleepers, ship cabins above second class"],
      ["luxuryVenue", "在星级以上宾馆、酒店、夜总会、高尔夫球场等场所进行高消费", "High spending in starred hotels, nightclubs, golf courses"],
      ["realEstate", "购买不动产或者新建、扩建、高档装修房屋", "Buying real estate or building and luxury refitting"],
      ["officeLease", "租赁高档写字楼、宾馆、公寓等场所办公", "Renting luxury offices, hotels or apartments as offices"],
      ["vehicle", "购买非经营必需车辆", "Buying vehicles not needed for business"],
      ["tourism", "旅游、度假", "Tourism and holidays"],
      ["privateSchool", "子女就读高收费私立学校", "Children at high-fee private schools"],
      ["insurance", "支付高额保费购买保险理财产品", "High-premium insurance and wealth products"],
      ["highSpeedRail", "乘坐G字头动车组列车全部座位、其他动车组列车一等以上座位等其他非生活和工作必需的消费行为", "G-train seats, first class on other bullet trains, other non-essential spending"],
    ],
  },
  // ---- judicial auctions (人民法院诉讼资产网 and the network platforms)
  {
    type: "auctionAssetType",
    entries: [
      ["realEstate", "房产", "Real estate"],
      ["land", "土地", "Land"],
      ["vehicle", "机动车", "Vehicle"],
      ["equity", "股权", "Equity"],
      ["machinery", "机器设备", "Machinery and equipment"],
      ["claim", "债权", "Claim"],
      ["other", "其他", "Other"],
    ],
  },
  {
    type: "auctionRound",
    entries: [
      ["first", "一拍", "First auction"],
      ["second", "二拍", "Second auction"],
      ["sale", "变卖", "Sale at a fixed price"],
      ["re", "重新拍卖", "Re-auction"],
    ],
  },
  {
    type: "auctionStatus",
    entries: [
      ["upcoming", "即将开始", "Upcoming"],
      ["ongoing", "进行中", "Ongoing"],
      ["sold", "已成交", "Sold"],
      ["unsold", "流拍", "Unsold"],
      ["suspended", "中止", "Suspended"],
      ["withdrawn", "撤回", "Withdrawn"],
    ],
  },
  // 人民法院公告网's announcement kinds (our codes; FIELDS.md names them in Chinese only)
  {
    type: "courtAnnouncementType",
    entries: [
      ["complaintAndSummons", "起诉状副本及开庭传票", "Complaint copy and summons"],
      ["summons", "开庭传票", "Summons"],
      ["judgment", "裁判文书", "Judgment document"],
      ["enforcement", "执行文书", "Enforcement document"],
      ["bankruptcy", "破产文书", "Bankruptcy document"],
      ["publicSummons", "公示催告", "Public summons"],
      ["missingOrDeath", "宣告失踪、死亡", "Declaration of disappearance or death"],
      ["maritime", "海事文书", "Maritime document"],
      ["arbitration", "仲裁文书", "Arbitration document"],
      ["correction", "更正", "Correction"],
      ["lossStatement", "遗失声明", "Loss statement"],
      ["other", "其他", "Other"],
    ],
  },
  // ---- land (中国土地市场网)
  // GB/T 21010 first level, as used in land listings
  {
    type: "landUse",
    entries: [
      ["commercial", "商服用地", "Commercial"],
      ["industrial", "工矿仓储用地", "Industrial and storage"],
      ["residential", "住宅用地", "Residential"],
      ["public", "公共管理与公共服务用地", "Public administration and services"],
      ["transport", "交通运输用地", "Transport"],
      ["water", "水域及水利设施用地", "Water and water works"],
      ["special", "特殊用地", "Special use"],
      ["other", "其他", "Other"],
    ],
  },
  {
    type: "supplyWay",
    entries: [
      ["allocation", "划拨", "Allocation"],
      ["agreement", "协议出让", "Conveyance by agreement"],
      ["tender", "招标出让", "Conveyance by tender"],
      ["auction", "拍卖出让", "Conveyance by auction"],
      ["listing", "挂牌出让", "Conveyance by listing"],
      ["lease", "租赁", "Lease"],
      ["capital", "作价出资(入股)", "Contribution as capital"],
      ["other", "其他", "Other"],
    ],
  },
  { type: "landUseRightType", entries: [["conveyed", "出让", "Conveyed"], ["allocated", "划拨", "Allocated"], ["other", "其他", "Other"]] },
  {
    type: "landQueryType",
    entries: [
      ["tdgy", "土地供应", "Land supply"],
      ["tdcr", "土地出让", "Land conveyance"],
      ["dkgs", "地块公示", "Parcel publicity"],
      ["tddy", "土地抵押", "Land mortgage"],
      ["all", "全部", "All"],
    ],
  },
];
