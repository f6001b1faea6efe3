/**
 * The synchronised lists from the courts, enforcement and land sources (FIELDS.md §3.6–§3.7). Each is attached
 * to the queried enterprise by creditCode/entName, carries the sync bookkeeping of §1.1, and declares its
 * upstream array beside it (`SynList`). Court amounts are in yuan, land areas in hectares, land prices in 10k yuan.
 *
 * Sources: CISP documents P0010058 (`dishonestList`, `executedList`, `relateDishonestList`) and P0130036 (land);
 * the other court lists have no documented CISP product, so their product codes are invented in the P09902xx
 * range (each marked `// invented:`) and their arrays are the seed's names with the `syn` prefix removed, the
 * way the documented names map (`alterList` → `synalterlist`). Where FIELDS.md gives no `src` name for a field
 * the upstream key is assumed equal to ours. Where a key reads "A ‖ B" the declared `key` is the business key
 * every item carries (so two providers dedupe, §1.4) and a provider id, if any, goes to `idField`.
 */
import * as z from "zod";
import { l } from "../family.ts";
import { field } from "../fields.ts";
import type { Text } from "../i18n.ts";
import { enterpriseScope } from "./enterprise.ts";
import { defineSynFamily, synList, syncFields, type SynList } from "./syn-common.ts";
import { lazySchema } from "../lazy.ts";

/** A list of parties or announcements as the source sends it ([{name, role…}]); its items are not ours to shape. */
const jsonItems = () => z.array(z.record(z.string(), z.unknown())).max(500);

// ---------------------------------------------------------------- judgments and cases

/** 裁判文书 (中国裁判文书网 and its re-publishers). Court amounts are in yuan. */
export const synJudDocList = defineSynFamily({
  path: "/syn/synjuddoclist",
  perm: "syn:synjuddoclist",
  table: "syn_jud_doc_list",
  label: l("裁判文书", "Judgment documents"),
  fields: {
    ...enterpriseScope(),
    docId: field.text(l("文书ID", "Document ID"), { max: 64 }),
    title: field.text(l("案件名称", "Title"), { required: true, max: 255 }),
    caseNo: field.text(l("案号", "Case number"), { required: true, max: 64 }),
    court: field.text(l("审理法院", "Court"), { max: 128 }),
    courtLevel: field.dict(l("法院层级", "Court level"), "courtLevel"),
    caseType: field.dict(l("案件类型", "Case type"), "caseType"),
    trialProcedure: field.dict(l("审判程序", "Procedure"), "trialProcedure"),
    docType: field.dict(l("文书类型", "Document type"), "judgmentDocType"),
    cause: field.text(l("案由", "Cause of action"), { max: 128 }),
    litigantRole: field.dict(l("本企业诉讼地位", "Enterprise's role"), "litigantRole"),
    parties: field.json(l("当事人", "Parties"), lazySchema(() => jsonItems())),
    judgeDate: field.date(l("裁判日期", "Judged on")),
    publishDate: field.date(l("发布日期", "Published on")),
    amount: field.number(l("涉案金额(元)", "Amount involved (CNY)")),
    url: field.text(l("原文链接", "Link"), { max: 1000 }),
    ...syncFields(),
  },
  search: ["title", "caseNo", "cause", "court", "entName"],
  columns: ["entName", "title", "caseNo", "caseType", "docType", "cause", "litigantRole", "court", "judgeDate"],
  filters: { creditCode: "eq", entName: "like", cause: "like", court: "like", caseType: "eq", docType: "eq", litigantRole: "eq", trialProcedure: "eq", sourceRemoved: "eq" },
  sorts: ["judgeDate", "publishDate", "amount", "syncedAt"],
  defaultSort: ["judgeDate", "desc"],
  counted: ["caseType"],
});

/** 司法涉诉明细: one row per case the enterprise is party to (FIELDS.md reads the name as a guess). */
export const synDetailListJudicial = defineSynFamily({
  path: "/syn/syndetaillistjudicial",
  perm: "syn:syndetaillistjudicial",
  table: "syn_detail_list_judicial",
  label: l("司法涉诉明细", "Litigation details"),
  fields: {
    ...enterpriseScope(),
    caseNo: field.text(l("案号", "Case number"), { required: true, max: 64 }),
    caseType: field.dict(l("案件类型", "Case type"), "caseType"),
    cause: field.text(l("立案案由", "Cause of action"), { max: 128 }),
    litigantRole: field.dict(l("诉讼地位", "Role in the case"), "litigantRole"),
    court: field.text(l("法院", "Court"), { max: 128 }),
    filingDate: field.date(l("立案日期", "Filed on")),
    closeDate: field.date(l("结案日期", "Closed on")),
    closeMethod: field.text(l("结案方式", "Closed by"), { max: 64 }),
    caseStatus: field.dict(l("案件状态", "Case status"), "judicialCaseStatus"),
    claimAmount: field.number(l("起诉标的额(元)", "Amount claimed (CNY)")),
    judgmentAmount: field.number(l("判决金额(元)", "Amount awarded (CNY)")),
    execApplyAmount: field.number(l("申请执行标的额(元)", "Amount applied for enforcement (CNY)")),
    execReceivedAmount: field.number(l("实际到位金额(元)", "Amount recovered (CNY)")),
    unexecutedAmount: field.number(l("未执行金额(元)", "Amount outstanding (CNY)")),
    ...syncFields(),
  },
  search: ["caseNo", "cause", "court", "entName"],
  columns: ["entName", "caseNo", "caseType", "cause", "litigantRole", "court", "filingDate", "caseStatus", "claimAmount"],
  filters: { creditCode: "eq", entName: "like", cause: "like", caseType: "eq", litigantRole: "eq", caseStatus: "eq", sourceRemoved: "eq" },
  sorts: ["filingDate", "closeDate", "claimAmount", "syncedAt"],
  defaultSort: ["filingDate", "desc"],
  counted: ["caseStatus"],
});

