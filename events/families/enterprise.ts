/**
 * The enterprise master record (企业基本信息) and the families shown as its tabs: registration, shareholders,
 * intellectual property, finance, honours, risks and the platform's own service records. Field keys,
 * dictionaries, filters and sorts follow FIELDS.md §2.1. Amounts carry their unit in the label.
 */
import * as z from "zod";
import { defineFamily, l, type Family } from "../family.ts";
import { field } from "../fields.ts";

/**
 * The two fields that attach a record to one enterprise. The enterprise page shows every family with a
 * `creditCode` eq filter as a tab scoped by it, so every enterprise-scoped family spreads these and
 * declares `creditCode: "eq", entName: "like"`.
 */
export const enterpriseScope = () => ({
  creditCode: field.text(l("统一社会信用代码", "Unified social credit code"), { required: true, max: 18, rules: ["creditCode"] }),
  entName: field.text(l("企业名称", "Enterprise name"), { required: true, max: 128 }),
});

/** An enterprise's own records (the profile's tabs): families with the enterprise scope and its exact-match filter. */
export const isEnterpriseScoped = (f: Family) => f.filters.creditCode === "eq" && "creditCode" in f.fields;

/** 企业基本信息: one record per enterprise, keyed by its credit code; the header of the enterprise page. */
export const enterpriseBasicInfo = defineFamily({
  path: "/common/enenterprisebasicinfo",
  perm: "common:enenterprisebasicinfo",
  table: "en_enterprise_basic_info",
  label: l("企业基本信息", "Enterprise basic information"),
  fields: {
    ...enterpriseScope(),
    legalPerson: field.text(l("法定代表人", "Legal representative"), { max: 64 }),
    entType: field.dict(l("企业类型", "Enterprise type"), "enterpriseType"),
    regStatus: field.dict(l("登记状态", "Registration status"), "regStatus"),
    regCapital: field.number(l("注册资本(万元)", "Registered capital (10k CNY)"), { min: 0 }),
    estDate: field.date(l("成立日期", "Established on")),
    regAddress: field.text(l("住所", "Registered address"), { max: 255 }),
    // the address's coordinates (WGS-84), so a visit's check-in can tell how far from the enterprise it was made
    longitude: field.number(l("经度", "Longitude")),
    latitude: field.number(l("纬度", "Latitude")),
    areaCode: field.text(l("所属区划", "Area"), { max: 6, rules: ["zoningCode"] }),
    industry: field.dict(l("所属行业", "Industry"), "industry"),
    scale: field.dict(l("企业规模", "Enterprise scale"), "enterpriseScale"),
    listingStatus: field.dict(l("上市/挂牌状态", "Listing status"), "listingStatus"),
    businessScope: field.longText(l("经营范围", "Business scope"), { max: 4000 }),
    serviceUserId: field.ref(l("服务专员", "Service officer")),
    bmjlUserId: field.ref(l("帮办经理", "Assigned manager")),
  },
  search: ["entName", "creditCode", "legalPerson"],
  columns: ["entName", "creditCode", "legalPerson", "regStatus", "industry", "scale", "areaCode", "listingStatus", "serviceUserId"],
  filters: {
    creditCode: "eq",
    entName: "like",
    legalPerson: "like",
    areaCode: "eq",
    industry: "eq",
    entType: "eq",
    regStatus: "eq",
    scale: "eq",
    listingStatus: "eq",
    serviceUserId: "eq",
    bmjlUserId: "eq",
  },
  sorts: ["updateTime", "estDate", "regCapital", "entName"],
  defaultSort: ["updateTime", "desc"],
  // the home statistics count by these (homeQYCount, homeEnterpriseProportion, enterprisesProportionListed)
  counted: ["industry", "scale", "listingStatus", "regStatus"],
  unique: [["creditCode"]],
});

/** The master record's family name (events and streams). */
export const masterName = enterpriseBasicInfo.name;

/**
 * The text field that names one of an enterprise's records to a reader (its timeline row): the master's name; else
 * the record's name or title, else the first searched, then listed, text field that is not the enterprise's own
 * code or name (else a number or date).
 */
export function recordTitleKey(family: Family): string | undefined {
  if (family.name === masterName) return "entName";
  const candidates = ["name", "title", ...family.search, ...family.columns].filter((key) => key !== "creditCode" && key !== "entName");
  const plain = new Set(["int", "number", "date", "datetime"]);
  return candidates.find((key) => family.fields[key]?.kind === "text") ?? candidates.find((key) => plain.has(family.fields[key]?.kind ?? ""));
}

/**
 * 上市企业名录: an imported roster of enterprises by pool and year (excelSave). "szt" is not decoded; the
 * menu calls the screen 上市企业, so the pools are tiers of the listing pipeline.
 */
