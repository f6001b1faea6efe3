/**
 * Enterprise services: roadshows, training, activities, financing, listing, service and justice offers and
 * applications, portal demands, equity pledges and freezes, project showcase, customers, suppliers,
 * contacts, star enterprises, matters and messages. Fields from FIELDS.md §2.1–2.4; lifecycle fields follow
 * the services' contract exactly, since worker/services writes them by key.
 */
import * as z from "zod";
import { defineFamily, l, requiredWhen, type RecordProblem } from "../family.ts";
import { field } from "../fields.ts";

// The enterprise page lists every family with a creditCode "eq" filter as a tab, so these two are shared verbatim.
const scope = () => ({
  creditCode: field.text(l("统一社会信用代码", "Unified social credit code"), { required: true, max: 18, rules: ["creditCode"] }),
  entName: field.text(l("企业名称", "Enterprise name"), { required: true, max: 128 }),
});

const publishFields = () => ({
  status: field.dict(l("发布状态", "Publish status"), "publishStatus", { managed: true }),
  publishTime: field.datetime(l("发布时间", "Published at"), { managed: true }),
});

const examineFields = () => ({
  examStatus: field.dict(l("审核状态", "Review status"), "examStatus", { managed: true }),
  examBy: field.text(l("审核人", "Reviewer"), { managed: true, max: 64 }),
  examOpinion: field.longText(l("审核意见", "Review opinion"), { managed: true, max: 1000 }),
  examTime: field.datetime(l("审核时间", "Reviewed at"), { managed: true }),
  isShow: field.bool(l("门户展示", "Shown on portal"), { managed: true }),
  status: field.dict(l("发布状态", "Publish status"), "publishStatus", { managed: true }),
});

const applyFields = () => ({
  status: field.dict(l("申请状态", "Application status"), "applyStatus", { managed: true }),
  procInsId: field.text(l("流程实例", "Process instance"), { managed: true, max: 64 }),
  applyTime: field.datetime(l("申请时间", "Applied at"), { managed: true }),
  applicantId: field.ref(l("申请人", "Applicant"), { managed: true, refers: "sys:user" }),
});

const contactName = () => field.text(l("联系人", "Contact person"), { max: 32 });
const contactPhone = () => field.text(l("联系电话", "Contact phone"), { max: 20, rules: ["phone"] });
/** ids of uploaded files (/file) */
const files = (zh: string, en: string) => field.json(l(zh, en), () => z.array(z.string().max(64)).max(20), { files: true });
const areaCode = () => field.text(l("所属区划", "Zoning"), { max: 6, rules: ["zoningCode"] });

const num = (v: unknown) => (typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : null);

/**
 * Reports `report` (default `high`) when both bounds are set and `high` lies below `low`; dates and
 * "yyyy-MM-dd HH:mm:ss" times compare as text.
 */
const notBelow =
  (low: string, high: string, asNumber = true, report = high) =>
  (r: Record<string, unknown>): RecordProblem[] => {
    const a = asNumber ? num(r[low]) : (r[low] as string | null | undefined);
    const b = asNumber ? num(r[high]) : (r[high] as string | null | undefined);
    return a !== null && a !== undefined && b !== null && b !== undefined && b < a ? [{ field: report, key: "valueNotAllowed" }] : [];
  };

/** Reports `key` when it is set outside [min, max]. */
const within =
  (key: string, min: number, max: number) =>
  (r: Record<string, unknown>): RecordProblem[] => {
    const v = num(r[key]);
    return v !== null && (v < min || v > max) ? [{ field: key, key: "valueNotAllowed" }] : [];
  };

const all =
  (...checks: ((r: Record<string, unknown>) => RecordProblem[])[]) =>
  (r: Record<string, unknown>) =>
    checks.flatMap((c) => c(r));

// ---- Roadshows

/** Roadshow applications: staff review them and turn approved ones into a roadshow (tbroadshowpass/saveById). */
export const roadshowApplication = defineFamily({
  path: "/common/tbroadshowapplication",
  perm: "common:tbroadshowapplication",
  table: "tb_roadshow_application",
  label: l("路演申请", "Roadshow application"),
  fields: {
    ...scope(),
    projectName: field.text(l("项目名称", "Project name"), { required: true, max: 128 }),
    industry: field.dict(l("所属行业", "Industry"), "industry"),
    financingRound: field.dict(l("融资轮次", "Financing round"), "financingRound"),
    financingAmount: field.number(l("拟融资金额(万元)", "Planned financing (10k CNY)"), { min: 0 }),
    financingMethod: field.dict(l("融资方式", "Financing method"), "financingMethod"),
    useOfFunds: field.longText(l("资金用途", "Use of funds"), { max: 2000 }),
    roadshowMode: field.dict(l("路演形式", "Roadshow format"), "deliveryMode"),
    expectedDate: field.date(l("期望路演日期", "Preferred roadshow date")),
    contactName: contactName(),
    contactPhone: contactPhone(),
    bpFile: files("商业计划书", "Business plan"),
    applyTime: field.datetime(l("申请时间", "Applied at")),
    // reviewed by staff directly (no approval flow), so the state is an ordinary field here
    status: field.dict(l("状态", "Status"), "applyStatus"),
  },
  search: ["projectName", "entName"],
  columns: ["entName", "projectName", "industry", "financingRound", "financingAmount", "roadshowMode", "expectedDate", "applyTime", "status"],
  filters: { creditCode: "eq", entName: "like", projectName: "like", status: "eq", financingRound: "eq", industry: "eq" },
  sorts: ["applyTime", "expectedDate", "financingAmount", "createTime"],
  defaultSort: ["applyTime", "desc"],
  counted: ["status"],
  check: (r) => within("financingAmount", 0, Number.MAX_SAFE_INTEGER)(r),
});