/** 破产重整案件 (全国企业破产重整案件信息网). */
export const synBankruptcyList = defineSynFamily({
  path: "/syn/synbankruptcylist",
  perm: "syn:synbankruptcylist",
  table: "syn_bankruptcy_list",
  label: l("破产重整案件", "Bankruptcy cases"),
  fields: {
    ...enterpriseScope(),
    caseNo: field.text(l("案号", "Case number"), { required: true, max: 64 }),
    caseType: field.dict(l("案件类型", "Case type"), "bankruptcyCaseType"),
    applicants: field.json(l("申请人", "Applicants"), lazySchema(() => jsonItems())),
    respondent: field.text(l("被申请人(债务人)", "Respondent (debtor)"), { max: 255 }),
    court: field.text(l("经办法院", "Court"), { max: 128 }),
    publishDate: field.date(l("公开日期", "Published on")),
    acceptDate: field.date(l("受理日期", "Accepted on")),
    administrator: field.text(l("管理人机构", "Administrator"), { max: 255 }),
    administratorPrincipal: field.text(l("管理人主要负责人", "Administrator's principal"), { max: 64 }),
    // free text as published (审查中/已受理/裁定/终结): the stages differ by case type
    caseStatus: field.text(l("进展", "Progress"), { max: 64 }),
    announcements: field.json(l("公告", "Announcements"), lazySchema(() => jsonItems())),
    ...syncFields(),
  },
  search: ["caseNo", "respondent", "court", "administrator", "entName"],
  columns: ["entName", "caseNo", "caseType", "respondent", "court", "acceptDate", "publishDate", "caseStatus"],
  filters: { creditCode: "eq", entName: "like", court: "like", caseType: "eq", sourceRemoved: "eq" },
  sorts: ["publishDate", "acceptDate", "syncedAt"],
  defaultSort: ["publishDate", "desc"],
  counted: ["caseType"],
});

// ---------------------------------------------------------------- enforcement (中国执行信息公开网)

/** 终本案件: enforcement cases ended without full satisfaction (终结本次执行程序). */
export const synEndCaseList = defineSynFamily({
  path: "/syn/synendcaselist",
  perm: "syn:synendcaselist",
  table: "syn_end_case_list",
  label: l("终本案件", "Enforcement cases ended unsatisfied"),
  fields: {
    ...enterpriseScope(),
    caseNo: field.text(l("案号", "Case number"), { required: true, max: 64 }),
    executedName: field.text(l("被执行人姓名/名称", "Judgment debtor"), { required: true, max: 255 }),
    executedKind: field.dict(l("主体类型", "Party kind"), "partyKind"),
    // masked at source (6101**********1234): never a key
    executedIdNo: field.text(l("身份证号/组织机构代码", "ID or organisation code"), { max: 32 }),
    court: field.text(l("执行法院", "Enforcing court"), { max: 128 }),
    filingDate: field.date(l("立案时间", "Filed on")),
    finalDate: field.date(l("终本日期", "Ended on")),
    execAmount: field.number(l("执行标的(元)", "Amount to enforce (CNY)")),
    unperformedAmount: field.number(l("未履行金额(元)", "Amount unperformed (CNY)")),
    ...syncFields(),
  },
  search: ["caseNo", "executedName", "court", "entName"],
  columns: ["entName", "caseNo", "executedName", "court", "filingDate", "finalDate", "execAmount", "unperformedAmount"],
  filters: { creditCode: "eq", entName: "like", court: "like", executedKind: "eq", sourceRemoved: "eq" },
  sorts: ["finalDate", "filingDate", "execAmount", "unperformedAmount", "syncedAt"],
  defaultSort: ["finalDate", "desc"],
  counted: ["executedKind"],
});

/** 被执行人 (zxgk; TYC `zhixinginfo`; CISP `executedList`). */
export const synPerformerList = defineSynFamily({
  path: "/syn/synperformerlist",
  perm: "syn:synperformerlist",
  table: "syn_performer_list",
  label: l("被执行人", "Judgment debtors under enforcement"),
  fields: {
    ...enterpriseScope(),
    caseNo: field.text(l("案号", "Case number"), { required: true, max: 64 }),
    executedName: field.text(l("被执行人", "Judgment debtor"), { required: true, max: 255 }),
    executedKind: field.dict(l("主体类型", "Party kind"), "partyKind"),
    executedIdNo: field.text(l("证件号/组织机构代码", "ID or organisation code"), { max: 32 }),
    court: field.text(l("执行法院", "Enforcing court"), { max: 128 }),
    filingDate: field.date(l("立案时间", "Filed on")),
    execAmount: field.number(l("执行标的(元)", "Amount to enforce (CNY)")),
    caseStatus: field.dict(l("状态", "Status"), "enforcementCaseStatus"),
    ...syncFields(),
  },
  search: ["caseNo", "executedName", "court", "entName"],
  columns: ["entName", "caseNo", "executedName", "court", "filingDate", "execAmount", "caseStatus"],
  filters: { creditCode: "eq", entName: "like", court: "like", caseStatus: "eq", sourceRemoved: "eq" },
  sorts: ["filingDate", "execAmount", "syncedAt"],
  defaultSort: ["filingDate", "desc"],
  counted: ["caseStatus"],
});

/**
 * A dishonest-debtor list (失信被执行人): the published list and the enterprise's own records have the same
 * keys in FIELDS.md, so both are declared by this one function. `behaviour` keeps the main case; a record
 * naming several keeps them all in `raw`.
 */
function dishonestFamily(path: string, perm: string, table: string, label: Text) {
  return defineSynFamily({
    path,
    perm,
    table,
    label,
    fields: {
      ...enterpriseScope(),
      caseNo: field.text(l("案号", "Case number"), { required: true, max: 64 }),
      debtorName: field.text(l("被执行人姓名/名称", "Judgment debtor"), { required: true, max: 255 }),
      // masked at source: never a key
      debtorIdNo: field.text(l("身份证号码/组织机构代码", "ID or organisation code"), { max: 32 }),
      legalPerson: field.text(l("法定代表人或负责人", "Legal representative or principal"), { max: 64 }),
      court: field.text(l("执行法院", "Enforcing court"), { max: 128 }),
      province: field.text(l("省份", "Province"), { max: 32 }),
      basisDocNo: field.text(l("执行依据文号", "Basis document number"), { max: 128 }),
      basisIssuer: field.text(l("作出执行依据单位", "Issuer of the basis"), { max: 128 }),
      duty: field.longText(l("生效法律文书确定的义务", "Duty set by the effective document"), { max: 5000 }),
      performance: field.dict(l("履行情况", "Performance"), "performance"),
      performedPart: field.longText(l("已履行部分", "Performed part"), { max: 2000 }),
      unperformedPart: field.longText(l("未履行部分", "Unperformed part"), { max: 2000 }),
      behaviour: field.dict(l("失信行为具体情形", "Dishonest behaviour"), "dishonestBehaviour"),
      filingDate: field.date(l("立案时间", "Filed on")),
      publishDate: field.date(l("发布时间", "Published on")),
      // set means no longer listed
      exitDate: field.date(l("退出日期", "Removed on")),
      ...syncFields(),
    },
    search: ["caseNo", "debtorName", "court", "basisDocNo", "entName"],
    columns: ["entName", "caseNo", "debtorName", "court", "performance", "behaviour", "publishDate", "exitDate"],
    filters: { creditCode: "eq", entName: "like", court: "like", behaviour: "eq", performance: "eq", sourceRemoved: "eq" },
    sorts: ["publishDate", "filingDate", "exitDate", "syncedAt"],
    defaultSort: ["publishDate", "desc"],
    counted: ["performance"],
  });
}

