/**
 * The synchronised lists from the registration, licensing, intellectual-property and ownership sources
 * (FIELDS.md §3.2–§3.5). Each is attached to the queried enterprise by creditCode/entName, carries the sync
 * bookkeeping of §1.1, and declares its upstream array beside it (`SynList`).
 */
import * as z from "zod";
import { l } from "../family.ts";
import { field } from "../fields.ts";
import { enterpriseScope, patentFields, softwareCopyrightFields } from "./enterprise.ts";
import { defineSynFamily, syncFields, synList, type SynList } from "./syn-common.ts";

/** 行政处罚(登记公示): penalties published through the registration system (GSXT). */
export const synCaseInfoDjgs = defineSynFamily({
  path: "/syn/syncaseinfodjgs",
  perm: "syn:syncaseinfodjgs",
  table: "syn_case_info_djgs",
  label: l("行政处罚(登记公示)", "Administrative penalties (registration publicity)"),
  fields: {
    ...enterpriseScope(),
    penaltyDocNo: field.text(l("处罚决定书文号", "Penalty decision number"), { required: true, max: 128 }),
    penaltyType: field.dict(l("处罚种类", "Penalty category"), "penaltyCategory"),
    illegalActType: field.longText(l("违法行为类型", "Violation"), { max: 1000 }),
    penaltyContent: field.longText(l("处罚内容", "Penalty"), { max: 2000 }),
    fineAmount: field.number(l("罚款金额(万元)", "Fine (10k CNY)")),
    authority: field.text(l("处罚机关", "Penalising authority"), { max: 128 }),
    decisionDate: field.date(l("处罚决定日期", "Decided on")),
    publishDate: field.date(l("公示日期", "Published on")),
    ...syncFields(),
  },
  search: ["penaltyDocNo", "authority", "entName"],
  columns: ["entName", "penaltyDocNo", "penaltyType", "authority", "fineAmount", "decisionDate", "publishDate"],
  filters: { creditCode: "eq", entName: "like", authority: "like", penaltyType: "eq", sourceRemoved: "eq" },
  sorts: ["decisionDate", "publishDate", "fineAmount", "syncedAt"],
  defaultSort: ["decisionDate", "desc"],
  counted: ["penaltyType"],
});

/** 行政处罚明细 (双公示: 信用中国 and local credit platforms). */
export const synDetailListPenalty = defineSynFamily({
  path: "/syn/syndetaillistpenalty",
  perm: "syn:syndetaillistpenalty",
  table: "syn_detail_list_penalty",
  label: l("行政处罚明细", "Administrative penalty details"),
  fields: {
    ...enterpriseScope(),
    penaltyDocNo: field.text(l("行政处罚决定书文号", "Penalty decision number"), { required: true, max: 128 }),
    counterpartCategory: field.dict(l("行政相对人类别", "Counterpart category"), "counterpartCategory"),
    illegalActType: field.text(l("违法行为类型", "Type of violation"), { max: 255 }),
    illegalFacts: field.longText(l("违法事实", "Facts"), { max: 2000 }),
    // the main category; a decision naming several keeps them all in `raw`
    penaltyCategory: field.dict(l("处罚类别", "Penalty category"), "penaltyCategory"),
    penaltyContent: field.longText(l("处罚内容", "Penalty"), { max: 2000 }),
    fineAmount: field.number(l("罚款金额(万元)", "Fine (10k CNY)")),
    decisionDate: field.date(l("处罚决定日期", "Decided on")),
    publicityDeadline: field.date(l("公示截止期", "Public until")),
    authority: field.text(l("处罚机关", "Penalising authority"), { max: 128 }),
    authorityCreditCode: field.text(l("处罚机关统一社会信用代码", "Authority's credit code"), { max: 18 }),
    penaltyBasis: field.longText(l("处罚依据", "Legal basis"), { max: 2000 }),
    confiscatedAmount: field.number(l("没收违法所得/非法财物金额(万元)", "Confiscated (10k CNY)")),
    licenceAffected: field.text(l("暂扣或吊销证照名称及编号", "Licence suspended or revoked"), { max: 255 }),
    dataSourceUnit: field.text(l("数据来源单位", "Reporting body"), { max: 128 }),
    ...syncFields(),
  },
  search: ["penaltyDocNo", "illegalActType", "authority", "entName"],
  columns: ["entName", "penaltyDocNo", "illegalActType", "penaltyCategory", "fineAmount", "authority", "decisionDate", "publicityDeadline"],
  filters: { creditCode: "eq", entName: "like", authority: "like", penaltyCategory: "eq", sourceRemoved: "eq" },
  sorts: ["decisionDate", "publicityDeadline", "fineAmount", "syncedAt"],
  defaultSort: ["decisionDate", "desc"],
  counted: ["penaltyCategory"],
});

// ---- §3.2 registration (GSXT through the CISP registration product)