/** Roadshows: one per approved application, published to the portal and revoked from it. */
export const roadshowPass = defineFamily({
  path: "/common/tbroadshowpass",
  perm: "common:tbroadshowpass",
  table: "tb_roadshow_pass",
  label: l("路演发布", "Roadshow"),
  fields: {
    ...scope(),
    applicationId: field.ref(l("路演申请", "Roadshow application")),
    title: field.text(l("路演标题", "Roadshow title"), { required: true, max: 128 }),
    roadshowTime: field.datetime(l("路演时间", "Roadshow time")),
    venue: field.text(l("地点", "Venue"), { max: 128 }),
    liveUrl: field.text(l("直播/线上地址", "Live stream or online address"), { max: 500, rules: ["url"] }),
    organizer: field.text(l("主办单位", "Organiser"), { max: 128 }),
    investorsInvited: field.json(
      l("邀请机构", "Invited investors"),
      () => z.array(z.object({ name: z.string().min(1).max(128), supplierId: z.string().max(64).optional() })).max(100),
    ),
    summary: field.longText(l("项目摘要", "Project summary"), { max: 2000 }),
    coverImage: files("封面", "Cover image"),
    ...publishFields(),
  },
  search: ["title", "entName", "organizer"],
  columns: ["title", "entName", "roadshowTime", "venue", "organizer", "status", "publishTime"],
  filters: { creditCode: "eq", entName: "like", title: "like", status: "eq", applicationId: "eq" },
  sorts: ["roadshowTime", "publishTime", "createTime"],
  defaultSort: ["roadshowTime", "desc"],
  counted: ["status"],
  lifecycle: { publish: true },
});

/** Training given to enterprises (also counted in work reports). */
export const companyTraining = defineFamily({
  path: "/common/encompanytraining",
  perm: "common:encompanytraining",
  table: "en_company_training",
  label: l("企业培训", "Company training"),
  fields: {
    ...scope(),
    title: field.text(l("培训主题", "Training topic"), { required: true, max: 128 }),
    trainingType: field.dict(l("培训类型", "Training type"), "trainingType"),
    organizer: field.text(l("主办单位", "Organiser"), { max: 128 }),
    lecturer: field.text(l("讲师", "Lecturer"), { max: 64 }),
    trainingDate: field.date(l("培训日期", "Training date"), { required: true }),
    location: field.text(l("地点", "Location"), { max: 128 }),
    mode: field.dict(l("形式", "Format"), "deliveryMode"),
    participantCount: field.int(l("参训人数", "Participants"), { min: 0, max: 100000 }),
    participants: field.json(l("参训人员", "Participant names"), () => z.array(z.string().min(1).max(64)).max(500)),
    content: field.longText(l("培训内容", "Content"), { max: 5000 }),
    attachments: files("照片/附件", "Photos and attachments"),
    recorderUserId: field.ref(l("记录人", "Recorded by")),
    taskPlanId: field.ref(l("任务计划", "Task plan")),
  },
  search: ["title", "entName", "lecturer", "organizer"],
  columns: ["entName", "title", "trainingType", "trainingDate", "lecturer", "location", "mode", "participantCount", "recorderUserId"],
  filters: { creditCode: "eq", entName: "like", title: "like", trainingType: "eq", recorderUserId: "eq", taskPlanId: "eq" },
  sorts: ["trainingDate", "participantCount", "createTime"],
  defaultSort: ["trainingDate", "desc"],
  counted: ["trainingType"],
  // the work-report statistics group a period's trainings by recorder and type off this one index
  indexes: [["trainingDate", "recorderUserId", "trainingType", "participantCount"]],
});

// ---- Activities

/** Service activities published to the portal and the app. */
export const serviceActivity = defineFamily({
  path: "/common/serviceActivity",
  perm: "common:serviceactivity",
  table: "service_activity",
  label: l("服务活动", "Service activity"),
  fields: {
    title: field.text(l("活动名称", "Activity name"), { required: true, max: 128 }),
    activityType: field.dict(l("活动类型", "Activity type"), "activityType", { required: true }),
    organizer: field.text(l("主办单位", "Organiser"), { max: 128 }),
    coOrganizers: field.text(l("协办单位", "Co-organisers"), { max: 255 }),
    startTime: field.datetime(l("开始时间", "Starts at"), { required: true }),
    endTime: field.datetime(l("结束时间", "Ends at")),
    signupDeadline: field.datetime(l("报名截止", "Sign-up deadline")),
    location: field.text(l("地点", "Location"), { max: 128 }),
    mode: field.dict(l("形式", "Format"), "deliveryMode"),
    capacity: field.int(l("名额", "Places"), { min: 0, max: 100000 }),
    audience: field.text(l("面向对象", "Audience"), { max: 255 }),
    content: field.longText(l("活动详情", "Details"), { max: 20000 }),
    coverImage: files("封面", "Cover image"),
    ...publishFields(),
  },
  search: ["title", "organizer", "location"],
  columns: ["title", "activityType", "organizer", "startTime", "endTime", "location", "capacity", "status", "publishTime"],
  filters: { title: "like", activityType: "eq", status: "eq", mode: "eq" },
  sorts: ["startTime", "signupDeadline", "publishTime", "createTime"],
  defaultSort: ["startTime", "desc"],
  counted: ["status", "activityType"],
  check: all(notBelow("startTime", "endTime", false), notBelow("signupDeadline", "endTime", false, "signupDeadline")),
  lifecycle: { publish: true },
});

