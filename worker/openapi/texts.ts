/** The API document's own texts, in both languages (`{label}` is a family's label). */
import { l } from "../../events/family.ts";
import type { Lang, Text } from "../../events/i18n.ts";

export const texts = {
  title: l("企服管理平台 API", "qifu back-office API"),
  module: l("模块", "Module"),
  description: l(
    "所有接口位于 /api 下。成功时 HTTP 200，应答为 `{ code: 0, msg, data }`（分页列表为 `{ code: 0, msg, total, data: [行] }`）；出错时同样是 HTTP 200，`code` 为下列错误码之一，`msg` 为请求语言的消息（中文默认，英文用 `language=en-US` Cookie 或 Accept-Language）。令牌放在请求头 `x-hbi-token`。命令可带 `Idempotency-Key` 请求头：重复请求返回首次的应答且不再写入。",
    "Every route is under /api. A success answers HTTP 200 with `{ code: 0, msg, data }` (paged lists: `{ code: 0, msg, total, data: [rows] }`); an error also answers HTTP 200, with `code` one of the error codes below and `msg` in the request's language (Chinese by default, English through the `language=en-US` cookie or Accept-Language). The session token goes in header `x-hbi-token`. Commands take an `Idempotency-Key` header: a repeat answers the first answer and writes nothing.",
  ),
  public: l("公开（无需登录）", "Public (no sign-in)"),
  signedIn: l("任何已登录用户", "Any signed-in user"),
  permission: l("权限标识", "Permission tag"),
  success: l("成功（code 为 0）；出错时 code 为：", "Success (code 0); on error code is:"),
  file: l("文件", "The file"),
  pathParam: l("路径参数", "Path parameter"),
  recordId: l("记录编号（{idKey}）", "Record id ({idKey})"),
  page: l("页码，从 1 开始（别名 pageNumber）", "Page, from 1 (alias pageNumber)"),
  limit: l("每页条数，默认 10（别名 pageSize）", "Rows per page, default 10 (alias pageSize)"),
  orderField: l("排序字段（仅限声明的排序键）", "Sort field (declared sort keys only)"),
  order: l("排序方向", "Sort direction"),
  keyword: l("全文检索：任一检索字段包含该词（中文两字以上，英文按词和前缀），默认按匹配度排序", "Full-text search over the searchable fields (Chinese two characters or more, Latin words and prefixes); best match first unless sorted"),
  asOf: l("返回该记录在此版本时的内容", "The record as it was at this version"),
  filterEq: l("等于", "equals"),
  filterLike: l("包含", "contains"),
  filterPrefix: l("开头为", "starts with"),
  ifMatch: l('期望的版本，如 W/"7"（记录已被修改时返回 409）', 'The expected version, e.g. W/"7" (409 when the record changed meanwhile)'),
  idempotencyKey: l("幂等键：重复请求返回首次的应答且不再写入", "Idempotency key: a repeat answers the first answer and writes nothing"),
  version: l("您编辑的版本（不一致时返回 409）", "The version you edited (409 when it changed meanwhile)"),
  idForUpdate: l("带上它即为修改（需要修改权限）", "With it the call is an update (needs the update tag)"),
  deleteIds: l("要删除的编号（最多 100 个），或一个编号", "The ids to delete (at most 100), or one id"),
  revertTo: l("要恢复到的版本", "The version to go back to"),
  historyEntry: l("记录历史中的一项", "One entry of a record's history"),
  deletedRecord: l("回收站中的一条记录", "A record in the recycle bin"),
  importBody: l("表格导入：浏览器分块发送的 JSON 行，或上传的文件", "Spreadsheet import: JSON rows sent in chunks by the browser, or an uploaded file"),
  exportBody: l("导出当前列表（筛选、关键字、排序和列）", "Export the current list (filters, keyword, sort and columns)"),
} satisfies Record<string, Text>;

/** Default summaries of the family verbs. */
export const verbSummaries: Record<string, Text> = {
  list: l("{label}：分页列表", "{label}: paged list"),
  listAll: l("{label}：全部（不分页）", "{label}: everything (not paged)"),
  info: l("{label}：详情（可按版本）", "{label}: one record (also as of a version)"),
  history: l("{label}：记录历史", "{label}: a record's history"),
  save: l("{label}：新增（带编号时为修改）", "{label}: create (with the id key: update)"),
  update: l("{label}：修改", "{label}: update"),
  delete: l("{label}：删除", "{label}: delete"),
  revert: l("{label}：恢复到某个版本", "{label}: revert to a version"),
  restore: l("{label}：撤销删除", "{label}: restore a deleted record"),
  deleted: l("{label}：回收站", "{label}: recycle bin"),
  "excel/template": l("{label}：下载导入模板", "{label}: download the import template"),
  "excel/import": l("{label}：导入表格", "{label}: import a spreadsheet"),
  "excel/export": l("{label}：导出表格", "{label}: export a spreadsheet"),
  "excel/result": l("{label}：下载导入结果（被拒绝的行及原因）", "{label}: download the import result (refused rows with their reasons)"),
};

/** Envelope codes and what they mean. */
export const errorCodes: Record<number, Text> = {
  401: l("未登录或登录已失效", "Not signed in, or the session expired"),
  403: l("没有该权限", "The permission is missing"),
  404: l("不存在或已被删除", "Does not exist or was deleted"),
  409: l("记录已被他人修改（请带上 version 或 If-Match 重试）", "The record changed meanwhile (send version or If-Match again)"),
  422: l("校验失败：errors 按字段给出消息", "Validation failed: errors gives each field's message"),
  423: l("账号已锁定（连续登录失败）", "The account is locked (too many failed sign-ins)"),
  500: l("服务器内部错误", "Internal server error"),
};

/** A text in `lang` with `{name}` placeholders filled. */
export const say = (text: Text, lang: Lang, params: Record<string, string> = {}) =>
  text[lang].replace(/\{(\w+)\}/g, (_, key: string) => params[key] ?? `{${key}}`);