/** 失信被执行人名单 (zxgk; TYC `dishonest`; CISP dishonest lists); the path keeps the spec's spelling. */
export const synDisSxbzxrList = dishonestFamily("/syn/synDisSxbzxrlist", "syn:syndissxbzxrlist", "syn_dis_sxbzxr_list", l("失信被执行人名单", "Dishonest judgment debtors"));

/** 失信被执行(企业自身): the enterprise's own dishonest records (FIELDS.md: probably CISP's `dishonestList` block). */
export const synDishonestSxbzx = dishonestFamily("/syn/syndishonestsxbzx", "syn:syndishonestsxbzx", "syn_dishonest_sxbzx", l("失信被执行(企业自身)", "Enterprise's dishonest records"));

/** 失信被执行人员: the enterprise's legal representative, shareholders or officers listed as dishonest. */
export const synDisRySxbzxList = defineSynFamily({
  path: "/syn/syndisrysxbzxlist",
  perm: "syn:syndisrysxbzxlist",
  table: "syn_dis_ry_sxbzx_list",
  label: l("失信被执行人员", "Dishonest related persons"),
  fields: {
    ...enterpriseScope(),
    personName: field.text(l("姓名", "Name"), { required: true, max: 64 }),
    personRole: field.dict(l("与企业关系", "Relation to the enterprise"), "dishonestPersonRole"),
    sex: field.text(l("性别", "Sex"), { max: 8 }),
    age: field.int(l("年龄", "Age"), { min: 0, max: 150 }),
    personIdNo: field.text(l("身份证号", "ID number"), { max: 32 }),
    caseNo: field.text(l("案号", "Case number"), { required: true, max: 64 }),
    court: field.text(l("执行法院", "Enforcing court"), { max: 128 }),
    basisDocNo: field.text(l("执行依据文号", "Basis document number"), { max: 128 }),
    duty: field.longText(l("义务", "Duty"), { max: 5000 }),
    performance: field.dict(l("履行情况", "Performance"), "performance"),
    behaviour: field.dict(l("失信情形", "Dishonest behaviour"), "dishonestBehaviour"),
    filingDate: field.date(l("立案时间", "Filed on")),
    publishDate: field.date(l("发布时间", "Published on")),
    exitDate: field.date(l("退出日期", "Removed on")),
    ...syncFields(),
  },
  search: ["personName", "caseNo", "court", "entName"],
  columns: ["entName", "personName", "personRole", "caseNo", "court", "performance", "publishDate", "exitDate"],
  filters: { creditCode: "eq", entName: "like", court: "like", personRole: "eq", performance: "eq", sourceRemoved: "eq" },
  sorts: ["publishDate", "filingDate", "syncedAt"],
  defaultSort: ["publishDate", "desc"],
  counted: ["personRole"],
});

/** 失信名单(综合): dishonesty and blacklists across agencies (信用中国 严重失信主体名单…). */
export const synLossPromiseList = defineSynFamily({
  path: "/syn/synlosspromiselist",
  perm: "syn:synlosspromiselist",
  table: "syn_loss_promise_list",
  label: l("失信名单(综合)", "Dishonesty lists"),
  fields: {
    ...enterpriseScope(),
    listType: field.dict(l("名单类型", "List"), "creditListType", { required: true }),
    subjectName: field.text(l("主体名称", "Subject"), { required: true, max: 255 }),
    subjectIdNo: field.text(l("证件号码", "ID number"), { max: 32 }),
    reason: field.longText(l("列入原因/失信行为", "Reason for listing"), { max: 2000 }),
    basisDocNo: field.text(l("依据文号", "Basis document number"), { max: 128 }),
    decisionAuthority: field.text(l("认定部门", "Deciding authority"), { max: 128 }),
    inclusionDate: field.date(l("列入日期", "Listed on")),
    removalDate: field.date(l("移出日期", "Removed on")),
    status: field.dict(l("状态", "Status"), "creditListStatus"),
    measures: field.longText(l("惩戒措施", "Sanctions"), { max: 2000 }),
    ...syncFields(),
  },
  search: ["subjectName", "basisDocNo", "decisionAuthority", "entName"],
  columns: ["entName", "listType", "subjectName", "decisionAuthority", "inclusionDate", "removalDate", "status"],
  filters: { creditCode: "eq", entName: "like", listType: "eq", status: "eq", decisionAuthority: "like", sourceRemoved: "eq" },
  sorts: ["inclusionDate", "removalDate", "syncedAt"],
  defaultSort: ["inclusionDate", "desc"],
  counted: ["listType"],
});