/** Enterprises signing up for a service activity. */
export const activityApplication = defineFamily({
  path: "/common/tbactivityapplication",
  perm: "common:tbactivityapplication",
  table: "tb_activity_application",
  label: l("活动报名", "Activity sign-up"),
  fields: {
    ...scope(),
    activityId: field.ref(l("服务活动", "Service activity"), { required: true }),
    contactName: field.text(l("联系人", "Contact person"), { required: true, max: 32 }),
    contactPhone: field.text(l("联系电话", "Contact phone"), { required: true, max: 20, rules: ["phone"] }),
    participantCount: field.int(l("参加人数", "Attendees"), { min: 1, max: 1000 }),
    participantNames: field.text(l("参加人员", "Attendee names"), { max: 500 }),
    applyTime: field.datetime(l("报名时间", "Signed up at")),
    status: field.dict(l("报名状态", "Sign-up status"), "activitySignupStatus"),
    checkInTime: field.datetime(l("签到时间", "Checked in at")),
    feedback: field.longText(l("活动评价", "Feedback"), { max: 2000 }),
  },
  search: ["entName", "contactName", "participantNames"],
  columns: ["entName", "activityId", "contactName", "contactPhone", "participantCount", "applyTime", "status", "checkInTime"],
  filters: { creditCode: "eq", entName: "like", activityId: "eq", status: "eq", contactName: "like" },
  sorts: ["applyTime", "checkInTime", "createTime"],
  defaultSort: ["applyTime", "desc"],
  counted: ["status"],
});

// ---- Financing

/** Financing products of banks and other institutions, published to enterprises. */
export const financingProduct = defineFamily({
  path: "/common/tbfinanc",
  perm: "common:tbfinanc",
  table: "tb_financ",
  label: l("融资产品", "Financing product"),
  fields: {
    productName: field.text(l("产品名称", "Product name"), { required: true, max: 128 }),
    institutionName: field.text(l("金融机构", "Financial institution"), { required: true, max: 128 }),
    institutionType: field.dict(l("机构类型", "Institution type"), "institutionType"),
    productType: field.dict(l("产品类型", "Product type"), "financingProductType", { required: true }),
    amountMin: field.number(l("最低额度(万元)", "Minimum amount (10k CNY)"), { min: 0 }),
    amountMax: field.number(l("最高额度(万元)", "Maximum amount (10k CNY)"), { min: 0 }),
    termMaxMonths: field.int(l("最长期限(月)", "Longest term (months)"), { min: 0, max: 600 }),
    rateMin: field.number(l("最低参考年化利率(%)", "Lowest reference annual rate (%)"), { min: 0 }),
    rateMax: field.number(l("最高参考年化利率(%)", "Highest reference annual rate (%)"), { min: 0 }),
    guaranteeMethod: field.dict(l("担保方式", "Security"), "guaranteeMethod"),
    targetCustomers: field.longText(l("适用对象", "Eligible customers"), { max: 2000 }),
    applyConditions: field.longText(l("申请条件", "Conditions"), { max: 2000 }),
    contactPhone: contactPhone(),
    ...publishFields(),
  },
  search: ["productName", "institutionName"],
  columns: ["productName", "institutionName", "institutionType", "productType", "amountMax", "termMaxMonths", "rateMin", "status", "publishTime"],
  filters: { productName: "like", institutionName: "like", institutionType: "eq", productType: "eq", guaranteeMethod: "eq", status: "eq" },
  sorts: ["publishTime", "rateMin", "amountMax", "createTime"],
  defaultSort: ["publishTime", "desc"],
  counted: ["status"],
  check: all(notBelow("amountMin", "amountMax"), notBelow("rateMin", "rateMax"), within("amountMin", 0, Number.MAX_SAFE_INTEGER), within("rateMin", 0, 100), within("rateMax", 0, 100)),
  lifecycle: { publish: true },
});

/** Financing applications, approved through the "financApply" flow. */
export const financingApplication = defineFamily({
  path: "/common/tbfinancapplication",
  perm: "common:tbfinancapplication",
  table: "tb_financ_application",
  label: l("融资申请", "Financing application"),
  fields: {
    ...scope(),
    productId: field.ref(l("融资产品", "Financing product"), { refers: "common:tbfinanc" }),
    institutionName: field.text(l("意向机构", "Preferred institution"), { max: 128 }),
    demandAmount: field.number(l("融资需求金额(万元)", "Amount sought (10k CNY)"), { required: true, min: 0, unit: l("万元", "10k CNY") }),
    termMonths: field.int(l("期限(月)", "Term (months)"), { min: 0, max: 600 }),
    purpose: field.longText(l("资金用途", "Use of funds"), { max: 2000 }),
    guaranteeOffered: field.dict(l("可提供担保", "Security offered"), "guaranteeMethod"),
    acceptableRate: field.number(l("可接受年化利率(%)", "Acceptable annual rate (%)"), { min: 0, unit: l("%", "%") }),
    contactName: contactName(),
    contactPhone: contactPhone(),
    approvedAmount: field.number(l("批复金额(万元)", "Approved amount (10k CNY)"), { min: 0, unit: l("万元", "10k CNY") }),
    attachments: files("附件", "Attachments"),
    ...applyFields(),
  },
  search: ["entName", "institutionName"],
  columns: ["entName", "institutionName", "demandAmount", "termMonths", "guaranteeOffered", "contactName", "applyTime", "status"],
  filters: { creditCode: "eq", entName: "like", status: "eq", institutionName: "like", productId: "eq", guaranteeOffered: "eq" },
  sorts: ["applyTime", "demandAmount", "createTime"],
  defaultSort: ["applyTime", "desc"],
  counted: ["status"],
  check: all(within("demandAmount", 0, Number.MAX_SAFE_INTEGER), within("acceptableRate", 0, 100), within("approvedAmount", 0, Number.MAX_SAFE_INTEGER)),
  lifecycle: { apply: { flowKey: "financApply" } },
});

// ---- Listing