export const enterpriseBasicInfoSzt = defineFamily({
  path: "/common/enenterprisebasicinfoszt",
  perm: "common:enenterprisebasicinfoszt",
  table: "en_enterprise_basic_info_szt",
  label: l("上市企业名录", "Listed-enterprise roster"),
  fields: {
    ...enterpriseScope(),
    legalPerson: field.text(l("法定代表人", "Legal representative"), { max: 64 }),
    areaCode: field.text(l("所属区划", "Area"), { max: 6, rules: ["zoningCode"] }),
    industry: field.dict(l("所属行业", "Industry"), "industry"),
    poolType: field.dict(l("名单类型", "Pool"), "enterprisePool"),
    year: field.int(l("年度", "Year"), { min: 1900, max: 2100 }),
    contactName: field.text(l("联系人", "Contact person"), { max: 64 }),
    contactPhone: field.text(l("联系电话", "Contact phone"), { max: 20, rules: ["phone"] }),
    importBatchId: field.text(l("导入批次", "Import batch"), { max: 64 }),
    rowNo: field.int(l("行号", "Source row"), { min: 0 }),
    matchStatus: field.dict(l("匹配状态", "Match status"), "matchStatus"),
    remark: field.longText(l("备注", "Remark"), { max: 500 }),
  },
  search: ["entName", "creditCode", "contactName"],
  columns: ["entName", "creditCode", "poolType", "year", "industry", "areaCode", "contactName", "contactPhone", "matchStatus"],
  filters: { creditCode: "eq", entName: "like", poolType: "eq", year: "eq", matchStatus: "eq", areaCode: "eq" },
  sorts: ["updateTime", "importBatchId", "rowNo", "year"],
  defaultSort: ["updateTime", "desc"],
  counted: ["poolType", "matchStatus"],
});

/** 股东及出资信息. */
export const shareholderInfo = defineFamily({
  path: "/common/enshareholderinfo",
  perm: "common:enshareholderinfo",
  table: "en_shareholder_info",
  label: l("股东及出资信息", "Shareholders and contributions"),
  fields: {
    ...enterpriseScope(),
    shareholderName: field.text(l("股东名称", "Shareholder"), { required: true, max: 128 }),
    shareholderType: field.dict(l("股东类型", "Shareholder type"), "shareholderType"),
    shareholderCreditCode: field.text(l("股东统一社会信用代码", "Shareholder credit code"), { max: 18 }),
    shareholderIdType: field.text(l("证照类型", "ID type"), { max: 32 }),
    shareholderIdNo: field.text(l("证照号码", "ID number"), { max: 32 }),
    subscribedAmount: field.number(l("认缴出资额(万元)", "Subscribed capital (10k CNY)"), { min: 0 }),
    subscribedDate: field.date(l("认缴出资日期", "Subscription due date")),
    contributionForm: field.dict(l("出资方式", "Form of contribution"), "contributionForm"),
    paidAmount: field.number(l("实缴出资额(万元)", "Paid-in capital (10k CNY)"), { min: 0 }),
    paidDate: field.date(l("实缴出资日期", "Paid on")),
    fundedRatio: field.number(l("出资比例(%)", "Shareholding (%)"), { min: 0, max: 100 }),
    currency: field.dict(l("币种", "Currency"), "currency"),
  },
  search: ["shareholderName", "entName"],
  columns: ["entName", "shareholderName", "shareholderType", "subscribedAmount", "subscribedDate", "paidAmount", "fundedRatio", "contributionForm"],
  filters: { creditCode: "eq", entName: "like", shareholderName: "like", shareholderType: "eq" },
  sorts: ["fundedRatio", "subscribedAmount", "subscribedDate", "updateTime"],
  defaultSort: ["fundedRatio", "desc"],
});

/** 股权变更(转让). */
export const shareholderTransfersInfo = defineFamily({
  path: "/common/enshareholdertransfersinfo",
  perm: "common:enshareholdertransfersinfo",
  table: "en_shareholder_transfers_info",
  label: l("股权变更", "Equity transfers"),
  fields: {
    ...enterpriseScope(),
    shareholderName: field.text(l("股东(发起人)", "Shareholder"), { required: true, max: 128 }),
    ratioBefore: field.number(l("变更前股权比例(%)", "Shareholding before (%)"), { min: 0, max: 100 }),
    ratioAfter: field.number(l("变更后股权比例(%)", "Shareholding after (%)"), { min: 0, max: 100 }),
    changeDate: field.date(l("股权变更日期", "Changed on")),
    transfereeName: field.text(l("受让方", "Transferee"), { max: 128 }),
    publicDate: field.date(l("公示日期", "Published on")),
    sourceKind: field.dict(l("信息来源", "Source"), "equityChangeSource"),
    reportYear: field.int(l("年报年度", "Report year"), { min: 1900, max: 2100 }),
  },
  search: ["shareholderName", "transfereeName", "entName"],
  columns: ["entName", "shareholderName", "ratioBefore", "ratioAfter", "changeDate", "transfereeName", "sourceKind", "publicDate"],
  filters: { creditCode: "eq", entName: "like", shareholderName: "like", sourceKind: "eq" },
  sorts: ["changeDate", "publicDate", "updateTime"],
  defaultSort: ["changeDate", "desc"],
});

