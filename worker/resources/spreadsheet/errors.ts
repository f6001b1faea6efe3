/** How spreadsheet requests are refused: bodies parsed by zod and reported by field, and the texts of spreadsheet problems. */
import type { z } from "zod";
import type { Lang, Text } from "../../../events/i18n.ts";
import { spreadsheetText, type spreadsheetTexts } from "../../../events/spreadsheet/messages.ts";
import { DomainError, ValidationError } from "../../errors.ts";

export const xlsxType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** A refusal told with one of the spreadsheet texts. */
export class SpreadsheetError extends DomainError {
  readonly textKey: keyof typeof spreadsheetTexts;
  constructor(code: number, key: keyof typeof spreadsheetTexts, params: Record<string, string | number> = {}) {
    super(code, "formatError", params);
    this.textKey = key;
  }
  override render(lang: Lang) {
    return { msg: spreadsheetText(this.textKey, lang, this.params) };
  }
}

// ---- request bodies

const bodyLabels: Record<string, Text> = {
  importId: { "zh-CN": "导入编号", "en-US": "Import id" },
  chunk: { "zh-CN": "分批序号", "en-US": "Chunk" },
  mode: { "zh-CN": "导入方式", "en-US": "Mode" },
  dryRun: { "zh-CN": "仅校验", "en-US": "Dry run" },
  rows: { "zh-CN": "数据行", "en-US": "Rows" },
  filters: { "zh-CN": "筛选条件", "en-US": "Filters" },
  keyword: { "zh-CN": "关键词", "en-US": "Keyword" },
  sort: { "zh-CN": "排序", "en-US": "Sort" },
  columns: { "zh-CN": "导出列", "en-US": "Columns" },
  format: { "zh-CN": "文件格式", "en-US": "Format" },
};

/** A body parsed by `schema`, else each broken field reported as blank or badly formed. */
export function parseBody<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const source = (input ?? {}) as Record<string, unknown>;
  throw new ValidationError(
    result.error.issues.map((issue) => {
      const field = String(issue.path[0] ?? "body");
      const blank = source[field] === undefined || source[field] === null || source[field] === "";
      return { field, label: bodyLabels[field] ?? { "zh-CN": field, "en-US": field }, key: blank ? ("required" as const) : ("formatError" as const) };
    }),
  );
}