/** Listing services (boards, conditions, subsidies) offered to enterprises. */
export const listingService = defineFamily({
  path: "/common/tblisting",
  perm: "common:tblisting",
  table: "tb_listing",
  label: l("上市服务", "Listing service"),
  fields: {
    title: field.text(l("名称", "Name"), { required: true, max: 128 }),
    targetMarket: field.dict(l("目标板块", "Target board"), "listingMarket", { required: true }),
    serviceInstitution: field.text(l("服务机构", "Service institution"), { max: 128 }),
    conditions: field.longText(l("挂牌/上市条件", "Listing conditions"), { max: 5000 }),
    materials: field.longText(l("所需材料", "Required documents"), { max: 5000 }),
    process: field.longText(l("办理流程", "Procedure"), { max: 5000 }),
    fee: field.text(l("费用", "Fees"), { max: 128 }),
    benefits: field.longText(l("奖补政策", "Subsidies and rewards"), { max: 5000 }),
    contactName: contactName(),
    contactPhone: contactPhone(),
    sortNo: field.int(l("排序号", "Sort")),
    ...publishFields(),
  },
  search: ["title", "serviceInstitution"],
  columns: ["title", "targetMarket", "serviceInstitution", "fee", "contactName", "sortNo", "status", "publishTime"],
  filters: { title: "like", targetMarket: "eq", serviceInstitution: "like", status: "eq" },
  sorts: ["sortNo", "publishTime", "createTime"],
  defaultSort: ["sortNo", "asc"],
  counted: ["status"],
  lifecycle: { publish: true },
});

/** Listing applications, approved through the "listingApply" flow. */
export const listingApplication = defineFamily({
  path: "/common/tblistingapplication",
  perm: "common:tblistingapplication",
  table: "tb_listing_application",
  label: l("上市申请", "Listing application"),
  fields: {
    ...scope(),
    listingId: field.ref(l("上市服务", "Listing service"), { refers: "common:tblisting" }),
    targetMarket: field.dict(l("目标板块", "Target board"), "listingMarket", { required: true }),
    plannedDate: field.date(l("计划上市时间", "Planned listing date")),
    sponsor: field.text(l("推荐机构/保荐券商", "Sponsor"), { max: 128 }),
    lastYearRevenue: field.number(l("上年营业收入(万元)", "Revenue last year (10k CNY)"), { min: 0, unit: l("万元", "10k CNY") }),
    lastYearNetProfit: field.number(l("上年净利润(万元)", "Net profit last year (10k CNY)"), { unit: l("万元", "10k CNY") }),
    progressStage: field.dict(l("上市进度", "Progress"), "listingProgress"),
    contactName: contactName(),
    contactPhone: contactPhone(),
    ...applyFields(),
  },
  search: ["entName", "sponsor"],
  columns: ["entName", "targetMarket", "plannedDate", "sponsor", "progressStage", "contactName", "applyTime", "status"],
  filters: { creditCode: "eq", entName: "like", status: "eq", targetMarket: "eq", progressStage: "eq", listingId: "eq" },
  sorts: ["applyTime", "plannedDate", "lastYearRevenue", "createTime"],
  defaultSort: ["applyTime", "desc"],
  counted: ["status"],
  lifecycle: { apply: { flowKey: "listingApply" } },
});

// ---- Services and justice

/** Service applications (legal, tax, HR, IP…), approved through the "serviceApply" flow. */
export const serviceApplication = defineFamily({
  path: "/common/tbserviceapplication",
  perm: "common:tbserviceapplication",
  table: "tb_service_application",
  label: l("服务申请", "Service application"),
  fields: {
    ...scope(),
    serviceId: field.ref(l("服务项目", "Service"), { refers: "common:tbservicepass" }),
    serviceType: field.dict(l("服务类型", "Service type"), "serviceType", { required: true }),
    demandDescription: field.longText(l("需求描述", "Needs"), { required: true, max: 2000 }),
    expectedDate: field.date(l("期望完成日期", "Wanted by")),
    providerId: field.ref(l("服务机构", "Provider")),
    contactName: contactName(),
    contactPhone: contactPhone(),
    result: field.longText(l("办理结果", "Outcome"), { max: 2000 }),
    satisfaction: field.int(l("满意度(1-5)", "Satisfaction (1-5)"), { min: 1, max: 5 }),
    ...applyFields(),
  },
  search: ["entName", "demandDescription"],
  columns: ["entName", "serviceType", "expectedDate", "providerId", "contactName", "applyTime", "status", "satisfaction"],
  filters: { creditCode: "eq", entName: "like", status: "eq", serviceType: "eq", providerId: "eq", serviceId: "eq" },
  sorts: ["applyTime", "expectedDate", "satisfaction", "createTime"],
  defaultSort: ["applyTime", "desc"],
  counted: ["status", "serviceType"],
  lifecycle: { apply: { flowKey: "serviceApply" } },
});

/** Services published by providers (allList, getTbserviceListNoPage answer the published ones). */
export const servicePass = defineFamily({
  path: "/common/tbservicepass",
  perm: "common:tbservicepass",
  table: "tb_service_pass",
  label: l("服务发布", "Published service"),
  fields: {
    serviceName: field.text(l("服务名称", "Service name"), { required: true, max: 128 }),
    serviceType: field.dict(l("服务类型", "Service type"), "serviceType", { required: true }),
    providerId: field.ref(l("服务机构", "Provider")),
    providerName: field.text(l("服务机构名称", "Provider name"), { max: 128 }),
    description: field.longText(l("服务内容", "Description"), { max: 5000 }),
    serviceArea: field.json(l("服务区域", "Areas served"), () => z.array(z.string().regex(/^\d{6}$/)).max(200)),
    priceMode: field.dict(l("收费方式", "Pricing"), "priceMode"),
    fee: field.text(l("收费标准", "Fees"), { max: 128 }),
    contactName: contactName(),
    contactPhone: contactPhone(),
    applicationId: field.ref(l("来源申请", "From application")),
    ...publishFields(),
  },
  search: ["serviceName", "providerName"],
  columns: ["serviceName", "serviceType", "providerName", "priceMode", "fee", "contactName", "status", "publishTime"],
  filters: { serviceName: "like", serviceType: "eq", providerId: "eq", priceMode: "eq", status: "eq" },
  sorts: ["publishTime", "serviceName", "createTime"],
  defaultSort: ["publishTime", "desc"],
  counted: ["status", "serviceType"],
  lifecycle: { publish: true },
});