/** A patent's fields (CNIPA), shared by the enterprise's own tab and the synchronised patents list. */
export const patentFields = () => ({
  title: field.text(l("专利名称", "Title"), { required: true, max: 255 }),
  appNo: field.text(l("申请号", "Application number"), { required: true, max: 32 }),
  appDate: field.date(l("申请日", "Filed on")),
  pubNo: field.text(l("公开(公告)号", "Publication number"), { max: 32 }),
  pubDate: field.date(l("公开(公告)日", "Published on")),
  grantDate: field.date(l("授权公告日", "Granted on")),
  patentType: field.dict(l("专利类型", "Patent type"), "patentType"),
  applicants: field.text(l("申请人(专利权人)", "Applicants (patentees)"), { max: 255 }),
  inventors: field.text(l("发明人", "Inventors"), { max: 255 }),
  agency: field.text(l("代理机构", "Patent agency"), { max: 128 }),
  mainIpc: field.text(l("主分类号", "Main IPC"), { max: 32 }),
  legalStatus: field.dict(l("法律状态", "Legal status"), "patentLegalStatus"),
});

/** A software copyright's fields (中国版权保护中心), shared by the enterprise's tab and the synchronised list. */
export const softwareCopyrightFields = () => ({
  softwareName: field.text(l("软件全称", "Software name"), { required: true, max: 255 }),
  shortName: field.text(l("软件简称", "Short name"), { max: 128 }),
  regNo: field.text(l("登记号", "Registration number"), { required: true, max: 32 }),
  // not `version`: every record already has a `version` (its event-stream version)
  softwareVersion: field.text(l("版本号", "Software version"), { max: 32 }),
  copyrightOwner: field.text(l("著作权人", "Copyright owner"), { max: 255 }),
  regDate: field.date(l("登记日期", "Registered on")),
  firstPubDate: field.date(l("首次发表日期", "First published on")),
  completeDate: field.date(l("开发完成日期", "Completed on")),
  categoryNo: field.text(l("分类号", "Category number"), { max: 32 }),
  status: field.dict(l("登记状态", "Registration status"), "softwareCopyrightStatus"),
});

/** 专利: the enterprise as applicant or patentee. */
export const patentInfo = defineFamily({
  path: "/common/enpatentinfo",
  perm: "common:enpatentinfo",
  table: "en_patent_info",
  label: l("专利", "Patents"),
  fields: {
    ...enterpriseScope(),
    ...patentFields(),
  },
  search: ["title", "appNo", "inventors", "applicants", "entName"],
  columns: ["entName", "title", "appNo", "patentType", "appDate", "pubNo", "grantDate", "inventors", "legalStatus"],
  filters: { creditCode: "eq", entName: "like", title: "like", inventors: "like", appNo: "prefix", patentType: "eq", legalStatus: "eq" },
  sorts: ["appDate", "pubDate", "grantDate", "updateTime"],
  defaultSort: ["appDate", "desc"],
  counted: ["patentType", "legalStatus"],
  // the patent facts of conditions (worker/conditions) count an enterprise's patents in force off this index alone
  indexes: [["creditCode", "legalStatus", "patentType", "grantDate", "appDate"]],
});

/** 软件著作权. */
export const softwareCopyright = defineFamily({
  path: "/common/ensoftwarecopyright",
  perm: "common:ensoftwarecopyright",
  table: "en_software_copyright",
  label: l("软件著作权", "Software copyrights"),
  fields: {
    ...enterpriseScope(),
    ...softwareCopyrightFields(),
  },
  search: ["softwareName", "shortName", "regNo", "entName"],
  columns: ["entName", "softwareName", "shortName", "regNo", "softwareVersion", "copyrightOwner", "regDate", "firstPubDate", "status"],
  filters: { creditCode: "eq", entName: "like", softwareName: "like", regNo: "prefix", status: "eq" },
  sorts: ["regDate", "firstPubDate", "updateTime"],
  defaultSort: ["regDate", "desc"],
});

/** 商标: the enterprise as applicant. */
export const trademarkInfo = defineFamily({
  path: "/common/entrademarkinfo",
  perm: "common:entrademarkinfo",
  table: "en_trademark_info",
  label: l("商标", "Trademarks"),
  fields: {
    ...enterpriseScope(),
    tmName: field.text(l("商标名称", "Mark"), { required: true, max: 128 }),
    regNo: field.text(l("注册号/申请号", "Registration number"), { required: true, max: 32 }),
    intClass: field.int(l("国际分类", "Nice class"), { min: 1, max: 45 }),
    tmType: field.dict(l("商标类型", "Trademark type"), "trademarkType"),
    applicant: field.text(l("申请人", "Applicant"), { max: 255 }),
    agency: field.text(l("代理机构", "Agency"), { max: 128 }),
    appDate: field.date(l("申请日期", "Filed on")),
    prelimPubDate: field.date(l("初审公告日", "Preliminary publication")),
    regPubDate: field.date(l("注册公告日", "Registered on")),
    validFrom: field.date(l("专用权期限起", "Exclusive right from")),
    validTo: field.date(l("专用权期限止", "Exclusive right until")),
    status: field.dict(l("商标状态", "Trademark status"), "trademarkStatus"),
    isShared: field.bool(l("共有商标", "Co-owned")),
  },
  search: ["tmName", "regNo", "applicant", "entName"],
  columns: ["entName", "tmName", "regNo", "intClass", "tmType", "appDate", "regPubDate", "validTo", "status"],
  filters: { creditCode: "eq", entName: "like", tmName: "like", intClass: "eq", status: "eq" },
  sorts: ["appDate", "regPubDate", "validTo", "updateTime"],
  defaultSort: ["appDate", "desc"],
  counted: ["status"],
});