/** 限制高消费: consumption-restriction orders against the enterprise or its people (same data as the enterprise tab). */
export const synXzgxfList = defineSynFamily({
  path: "/syn/synxzgxflist",
  perm: "syn:synxzgxflist",
  table: "syn_xzgxf_list",
  label: l("限制高消费", "Consumption-restriction orders"),
  fields: {
    ...enterpriseScope(),
    caseNo: field.text(l("案号", "Case number"), { required: true, max: 64 }),
    restrictedName: field.text(l("限制消费者名称", "Restricted party"), { required: true, max: 255 }),
    restrictedKind: field.dict(l("主体类型", "Party kind"), "partyKind"),
    restrictedRole: field.dict(l("人员身份", "Role"), "restrictedRole"),
    relatedEntName: field.text(l("关联企业", "Related company"), { max: 255 }),
    applicant: field.text(l("申请人", "Applicant"), { max: 255 }),
    court: field.text(l("执行法院", "Enforcing court"), { max: 128 }),
    filingDate: field.date(l("立案日期", "Filed on")),
    publishDate: field.date(l("发布日期", "Published on")),
    orderFile: field.text(l("限制消费令", "Restriction order"), { max: 1000 }),
    isHistorical: field.bool(l("已解除", "Lifted")),
    ...syncFields(),
  },
  search: ["restrictedName", "caseNo", "applicant", "court", "entName"],
  columns: ["entName", "caseNo", "restrictedName", "restrictedKind", "applicant", "court", "filingDate", "publishDate", "isHistorical"],
  filters: { creditCode: "eq", entName: "like", court: "like", restrictedKind: "eq", isHistorical: "eq", sourceRemoved: "eq" },
  sorts: ["publishDate", "filingDate", "syncedAt"],
  defaultSort: ["publishDate", "desc"],
  counted: ["restrictedKind"],
});

/** 企业限制高消费详情: the order against the enterprise itself, with its text and prohibitions. */
export const synQyXzgxfDetails = defineSynFamily({
  path: "/syn/synqyxzgxfdetails",
  perm: "syn:synqyxzgxfdetails",
  table: "syn_qy_xzgxf_details",
  label: l("企业限制高消费详情", "Consumption-restriction order details"),
  fields: {
    ...enterpriseScope(),
    caseNo: field.text(l("案号", "Case number"), { required: true, max: 64 }),
    restrictedEntName: field.text(l("被限制消费企业", "Restricted enterprise"), { required: true, max: 255 }),
    restrictedPersons: field.json(l("同时被限制的人员", "Persons restricted with it"), lazySchema(() => jsonItems())),
    applicant: field.text(l("申请执行人", "Enforcement applicant"), { max: 255 }),
    court: field.text(l("执行法院", "Enforcing court"), { max: 128 }),
    filingDate: field.date(l("立案日期", "Filed on")),
    issueDate: field.date(l("限消令日期", "Order issued on")),
    publishDate: field.date(l("发布日期", "Published on")),
    orderText: field.longText(l("限消令正文", "Order text"), { max: 20000 }),
    orderFile: field.text(l("限消令文件", "Order file"), { max: 1000 }),
    prohibitions: field.dict(l("禁止事项", "Prohibitions"), "consumptionProhibition", { multiple: true }),
    isHistorical: field.bool(l("已解除", "Lifted")),
    ...syncFields(),
  },
  search: ["caseNo", "restrictedEntName", "applicant", "court", "entName"],
  columns: ["entName", "caseNo", "restrictedEntName", "applicant", "court", "issueDate", "publishDate", "isHistorical"],
  filters: { creditCode: "eq", entName: "like", court: "like", isHistorical: "eq", sourceRemoved: "eq" },
  sorts: ["publishDate", "issueDate", "filingDate", "syncedAt"],
  defaultSort: ["publishDate", "desc"],
});

/** 限制高消费人员: the people restricted by orders against the enterprise. */
export const synXzgxfStaffList = defineSynFamily({
  path: "/syn/synxzgxfstafflist",
  perm: "syn:synxzgxfstafflist",
  table: "syn_xzgxf_staff_list",
  label: l("限制高消费人员", "Restricted persons"),
  fields: {
    ...enterpriseScope(),
    personName: field.text(l("被限制人员", "Restricted person"), { required: true, max: 64 }),
    personRole: field.dict(l("身份", "Role"), "restrictedRole"),
    relatedEntName: field.text(l("关联企业", "Related company"), { max: 255 }),
    caseNo: field.text(l("案号", "Case number"), { required: true, max: 64 }),
    court: field.text(l("执行法院", "Enforcing court"), { max: 128 }),
    applicant: field.text(l("申请人", "Applicant"), { max: 255 }),
    filingDate: field.date(l("立案日期", "Filed on")),
    publishDate: field.date(l("发布日期", "Published on")),
    orderFile: field.text(l("限消令", "Restriction order"), { max: 1000 }),
    isHistorical: field.bool(l("已解除", "Lifted")),
    ...syncFields(),
  },
  search: ["personName", "caseNo", "court", "applicant", "entName"],
  columns: ["entName", "personName", "personRole", "caseNo", "court", "filingDate", "publishDate", "isHistorical"],
  filters: { creditCode: "eq", entName: "like", court: "like", personRole: "eq", isHistorical: "eq", sourceRemoved: "eq" },
  sorts: ["publishDate", "filingDate", "syncedAt"],
  defaultSort: ["publishDate", "desc"],
  counted: ["personRole"],
});

// ---------------------------------------------------------------- court announcements and auctions

/** 司法拍卖公告 (人民法院诉讼资产网 and the network platforms). Prices in yuan. */
export const synAucAnnoList = defineSynFamily({
  path: "/syn/synaucannolist",
  perm: "syn:synaucannolist",
  table: "syn_auc_anno_list",
  label: l("司法拍卖公告", "Judicial auction announcements"),
  fields: {
    ...enterpriseScope(),
    title: field.text(l("标题", "Title"), { required: true, max: 255 }),
    court: field.text(l("执行法院", "Enforcing court"), { max: 128 }),
    assetType: field.dict(l("标的类型", "Asset type"), "auctionAssetType"),
    auctionTarget: field.longText(l("拍卖标的", "Lot"), { max: 2000 }),
    appraisedPrice: field.number(l("评估价(元)", "Appraised value (CNY)")),
    startingPrice: field.number(l("起拍价(元)", "Starting price (CNY)")),
    deposit: field.number(l("保证金(元)", "Deposit (CNY)")),
    startTime: field.datetime(l("拍卖开始时间", "Starts at")),
    endTime: field.datetime(l("拍卖结束时间", "Ends at")),
    round: field.dict(l("拍次", "Round"), "auctionRound"),
    auctionStatus: field.dict(l("状态", "Status"), "auctionStatus"),
    dealPrice: field.number(l("成交价(元)", "Sale price (CNY)")),
    platform: field.text(l("拍卖平台", "Platform"), { max: 64 }),
    announceDate: field.date(l("公告日期", "Announced on")),
    url: field.text(l("链接", "Link"), { max: 1000 }),
    ...syncFields(),
  },
  search: ["title", "court", "platform", "entName"],
  columns: ["entName", "title", "court", "assetType", "startingPrice", "startTime", "auctionStatus", "announceDate"],
  filters: { creditCode: "eq", entName: "like", court: "like", assetType: "eq", auctionStatus: "eq", sourceRemoved: "eq" },
  sorts: ["announceDate", "startTime", "startingPrice", "dealPrice", "syncedAt"],
  defaultSort: ["announceDate", "desc"],
  counted: ["auctionStatus"],
});