/** Legal (justice) service applications, approved through the "justiceApply" flow. */
export const justiceApplication = defineFamily({
  path: "/common/tbjusticeapplication",
  perm: "common:tbjusticeapplication",
  table: "tb_justice_application",
  label: l("司法服务申请", "Justice service application"),
  fields: {
    ...scope(),
    justiceType: field.dict(l("服务类型", "Service type"), "justiceType", { required: true }),
    caseSummary: field.longText(l("事项简述", "Summary of the matter"), { required: true, max: 2000 }),
    counterparty: field.text(l("对方当事人", "Counterparty"), { max: 128 }),
    disputeAmount: field.number(l("涉案金额(万元)", "Amount in dispute (10k CNY)"), { min: 0, unit: l("万元", "10k CNY") }),
    lawFirmId: field.ref(l("律师事务所", "Law firm")),
    lawyerName: field.text(l("律师", "Lawyer"), { max: 64 }),
    contactName: contactName(),
    contactPhone: contactPhone(),
    result: field.longText(l("办理结果", "Outcome"), { max: 2000 }),
    ...applyFields(),
  },
  search: ["entName", "counterparty", "caseSummary"],
  columns: ["entName", "justiceType", "counterparty", "disputeAmount", "lawyerName", "contactName", "applyTime", "status"],
  filters: { creditCode: "eq", entName: "like", status: "eq", justiceType: "eq", lawFirmId: "eq" },
  sorts: ["applyTime", "disputeAmount", "createTime"],
  defaultSort: ["applyTime", "desc"],
  counted: ["status", "justiceType"],
  check: (r) => within("disputeAmount", 0, Number.MAX_SAFE_INTEGER)(r),
  lifecycle: { apply: { flowKey: "justiceApply" } },
});

/** Legal services published to enterprises (law firms' offers). */
export const justiceService = defineFamily({
  path: "/common/tbjustice",
  perm: "common:tbjustice",
  table: "tb_justice",
  label: l("司法服务", "Justice service"),
  fields: {
    serviceName: field.text(l("服务名称", "Service name"), { required: true, max: 128 }),
    justiceType: field.dict(l("服务类型", "Service type"), "justiceType", { required: true }),
    lawFirmId: field.ref(l("律师事务所", "Law firm")),
    lawFirmName: field.text(l("律所名称", "Law firm name"), { max: 128 }),
    lawyerName: field.text(l("律师", "Lawyer"), { max: 64 }),
    description: field.longText(l("服务内容", "Description"), { max: 5000 }),
    priceMode: field.dict(l("收费方式", "Pricing"), "priceMode"),
    fee: field.text(l("收费标准", "Fees"), { max: 128 }),
    contactName: contactName(),
    contactPhone: contactPhone(),
    ...publishFields(),
  },
  search: ["serviceName", "lawFirmName", "lawyerName"],
  columns: ["serviceName", "justiceType", "lawFirmName", "lawyerName", "priceMode", "contactPhone", "status", "publishTime"],
  filters: { serviceName: "like", justiceType: "eq", lawFirmId: "eq", priceMode: "eq", status: "eq" },
  sorts: ["publishTime", "serviceName", "createTime"],
  defaultSort: ["publishTime", "desc"],
  counted: ["status"],
  lifecycle: { publish: true },
});

// ---- Portal demands

/** Demands pushed by the external portals (or typed in by staff), reviewed before the portal shows them. */
export const portalDemand = defineFamily({
  path: "/common/portalDemand",
  perm: "common:portaldemand",
  table: "portal_demand",
  label: l("门户需求", "Portal demand"),
  fields: {
    ...scope(),
    portalCode: field.dict(l("来源门户", "Source portal"), "portalCode"),
    externalId: field.text(l("门户需求编号", "Portal demand no."), { max: 64 }),
    title: field.text(l("需求标题", "Title"), { required: true, max: 128 }),
    demandType: field.dict(l("需求类型", "Demand type"), "demandType", { required: true }),
    content: field.longText(l("需求内容", "Details"), { max: 5000 }),
    amount: field.number(l("需求金额(万元)", "Amount (10k CNY)"), { min: 0 }),
    contactName: contactName(),
    contactPhone: contactPhone(),
    submitTime: field.datetime(l("提交时间", "Submitted at")),
    followStatus: field.dict(l("跟进状态", "Follow-up status"), "followStatus"),
    assigneeUserId: field.ref(l("承办人", "Assignee")),
    ...examineFields(),
  },
  search: ["title", "entName", "content"],
  columns: ["title", "entName", "demandType", "submitTime", "followStatus", "assigneeUserId", "examStatus", "isShow", "status"],
  filters: { creditCode: "eq", entName: "like", title: "like", demandType: "eq", followStatus: "eq", assigneeUserId: "eq", examStatus: "eq", status: "eq", portalCode: "eq" },
  sorts: ["submitTime", "examTime", "createTime"],
  defaultSort: ["submitTime", "desc"],
  counted: ["examStatus", "status", "demandType"],
  lifecycle: { examine: true },
});

/** A demand shown as a page on the portal, reviewed like the demand itself. */
export const portalDemandPage = defineFamily({
  path: "/common/portalDemandPage",
  perm: "common:portaldemandpage",
  table: "portal_demand_page",
  label: l("需求展示页", "Demand page"),
  fields: {
    ...scope(),
    demandId: field.ref(l("门户需求", "Portal demand")),
    portalCode: field.dict(l("来源门户", "Source portal"), "portalCode"),
    externalId: field.text(l("门户需求编号", "Portal demand no."), { max: 64 }),
    title: field.text(l("标题", "Title"), { required: true, max: 128 }),
    summary: field.longText(l("摘要", "Summary"), { max: 500 }),
    category: field.dict(l("分类", "Category"), "demandType"),
    body: field.longText(l("正文", "Body"), { max: 20000 }),
    coverImage: files("封面", "Cover image"),
    sortNo: field.int(l("排序号", "Sort")),
    ...examineFields(),
  },
  search: ["title", "entName", "summary"],
  columns: ["title", "entName", "category", "sortNo", "examStatus", "examTime", "isShow", "status"],
  filters: { creditCode: "eq", entName: "like", title: "like", category: "eq", demandId: "eq", examStatus: "eq", status: "eq" },
  sorts: ["sortNo", "examTime", "createTime"],
  defaultSort: ["sortNo", "asc"],
  counted: ["examStatus", "status"],
  lifecycle: { examine: true },
});