/** 社保信息: the social-insurance block of the annual report. */
export const socialSecurityInfo = defineFamily({
  path: "/common/ensocialsecurityinfo",
  perm: "common:ensocialsecurityinfo",
  table: "en_social_security_info",
  label: l("社保信息", "Social insurance"),
  fields: {
    ...enterpriseScope(),
    reportYear: field.int(l("年报年度", "Report year"), { min: 1900, max: 2100 }),
    pensionCount: field.int(l("城镇职工基本养老保险人数", "Pension insured"), { min: 0 }),
    unemploymentCount: field.int(l("失业保险人数", "Unemployment insured"), { min: 0 }),
    medicalCount: field.int(l("职工基本医疗保险人数", "Medical insured"), { min: 0 }),
    injuryCount: field.int(l("工伤保险人数", "Work-injury insured"), { min: 0 }),
    maternityCount: field.int(l("生育保险人数", "Maternity insured"), { min: 0 }),
    pensionBase: field.number(l("养老保险缴费基数(万元)", "Pension contribution base (10k CNY)"), { min: 0 }),
    pensionPaid: field.number(l("养老保险实际缴费(万元)", "Pension contributions paid (10k CNY)"), { min: 0 }),
    pensionArrears: field.number(l("养老保险累计欠缴(万元)", "Pension arrears (10k CNY)"), { min: 0 }),
  },
  search: ["entName"],
  columns: ["entName", "reportYear", "pensionCount", "medicalCount", "unemploymentCount", "injuryCount", "maternityCount", "pensionPaid", "pensionArrears"],
  filters: { creditCode: "eq", entName: "like", reportYear: "eq" },
  sorts: ["reportYear", "updateTime"],
  defaultSort: ["reportYear", "desc"],
});

/** 企业年报 (from 天眼查, "tyc"). */
export const annualReport = defineFamily({
  path: "/common/enenterprisetycannualreport",
  perm: "common:enenterprisetycannualreport",
  table: "en_enterprise_tyc_annual_report",
  label: l("企业年报", "Annual reports"),
  fields: {
    ...enterpriseScope(),
    reportYear: field.int(l("年报年度", "Report year"), { min: 1900, max: 2100 }),
    releaseDate: field.date(l("公示日期", "Published on")),
    phone: field.text(l("联系电话", "Phone"), { max: 20, rules: ["phone"] }),
    postalAddress: field.text(l("通信地址", "Postal address"), { max: 255 }),
    employeeCount: field.int(l("从业人数", "Employees"), { min: 0 }),
    manageState: field.text(l("经营状态", "Operating state"), { max: 32 }),
    totalAssets: field.number(l("资产总额(万元)", "Total assets (10k CNY)"), { min: 0 }),
    totalLiability: field.number(l("负债总额(万元)", "Total liabilities (10k CNY)"), { min: 0 }),
    totalEquity: field.number(l("所有者权益合计(万元)", "Owners' equity (10k CNY)")),
    totalSales: field.number(l("营业总收入(万元)", "Revenue (10k CNY)"), { min: 0 }),
    totalProfit: field.number(l("利润总额(万元)", "Total profit (10k CNY)")),
    netProfit: field.number(l("净利润(万元)", "Net profit (10k CNY)")),
    totalTax: field.number(l("纳税总额(万元)", "Tax paid (10k CNY)"), { min: 0 }),
  },
  search: ["entName", "postalAddress"],
  columns: ["entName", "reportYear", "releaseDate", "employeeCount", "totalAssets", "totalSales", "netProfit", "totalTax", "manageState"],
  filters: { creditCode: "eq", entName: "like", reportYear: "eq" },
  sorts: ["reportYear", "releaseDate", "totalSales", "updateTime"],
  defaultSort: ["reportYear", "desc"],
});

/** 企业等级/评级: tax, customs, bank or the platform's own grades. */
export const enterpriseGrade = defineFamily({
  path: "/common/enenterprisegrade",
  perm: "common:enenterprisegrade",
  table: "en_enterprise_grade",
  label: l("企业评级", "Enterprise grades"),
  fields: {
    ...enterpriseScope(),
    gradeType: field.dict(l("等级类型", "Grade type"), "gradeType", { required: true }),
    grade: field.text(l("等级", "Grade"), { required: true, max: 16 }),
    gradeYear: field.int(l("评价年度", "Year"), { min: 1900, max: 2100 }),
    evaluator: field.text(l("评价机关", "Evaluator"), { max: 128 }),
    score: field.number(l("得分", "Score"), { min: 0 }),
    validFrom: field.date(l("有效期起", "Valid from")),
    validTo: field.date(l("有效期止", "Valid until")),
    publishDate: field.date(l("发布日期", "Published on")),
    remark: field.longText(l("备注", "Remark"), { max: 500 }),
  },
  search: ["entName", "evaluator"],
  columns: ["entName", "gradeType", "grade", "gradeYear", "evaluator", "score", "validTo", "publishDate"],
  filters: { creditCode: "eq", entName: "like", gradeType: "eq", grade: "eq", gradeYear: "eq" },
  sorts: ["gradeYear", "publishDate", "score", "updateTime"],
  defaultSort: ["gradeYear", "desc"],
  counted: ["gradeType"],
});

