/**
 * Dictionaries of the casework families (events/families/casework.ts): evaluation, visits and tasks, work
 * reports, policies, project management, materials, app images and partners. Project lists; the families
 * also reuse the existing `enabled` and `industry` types. Policy levels follow the administrative tiers
 * used for honours (FIELDS.md §1.5 honorLevel); project stages, schedule and equipment states follow
 * FIELDS.md §2.4.
 */
import type { DictSeed } from "./dictionaries.ts";
import { factCatalogue } from "../conditions/facts.ts";

export const caseworkDictionarySeed: DictSeed[] = [
  // ---- evaluation
  // the facts an evaluation variable may name: the condition catalogue itself, so the two never differ
  { type: "evaluationFact", entries: factCatalogue.map((f) => [f.key, f.label["zh-CN"], f.label["en-US"]] as [string, string, string]) },
  {
    type: "evaluationModelType",
    entries: [
      ["credit", "信用评价", "Credit evaluation"],
      ["growth", "成长性评价", "Growth evaluation"],
      ["innovation", "创新能力评价", "Innovation evaluation"],
      ["listing", "上市潜力评价", "Listing potential evaluation"],
      ["comprehensive", "综合评价", "Comprehensive evaluation"],
    ],
  },
  {
    type: "metricDataSource",
    entries: [
      ["questionnaire", "问卷填报", "Questionnaire"],
      ["enterprise", "企业档案", "Enterprise records"],
      ["sync", "外部同步数据", "Synchronised data"],
      ["manual", "人工录入", "Manual entry"],
      ["formula", "公式计算", "Formula"],
    ],
  },
  {
    type: "questionType",
    entries: [
      ["single", "单选题", "Single choice"],
      ["multiple", "多选题", "Multiple choice"],
      ["judge", "判断题", "True or false"],
      ["fill", "填空题", "Fill in the blank"],
      ["text", "简答题", "Short answer"],
      ["score", "打分题", "Rating"],
    ],
  },
  {
    type: "variableType",
    entries: [
      ["number", "数值", "Number"],
      ["text", "文本", "Text"],
      ["bool", "布尔", "Boolean"],
      ["date", "日期", "Date"],
    ],
  },
  {
    type: "evaluationStatus",
    entries: [
      ["draft", "填报中", "Filling in"],
      ["submitted", "已提交", "Submitted"],
      ["scored", "已评分", "Scored"],
    ],
  },
  {
    type: "evaluationGrade",
    entries: [
      ["A", "优秀", "Excellent"],
      ["B", "良好", "Good"],
      ["C", "一般", "Fair"],
      ["D", "较差", "Poor"],
    ],
  },
  {
    type: "evaluationStarList",
    entries: [
      ["star", "明星企业", "Star enterprises"],
      ["hitech", "高新技术企业", "High-tech enterprises"],
    ],
  },
  // ---- visits and tasks
  {
    type: "visitType",
    entries: [
      ["onsite", "实地走访", "On-site visit"],
      ["phone", "电话回访", "Phone call"],
      ["video", "视频走访", "Video call"],
      ["meeting", "座谈会", "Meeting"],
    ],
  },
  {
    type: "visitStatus",
    entries: [
      ["planned", "待走访", "Planned"],
      ["visited", "已走访", "Visited"],
      ["closed", "已办结", "Closed"],
      ["cancelled", "已取消", "Cancelled"],
    ],
  },
  {
    type: "visitDemandType",
    entries: [
      ["financing", "融资需求", "Financing"],
      ["policy", "政策咨询", "Policy"],
      ["talent", "人才招聘", "Talent"],
      ["land", "用地厂房", "Land and premises"],
      ["market", "市场拓展", "Market"],
      ["technology", "技术创新", "Technology"],
      ["approval", "审批办理", "Approvals"],
      ["other", "其他", "Other"],
    ],
  },
  {
    type: "visitArchiveType",
    entries: [
      ["zfda", "走访档案", "Visit file"],
      ["fwda", "服务档案", "Service file"],
      ["xqda", "需求档案", "Demand file"],
    ],
  },
  {
    type: "visitHandleStatus",
    entries: [
      ["pending", "待办理", "Pending"],
      ["handling", "办理中", "In progress"],
      ["done", "已办结", "Done"],
    ],
  },
  {
    type: "visitSatisfaction",
    entries: [
      ["1", "满意", "Satisfied"],
      ["2", "基本满意", "Mostly satisfied"],
      ["3", "不满意", "Dissatisfied"],
    ],
  },
  {
    type: "allocationStatus",
    entries: [
      ["pending", "待确认", "To confirm"],
      ["confirmed", "已确认", "Confirmed"],
      ["committed", "已提交", "Committed"],
    ],
  },
  {
    type: "checkInType",
    entries: [
      ["in", "签到", "Check in"],
      ["out", "签退", "Check out"],
    ],
  },
  {
    type: "taskPlanType",
    entries: [
      ["visit", "走访任务", "Visit task"],
      ["service", "服务任务", "Service task"],
      ["survey", "调研任务", "Survey task"],
      ["other", "其他任务", "Other task"],
    ],
  },
  {
    type: "taskStatus",
    entries: [
      ["notStarted", "未开始", "Not started"],
      ["inProgress", "进行中", "In progress"],
      ["done", "已完成", "Done"],
      ["overdue", "已逾期", "Overdue"],
      ["cancelled", "已取消", "Cancelled"],
    ],
  },
  {
    type: "taskVisitKind",
    entries: [
      ["zf", "走访", "Visit"],
      ["fw", "服务", "Service"],
      ["xq", "需求", "Demand"],
    ],
  },
  {
    type: "taskMsgType",
    entries: [
      ["visit", "走访提醒", "Visit reminder"],
      ["warn", "预警提醒", "Warning"],
      ["notice", "通知", "Notice"],
      ["other", "其他", "Other"],
    ],
  },
  {
    type: "workReportType",
    entries: [
      ["daily", "日报", "Daily"],
      ["weekly", "周报", "Weekly"],
      ["monthly", "月报", "Monthly"],
      ["quarterly", "季报", "Quarterly"],
      ["annual", "年报", "Annual"],
      ["special", "专项报告", "Special report"],
    ],
  },
  {
    type: "workReportStatus",
    entries: [
      ["draft", "草稿", "Draft"],
      ["submitted", "已提交", "Submitted"],
      ["reviewed", "已审阅", "Reviewed"],
      ["returned", "已退回", "Returned"],
    ],
  },
  // ---- policies
  {
    type: "policyLevel",
    entries: [
      ["national", "国家级", "National"],
      ["provincial", "省级", "Provincial"],
      ["municipal", "市级", "Municipal"],
      ["county", "区县级", "County"],
    ],
  },
  {
    type: "policyStatus",
    entries: [
      ["draft", "草稿", "Draft"],
      ["published", "已发布", "Published"],
      ["expired", "已失效", "Expired"],
    ],
  },
  {
    type: "policyType",
    entries: [
      ["finance", "金融支持", "Financial support"],
      ["tax", "税费优惠", "Tax relief"],
      ["subsidy", "资金补贴", "Subsidies"],
      ["technology", "科技创新", "Technology and innovation"],
      ["talent", "人才引进", "Talent"],
      ["industry", "产业扶持", "Industry support"],
      ["listing", "上市挂牌", "Listing"],
      ["other", "其他", "Other"],
    ],
  },
  {
    type: "adviceStatus",
    entries: [
      ["pending", "待答复", "Awaiting answer"],
      ["answered", "已答复", "Answered"],
      ["closed", "已关闭", "Closed"],
    ],
  },
  {
    type: "declareStatus",
    entries: [
      ["draft", "草稿", "Draft"],
      ["declared", "已申报", "Declared"],
      ["accepted", "已受理", "Accepted"],
      ["approved", "已通过", "Approved"],
      ["rejected", "未通过", "Not approved"],
      ["granted", "已兑现", "Granted"],
    ],
  },
  // what a declaration's follow-up records (the gateway's "follow type")
  {
    type: "declareFollowType",
    entries: [
      ["consult", "政策咨询", "Consultation"],
      ["prepare", "材料准备", "Preparing materials"],
      ["supplement", "材料补正", "Supplementing materials"],
      ["review", "审核进度", "Review progress"],
      ["inspect", "现场核查", "On-site check"],
      ["fund", "资金拨付", "Funds disbursed"],
      ["other", "其他", "Other"],
    ],
  },
  // ---- project management
  {
    type: "orgUnitType",
    entries: [
      ["company", "单位", "Company"],
      ["department", "部门", "Department"],
      ["projectDept", "项目部", "Project department"],
      ["team", "班组", "Team"],
    ],
  },
  {
    type: "trackStage",
    entries: [
      ["signed", "签约", "Signed"],
      ["approved", "立项", "Approved"],
      ["landSecured", "供地", "Land secured"],
      ["started", "开工", "Started"],
      ["construction", "在建", "Under construction"],
      ["commissioned", "投产", "Commissioned"],
      ["fullCapacity", "达产", "Full capacity"],
      ["stalled", "停滞", "Stalled"],
    ],
  },
  {
    type: "trackStatus",
    entries: [
      ["normal", "正常", "Normal"],
      ["warning", "预警", "Warning"],
      ["overdue", "滞后", "Behind schedule"],
    ],
  },
  {
    type: "scheduleStatus",
    entries: [
      ["notStarted", "未开始", "Not started"],
      ["inProgress", "进行中", "In progress"],
      ["done", "已完成", "Done"],
      ["delayed", "已延期", "Delayed"],
      ["suspended", "已暂停", "Suspended"],
    ],
  },
  {
    type: "equipmentStatus",
    entries: [
      ["planned", "计划采购", "Planned"],
      ["purchased", "已购置", "Purchased"],
      ["installed", "已安装", "Installed"],
      ["inUse", "使用中", "In use"],
    ],
  },
  // ---- materials, app images, partners
  {
    type: "materialType",
    entries: [
      ["application", "申请材料", "Application"],
      ["certificate", "证明材料", "Certificate"],
      ["financial", "财务材料", "Financial"],
      ["other", "其他材料", "Other"],
    ],
  },
  {
    type: "materialBusinessType",
    entries: [
      ["financing", "融资申请", "Financing application"],
      ["listing", "上市挂牌申请", "Listing application"],
      ["service", "服务申请", "Service application"],
      ["justice", "法律服务申请", "Legal service application"],
      ["policy", "政策申报", "Policy declaration"],
      ["matters", "事项申请", "Matters application"],
    ],
  },
  {
    type: "imageCategory",
    entries: [
      ["banner", "轮播图", "Banner"],
      ["icon", "图标", "Icon"],
      ["ad", "广告", "Advertisement"],
      ["news", "资讯配图", "News image"],
    ],
  },
  {
    type: "partnerType",
    entries: [
      ["bank", "银行", "Bank"],
      ["securities", "证券公司", "Securities firm"],
      ["law", "律师事务所", "Law firm"],
      ["accounting", "会计师事务所", "Accounting firm"],
      ["investment", "投资机构", "Investment institution"],
      ["guarantee", "担保机构", "Guarantee institution"],
      ["other", "其他", "Other"],
    ],
  },
  {
    type: "cooperationStatus",
    entries: [
      ["active", "合作中", "Active"],
      ["ended", "已终止", "Ended"],
    ],
  },
];