/** Follow-ups of a demand; the enterprise is copied from the demand so the enterprise page can list them. */
export const portalDemandFollow = defineFamily({
  path: "/common/portalDemandFollow",
  perm: "common:portaldemandfollow",
  table: "portal_demand_follow",
  label: l("需求跟进", "Demand follow-up"),
  fields: {
    ...scope(),
    demandId: field.ref(l("门户需求", "Portal demand"), { required: true }),
    followTime: field.datetime(l("跟进时间", "Followed up at"), { required: true }),
    followerUserId: field.ref(l("跟进人", "Followed up by")),
    followerDeptId: field.ref(l("跟进部门", "Department")),
    followMethod: field.dict(l("跟进方式", "Method"), "followMethod"),
    content: field.longText(l("跟进内容", "Notes"), { required: true, max: 2000 }),
    nextPlan: field.longText(l("下一步计划", "Next steps"), { max: 1000 }),
    followStatus: field.dict(l("跟进状态", "Follow-up status"), "followStatus", { required: true }),
    resolvedAmount: field.number(l("解决金额(万元)", "Amount resolved (10k CNY)"), { min: 0 }),
    attachments: files("附件", "Attachments"),
  },
  search: ["entName", "content"],
  columns: ["entName", "demandId", "followTime", "followerUserId", "followMethod", "followStatus", "resolvedAmount"],
  filters: { creditCode: "eq", entName: "like", demandId: "eq", followStatus: "eq", followerUserId: "eq", followMethod: "eq" },
  sorts: ["followTime", "createTime"],
  defaultSort: ["followTime", "desc"],
  counted: ["followStatus"],
});

// ---- Equity pledges and freezes

/** Equity pledges registered against an enterprise's shares. */
export const pledgeInfo = defineFamily({
  path: "/common/admin/portalpledgeinfo",
  perm: "common:portalpledgeinfo",
  table: "portal_pledge_info",
  label: l("股权出质", "Equity pledge"),
  fields: {
    ...scope(),
    regNo: field.text(l("登记编号", "Registration no."), { max: 64 }),
    pledgorName: field.text(l("出质人", "Pledgor"), { required: true, max: 128 }),
    pledgorIdNo: field.text(l("出质人证照号码", "Pledgor ID no."), { max: 64 }),
    pledgeeName: field.text(l("质权人", "Pledgee"), { required: true, max: 128 }),
    pledgeeIdNo: field.text(l("质权人证照号码", "Pledgee ID no."), { max: 64 }),
    pledgedAmount: field.number(l("出质股权数额", "Pledged equity"), { min: 0 }),
    pledgedUnit: field.dict(l("数额单位", "Unit"), "equityUnit"),
    regDate: field.date(l("设立登记日期", "Registered on")),
    publicDate: field.date(l("公示日期", "Published on")),
    status: field.dict(l("状态", "Status"), "pledgeStatus"),
    cancelDate: field.date(l("注销日期", "Cancelled on")),
    cancelReason: field.longText(l("注销原因", "Reason for cancellation"), { max: 500 }),
    source: field.dict(l("来源", "Source"), "pledgeSource"),
  },
  search: ["entName", "pledgorName", "pledgeeName", "regNo"],
  columns: ["entName", "regNo", "pledgorName", "pledgeeName", "pledgedAmount", "pledgedUnit", "regDate", "status"],
  filters: { creditCode: "eq", entName: "like", regNo: "eq", pledgorName: "like", pledgeeName: "like", status: "eq", source: "eq" },
  sorts: ["regDate", "publicDate", "pledgedAmount", "createTime"],
  defaultSort: ["regDate", "desc"],
  counted: ["status"],
});

/** Equity freezes ordered by courts (judicial assistance); imported by excelSave. */
export const freezeInfo = defineFamily({
  path: "/common/admin/portalfreezeinfo",
  perm: "common:portalfreezeinfo",
  table: "portal_freeze_info",
  label: l("股权冻结", "Equity freeze"),
  fields: {
    ...scope(),
    executedPerson: field.text(l("被执行人", "Person subject to enforcement"), { required: true, max: 128 }),
    executedPersonIdNo: field.text(l("被执行人证照号码", "ID no. of the person subject to enforcement"), { max: 64 }),
    frozenAmount: field.number(l("冻结股权数额", "Frozen equity"), { min: 0 }),
    frozenUnit: field.dict(l("数额单位", "Unit"), "equityUnit"),
    court: field.text(l("执行法院", "Enforcing court"), { max: 128 }),
    noticeNo: field.text(l("协助执行通知书文号", "Assistance notice no."), { max: 64 }),
    rulingNo: field.text(l("执行裁定书文号", "Enforcement ruling no."), { max: 64 }),
    freezeFrom: field.date(l("冻结期限自", "Frozen from")),
    freezeTo: field.date(l("冻结期限至", "Frozen until")),
    freezePeriod: field.int(l("冻结期限(天)", "Freeze period (days)"), { min: 0, max: 36500 }),
    status: field.dict(l("状态", "Status"), "freezeStatus"),
    unfreezeDate: field.date(l("解冻日期", "Unfrozen on")),
    publicDate: field.date(l("公示日期", "Published on")),
  },
  search: ["entName", "executedPerson", "court", "noticeNo"],
  columns: ["entName", "executedPerson", "frozenAmount", "court", "freezeFrom", "freezeTo", "status", "publicDate"],
  filters: { creditCode: "eq", entName: "like", executedPerson: "like", court: "like", noticeNo: "eq", status: "eq" },
  sorts: ["publicDate", "freezeTo", "freezeFrom", "createTime"],
  defaultSort: ["publicDate", "desc"],
  counted: ["status"],
  check: notBelow("freezeFrom", "freezeTo", false),
});