/** 行政许可: licences granted to the enterprise (双公示). */
export const administrativeLicense = defineFamily({
  path: "/common/enadministrativelicense",
  perm: "common:enadministrativelicense",
  table: "en_administrative_license",
  label: l("行政许可", "Administrative licences"),
  fields: {
    ...enterpriseScope(),
    decisionDocName: field.text(l("许可决定文书名称", "Decision title"), { required: true, max: 255 }),
    decisionDocNo: field.text(l("许可决定文书号", "Decision number"), { max: 64 }),
    licenceCategory: field.dict(l("许可类别", "Licence category"), "licenceCategory"),
    certName: field.text(l("许可证书名称", "Certificate"), { max: 128 }),
    certNo: field.text(l("许可编号", "Certificate number"), { max: 64 }),
    content: field.longText(l("许可内容", "Licensed scope"), { max: 2000 }),
    decisionDate: field.date(l("许可决定日期", "Decided on")),
    validFrom: field.date(l("有效期自", "Valid from")),
    validTo: field.date(l("有效期至", "Valid until")),
    authority: field.text(l("许可机关", "Licensing authority"), { max: 128 }),
    status: field.dict(l("当前状态", "Status"), "licenceStatus"),
  },
  search: ["decisionDocName", "certName", "decisionDocNo", "authority", "entName"],
  columns: ["entName", "decisionDocName", "decisionDocNo", "licenceCategory", "authority", "decisionDate", "validTo", "status"],
  filters: { creditCode: "eq", entName: "like", authority: "like", licenceCategory: "eq", status: "eq" },
  sorts: ["decisionDate", "validTo", "updateTime"],
  defaultSort: ["decisionDate", "desc"],
  counted: ["status"],
});

/** 水电气数据: monthly utility consumption per account. */
export const waterAndElectricity = defineFamily({
  path: "/common/enwaterandelectricity",
  perm: "common:enwaterandelectricity",
  table: "en_water_and_electricity",
  label: l("水电气数据", "Utility consumption"),
  fields: {
    ...enterpriseScope(),
    utilityType: field.dict(l("类型", "Utility"), "utilityType", { required: true }),
    period: field.text(l("所属期(年-月)", "Month (YYYY-MM)"), { required: true, max: 7 }),
    accountNo: field.text(l("户号", "Account number"), { max: 64 }),
    usage: field.number(l("用量", "Usage"), { min: 0 }),
    unit: field.dict(l("单位", "Unit"), "utilityUnit"),
    amount: field.number(l("费用(元)", "Charge (CNY)"), { min: 0 }),
    arrears: field.number(l("欠费(元)", "Arrears (CNY)"), { min: 0 }),
    yoyRate: field.number(l("同比(%)", "Year on year (%)")),
    supplierName: field.text(l("供应单位", "Supplier"), { max: 128 }),
    dataSource: field.text(l("数据来源", "Data source"), { max: 64 }),
  },
  search: ["entName", "supplierName", "accountNo"],
  columns: ["entName", "utilityType", "period", "accountNo", "usage", "unit", "amount", "arrears", "yoyRate"],
  // a period prefix selects a year ("2026") or a month ("2026-03")
  filters: { creditCode: "eq", entName: "like", utilityType: "eq", period: "prefix" },
  sorts: ["period", "amount", "usage", "updateTime"],
  defaultSort: ["period", "desc"],
  counted: ["utilityType"],
});

/** 财务信息: figures per period (excelSave imports them). */
export const financialInfo = defineFamily({
  path: "/common/enfinancialinfo",
  perm: "common:enfinancialinfo",
  table: "en_financial_info",
  label: l("财务信息", "Financial information"),
  fields: {
    ...enterpriseScope(),
    period: field.text(l("期间", "Period"), { required: true, max: 7 }),
    periodType: field.dict(l("期间类型", "Period type"), "financialPeriodType", { required: true }),
    operatingIncome: field.number(l("营业收入(万元)", "Revenue (10k CNY)"), { min: 0 }),
    totalProfit: field.number(l("利润总额(万元)", "Total profit (10k CNY)")),
    netProfit: field.number(l("净利润(万元)", "Net profit (10k CNY)")),
    totalAssets: field.number(l("资产总额(万元)", "Total assets (10k CNY)"), { min: 0 }),
    totalLiabilities: field.number(l("负债总额(万元)", "Total liabilities (10k CNY)"), { min: 0 }),
    ownersEquity: field.number(l("所有者权益(万元)", "Owners' equity (10k CNY)")),
    taxPaid: field.number(l("纳税总额(万元)", "Tax paid (10k CNY)"), { min: 0 }),
    rdExpense: field.number(l("研发费用(万元)", "R&D expense (10k CNY)"), { min: 0 }),
    employeeCount: field.int(l("从业人数", "Employees"), { min: 0 }),
    debtRatio: field.number(l("资产负债率(%)", "Debt ratio (%)"), { min: 0 }),
    dataSource: field.dict(l("数据来源", "Data source"), "financialDataSource"),
  },
  search: ["entName"],
  columns: ["entName", "period", "periodType", "operatingIncome", "netProfit", "totalAssets", "taxPaid", "rdExpense", "dataSource"],
  filters: { creditCode: "eq", entName: "like", period: "prefix", periodType: "eq", dataSource: "eq" },
  sorts: ["period", "operatingIncome", "netProfit", "taxPaid", "updateTime"],
  defaultSort: ["period", "desc"],
});