/** 年报基本信息: the basic-information block of each annual report the enterprise filed. */
export const synBasicInformationList = defineSynFamily({
  path: "/syn/synbasicinformationlist",
  perm: "syn:synbasicinformationlist",
  table: "syn_basic_information_list",
  label: l("年报基本信息", "Annual report basic information"),
  fields: {
    ...enterpriseScope(),
    reportYear: field.int(l("年报年度", "Report year"), { required: true, min: 1900, max: 2100 }),
    reportCreditCode: field.text(l("报告中的信用代码", "Credit code in the report"), { max: 18 }),
    regNo: field.text(l("注册号", "Registration number"), { max: 32 }),
    reportEntName: field.text(l("报告中的企业名称", "Name in the report"), { max: 128 }),
    operatingState: field.text(l("经营状态", "Operating state"), { max: 64 }),
    tel: field.text(l("电话", "Telephone"), { max: 64 }),
    email: field.text(l("邮箱", "Email"), { max: 128 }),
    postalCode: field.text(l("邮政编码", "Postal code"), { max: 16 }),
    address: field.text(l("通信地址", "Mailing address"), { max: 255 }),
    employeeCount: field.int(l("从业人数", "Employees"), { min: 0 }),
    femaleEmployeeCount: field.int(l("其中女性", "Of whom women"), { min: 0 }),
    reportDate: field.date(l("报送/公示日期", "Filed on")),
    // links the report's websites and social-insurance rows
    annualReportId: field.text(l("年报ID", "Annual report ID"), { max: 64 }),
    ...syncFields(),
  },
  search: ["reportEntName", "regNo", "entName"],
  columns: ["entName", "reportYear", "reportEntName", "operatingState", "employeeCount", "tel", "address", "reportDate"],
  filters: { creditCode: "eq", entName: "like", reportYear: "eq", operatingState: "eq", sourceRemoved: "eq" },
  sorts: ["reportYear", "reportDate", "employeeCount", "syncedAt"],
  defaultSort: ["reportYear", "desc"],
});

/** 变更记录: each registration change (name, capital, officers…) with its before and after. */
export const synAlterList = defineSynFamily({
  path: "/syn/synalterlist",
  perm: "syn:synalterlist",
  table: "syn_alter_list",
  label: l("变更记录", "Registration changes"),
  fields: {
    ...enterpriseScope(),
    altItem: field.text(l("变更事项", "Item changed"), { required: true, max: 255 }),
    altCategory: field.dict(l("变更类别", "Change category"), "altCategory"),
    altBefore: field.longText(l("变更前", "Before"), { max: 5000 }),
    altAfter: field.longText(l("变更后", "After"), { max: 5000 }),
    altDate: field.date(l("变更日期", "Changed on")),
    seqNo: field.int(l("序号", "Sequence"), { min: 0 }),
    ...syncFields(),
  },
  search: ["altItem", "altBefore", "altAfter", "entName"],
  columns: ["entName", "altDate", "altItem", "altCategory", "altBefore", "altAfter"],
  // altDate by prefix: "2024" or "2024-05" narrows to a year or a month
  filters: { creditCode: "eq", entName: "like", altCategory: "eq", altItem: "like", altDate: "prefix", sourceRemoved: "eq" },
  sorts: ["altDate", "seqNo", "syncedAt"],
  defaultSort: ["altDate", "desc"],
  counted: ["altCategory"],
});

/** 分支机构: the enterprise's registered branches. */
export const synFiliationList = defineSynFamily({
  path: "/syn/synfiliationlist",
  perm: "syn:synfiliationlist",
  table: "syn_filiation_list",
  label: l("分支机构", "Branches"),
  fields: {
    ...enterpriseScope(),
    branchName: field.text(l("分支机构名称", "Branch name"), { required: true, max: 255 }),
    branchCreditCode: field.text(l("分支机构统一社会信用代码", "Branch credit code"), { max: 18 }),
    branchRegNo: field.text(l("分支机构注册号", "Branch registration number"), { max: 32 }),
    branchRegAuthority: field.text(l("登记机关", "Registration authority"), { max: 128 }),
    branchPrincipal: field.text(l("负责人", "Person in charge"), { max: 64 }),
    branchStatus: field.dict(l("经营状态", "Status"), "regStatus"),
    branchEstDate: field.date(l("成立日期", "Established on")),
    ...syncFields(),
  },
  search: ["branchName", "branchCreditCode", "branchRegNo", "entName"],
  columns: ["entName", "branchName", "branchCreditCode", "branchRegAuthority", "branchPrincipal", "branchStatus", "branchEstDate"],
  filters: { creditCode: "eq", entName: "like", branchName: "like", branchStatus: "eq", branchRegAuthority: "like", sourceRemoved: "eq" },
  sorts: ["branchEstDate", "branchName", "syncedAt"],
  defaultSort: ["branchEstDate", "desc"],
  counted: ["branchStatus"],
});

