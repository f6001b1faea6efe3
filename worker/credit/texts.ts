/** The report page's and the letter's own words, in both languages (the API messages live in events/i18n.ts). */
import { l } from "../../events/family.ts";

export const reportTexts = {
  title: l("企业信用报告", "Enterprise credit report"),
  basics: l("基本信息", "Basic information"),
  facts: l("信用概览", "Credit overview"),
  overview: l("档案概览", "Profile overview"),
  group: l("分类", "Group"),
  list: l("数据类别", "List"),
  records: l("记录数", "Records"),
  noRecords: l("无记录", "No records"),
  moreRecords: l("共 {total} 条，显示前 {shown} 条", "{total} records, the first {shown} shown"),
  yes: l("是", "Yes"),
  no: l("否", "No"),
  assembledAt: l("生成时间", "Assembled at"),
  source: l("数据来源", "Source"),
  ownSource: l("本平台数据", "This platform's data"),
  hash: l("内容摘要（SHA-256）", "Content digest (SHA-256)"),
  hashNote: l("摘要按报告所示内容（含生成时间与来源）计算，并记入查询记录，可据此核对打印件。", "The digest covers what this report shows (with its time and source) and is kept in the query records, so a printout can be checked against it."),
  authorisation: l("授权编号", "Authorisation"),
  reader: l("查询人", "Read by"),
  print: l("打印", "Print"),
  refused: l("无法查看信用报告", "The credit report cannot be shown"),
  letterTitle: l("企业信用信息查询授权书", "Letter of authorisation to query enterprise credit information"),
  letterBody: l(
    "{entName}（统一社会信用代码 {creditCode}）授权{granteeKind}“{granteeName}”自 {validFrom} 起至 {validTo} 止查询本企业的信用报告，用途：{purpose}。",
    "{entName} (unified social credit code {creditCode}) authorises the {granteeKind} \"{granteeName}\" to read its credit report from {validFrom} to {validTo}, for: {purpose}.",
  ),
  user: l("工作人员", "member of staff"),
  institution: l("机构", "institution"),
  status: l("状态", "Status"),
  grantedAt: l("授权时间", "Granted at"),
  grantedBy: l("登记人", "Recorded by"),
  credential: l("可验证凭证", "Verifiable credential"),
  noCredential: l("尚未签发", "not issued yet"),
  statusLive: l("有效", "Live"),
  statusPending: l("未生效", "Not yet valid"),
  statusExpired: l("已过期", "Expired"),
  statusRevoked: l("已撤销", "Revoked"),
};

export const fill = (text: string, params: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? ""));