/** 荣誉资质 (excelSaveHonor imports them). */
export const honoraryQualifications = defineFamily({
  path: "/common/enhonoraryqualifications",
  perm: "common:enhonoraryqualifications",
  table: "en_honorary_qualifications",
  label: l("荣誉资质", "Honours and qualifications"),
  fields: {
    ...enterpriseScope(),
    honorName: field.text(l("荣誉/资质名称", "Honour or qualification"), { required: true, max: 128 }),
    firstCategory: field.text(l("一级类别", "Category"), { max: 64 }),
    secondCategory: field.text(l("二级类别", "Subcategory"), { max: 64 }),
    level: field.dict(l("级别", "Level"), "honorLevel"),
    year: field.int(l("年度", "Year"), { min: 1900, max: 2100 }),
    batch: field.text(l("批次", "Batch"), { max: 64 }),
    issuingAuthority: field.text(l("认定部门", "Issued by"), { max: 128 }),
    pubDate: field.date(l("发布日期", "Published on")),
    validFrom: field.date(l("有效期起", "Valid from")),
    validTo: field.date(l("有效期止", "Valid until")),
    status: field.dict(l("状态", "Status"), "honorStatus"),
    certificateNo: field.text(l("证书编号", "Certificate number"), { max: 64 }),
  },
  search: ["honorName", "firstCategory", "issuingAuthority", "entName"],
  columns: ["entName", "honorName", "level", "firstCategory", "year", "batch", "issuingAuthority", "validTo", "status"],
  filters: { creditCode: "eq", entName: "like", honorName: "like", level: "eq", firstCategory: "eq", year: "eq", status: "eq" },
  sorts: ["year", "pubDate", "validTo", "updateTime"],
  defaultSort: ["year", "desc"],
  counted: ["level", "status"],
});

/** 限制高消费: consumption-restriction orders against the enterprise or its people. */
export const restrictionHighConsumptionCase = defineFamily({
  path: "/common/enrestrictionhighconsumptioncase",
  perm: "common:enrestrictionhighconsumptioncase",
  table: "en_restriction_high_consumption_case",
  label: l("限制高消费", "High-consumption restrictions"),
  fields: {
    ...enterpriseScope(),
    caseNo: field.text(l("案号", "Case number"), { required: true, max: 64 }),
    restrictedName: field.text(l("限制消费者名称", "Restricted party"), { required: true, max: 128 }),
    restrictedKind: field.dict(l("主体类型", "Party kind"), "partyKind"),
    restrictedRole: field.dict(l("人员身份", "Role"), "restrictedRole"),
    relatedEntName: field.text(l("关联企业", "Related company"), { max: 128 }),
    applicant: field.text(l("申请人", "Applicant"), { max: 255 }),
    court: field.text(l("执行法院", "Enforcing court"), { max: 128 }),
    filingDate: field.date(l("立案日期", "Filed on")),
    publishDate: field.date(l("发布日期", "Published on")),
    orderFile: field.text(l("限制消费令", "Restriction order"), { max: 255 }),
    isHistorical: field.bool(l("已解除", "Lifted")),
  },
  search: ["restrictedName", "caseNo", "applicant", "court", "entName"],
  columns: ["entName", "caseNo", "restrictedName", "restrictedKind", "applicant", "court", "filingDate", "publishDate", "isHistorical"],
  filters: { creditCode: "eq", entName: "like", restrictedName: "like", court: "like", restrictedKind: "eq", isHistorical: "eq" },
  sorts: ["publishDate", "filingDate", "updateTime"],
  defaultSort: ["publishDate", "desc"],
});