/** 对外投资: the enterprises this one invested in (mirrors the enforeigninvestmentinfo tab). */
export const synEntInvItemList = defineSynFamily({
  path: "/syn/synentinvitemlist",
  perm: "syn:synentinvitemlist",
  table: "syn_ent_inv_item_list",
  label: l("对外投资", "Outbound investments"),
  fields: {
    ...enterpriseScope(),
    investeeName: field.text(l("被投资企业", "Investee"), { required: true, max: 255 }),
    investeeCreditCode: field.text(l("被投资企业信用代码", "Investee credit code"), { max: 18 }),
    investeeRegNo: field.text(l("被投资企业注册号", "Investee registration number"), { max: 32 }),
    investeeLegalPerson: field.text(l("法定代表人", "Legal representative"), { max: 64 }),
    investeeType: field.text(l("企业类型", "Enterprise type"), { max: 64 }),
    investeeStatus: field.dict(l("经营状态", "Status"), "regStatus"),
    investeeEstDate: field.date(l("成立日期", "Established on")),
    investeeRegCapital: field.number(l("注册资本(万元)", "Registered capital (10k CNY)")),
    subscribedAmount: field.number(l("认缴出资额(万元)", "Subscribed capital (10k CNY)")),
    fundedRatio: field.number(l("出资比例(%)", "Shareholding (%)")),
    contributionForm: field.text(l("出资方式", "Form of contribution"), { max: 64 }),
    investeeRegAuthority: field.text(l("登记机关", "Registration authority"), { max: 128 }),
    cancelDate: field.date(l("注销日期", "Deregistered on")),
    revokeDate: field.date(l("吊销日期", "Licence revoked on")),
    ...syncFields(),
  },
  search: ["investeeName", "investeeCreditCode", "investeeLegalPerson", "entName"],
  columns: ["entName", "investeeName", "investeeLegalPerson", "investeeStatus", "investeeRegCapital", "subscribedAmount", "fundedRatio", "investeeEstDate"],
  filters: { creditCode: "eq", entName: "like", investeeName: "like", investeeStatus: "eq", sourceRemoved: "eq" },
  sorts: ["fundedRatio", "subscribedAmount", "investeeEstDate", "syncedAt"],
  defaultSort: ["fundedRatio", "desc"],
  counted: ["investeeStatus"],
});

// ---- §3.3 licences, honours, labels

/** 行政许可明细: licences granted to the enterprise (信用中国 双公示 and the departments). */
export const synDetailListLicense = defineSynFamily({
  path: "/syn/syndetaillistlicense",
  perm: "syn:syndetaillistlicense",
  table: "syn_detail_list_license",
  label: l("行政许可明细", "Licence details"),
  fields: {
    ...enterpriseScope(),
    licenceName: field.text(l("许可证/事项名称", "Licence"), { required: true, max: 255 }),
    licenceNo: field.text(l("许可证编号", "Licence number"), { max: 128 }),
    licenceType: field.dict(l("许可类别", "Licence category"), "licenceCategory"),
    authority: field.text(l("许可机关", "Licensing authority"), { max: 128 }),
    // the source's own wording (有效/无效), kept as text
    statusText: field.text(l("许可状态", "Licence status"), { max: 32 }),
    content: field.longText(l("许可内容", "Licensed activity"), { max: 4000 }),
    decisionDate: field.date(l("决定日期", "Decided on")),
    validFrom: field.date(l("有效期自", "Valid from")),
    validTo: field.date(l("有效期至", "Valid until")),
    docName: field.text(l("许可文书名称", "Decision document"), { max: 255 }),
    docNo: field.text(l("许可文书编号", "Decision document number"), { max: 128 }),
    licenceCode: field.text(l("许可编码", "Licence code"), { max: 64 }),
    licenceDomain: field.dict(l("许可领域", "Licensing domain"), "licenceDomain"),
    ...syncFields(),
  },
  search: ["licenceName", "licenceNo", "docNo", "authority", "entName"],
  columns: ["entName", "licenceName", "licenceNo", "licenceType", "authority", "statusText", "decisionDate", "validTo"],
  filters: { creditCode: "eq", entName: "like", licenceName: "like", licenceType: "eq", statusText: "eq", licenceDomain: "eq", authority: "like", validTo: "prefix", sourceRemoved: "eq" },
  sorts: ["decisionDate", "validFrom", "validTo", "syncedAt"],
  defaultSort: ["decisionDate", "desc"],
  counted: ["licenceType"],
});

/** 荣誉资质: honours, qualifications and special lists published by governments (feeds enhonoraryqualifications). */
export const synItemNameList = defineSynFamily({
  path: "/syn/synitemnamelist",
  perm: "syn:synitemnamelist",
  table: "syn_item_name_list",
  label: l("荣誉资质", "Honours and qualifications"),
  fields: {
    ...enterpriseScope(),
    name: field.text(l("荣誉/资质名称", "Honour or qualification"), { required: true, max: 255 }),
    firstCategory: field.text(l("一级类别", "Category"), { max: 64 }),
    secondCategory: field.text(l("二级类别", "Subcategory"), { max: 64 }),
    level: field.dict(l("级别", "Level"), "honorLevel"),
    year: field.int(l("年度", "Year"), { min: 1900, max: 2100 }),
    batch: field.text(l("批次", "Batch"), { max: 64 }),
    declareType: field.text(l("申报类型", "Application type"), { max: 64 }),
    issuingGovernment: field.text(l("发布部门", "Issued by"), { max: 128 }),
    pubDate: field.date(l("发布日期", "Published on")),
    revokeDate: field.date(l("撤销日期", "Revoked on")),
    rewardCategory: field.text(l("奖励类别", "Reward category"), { max: 64 }),
    rewardAmount: field.number(l("奖励金额(万元)", "Reward (10k CNY)")),
    projectName: field.text(l("项目名称", "Project"), { max: 255 }),
    // the provider's status code (e.g. 108001); its code list is not public
    statusCode: field.text(l("状态码", "Status code"), { max: 32 }),
    ...syncFields(),
  },
  search: ["name", "projectName", "issuingGovernment", "entName"],
  columns: ["entName", "name", "firstCategory", "level", "year", "batch", "issuingGovernment", "pubDate"],
  filters: { creditCode: "eq", entName: "like", name: "like", level: "eq", firstCategory: "eq", year: "eq", sourceRemoved: "eq" },
  sorts: ["year", "pubDate", "rewardAmount", "syncedAt"],
  defaultSort: ["year", "desc"],
  counted: ["level"],
});