/** 送达公告: service-of-process notices published by courts (FIELDS.md reads the name as a guess). */
export const synDNoticeList = defineSynFamily({
  path: "/syn/syndnoticelist",
  perm: "syn:syndnoticelist",
  table: "syn_d_notice_list",
  label: l("送达公告", "Service-of-process notices"),
  fields: {
    ...enterpriseScope(),
    title: field.text(l("标题", "Title"), { required: true, max: 255 }),
    court: field.text(l("法院", "Court"), { max: 128 }),
    // parsed from the text when present
    caseNo: field.text(l("案号", "Case number"), { max: 64 }),
    parties: field.json(l("当事人", "Parties"), lazySchema(() => jsonItems())),
    noticeKind: field.text(l("送达文书", "Document served"), { max: 64 }),
    content: field.longText(l("内容", "Content"), { max: 20000 }),
    publishDate: field.date(l("发布日期", "Published on")),
    url: field.text(l("链接", "Link"), { max: 1000 }),
    ...syncFields(),
  },
  search: ["title", "caseNo", "court", "entName"],
  columns: ["entName", "title", "court", "caseNo", "noticeKind", "publishDate"],
  filters: { creditCode: "eq", entName: "like", court: "like", sourceRemoved: "eq" },
  sorts: ["publishDate", "syncedAt"],
  defaultSort: ["publishDate", "desc"],
});

/** 法院公告 (人民法院公告网); FIELDS.md notes it may be 开庭公告, hence the hearing fields. */
export const synOthCourtAnnoList = defineSynFamily({
  path: "/syn/synothcourtannolist",
  perm: "syn:synothcourtannolist",
  table: "syn_oth_court_anno_list",
  label: l("法院公告", "Court announcements"),
  fields: {
    ...enterpriseScope(),
    announcementType: field.dict(l("公告类型", "Announcement type"), "courtAnnouncementType"),
    court: field.text(l("公告人(法院)", "Court"), { max: 128 }),
    caseNo: field.text(l("案号", "Case number"), { max: 64 }),
    plaintiff: field.text(l("原告/申请人", "Plaintiff or applicant"), { max: 500 }),
    parties: field.text(l("当事人", "Parties"), { max: 1000 }),
    content: field.longText(l("公告内容", "Content"), { max: 20000 }),
    publishDate: field.date(l("刊登日期", "Published on")),
    publishPage: field.text(l("刊登版面", "Page"), { max: 64 }),
    province: field.text(l("省份", "Province"), { max: 32 }),
    hearingDate: field.datetime(l("开庭时间", "Hearing at")),
    courtroom: field.text(l("法庭", "Courtroom"), { max: 128 }),
    ...syncFields(),
  },
  search: ["caseNo", "court", "parties", "entName"],
  columns: ["entName", "announcementType", "court", "caseNo", "parties", "publishDate"],
  filters: { creditCode: "eq", entName: "like", court: "like", announcementType: "eq", sourceRemoved: "eq" },
  sorts: ["publishDate", "hearingDate", "syncedAt"],
  defaultSort: ["publishDate", "desc"],
  counted: ["announcementType"],
});

// ---------------------------------------------------------------- land (中国土地市场网; CISP P0130036)

/** 土地供应(供地结果). Areas in hectares, prices in 10k yuan. */
export const synTdgyResults = defineSynFamily({
  path: "/syn/syntdgyresults",
  perm: "syn:syntdgyresults",
  table: "syn_tdgy_results",
  label: l("土地供应", "Land supply"),
  fields: {
    ...enterpriseScope(),
    district: field.text(l("行政区", "District"), { max: 64 }),
    projectName: field.text(l("项目名称", "Project"), { required: true, max: 255 }),
    landPosition: field.text(l("宗地坐落", "Location"), { max: 255 }),
    landUse: field.dict(l("土地用途", "Land use"), "landUse"),
    supplyArea: field.number(l("供地面积(公顷)", "Area supplied (ha)")),
    transactionPrice: field.number(l("成交价款(万元)", "Price (10k CNY)")),
    contractDate: field.date(l("合同签订日期", "Contract signed on")),
    yearLimit: field.int(l("使用年限", "Term (years)"), { min: 0, max: 100 }),
    supplyWay: field.dict(l("供地方式", "Supply method"), "supplyWay"),
    elecSupervisionNo: field.text(l("电子监管号", "E-supervision number"), { max: 64 }),
    landSource: field.text(l("土地来源", "Land source"), { max: 64 }),
    plotRatioMin: field.number(l("约定容积率下限", "Plot ratio from")),
    plotRatioMax: field.number(l("约定容积率上限", "Plot ratio to")),
    agreedStartDate: field.date(l("约定开工时间", "Agreed start")),
    agreedCompletionDate: field.date(l("约定竣工时间", "Agreed completion")),
    ...syncFields(),
  },
  search: ["projectName", "landPosition", "district", "elecSupervisionNo", "entName"],
  columns: ["entName", "district", "projectName", "landUse", "supplyArea", "transactionPrice", "supplyWay", "contractDate"],
  filters: { creditCode: "eq", entName: "like", district: "like", landUse: "eq", supplyWay: "eq", sourceRemoved: "eq" },
  sorts: ["contractDate", "supplyArea", "transactionPrice", "syncedAt"],
  defaultSort: ["contractDate", "desc"],
  counted: ["landUse"],
});

