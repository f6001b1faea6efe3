/** Texts of spreadsheet import and export, in both languages (shared by the worker and the web app). */
import { fill, type Text } from "../i18n.ts";

/** Rows a file sent to the worker may hold; larger files are imported through the web page in chunks. */
export const fileRowLimit = 5000;
/** Rows one JSON chunk may hold. */
export const chunkRowLimit = 1000;

export const spreadsheetTexts = {
  yes: { "zh-CN": "是", "en-US": "Yes" },
  no: { "zh-CN": "否", "en-US": "No" },
  /** the column of the result file that says why a row was refused */
  errorColumn: { "zh-CN": "错误原因", "en-US": "Errors" },
  rowColumn: { "zh-CN": "行号", "en-US": "Row" },
  resultSheet: { "zh-CN": "未导入的行", "en-US": "Refused rows" },
  /** the hidden sheet holding the drop-down lists of a template */
  listsSheet: { "zh-CN": "下拉选项", "en-US": "Lists" },
  fileTooLarge: {
    "zh-CN": "文件超过 {max} 行（不含表头），请在网页上导入：浏览器会分批上传并显示进度",
    "en-US": "The file has more than {max} rows (not counting the header): import it through the web page, which sends it in chunks and shows the progress",
  },
  chunkTooLarge: { "zh-CN": "每批最多导入 {max} 行", "en-US": "At most {max} rows can be sent in one chunk" },
  noHeader: {
    "zh-CN": "未找到表头：前 10 行中没有一行与字段名称相符，请使用导入模板",
    "en-US": "No header found: none of the first 10 rows matches the field titles; use the import template",
  },
  unreadable: { "zh-CN": "无法读取该文件，请上传 xlsx、xls 或 csv 格式的表格", "en-US": "The file cannot be read: upload an xlsx, xls or csv spreadsheet" },
  fileType: { "zh-CN": "仅支持 xlsx、xls、csv 格式的文件", "en-US": "Only xlsx, xls and csv files can be imported" },
  resultGone: { "zh-CN": "导入结果文件不存在或已过期", "en-US": "The import result file does not exist or has expired" },
} satisfies Record<string, Text>;

/** Fills `{name}` placeholders of a spreadsheet text. */
export function spreadsheetText(key: keyof typeof spreadsheetTexts, lang: keyof Text, params: Record<string, string | number> = {}): string {
  return fill(spreadsheetTexts[key][lang], params);
}