/** 企业标签: labels such as 高新技术企业, 专精特新, 上市公司 (FIELDS.md reads the name as a guess). */
export const synEntLabelInfo = defineSynFamily({
  path: "/syn/synentlabelinfo",
  perm: "syn:synentlabelinfo",
  table: "syn_ent_label_info",
  label: l("企业标签", "Enterprise labels"),
  fields: {
    ...enterpriseScope(),
    labelName: field.text(l("标签名称", "Label"), { required: true, max: 128 }),
    labelCode: field.text(l("标签编码", "Label code"), { max: 64 }),
    labelCategory: field.dict(l("标签类别", "Label category"), "enterpriseLabelCategory"),
    labelLevel: field.dict(l("级别", "Level"), "honorLevel"),
    source: field.text(l("来源", "Issued by"), { max: 128 }),
    validFrom: field.date(l("有效期自", "Valid from")),
    validTo: field.date(l("有效期至", "Valid until")),
    pubDate: field.date(l("发布日期", "Published on")),
    status: field.dict(l("状态", "Status"), "labelStatus"),
    ...syncFields(),
  },
  search: ["labelName", "labelCode", "entName"],
  columns: ["entName", "labelName", "labelCategory", "labelLevel", "source", "validTo", "status", "pubDate"],
  filters: { creditCode: "eq", entName: "like", labelName: "like", labelCategory: "eq", status: "eq", sourceRemoved: "eq" },
  sorts: ["pubDate", "validTo", "syncedAt"],
  defaultSort: ["pubDate", "desc"],
  counted: ["labelCategory"],
});

// ---- §3.4 intellectual property

/** 专利: the enterprise's patents as applicant or patentee (mirrors the enpatentinfo tab). */
export const synPatentsList = defineSynFamily({
  path: "/syn/synpatentslist",
  perm: "syn:synpatentslist",
  table: "syn_patents_list",
  label: l("专利", "Patents"),
  fields: {
    ...enterpriseScope(),
    ...patentFields(),
    applicantAddress: field.text(l("专利权人地址", "Patentee address"), { max: 255 }),
    agent: field.text(l("代理人", "Patent agent"), { max: 128 }),
    ipcCodes: field.text(l("分类号", "IPC codes"), { max: 255 }),
    // PCT entry data (pctInDate, pctInterAppli, pctInterPub) gathered from the raw item
    pct: field.json(l("PCT信息", "PCT data"), () => z.record(z.string(), z.unknown())),
    ...syncFields(),
  },
  search: ["title", "appNo", "inventors", "applicants", "entName"],
  columns: ["entName", "title", "appNo", "patentType", "appDate", "pubNo", "grantDate", "inventors", "legalStatus"],
  filters: { creditCode: "eq", entName: "like", title: "like", inventors: "like", appNo: "prefix", patentType: "eq", legalStatus: "eq", sourceRemoved: "eq" },
  sorts: ["appDate", "pubDate", "grantDate", "syncedAt"],
  defaultSort: ["appDate", "desc"],
  counted: ["patentType", "legalStatus"],
});

/** 软件著作权: software copyright registrations (mirrors the ensoftwarecopyright tab). */
export const synSwList = defineSynFamily({
  path: "/syn/synswlist",
  perm: "syn:synswlist",
  table: "syn_sw_list",
  label: l("软件著作权", "Software copyrights"),
  fields: {
    ...enterpriseScope(),
    ...softwareCopyrightFields(),
    categoryName: field.text(l("分类名称", "Category"), { max: 128 }),
    url: field.text(l("链接", "Link"), { max: 512 }),
    ...syncFields(),
  },
  search: ["softwareName", "shortName", "regNo", "entName"],
  columns: ["entName", "softwareName", "shortName", "regNo", "softwareVersion", "copyrightOwner", "regDate", "firstPubDate", "status"],
  filters: { creditCode: "eq", entName: "like", softwareName: "like", regNo: "prefix", regDate: "prefix", status: "eq", sourceRemoved: "eq" },
  sorts: ["regDate", "firstPubDate", "syncedAt"],
  defaultSort: ["regDate", "desc"],
  counted: ["status"],
});