// ---- Projects

/** Enterprise projects shown on the portal after review. */
export const projectShow = defineFamily({
  path: "/common/projectShow",
  perm: "common:projectshow",
  table: "project_show",
  label: l("项目展示", "Project showcase"),
  fields: {
    ...scope(),
    projectName: field.text(l("项目名称", "Project name"), { required: true, max: 128 }),
    projectType: field.dict(l("项目类型", "Project type"), "projectShowType", { required: true }),
    industry: field.dict(l("所属行业", "Industry"), "industry"),
    areaCode: areaCode(),
    totalInvestment: field.number(l("总投资(万元)", "Total investment (10k CNY)"), { min: 0 }),
    financingNeed: field.number(l("融资需求(万元)", "Financing sought (10k CNY)"), { min: 0 }),
    cooperationMode: field.text(l("合作方式", "Form of cooperation"), { max: 128 }),
    description: field.longText(l("项目介绍", "Description"), { max: 5000 }),
    coverImage: files("封面", "Cover image"),
    contactName: contactName(),
    contactPhone: contactPhone(),
    ...examineFields(),
  },
  search: ["projectName", "entName"],
  columns: ["projectName", "entName", "projectType", "industry", "totalInvestment", "financingNeed", "examStatus", "isShow", "status"],
  filters: { creditCode: "eq", entName: "like", projectName: "like", projectType: "eq", industry: "eq", areaCode: "prefix", examStatus: "eq", status: "eq" },
  sorts: ["examTime", "totalInvestment", "financingNeed", "createTime"],
  defaultSort: ["createTime", "desc"],
  counted: ["examStatus", "status"],
  lifecycle: { examine: true },
});

// ---- Customers, suppliers, contacts, star enterprises

/** The platform's customer relationships with enterprises (alllist answers them unpaged). */
export const customer = defineFamily({
  path: "/common/customermanage",
  perm: "common:customermanage",
  table: "customer_manage",
  label: l("客户管理", "Customer"),
  fields: {
    ...scope(),
    customerLevel: field.dict(l("客户级别", "Customer level"), "customerLevel", { required: true }),
    customerStage: field.dict(l("客户阶段", "Stage"), "customerStage"),
    source: field.dict(l("客户来源", "Source"), "customerSource"),
    industry: field.dict(l("所属行业", "Industry"), "industry"),
    areaCode: areaCode(),
    contactName: contactName(),
    contactPhone: contactPhone(),
    ownerUserId: field.ref(l("客户经理", "Account manager")),
    ownerDeptId: field.ref(l("所属部门", "Department")),
    lastFollowTime: field.datetime(l("最近跟进时间", "Last follow-up")),
    tags: field.json(l("标签", "Tags"), () => z.array(z.string().min(1).max(32)).max(30)),
    remark: field.longText(l("备注", "Remark"), { max: 1000 }),
  },
  search: ["entName", "contactName", "remark"],
  columns: ["entName", "customerLevel", "customerStage", "source", "industry", "contactName", "contactPhone", "ownerUserId", "lastFollowTime"],
  filters: { creditCode: "eq", entName: "like", customerLevel: "eq", customerStage: "eq", source: "eq", ownerUserId: "eq", ownerDeptId: "eq", industry: "eq", areaCode: "prefix" },
  sorts: ["lastFollowTime", "entName", "createTime"],
  defaultSort: ["lastFollowTime", "desc"],
  counted: ["customerLevel", "customerStage"],
});

/**
 * Service providers with their blacklist. Not enterprise-scoped: the supplier's own code is filtered by
 * prefix, not eq, so the enterprise page does not take suppliers for one of its tabs.
 */
export const supplier = defineFamily({
  path: "/common/suppliers",
  perm: "common:suppliers",
  table: "suppliers",
  label: l("供应商", "Supplier"),
  fields: {
    supplierName: field.text(l("机构名称", "Name"), { required: true, max: 128 }),
    creditCode: field.text(l("统一社会信用代码", "Unified social credit code"), { max: 18, rules: ["creditCode"] }),
    supplierType: field.dict(l("机构类型", "Type"), "supplierType", { required: true }),
    contactName: contactName(),
    contactPhone: contactPhone(),
    address: field.text(l("地址", "Address"), { max: 255 }),
    areaCode: areaCode(),
    serviceScope: field.longText(l("服务范围", "Services offered"), { max: 2000 }),
    qualification: field.longText(l("资质", "Qualifications"), { max: 2000 }),
    rating: field.number(l("评分(1-5)", "Rating (1-5)"), { min: 1, max: 5 }),
    status: field.dict(l("状态", "Status"), "enabled"),
    blacklisted: field.bool(l("黑名单", "Blacklisted")),
    blacklistReason: field.longText(l("列入黑名单原因", "Reason for blacklisting"), { max: 1000 }),
    blacklistDate: field.date(l("列入日期", "Blacklisted on")),
  },
  search: ["supplierName", "serviceScope"],
  columns: ["supplierName", "creditCode", "supplierType", "contactName", "contactPhone", "rating", "status", "blacklisted"],
  filters: { supplierName: "like", creditCode: "prefix", supplierType: "eq", status: "eq", blacklisted: "eq", areaCode: "prefix" },
  sorts: ["rating", "supplierName", "updateTime", "createTime"],
  defaultSort: ["updateTime", "desc"],
  counted: ["supplierType"],
  check: all(within("rating", 1, 5), requiredWhen((r) => r.blacklisted === true, "blacklistReason")),
});

