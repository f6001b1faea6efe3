/**
 * The synchronised lists the enterprise page reads as risk tabs (FIELDS.md §3.2, §3.3, §3.6). Each record
 * is attached to the queried enterprise by creditCode/entName and carries the sync bookkeeping of §1.1.
 * Issue 11 adds the sync itself; until then these are plain families, edited and imported like any other.
 */
import { z } from "zod";
import { defineFamily, l } from "../family.ts";
import { field } from "../fields.ts";
import { enterpriseScope } from "./enterprise.ts";

/**
 * Where a synchronised record came from. `naturalKey` (sha-256 hex of the normalised business key) lets
 * two providers' copies of one item dedupe; `sourceRemoved` marks an item the source stopped returning,
 * which is kept rather than deleted silently.
 */
const syncFields = () => ({
  sourceCode: field.dict(l("数据来源", "Source"), "synSource"),
  sourceRecordId: field.text(l("来源记录ID", "Source record ID"), { max: 128 }),
  naturalKey: field.text(l("业务主键", "Natural key"), { max: 64 }),
  syncedAt: field.datetime(l("同步时间", "Synchronised at")),
  raw: field.json(l("原始数据", "Raw item"), z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())])),
  sourceRemoved: field.bool(l("来源已删除", "Removed at source")),
});

/** 裁判文书 (中国裁判文书网 and its re-publishers). Court amounts are in yuan. */
export const synJudDocList = defineFamily({
  path: "/syn/synjuddoclist",
  perm: "syn:synjuddoclist",
  table: "syn_jud_doc_list",
  label: l("裁判文书", "Judgment documents"),
  fields: {
    ...enterpriseScope(),
    title: field.text(l("案件名称", "Title"), { required: true, max: 255 }),
    caseNo: field.text(l("案号", "Case number"), { required: true, max: 64 }),
    court: field.text(l("审理法院", "Court"), { max: 128 }),
    caseType: field.dict(l("案件类型", "Case type"), "caseType"),
    docType: field.dict(l("文书类型", "Document type"), "judgmentDocType"),
    cause: field.text(l("案由", "Cause of action"), { max: 128 }),
    litigantRole: field.dict(l("本企业诉讼地位", "Enterprise's role"), "litigantRole"),
    judgeDate: field.date(l("裁判日期", "Judged on")),
    publishDate: field.date(l("发布日期", "Published on")),
    amount: field.number(l("涉案金额(元)", "Amount involved (CNY)")),
    ...syncFields(),
  },
  search: ["title", "caseNo", "cause", "court", "entName"],
  columns: ["entName", "title", "caseNo", "caseType", "docType", "cause", "litigantRole", "court", "judgeDate"],
  filters: { creditCode: "eq", entName: "like", cause: "like", court: "like", caseType: "eq", docType: "eq", litigantRole: "eq", sourceRemoved: "eq" },
  sorts: ["judgeDate", "publishDate", "amount", "syncedAt"],
  defaultSort: ["judgeDate", "desc"],
  counted: ["caseType"],
});

/** 行政处罚明细 (双公示: 信用中国 and local credit platforms). */
export const synDetailListPenalty = defineFamily({
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
    ...syncFields(),
  },
  search: ["penaltyDocNo", "illegalActType", "authority", "entName"],
  columns: ["entName", "penaltyDocNo", "illegalActType", "penaltyCategory", "fineAmount", "authority", "decisionDate", "publicityDeadline"],
  filters: { creditCode: "eq", entName: "like", authority: "like", penaltyCategory: "eq", sourceRemoved: "eq" },
  sorts: ["decisionDate", "publicityDeadline", "fineAmount", "syncedAt"],
  defaultSort: ["decisionDate", "desc"],
  counted: ["penaltyCategory"],
});

/** 行政处罚(登记公示): penalties published through the registration system (GSXT). */
export const synCaseInfoDjgs = defineFamily({
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

/** 司法涉诉明细: one row per case the enterprise is party to (FIELDS.md reads the name as a guess). */
export const synDetailListJudicial = defineFamily({
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
    caseStatus: field.dict(l("案件状态", "Case status"), "judicialCaseStatus"),
    claimAmount: field.number(l("起诉标的额(元)", "Amount claimed (CNY)")),
    judgmentAmount: field.number(l("判决金额(元)", "Amount awarded (CNY)")),
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

/** Every family of this file, for events/families/index.ts. */
export const synViewFamilies = [synJudDocList, synDetailListPenalty, synCaseInfoDjgs, synDetailListJudicial];