/** 作品著作权: works registered with the Copyright Protection Centre (美术, 文字, 摄影…). */
export const synResultList = defineSynFamily({
  path: "/syn/resultlist",
  perm: "syn:resultlist",
  table: "syn_result_list",
  label: l("作品著作权", "Works copyrights"),
  fields: {
    ...enterpriseScope(),
    regNo: field.text(l("登记号", "Registration number"), { required: true, max: 64 }),
    workName: field.text(l("作品名称", "Work"), { max: 255 }),
    workType: field.dict(l("作品类别", "Kind of work"), "copyrightWorkType"),
    copyrightOwner: field.text(l("著作权人", "Copyright owner"), { max: 255 }),
    completeDate: field.date(l("创作完成日期", "Completed on")),
    firstPubDate: field.date(l("首次发表日期", "First published on")),
    regDate: field.date(l("登记日期", "Registered on")),
    announceDate: field.date(l("公告日期", "Announced on")),
    province: field.text(l("省", "Province"), { max: 32 }),
    city: field.text(l("市", "City"), { max: 32 }),
    url: field.text(l("链接", "Link"), { max: 512 }),
    ...syncFields(),
  },
  search: ["workName", "regNo", "copyrightOwner", "entName"],
  columns: ["entName", "workName", "regNo", "workType", "copyrightOwner", "completeDate", "regDate", "announceDate"],
  filters: { creditCode: "eq", entName: "like", workName: "like", workType: "eq", regDate: "prefix", sourceRemoved: "eq" },
  sorts: ["regDate", "announceDate", "completeDate", "syncedAt"],
  defaultSort: ["regDate", "desc"],
  counted: ["workType"],
});

// ---- §3.5 persons and beneficial ownership

/** 人员任职: positions the enterprise's key persons hold in other enterprises. */
export const synRyPosPerList = defineSynFamily({
  path: "/syn/synryposperlist",
  perm: "syn:synryposperlist",
  table: "syn_ry_pos_per_list",
  label: l("人员任职", "Key persons' positions"),
  fields: {
    ...enterpriseScope(),
    personName: field.text(l("人员姓名", "Person"), { required: true, max: 64 }),
    personRole: field.dict(l("在本企业身份", "Role in this enterprise"), "keyPersonRole"),
    targetEntName: field.text(l("任职企业", "Enterprise served"), { required: true, max: 255 }),
    targetRegNo: field.text(l("注册号", "Registration number"), { max: 32 }),
    targetCreditCode: field.text(l("统一社会信用代码", "Credit code"), { max: 18 }),
    targetEntType: field.text(l("企业类型", "Enterprise type"), { max: 64 }),
    targetRegCapital: field.number(l("注册资本(万元)", "Registered capital (10k CNY)")),
    targetEntStatus: field.dict(l("企业状态", "Enterprise status"), "regStatus"),
    position: field.text(l("职务", "Position"), { max: 64 }),
    isLegalRep: field.bool(l("是否法定代表人", "Legal representative")),
    ...syncFields(),
  },
  search: ["personName", "targetEntName", "position", "entName"],
  columns: ["entName", "personName", "personRole", "targetEntName", "position", "isLegalRep", "targetRegCapital", "targetEntStatus"],
  filters: { creditCode: "eq", entName: "like", personName: "like", personRole: "eq", position: "like", targetEntStatus: "eq", sourceRemoved: "eq" },
  sorts: ["targetEntName", "targetRegCapital", "syncedAt"],
  defaultSort: ["targetEntName", "asc"],
  counted: ["targetEntStatus"],
});

/** 人员对外投资: shareholdings of the enterprise's key persons in other enterprises. */
export const synRyPosShaList = defineSynFamily({
  path: "/syn/synryposshalist",
  perm: "syn:synryposshalist",
  table: "syn_ry_pos_sha_list",
  label: l("人员对外投资", "Key persons' shareholdings"),
  fields: {
    ...enterpriseScope(),
    personName: field.text(l("人员姓名", "Person"), { required: true, max: 64 }),
    personRole: field.dict(l("在本企业身份", "Role in this enterprise"), "keyPersonRole"),
    targetEntName: field.text(l("投资企业", "Investee"), { required: true, max: 255 }),
    targetRegNo: field.text(l("注册号", "Registration number"), { max: 32 }),
    targetEntType: field.text(l("企业类型", "Enterprise type"), { max: 64 }),
    targetRegCapital: field.number(l("注册资本(万元)", "Registered capital (10k CNY)")),
    subscribedAmount: field.number(l("认缴出资额(万元)", "Subscribed capital (10k CNY)")),
    contributionForm: field.text(l("出资方式", "Form of contribution"), { max: 64 }),
    // the source may say "<0.01%": such a value stays in `raw` only
    fundedRatio: field.number(l("出资比例(%)", "Shareholding (%)")),
    targetEntStatus: field.dict(l("企业状态", "Enterprise status"), "regStatus"),
    ...syncFields(),
  },
  search: ["personName", "targetEntName", "entName"],
  columns: ["entName", "personName", "personRole", "targetEntName", "subscribedAmount", "fundedRatio", "contributionForm", "targetEntStatus"],
  filters: { creditCode: "eq", entName: "like", personName: "like", personRole: "eq", targetEntStatus: "eq", sourceRemoved: "eq" },
  sorts: ["fundedRatio", "subscribedAmount", "targetEntName", "syncedAt"],
  defaultSort: ["fundedRatio", "desc"],
  counted: ["targetEntStatus"],
});