/** 债券融资: bonds the enterprise issued. */
export const bondFinancing = defineFamily({
  path: "/common/enbondfinancing",
  perm: "common:enbondfinancing",
  table: "en_bond_financing",
  label: l("债券融资", "Bonds issued"),
  fields: {
    ...enterpriseScope(),
    bondShortName: field.text(l("债券简称", "Short name"), { required: true, max: 64 }),
    bondCode: field.text(l("债券代码", "Bond code"), { required: true, max: 32 }),
    bondName: field.text(l("债券全称", "Full name"), { max: 255 }),
    bondType: field.dict(l("债券类型", "Bond type"), "bondType"),
    market: field.dict(l("交易市场", "Market"), "bondMarket"),
    issueDate: field.date(l("发行日", "Issued on")),
    maturityDate: field.date(l("到期日", "Matures on")),
    termYears: field.number(l("期限(年)", "Term (years)"), { min: 0 }),
    issueSize: field.number(l("实际发行规模(亿元)", "Issue size (100m CNY)"), { min: 0 }),
    couponRate: field.number(l("票面利率(%)", "Coupon rate (%)"), { min: 0 }),
    creditRating: field.text(l("债项评级", "Credit rating"), { max: 16 }),
    underwriter: field.text(l("主承销商", "Lead underwriter"), { max: 255 }),
    status: field.dict(l("状态", "Status"), "bondStatus"),
  },
  search: ["bondShortName", "bondName", "bondCode", "entName"],
  columns: ["entName", "bondShortName", "bondCode", "bondType", "issueDate", "maturityDate", "issueSize", "couponRate", "status"],
  filters: { creditCode: "eq", entName: "like", bondType: "eq", market: "eq", status: "eq" },
  sorts: ["issueDate", "maturityDate", "issueSize", "couponRate", "updateTime"],
  defaultSort: ["issueDate", "desc"],
});

/** 对外投资: the enterprise as investor. */
export const foreignInvestmentInfo = defineFamily({
  path: "/common/enforeigninvestmentinfo",
  perm: "common:enforeigninvestmentinfo",
  table: "en_foreign_investment_info",
  label: l("对外投资", "Outbound investments"),
  fields: {
    ...enterpriseScope(),
    investeeName: field.text(l("被投资企业", "Investee"), { required: true, max: 128 }),
    investeeCreditCode: field.text(l("被投资企业信用代码", "Investee credit code"), { max: 18 }),
    investeeLegalPerson: field.text(l("法定代表人", "Legal representative"), { max: 64 }),
    investeeStatus: field.dict(l("经营状态", "Registration status"), "regStatus"),
    investeeType: field.text(l("企业类型", "Enterprise type"), { max: 64 }),
    investeeEstDate: field.date(l("成立日期", "Established on")),
    investeeRegCapital: field.number(l("注册资本(万元)", "Registered capital (10k CNY)"), { min: 0 }),
    subscribedAmount: field.number(l("认缴出资额(万元)", "Amount invested (10k CNY)"), { min: 0 }),
    fundedRatio: field.number(l("出资比例(%)", "Shareholding (%)"), { min: 0, max: 100 }),
    contributionForm: field.dict(l("出资方式", "Form of contribution"), "contributionForm"),
    investeeRegAuthority: field.text(l("登记机关", "Registration authority"), { max: 128 }),
    investeeIndustry: field.text(l("行业", "Industry"), { max: 64 }),
  },
  search: ["investeeName", "investeeLegalPerson", "entName"],
  columns: ["entName", "investeeName", "investeeLegalPerson", "investeeStatus", "investeeEstDate", "investeeRegCapital", "subscribedAmount", "fundedRatio"],
  filters: { creditCode: "eq", entName: "like", investeeName: "like", investeeStatus: "eq" },
  sorts: ["fundedRatio", "subscribedAmount", "investeeEstDate", "updateTime"],
  defaultSort: ["fundedRatio", "desc"],
});

/** 其他服务记录: services other than visits (calls, meetings, policy pushes), beside the visit histories. */
export const otherHistory = defineFamily({
  path: "/common/enotherhistory",
  perm: "common:enotherhistory",
  table: "en_other_history",
  label: l("其他服务记录", "Other service records"),
  fields: {
    ...enterpriseScope(),
    title: field.text(l("标题", "Title"), { required: true, max: 128 }),
    historyType: field.dict(l("记录类型", "Kind"), "otherHistoryType", { required: true }),
    serviceDate: field.date(l("服务日期", "Service date")),
    content: field.longText(l("服务内容", "Content"), { max: 2000 }),
    result: field.longText(l("办理结果", "Outcome"), { max: 2000 }),
    handlerUserId: field.ref(l("办理人", "Handled by")),
    handlerDeptId: field.ref(l("办理部门", "Department")),
    taskPlanId: field.ref(l("任务计划", "Task plan")),
    status: field.dict(l("办理状态", "Status"), "handleStatus"),
  },
  search: ["title", "content", "entName"],
  columns: ["entName", "title", "historyType", "serviceDate", "handlerUserId", "handlerDeptId", "status"],
  filters: { creditCode: "eq", entName: "like", title: "like", historyType: "eq", handlerUserId: "eq", status: "eq" },
  sorts: ["serviceDate", "updateTime"],
  defaultSort: ["serviceDate", "desc"],
  counted: ["historyType", "status"],
});

/**
 * 规则配置: rules that compute warnings, labels, allocations or scores over enterprise records. Platform
 * configuration, not one enterprise's data, so it has no enterprise scope (and is no enterprise tab).
 */