/** 土地出让结果. Areas in hectares, prices in 10k yuan. */
export const synTdcrResults = defineSynFamily({
  path: "/syn/syntdcrresults",
  perm: "syn:syntdcrresults",
  table: "syn_tdcr_results",
  label: l("土地出让", "Land conveyance"),
  fields: {
    ...enterpriseScope(),
    district: field.text(l("行政区", "District"), { max: 64 }),
    landNo: field.text(l("宗地编号", "Parcel number"), { max: 64 }),
    projectName: field.text(l("项目名称", "Project"), { max: 255 }),
    landPosition: field.text(l("宗地坐落", "Location"), { max: 255 }),
    landUse: field.dict(l("土地用途", "Land use"), "landUse"),
    landArea: field.number(l("宗地面积(公顷)", "Parcel area (ha)")),
    transactionPrice: field.number(l("成交价(万元)", "Price (10k CNY)")),
    yearLimit: field.int(l("出让年限", "Term (years)"), { min: 0, max: 100 }),
    pubDate: field.date(l("公布日期", "Published on")),
    transferMethod: field.dict(l("出让方式", "Conveyance method"), "supplyWay"),
    assignee: field.text(l("受让人", "Assignee"), { max: 255 }),
    ...syncFields(),
  },
  search: ["landNo", "projectName", "landPosition", "assignee", "entName"],
  columns: ["entName", "district", "landNo", "projectName", "landUse", "landArea", "transactionPrice", "pubDate"],
  filters: { creditCode: "eq", entName: "like", district: "like", landUse: "eq", transferMethod: "eq", sourceRemoved: "eq" },
  sorts: ["pubDate", "landArea", "transactionPrice", "syncedAt"],
  defaultSort: ["pubDate", "desc"],
  counted: ["landUse"],
});

/** 土地抵押. Areas in hectares, amounts in 10k yuan. */
export const synTddyResults = defineSynFamily({
  path: "/syn/syntddyresults",
  perm: "syn:syntddyresults",
  table: "syn_tddy_results",
  label: l("土地抵押", "Land mortgages"),
  fields: {
    ...enterpriseScope(),
    administrativeArea: field.text(l("行政区", "District"), { max: 64 }),
    address: field.text(l("宗地地址", "Location"), { max: 255 }),
    landNo: field.text(l("宗地编号", "Parcel number"), { required: true, max: 64 }),
    landArea: field.number(l("宗地面积(公顷)", "Parcel area (ha)")),
    mortgageArea: field.number(l("抵押面积(公顷)", "Mortgaged area (ha)")),
    mortgageAmount: field.number(l("抵押金额(万元)", "Mortgage amount (10k CNY)")),
    mortgagor: field.text(l("抵押人", "Mortgagor"), { max: 255 }),
    mortgagee: field.text(l("抵押权人", "Mortgagee"), { max: 255 }),
    regStartDate: field.date(l("抵押登记起始日期", "Registered from")),
    regEndDate: field.date(l("抵押登记结束日期", "Registered until")),
    pubDate: field.date(l("发布日期", "Published on")),
    landUse: field.dict(l("土地用途", "Land use"), "landUse"),
    useRightType: field.dict(l("使用权类型", "Use-right type"), "landUseRightType"),
    ...syncFields(),
  },
  search: ["landNo", "address", "mortgagor", "mortgagee", "entName"],
  columns: ["entName", "administrativeArea", "landNo", "mortgageArea", "mortgageAmount", "mortgagee", "regStartDate", "regEndDate"],
  filters: { creditCode: "eq", entName: "like", administrativeArea: "like", mortgagee: "like", landUse: "eq", useRightType: "eq", sourceRemoved: "eq" },
  sorts: ["pubDate", "regStartDate", "mortgageAmount", "syncedAt"],
  defaultSort: ["pubDate", "desc"],
  counted: ["useRightType"],
});

/** 地块公示: parcels announced before conveyance — announcements, never counted into supply or conveyance totals. */
export const synDkgsResults = defineSynFamily({
  path: "/syn/syndkgsresults",
  perm: "syn:syndkgsresults",
  table: "syn_dkgs_results",
  label: l("地块公示", "Land-parcel publicity"),
  fields: {
    ...enterpriseScope(),
    announcementNo: field.text(l("公告编号", "Announcement number"), { required: true, max: 64 }),
    parcelNo: field.text(l("地块编号", "Parcel number"), { required: true, max: 64 }),
    parcelName: field.text(l("地块名称", "Parcel name"), { max: 255 }),
    district: field.text(l("行政区", "District"), { max: 64 }),
    location: field.text(l("位置", "Location"), { max: 255 }),
    area: field.number(l("面积(公顷)", "Area (ha)")),
    landUse: field.dict(l("用途", "Land use"), "landUse"),
    yearLimit: field.int(l("出让年限", "Term (years)"), { min: 0, max: 100 }),
    transferMethod: field.dict(l("出让方式", "Conveyance method"), "supplyWay"),
    startingPrice: field.number(l("起始价(万元)", "Starting price (10k CNY)")),
    publicityFrom: field.date(l("公示开始日期", "Public from")),
    publicityTo: field.date(l("公示截止日期", "Public until")),
    issuer: field.text(l("发布机关", "Issuer"), { max: 128 }),
    url: field.text(l("链接", "Link"), { max: 1000 }),
    ...syncFields(),
  },
  search: ["announcementNo", "parcelNo", "parcelName", "location", "entName"],
  columns: ["entName", "announcementNo", "parcelNo", "district", "area", "landUse", "startingPrice", "publicityFrom"],
  filters: { creditCode: "eq", entName: "like", district: "like", landUse: "eq", transferMethod: "eq", sourceRemoved: "eq" },
  sorts: ["publicityFrom", "area", "startingPrice", "syncedAt"],
  defaultSort: ["publicityFrom", "desc"],
  counted: ["landUse"],
});

/**
 * `detailList` of the land query (FIELDS.md's guess): one row per enterprise, query type and day, holding the
 * per-type counts of `detailListMeta`. `queryDate` is the day part of `queriedAt`, kept apart so it can key.
 */
export const synDetailList = defineSynFamily({
  path: "/syn/syndetaillist",
  perm: "syn:syndetaillist",
  table: "syn_detail_list",
  label: l("土地查询汇总", "Land query summary"),
  fields: {
    ...enterpriseScope(),
    queryType: field.dict(l("查询类别", "Query type"), "landQueryType", { required: true }),
    tdgyCount: field.int(l("土地供应条数", "Land supply items"), { min: 0 }),
    tdcrCount: field.int(l("土地出让条数", "Land conveyance items"), { min: 0 }),
    dkgsCount: field.int(l("地块公示条数", "Parcel publicity items"), { min: 0 }),
    tddyCount: field.int(l("土地抵押条数", "Land mortgage items"), { min: 0 }),
    pageNums: field.json(l("各类页数", "Pages per type"), () => z.record(z.string(), z.unknown())),
    totalCount: field.int(l("合计", "Total"), { min: 0 }),
    queriedAt: field.datetime(l("查询时间", "Queried at")),
    queryDate: field.date(l("查询日期", "Query date")),
    ...syncFields(),
  },
  search: ["entName"],
  columns: ["entName", "queryType", "tdgyCount", "tdcrCount", "dkgsCount", "tddyCount", "totalCount", "queriedAt"],
  filters: { creditCode: "eq", entName: "like", queryType: "eq", sourceRemoved: "eq" },
  sorts: ["queriedAt", "totalCount", "syncedAt"],
  defaultSort: ["queriedAt", "desc"],
  counted: ["queryType"],
});