/** 最终受益人: the ultimate beneficial owners as the provider computed them (percentages never recomputed here). */
export const synFinalBefList = defineSynFamily({
  path: "/syn/synfinalbeflist",
  perm: "syn:synfinalbeflist",
  table: "syn_final_bef_list",
  label: l("最终受益人", "Ultimate beneficial owners"),
  fields: {
    ...enterpriseScope(),
    beneficiary: field.text(l("受益人", "Beneficiary"), { required: true, max: 128 }),
    beneficiaryType: field.text(l("受益人类型", "Beneficiary type"), { max: 32 }),
    percent: field.number(l("受益比例(%)", "Beneficial share (%)")),
    title: field.text(l("职务", "Position"), { max: 64 }),
    basis: field.dict(l("判定依据", "Basis"), "uboBasis"),
    subjectName: field.text(l("备案主体", "Reporting entity"), { max: 255 }),
    edition: field.dict(l("产品版本", "Product edition"), "uboEdition"),
    ...syncFields(),
  },
  search: ["beneficiary", "subjectName", "entName"],
  columns: ["entName", "beneficiary", "beneficiaryType", "percent", "title", "basis", "edition"],
  filters: { creditCode: "eq", entName: "like", beneficiary: "like", basis: "eq", edition: "eq", sourceRemoved: "eq" },
  sorts: ["percent", "syncedAt"],
  defaultSort: ["percent", "desc"],
  counted: ["basis"],
});

/** 股权穿透路径: one row per edge of each path to a beneficial owner; the provider's tree stays in `raw`. */
export const synEqulityProcessResult = defineSynFamily({
  // the spec's spelling, the upstream's misspelling "Equlity" included
  path: "/syn/synEqulityProcessResult",
  perm: "syn:synequlityprocessresult",
  table: "syn_equlity_process_result",
  label: l("股权穿透路径", "Equity paths to beneficial owners"),
  fields: {
    ...enterpriseScope(),
    beneficiary: field.text(l("所属受益人", "Beneficiary"), { required: true, max: 128 }),
    pathNo: field.int(l("路径序号", "Path"), { min: 0 }),
    // 1 = a direct shareholder of the enterprise
    level: field.int(l("层级", "Level"), { min: 0 }),
    holderName: field.text(l("股东", "Shareholder"), { max: 255 }),
    holderType: field.dict(l("股东类型", "Shareholder type"), "holderType"),
    investeeName: field.text(l("被投资企业", "Investee"), { max: 255 }),
    percent: field.number(l("该段持股比例(%)", "Shareholding on this edge (%)")),
    subscribedCapital: field.number(l("认缴出资(万元)", "Subscribed capital (10k CNY)")),
    // an edge from the provider's `lessProcessList` (below its shareholding threshold)
    belowThreshold: field.bool(l("低于阈值", "Below threshold")),
    ...syncFields(),
  },
  search: ["beneficiary", "holderName", "investeeName", "entName"],
  columns: ["entName", "beneficiary", "pathNo", "level", "holderName", "holderType", "investeeName", "percent"],
  filters: { creditCode: "eq", entName: "like", beneficiary: "like", level: "eq", holderType: "eq", sourceRemoved: "eq" },
  sorts: ["pathNo", "level", "percent", "syncedAt"],
  defaultSort: ["pathNo", "asc"],
  counted: ["holderType"],
});

/** 受益股东/关联节点: nodes of the ownership graph tagged as beneficial shareholder, owner or controller (a guess). */
export const synLinkBeneficial = defineSynFamily({
  path: "/syn/synlinkbeneficial",
  perm: "syn:synlinkbeneficial",
  table: "syn_link_beneficial",
  label: l("受益股东", "Beneficial shareholders"),
  fields: {
    ...enterpriseScope(),
    nodeName: field.text(l("名称", "Name"), { required: true, max: 255 }),
    nodeType: field.dict(l("类型", "Type"), "holderType"),
    percentTotal: field.number(l("合计(间接)占比(%)", "Total indirect share (%)")),
    pathLevel: field.int(l("出现层级", "Level"), { min: 0 }),
    pathCount: field.int(l("路径数", "Paths"), { min: 0 }),
    // the source's tags as received: 受益股东 · 最终受益人 · 实际控制人
    benefitTags: field.json(l("标签", "Tags"), () => z.array(z.string().max(64)).max(20)),
    nodeId: field.text(l("节点ID", "Node ID"), { max: 64 }),
    ...syncFields(),
  },
  search: ["nodeName", "entName"],
  columns: ["entName", "nodeName", "nodeType", "percentTotal", "pathLevel", "pathCount", "benefitTags"],
  filters: { creditCode: "eq", entName: "like", nodeName: "like", nodeType: "eq", sourceRemoved: "eq" },
  sorts: ["percentTotal", "pathLevel", "pathCount", "syncedAt"],
  defaultSort: ["percentTotal", "desc"],
  counted: ["nodeType"],
});