/** People to contact at an enterprise. */
export const enterpriseContact = defineFamily({
  path: "/common/encontacts",
  perm: "common:encontacts",
  table: "en_contacts",
  label: l("企业联系人", "Enterprise contact"),
  fields: {
    ...scope(),
    name: field.text(l("姓名", "Name"), { required: true, max: 64 }),
    gender: field.dict(l("性别", "Sex"), "gender"),
    role: field.dict(l("联系人类型", "Role"), "contactRole"),
    position: field.text(l("职务", "Position"), { max: 64 }),
    department: field.text(l("所在部门", "Department"), { max: 64 }),
    mobile: field.text(l("手机号码", "Mobile"), { max: 20, rules: ["mobile"] }),
    telephone: field.text(l("办公电话", "Office phone"), { max: 20, rules: ["phone"] }),
    email: field.text(l("电子邮箱", "Email"), { max: 128, rules: ["email"] }),
    wechat: field.text(l("微信号", "WeChat ID"), { max: 64 }),
    isPrimary: field.bool(l("主要联系人", "Main contact")),
    remark: field.longText(l("备注", "Remark"), { max: 500 }),
  },
  search: ["name", "entName", "position"],
  columns: ["entName", "name", "role", "position", "department", "mobile", "telephone", "email", "isPrimary"],
  filters: { creditCode: "eq", entName: "like", name: "like", role: "eq", mobile: "prefix", isPrimary: "eq" },
  sorts: ["name", "createTime"],
  defaultSort: ["createTime", "desc"],
  check: requiredWhen((r) => !r.mobile && !r.telephone && !r.email, "mobile"),
});

/** Enterprises honoured as "stars" of a year. */
export const starEnterprise = defineFamily({
  path: "/common/enstarenterprise",
  perm: "common:enstarenterprise",
  table: "en_star_enterprise",
  label: l("明星企业", "Star enterprise"),
  fields: {
    ...scope(),
    year: field.int(l("评选年度", "Year"), { required: true, min: 1990, max: 2100 }),
    category: field.dict(l("评选类别", "Category"), "starCategory"),
    level: field.dict(l("星级", "Level"), "starLevel", { required: true }),
    reason: field.longText(l("评选理由", "Reason"), { required: true, max: 2000 }),
    awardingBody: field.text(l("评定单位", "Awarded by"), { max: 128 }),
    awardDate: field.date(l("授予日期", "Awarded on")),
    certificateNo: field.text(l("证书编号", "Certificate no."), { max: 64 }),
    attachments: files("证书/附件", "Certificate and attachments"),
    remark: field.longText(l("备注", "Remark"), { max: 500 }),
  },
  search: ["entName", "reason"],
  columns: ["entName", "year", "category", "level", "awardingBody", "awardDate", "certificateNo"],
  filters: { creditCode: "eq", entName: "like", year: "eq", category: "eq", level: "eq" },
  sorts: ["year", "level", "awardDate", "createTime"],
  defaultSort: ["year", "desc"],
  counted: ["level"],
});

// ---- Matters and messages

/** Matters an enterprise asks the service centre to handle, approved through the "mattersApply" flow (sendSubmit). */
export const mattersRequest = defineFamily({
  path: "/common/mattersrequestform",
  perm: "common:mattersrequestform",
  table: "matters_request_form",
  label: l("事项申请", "Matter request"),
  fields: {
    ...scope(),
    matterType: field.dict(l("事项类型", "Matter type"), "matterType", { required: true }),
    title: field.text(l("事项名称", "Title"), { required: true, max: 128 }),
    content: field.longText(l("申请内容", "Request"), { required: true, max: 5000 }),
    contactName: contactName(),
    contactPhone: contactPhone(),
    attachments: files("附件", "Attachments"),
    result: field.longText(l("办理结果", "Outcome"), { max: 2000 }),
    ...applyFields(),
  },
  search: ["title", "entName", "content"],
  columns: ["title", "entName", "matterType", "contactName", "contactPhone", "applyTime", "status"],
  filters: { creditCode: "eq", entName: "like", title: "like", matterType: "eq", status: "eq" },
  sorts: ["applyTime", "createTime"],
  defaultSort: ["createTime", "desc"],
  counted: ["status", "matterType"],
  lifecycle: { apply: { flowKey: "mattersApply" } },
});

/** Messages left by enterprises and the platform's replies. */
export const enterpriseMessage = defineFamily({
  path: "/common/qyreplymessage",
  perm: "common:qyreplymessage",
  table: "qy_reply_message",
  label: l("企业留言", "Enterprise message"),
  fields: {
    ...scope(),
    title: field.text(l("留言标题", "Subject"), { required: true, max: 128 }),
    messageType: field.dict(l("留言类型", "Message type"), "enterpriseMessageType"),
    content: field.longText(l("留言内容", "Message"), { required: true, max: 2000 }),
    contactName: contactName(),
    contactPhone: contactPhone(),
    messageTime: field.datetime(l("留言时间", "Left at")),
    replyStatus: field.dict(l("回复状态", "Reply status"), "replyStatus"),
    replyContent: field.longText(l("回复内容", "Reply"), { max: 2000 }),
    replyBy: field.text(l("回复人", "Replied by"), { max: 64 }),
    replyTime: field.datetime(l("回复时间", "Replied at")),
    isPublic: field.bool(l("公开", "Public")),
  },
  search: ["title", "entName", "content"],
  columns: ["title", "entName", "messageType", "contactName", "messageTime", "replyStatus", "replyBy", "replyTime"],
  filters: { creditCode: "eq", entName: "like", title: "like", messageType: "eq", replyStatus: "eq" },
  sorts: ["messageTime", "replyTime", "createTime"],
  defaultSort: ["messageTime", "desc"],
  counted: ["replyStatus"],
  // a reply is only a reply with its text
  check: requiredWhen((r) => r.replyStatus === "1", "replyContent"),
});

export const serviceFamilies = [
  roadshowApplication,
  roadshowPass,
  companyTraining,
  serviceActivity,
  activityApplication,
  financingProduct,
  financingApplication,
  listingService,
  listingApplication,
  serviceApplication,
  servicePass,
  justiceApplication,
  justiceService,
  portalDemand,
  portalDemandPage,
  portalDemandFollow,
  pledgeInfo,
  freezeInfo,
  projectShow,
  customer,
  supplier,
  enterpriseContact,
  starEnterprise,
  mattersRequest,
  enterpriseMessage,
];