export const ruleDeploy = defineFamily({
  path: "/common/enruledeploy",
  perm: "common:enruledeploy",
  table: "en_rule_deploy",
  label: l("规则配置", "Rule configuration"),
  fields: {
    ruleName: field.text(l("规则名称", "Rule name"), { required: true, max: 128 }),
    ruleCode: field.text(l("规则编码", "Rule code"), { required: true, max: 64 }),
    ruleType: field.dict(l("规则类型", "Rule type"), "ruleType", { required: true }),
    targetFamily: field.text(l("作用对象", "Applies to"), { max: 64 }),
    condition: field.json(l("条件", "Condition"), () => z.record(z.string(), z.unknown())),
    threshold: field.number(l("阈值", "Threshold"), { min: 0 }),
    severity: field.dict(l("级别", "Severity"), "ruleSeverity"),
    // not `version`: every record already has a `version` (its event-stream version)
    ruleVersion: field.int(l("规则版本", "Rule version"), { min: 1 }),
    enabled: field.bool(l("启用", "Enabled")),
    effectiveFrom: field.date(l("生效日期", "Effective from")),
    deployedAt: field.datetime(l("部署时间", "Deployed at")),
    deployedBy: field.ref(l("部署人", "Deployed by")),
  },
  search: ["ruleName", "ruleCode", "targetFamily"],
  columns: ["ruleName", "ruleCode", "ruleType", "targetFamily", "severity", "ruleVersion", "enabled", "effectiveFrom", "deployedAt"],
  filters: { ruleName: "like", ruleCode: "eq", ruleType: "eq", severity: "eq", enabled: "eq" },
  sorts: ["deployedAt", "effectiveFrom", "ruleCode", "updateTime"],
  defaultSort: ["deployedAt", "desc"],
});

/** 档案录入: visit (走访), service (服务) and demand (需求) archives filled in on a task plan. */
export const filesInput = defineFamily({
  path: "/common/enfilesinput",
  perm: "common:enfilesinput",
  table: "en_files_input",
  label: l("档案录入", "Archive entries"),
  fields: {
    ...enterpriseScope(),
    archiveType: field.dict(l("档案类型", "Archive type"), "archiveType", { required: true }),
    taskPlanId: field.ref(l("任务计划", "Task plan")),
    formCode: field.text(l("表单模板", "Form template"), { max: 64 }),
    formData: field.json(l("填报内容", "Form data"), () => z.record(z.string(), z.unknown())),
    filledBy: field.ref(l("填报人", "Filled in by")),
    filledAt: field.datetime(l("填报时间", "Filled in at")),
    status: field.dict(l("状态", "Status"), "archiveStatus"),
    checkOpinion: field.longText(l("审核意见", "Review opinion"), { max: 1000 }),
  },
  search: ["entName", "formCode"],
  columns: ["entName", "archiveType", "formCode", "taskPlanId", "filledBy", "filledAt", "status"],
  filters: { creditCode: "eq", entName: "like", archiveType: "eq", status: "eq", filledBy: "eq", taskPlanId: "eq" },
  sorts: ["filledAt", "updateTime"],
  defaultSort: ["filledAt", "desc"],
  counted: ["archiveType", "status"],
});

/** 高新技术企业认定. */
export const hitech = defineFamily({
  path: "/common/hitech",
  perm: "common:hitech",
  table: "hitech",
  label: l("高新技术企业认定", "High-tech enterprise recognition"),
  fields: {
    ...enterpriseScope(),
    certificateNo: field.text(l("证书编号", "Certificate number"), { max: 32 }),
    recognitionYear: field.int(l("认定年度", "Recognition year"), { min: 1900, max: 2100 }),
    batch: field.text(l("批次", "Batch"), { max: 64 }),
    issueDate: field.date(l("发证日期", "Issued on")),
    validUntil: field.date(l("有效期至", "Valid until")),
    areaCode: field.text(l("认定地区", "Recognised in"), { max: 6, rules: ["zoningCode"] }),
    authority: field.text(l("认定机构", "Recognised by"), { max: 128 }),
    techField: field.dict(l("技术领域", "Technology field"), "techField"),
    recognitionKind: field.dict(l("认定类型", "Recognition kind"), "hitechRecognitionKind"),
    publicityDate: field.date(l("公示日期", "Publicised on")),
    status: field.dict(l("状态", "Status"), "hitechStatus"),
  },
  search: ["entName", "certificateNo"],
  columns: ["entName", "certificateNo", "recognitionYear", "batch", "techField", "issueDate", "validUntil", "recognitionKind", "status"],
  filters: { creditCode: "eq", entName: "like", recognitionYear: "eq", techField: "eq", status: "eq", areaCode: "eq" },
  sorts: ["issueDate", "validUntil", "recognitionYear", "updateTime"],
  defaultSort: ["issueDate", "desc"],
  counted: ["status", "techField"],
});

/** Every family of this file, for events/families/index.ts. */
export const enterpriseFamilies = [
  enterpriseBasicInfo,
  enterpriseBasicInfoSzt,
  shareholderInfo,
  shareholderTransfersInfo,
  patentInfo,
  softwareCopyright,
  trademarkInfo,
  socialSecurityInfo,
  annualReport,
  enterpriseGrade,
  administrativeLicense,
  waterAndElectricity,
  financialInfo,
  honoraryQualifications,
  restrictionHighConsumptionCase,
  bondFinancing,
  foreignInvestmentInfo,
  ruleDeploy,
  filesInput,
  otherHistory,
  hitech,
];