/** Every synchronised list of this file with its upstream source (composed in syn-lists.ts). */
export const registrationSynLists: SynList[] = [
  // inferred: FIELDS.md names the array `caseInfoList` but not its product; the GSXT blocks (alterList,
  // filiationList…) all come with the registration product P0010058, so the penalties are read from it too.
  // Dictionary fields receive the source's text (penTypeCn "罚款"), matched against the dictionary's names.
  synList(synCaseInfoDjgs, {
    product: "P0010058",
    array: "caseInfoList",
    fields: {
      penaltyDocNo: "penDecNo",
      decisionDate: "penDecDate",
      authority: "penAuthCn",
      illegalActType: "illegactType",
      penaltyType: "penTypeCn",
      penaltyContent: "penContent",
      publishDate: "pubDate",
      // fineAmount: parsed from penContent when stated, no upstream key
    },
    key: ["penaltyDocNo", "authority"],
  }),
  // invented: no product is documented for the 双公示 penalties; its array is the `detailList` shape shared with
  // the licences (P0010084), told apart by product. No upstream names are documented: each equals our key.
  synList(synDetailListPenalty, {
    product: "P0990301",
    array: "detailList",
    fields: {
      penaltyDocNo: "penaltyDocNo",
      counterpartCategory: "counterpartCategory",
      illegalActType: "illegalActType",
      illegalFacts: "illegalFacts",
      penaltyBasis: "penaltyBasis",
      penaltyCategory: "penaltyCategory",
      penaltyContent: "penaltyContent",
      fineAmount: "fineAmount",
      confiscatedAmount: "confiscatedAmount",
      licenceAffected: "licenceAffected",
      decisionDate: "decisionDate",
      publicityDeadline: "publicityDeadline",
      authority: "authority",
      authorityCreditCode: "authorityCreditCode",
      dataSourceUnit: "dataSourceUnit",
    },
    key: ["penaltyDocNo", "authority"],
  }),
  // ---- registration: one call of P0010058 (types=…) returns each of these arrays
  synList(synBasicInformationList, {
    product: "P0010058",
    array: "basicInformationList",
    fields: {
      reportYear: "reportYear",
      reportCreditCode: "creditCode",
      regNo: "regNo",
      reportEntName: "entName",
      operatingState: "operatingState",
      tel: "tel",
      email: "email",
      postalCode: "postalCode",
      address: "enterpriseAddress",
      employeeCount: "empNum",
      femaleEmployeeCount: "womenNum",
      reportDate: "reportTime",
      annualReportId: "ancheId",
    },
    key: ["reportYear"],
  }),
  synList(synAlterList, {
    product: "P0010058",
    array: "alterList",
    // altCategory: our classification of altItem, not sent upstream
    fields: { altItem: "busAltItem", altBefore: "busAltBef", altAfter: "busAltAft", altDate: "busAltDate", seqNo: "no" },
    // FIELDS.md: altDate + altItem + sha(altBefore|altAfter); the natural key is itself a sha over its parts
    key: ["altDate", "altItem", "altBefore", "altAfter"],
  }),
  synList(synFiliationList, {
    product: "P0010058",
    array: "filiationList",
    // the principal, status and date are not in CISP's four fields (TYC `branch` has them): kept unmapped
    fields: { branchName: "brName", branchCreditCode: "brnCreditCode", branchRegNo: "brRegNo", branchRegAuthority: "brnRegOrg" },
    // FIELDS.md: branchCreditCode ‖ branchRegNo ‖ branchName — the parts all go into the key
    key: ["branchCreditCode", "branchRegNo", "branchName"],
  }),
  synList(synEntInvItemList, {
    product: "P0010058",
    array: "entInvItemList",
    fields: {
      investeeName: "orgName",
      investeeCreditCode: "creditCode",
      investeeRegNo: "regNo",
      investeeLegalPerson: "legRepName",
      investeeType: "orgType",
      investeeStatus: "orgStatus",
      investeeEstDate: "estDate",
      investeeRegCapital: "regCap",
      subscribedAmount: "subConAmt",
      fundedRatio: "fundedRatio",
      contributionForm: "conform",
      investeeRegAuthority: "regOrg",
      cancelDate: "cancelDate",
      revokeDate: "revokeDate",
    },
    key: ["investeeCreditCode", "investeeRegNo", "investeeName"],
  }),
  // ---- licences, honours, labels
  synList(synDetailListLicense, {
    product: "P0010084",
    array: "detailList",
    // licenceDomain is the query's `license_type` (only `gs` documented), not an item field. Sic: licVontent, valForm.
    fields: {
      licenceNo: "licNo",
      licenceName: "licName",
      licenceType: "licType",
      authority: "licAuth",
      statusText: "licStateName",
      content: "licVontent",
      decisionDate: "vDate",
      validFrom: "valForm",
      validTo: "valTo",
      docName: "wName",
      docNo: "wNo",
      licenceCode: "licCode",
    },
    // FIELDS.md: docNo ‖ (licenceNo + authority)
    key: ["docNo", "licenceNo", "authority"],
  }),
  synList(synItemNameList, {
    product: "P0110003",
    array: "itemNameList",
    fields: {
      name: "name",
      firstCategory: "firstCategory",
      secondCategory: "secondCategory",
      level: "level",
      year: "year",
      batch: "batch",
      declareType: "declareType",
      issuingGovernment: "government",
      pubDate: "pubDate",
      revokeDate: "revokeDate",
      rewardCategory: "rewardCategory",
      rewardAmount: "rewardAmount",
      projectName: "projectName",
      statusCode: "status",
    },
    key: ["name", "year", "batch", "issuingGovernment"],
  }),
  // invented: product and array (FIELDS.md reads synentlabelinfo as a guess); upstream names equal ours
  synList(synEntLabelInfo, {
    product: "P0990302",
    array: "entLabelInfo",
    fields: {
      labelCode: "labelCode",
      labelName: "labelName",
      labelCategory: "labelCategory",
      labelLevel: "labelLevel",
      source: "source",
      validFrom: "validFrom",
      validTo: "validTo",
      pubDate: "pubDate",
      status: "status",
    },
    key: ["labelCode", "labelName"],
  }),
  // ---- intellectual property
  synList(synPatentsList, {
    product: "P0010078",
    array: "patentsList",
    // patentType comes from appNo's type digit, never from CISP's opaque `pttType`; grantDate and the PCT
    // fields (pctInDate, pctInterAppli, pctInterPub → pct) have no single upstream key
    fields: {
      appNo: "pttAppNo",
      appDate: "pttAppDate",
      pubNo: "pttPubNo",
      pubDate: "pttPubDate",
      title: "pttTitle",
      applicants: "pttAppl",
      applicantAddress: "patenteeAddress",
      inventors: "inventor",
      agency: "pttAgency",
      agent: "pttAgent",
      mainIpc: "mainClassNo",
      ipcCodes: "classNo",
      legalStatus: "legalStatus",
    },
    key: ["appNo"],
    idField: "pttId",
  }),
  synList(synSwList, {
    product: "P0010074",
    array: "swList",
    fields: {
      regNo: "softCrId",
      softwareName: "softName",
      shortName: "softBrName",
      softwareVersion: "softCrVer",
      copyrightOwner: "softCrOwner",
      regDate: "softCrRegDate",
      firstPubDate: "softCrPubDate",
      completeDate: "completeDate",
      categoryNo: "softCrCatNo",
      categoryName: "softCrCatName",
      status: "softStatus",
      url: "url",
    },
    key: ["regNo"],
  }),
  synList(synResultList, {
    product: "P0010075",
    array: "resultList",
    // upstream `pubNo` is the registration number and `pubDate` the announcement date
    fields: {
      regNo: "pubNo",
      workName: "workName",
      workType: "type",
      copyrightOwner: "author",
      completeDate: "crtCptDate",
      firstPubDate: "firPubDate",
      regDate: "regDate",
      announceDate: "pubDate",
      province: "province",
      city: "city",
      url: "url",
    },
    key: ["regNo"],
  }),
  // ---- persons: the person-report blocks RYPOSPER / RYPOSSHA (upper-case item keys)
  // invented: the product code (no P-code is documented for the blocks); the arrays are the re-sellers' names
  synList(synRyPosPerList, {
    product: "P0990303",
    array: "ryPosPerList",
    // personRole is who was queried (set by the job), isLegalRep comes from the RYPOSFR block
    fields: {
      personName: "RYNAME",
      targetEntName: "ENTNAME",
      targetRegNo: "REGNO",
      // invented: "when given", its key is not documented
      targetCreditCode: "CREDITCODE",
      targetEntType: "ENTTYPE",
      targetRegCapital: "REGCAP",
      targetEntStatus: "ENTSTATUS",
      position: "POSITION",
    },
    key: ["personName", "targetEntName", "position"],
  }),
  synList(synRyPosShaList, {
    product: "P0990303",
    array: "ryPosShaList",
    fields: {
      personName: "RYNAME",
      targetEntName: "ENTNAME",
      targetRegNo: "REGNO",
      targetEntType: "ENTTYPE",
      targetRegCapital: "REGCAP",
      subscribedAmount: "SUBCONAM",
      contributionForm: "CONFORM",
      fundedRatio: "FUNDEDRATIO",
      targetEntStatus: "ENTSTATUS",
    },
    key: ["personName", "targetEntName"],
  }),
  // ---- beneficial ownership: the detailed UBO product P0090001 returns both the owners and their paths
  synList(synFinalBefList, {
    product: "P0090001",
    array: "finalBefList",
    // percent: no documented key, taken as ours; edition follows the product (detailed), not an item field
    fields: { beneficiary: "beneficiary", beneficiaryType: "type", percent: "percent", title: "title", basis: "bnfCat", subjectName: "orgName" },
    key: ["beneficiary"],
  }),
  synList(synEqulityProcessResult, {
    product: "P0090001",
    array: "equlityProcessList",
    // the items nest `stockHolderList`; each flattened edge maps these keys, and pathNo, level and
    // belowThreshold come from the edge's place in the tree and `lessProcessList` (no upstream key; the
    // beneficiary's, holderType's and percent's keys are not documented and taken as ours)
    fields: { beneficiary: "beneficiary", holderName: "stockHolderName", holderType: "holderType", investeeName: "investedCompanyName", percent: "percent", subscribedCapital: "shouldCapital" },
    key: ["beneficiary", "pathNo", "level"],
  }),
  // the P0020024 graph's nodes; upstream names equal ours apart from the misspelt `benifitTag`
  synList(synLinkBeneficial, {
    product: "P0020024",
    array: "nodeList",
    fields: { nodeName: "nodeName", nodeType: "nodeType", percentTotal: "percentTotal", pathLevel: "pathLevel", pathCount: "pathCount", benefitTags: "benifitTag", nodeId: "nodeId" },
    key: ["nodeName", "nodeType"],
    idField: "nodeId",
  }),
];