// ---------------------------------------------------------------- upstream sources

/** The dishonest-debtor item's upstream keys (CISP's, the first of FIELDS.md's `CISP / TYC` pairs). */
const dishonestSource = {
  caseNo: "caseNo",
  debtorName: "entityName",
  debtorIdNo: "cardnum",
  legalPerson: "legRepName",
  court: "court",
  province: "province",
  basisDocNo: "gistId",
  basisIssuer: "yjdw",
  duty: "duty",
  performance: "lxqk",
  performedPart: "performedPart",
  unperformedPart: "unperformedPart",
  behaviour: "lossProAct",
  filingDate: "sortTime",
  publishDate: "publishDate",
  exitDate: "exitDate",
};

/**
 * Land (P0130036): the four result arrays sit inside the items of `detailList`, each paged on its own by
 * `detailListMeta.<type>Count/<type>PageNum` (FIELDS.md §3.7); `array` names the inner array.
 */
const land = "P0130036";

/** Every synchronised list of this file with its upstream source (composed in syn-lists.ts). */
export const courtSynLists: SynList[] = [
  synList(synJudDocList, {
    product: "P0990201", // invented: no documented product returns judgment documents
    array: "judDocList",
    fields: {
      docId: "docId", title: "title", caseNo: "caseNo", court: "court", courtLevel: "courtLevel", caseType: "caseType",
      trialProcedure: "trialProcedure", docType: "docType", cause: "cause", litigantRole: "litigantRole", parties: "parties",
      judgeDate: "judgeDate", publishDate: "publishDate", amount: "amount", url: "url",
    },
    key: ["caseNo", "docType", "judgeDate"],
    idField: "docId",
  }),
  synList(synDetailListJudicial, {
    product: "P0990202", // invented: a litigation product's `detailList` (licences' P0010084 and land's P0130036 share the name)
    array: "detailList",
    fields: {
      caseNo: "caseNo", caseType: "caseType", cause: "cause", litigantRole: "litigantRole", court: "court", filingDate: "filingDate",
      closeDate: "closeDate", closeMethod: "closeMethod", caseStatus: "caseStatus", claimAmount: "claimAmount", judgmentAmount: "judgmentAmount",
      execApplyAmount: "execApplyAmount", execReceivedAmount: "execReceivedAmount", unexecutedAmount: "unexecutedAmount",
    },
    key: ["caseNo", "litigantRole"],
  }),
  synList(synBankruptcyList, {
    product: "P0990203", // invented: bankruptcy cases (pccz; TYC `bankruptcy`)
    array: "bankruptcyList",
    fields: {
      caseNo: "caseNo", caseType: "caseType", applicants: "applicants", respondent: "respondent", court: "court", publishDate: "publishDate",
      acceptDate: "acceptDate", administrator: "administrator", administratorPrincipal: "administratorPrincipal", caseStatus: "caseStatus",
      announcements: "announcements",
    },
    key: ["caseNo", "respondent"],
  }),
  synList(synEndCaseList, {
    product: "P0990204", // invented: zxgk 终本案件
    array: "endCaseList",
    fields: {
      caseNo: "caseNo", executedName: "executedName", executedKind: "executedKind", executedIdNo: "executedIdNo", court: "court",
      filingDate: "filingDate", finalDate: "finalDate", execAmount: "execAmount", unperformedAmount: "unperformedAmount",
    },
    key: ["caseNo", "executedName"],
  }),
  synList(synPerformerList, {
    product: "P0010058",
    array: "executedList",
    fields: {
      caseNo: "caseCode", executedName: "pname", executedKind: "executedKind", executedIdNo: "partyCardNum", court: "execCourtName",
      filingDate: "caseCreateTime", execAmount: "execMoney", caseStatus: "caseStatus",
    },
    key: ["caseNo", "executedName"],
  }),
  synList(synDisSxbzxrList, {
    product: "P0990205", // invented: the published dishonest-debtor list (P0010058's `dishonestList` feeds syndishonestsxbzx)
    array: "dishonestList",
    fields: dishonestSource,
    key: ["caseNo", "debtorName"],
  }),
  synList(synDishonestSxbzx, { product: "P0010058", array: "dishonestList", fields: dishonestSource, key: ["caseNo", "debtorName"] }),
  synList(synDisRySxbzxList, {
    product: "P0010058",
    array: "relateDishonestList",
    fields: {
      personName: "personName", personRole: "personRole", sex: "sex", age: "age", personIdNo: "cardnum", caseNo: "caseNo", court: "court",
      basisDocNo: "gistId", duty: "duty", performance: "lxqk", behaviour: "lossProAct", filingDate: "sortTime", publishDate: "publishDate",
      exitDate: "exitDate",
    },
    key: ["caseNo", "personName"],
  }),
  synList(synLossPromiseList, {
    product: "P0990206", // invented: a multi-agency dishonesty list (信用中国)
    array: "lossPromiseList",
    fields: {
      listType: "listType", subjectName: "subjectName", subjectIdNo: "subjectIdNo", reason: "reason", basisDocNo: "basisDocNo",
      decisionAuthority: "decisionAuthority", inclusionDate: "inclusionDate", removalDate: "removalDate", status: "status", measures: "measures",
    },
    // FIELDS.md: listType + (basisDocNo ‖ subjectName + inclusionDate); the second is what every item carries
    key: ["listType", "subjectName", "inclusionDate"],
  }),
  synList(synXzgxfList, {
    product: "P0990207", // invented: zxgk 限制消费人员 (upstream keys are TYC `consumptionRestriction`'s)
    array: "xzgxfList",
    fields: {
      caseNo: "caseCode", restrictedName: "xname", restrictedKind: "restrictedKind", restrictedRole: "restrictedRole", relatedEntName: "qyinfo",
      applicant: "applicant", court: "court", filingDate: "caseCreateTime", publishDate: "publishDate", orderFile: "filePath", isHistorical: "isHistorical",
    },
    key: ["caseNo", "restrictedName"],
  }),
  synList(synQyXzgxfDetails, {
    product: "P0990208", // invented: the order detail for the enterprise
    array: "qyxzgxfDetails",
    fields: {
      caseNo: "caseNo", restrictedEntName: "restrictedEntName", restrictedPersons: "restrictedPersons", applicant: "applicant", court: "court",
      filingDate: "filingDate", issueDate: "issueDate", publishDate: "publishDate", orderText: "orderText", orderFile: "orderFile",
      prohibitions: "prohibitions", isHistorical: "isHistorical",
    },
    key: ["caseNo", "restrictedEntName"],
  }),
  synList(synXzgxfStaffList, {
    product: "P0990209", // invented: restricted persons of the enterprise's orders
    array: "xzgxfStaffList",
    fields: {
      personName: "personName", personRole: "personRole", relatedEntName: "relatedEntName", caseNo: "caseNo", court: "court", applicant: "applicant",
      filingDate: "filingDate", publishDate: "publishDate", orderFile: "orderFile", isHistorical: "isHistorical",
    },
    key: ["caseNo", "personName"],
  }),
  synList(synAucAnnoList, {
    product: "P0990210", // invented: judicial auctions (TYC/FaHai judicialSale's keys where FIELDS.md names them)
    array: "aucAnnoList",
    fields: {
      title: "title", court: "court", assetType: "assetType", auctionTarget: "auctionTarget", appraisedPrice: "consult_price",
      startingPrice: "initial_price", deposit: "deposit", startTime: "startTime", endTime: "endTime", round: "round", auctionStatus: "auctionStatus",
      dealPrice: "dealPrice", platform: "platform", announceDate: "pubTime", url: "url",
    },
    // FIELDS.md: url ‖ (court + title + startTime); one lot has a url per platform, so the business key dedupes
    key: ["court", "title", "startTime"],
  }),
  synList(synDNoticeList, {
    product: "P0990211", // invented: service-of-process notices (TYC `sendAnnouncement`)
    array: "dNoticeList",
    fields: {
      title: "title", court: "court", caseNo: "caseNo", parties: "parties", noticeKind: "noticeKind", content: "content", publishDate: "startDate", url: "url",
    },
    // FIELDS.md: court + (caseNo ‖ title) + publishDate; the case number is only parsed from some texts
    key: ["court", "title", "publishDate"],
  }),
  synList(synOthCourtAnnoList, {
    product: "P0990212", // invented: 人民法院公告网 (TYC `courtAnnouncement`'s keys)
    array: "othCourtAnnoList",
    fields: {
      announcementType: "bltntypename", court: "courtcode", caseNo: "caseno", plaintiff: "party1", parties: "party2", content: "content",
      publishDate: "publishdate", publishPage: "publishpage", province: "province", hearingDate: "hearingDate", courtroom: "courtroom",
    },
    key: ["court", "caseNo", "announcementType", "publishDate"],
  }),
  synList(synTdgyResults, {
    product: land,
    array: "tdgyResults",
    fields: {
      district: "district", projectName: "projectName", landPosition: "landPosition", landUse: "purposes", supplyArea: "supplyArea",
      transactionPrice: "transactionPrice", contractDate: "contractDate", yearLimit: "yearLimit", supplyWay: "supplyWay",
      elecSupervisionNo: "elecSupervisionNo", landSource: "landSource", plotRatioMin: "plotRatioMin", plotRatioMax: "plotRatioMax",
      agreedStartDate: "agreedStartDate", agreedCompletionDate: "agreedCompletionDate",
    },
    // FIELDS.md: elecSupervisionNo ‖ (district + projectName + contractDate); only landchina gives the number
    key: ["district", "projectName", "contractDate"],
  }),
  synList(synTdcrResults, {
    product: land,
    array: "tdcrResults",
    fields: {
      district: "district", landNo: "landNo", projectName: "projectName", landPosition: "landPosition", landUse: "landUse", landArea: "landArea",
      transactionPrice: "transactionPrice", yearLimit: "yearLimit", pubDate: "pubDate", transferMethod: "transferMethod", assignee: "assignee",
    },
    // FIELDS.md: (landNo + district) ‖ (district + projectName + pubDate); CISP sends landNo
    key: ["landNo", "district"],
  }),
  synList(synTddyResults, {
    product: land,
    array: "tddyResults",
    fields: {
      administrativeArea: "administrativeArea", address: "address", landNo: "landNo", landArea: "acreage", mortgageArea: "mortgageAcreage",
      mortgageAmount: "mortgagePrice", mortgagor: "mortgagorName", mortgagee: "mortgageName", regStartDate: "boardStartDate",
      regEndDate: "boardEndDate", pubDate: "pubDate", landUse: "landUse", useRightType: "useRightType",
    },
    key: ["landNo", "mortgagee", "regStartDate"],
  }),
  synList(synDkgsResults, {
    product: land,
    array: "dkgsResults",
    fields: {
      announcementNo: "announcementNo", parcelNo: "parcelNo", parcelName: "parcelName", district: "district", location: "location", area: "area",
      landUse: "landUse", yearLimit: "yearLimit", transferMethod: "transferMethod", startingPrice: "startingPrice", publicityFrom: "publicityFrom",
      publicityTo: "publicityTo", issuer: "issuer", url: "url",
    },
    key: ["announcementNo", "parcelNo"],
  }),
  synList(synDetailList, {
    product: land,
    array: "detailList",
    // the counts come from detailListMeta (FIELDS.md §3.7); queryType, queriedAt and queryDate describe the
    // query itself — no upstream name is documented, so they keep ours, and the sync fills them from its request
    fields: {
      queryType: "queryType", tdgyCount: "tdgyCount", tdcrCount: "tdcrCount", dkgsCount: "dkgsCount", tddyCount: "tddyCount",
      pageNums: "pageNums", totalCount: "totalCount", queriedAt: "queriedAt", queryDate: "queryDate",
    },
    key: ["queryType", "queryDate"],
  }),
];
