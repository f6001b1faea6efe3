/**
 * The plan's files: an upload checked (xlsx or MS Project XML, at most 5 MB, bytes of the claimed type) and
 * read into tasks whose owners are matched to users by name; the export of a stored plan in either format
 * with its content-disposition.
 */
import type { Lang, Text } from "../../events/i18n.ts";
import { bytesMatch, extensionOf } from "../../events/uploads.ts";
import type { PlanTask } from "../../events/gantt/plan.ts";
import { DomainError, codes } from "../errors.ts";
import { xlsxType } from "../resources/spreadsheet/errors.ts";
import { displayTime } from "../time.ts";
import { MsProjectError, fromMsProjectXml, toMsProjectXml, type FileTask } from "./msproject.ts";
import { SheetError, fromXlsx, toXlsx } from "./sheet.ts";
import type { StoredPlan } from "./plan.ts";
import { usersByName } from "./queries.ts";

export const maxPlanFileBytes = 5 * 1024 * 1024;
export const planFormats = ["xml", "xlsx"] as const;
export type PlanFormat = (typeof planFormats)[number];

const fileTexts = {
  missing: { "zh-CN": "请选择要导入的文件", "en-US": "Choose a file to import" },
  type: { "zh-CN": "只能导入 xlsx 或 MS Project XML（.xml）文件", "en-US": "Only xlsx or MS Project XML (.xml) files can be imported" },
  tooLarge: { "zh-CN": "文件不能超过 5 MB", "en-US": "The file must not be larger than 5 MB" },
  empty: { "zh-CN": "文件是空的", "en-US": "The file is empty" },
  notXml: { "zh-CN": "文件不是有效的 XML", "en-US": "The file is not valid XML" },
  notMsProject: { "zh-CN": "文件不是 MS Project XML（根元素须为 http://schemas.microsoft.com/project 命名空间的 Project）", "en-US": "The file is not MS Project XML (its root must be Project in the http://schemas.microsoft.com/project namespace)" },
  noTasks: { "zh-CN": "文件中没有任务", "en-US": "The file holds no tasks" },
  badDate: { "zh-CN": "任务「{detail}」的开始或完成日期无法识别", "en-US": "The start or finish of task “{detail}” cannot be read" },
  noHeader: { "zh-CN": "未找到模板的表头（序号、任务名称、开始日期、结束日期…），请使用下载的模板", "en-US": "The template's header (No., Task name, Start, Finish…) was not found; use the downloaded template" },
  badCell: { "zh-CN": "第 {row} 行「{detail}」列的值无法识别", "en-US": "Row {row}: the value in column “{detail}” cannot be read" },
  unreadable: { "zh-CN": "文件无法读取，请确认是 xlsx 文件", "en-US": "The file cannot be read; make sure it is an xlsx file" },
} satisfies Record<string, Text>;

/** A refused file, told in the reader's language. */
export class PlanFileError extends DomainError {
  readonly reason: keyof typeof fileTexts;
  readonly detail: string;
  readonly row: number;
  constructor(reason: keyof typeof fileTexts, detail = "", row = 0) {
    super(codes.validation, "formatError");
    this.reason = reason;
    this.detail = detail;
    this.row = row;
  }
  override render(lang: Lang) {
    const msg = fileTexts[this.reason][lang].replace("{detail}", this.detail).replace("{row}", String(this.row));
    return { msg, errors: { file: msg } };
  }
}

const sheetColumnTitle: Record<string, Text> = {
  start: { "zh-CN": "开始日期", "en-US": "Start" },
  end: { "zh-CN": "结束日期", "en-US": "Finish" },
  progress: { "zh-CN": "进度(%)", "en-US": "Progress (%)" },
  predecessors: { "zh-CN": "前置任务", "en-US": "Predecessors" },
};

/** The format of an upload, checked by name, size and leading bytes before anything parses it. */
export function checkPlanFile(name: string, bytes: Uint8Array): PlanFormat {
  const ext = extensionOf(name);
  if (!name.includes(".") || !(planFormats as readonly string[]).includes(ext)) throw new PlanFileError("type");
  if (bytes.byteLength > maxPlanFileBytes) throw new PlanFileError("tooLarge");
  if (bytes.byteLength === 0) throw new PlanFileError("empty");
  if (ext === "xlsx" && !bytesMatch("xlsx", bytes.subarray(0, 8))) throw new PlanFileError("type");
  if (ext === "xml") {
    const head = new TextDecoder("utf-8").decode(bytes.subarray(0, 512)).replace(/^\uFEFF/, "").trimStart();
    if (!head.startsWith("<") || bytes.subarray(0, 4096).includes(0)) throw new PlanFileError("type");
  }
  return ext as PlanFormat;
}

/** The tasks of an uploaded file, owners still as names. */
export async function readPlanFile(format: PlanFormat, bytes: Uint8Array, lang: Lang): Promise<FileTask[]> {
  try {
    if (format === "xml") return await fromMsProjectXml(new TextDecoder("utf-8").decode(bytes).replace(/^\uFEFF/, ""));
    return await fromXlsx(bytes);
  } catch (error) {
    if (error instanceof MsProjectError) throw new PlanFileError(error.reason, error.detail);
    if (error instanceof SheetError) throw new PlanFileError(error.reason, sheetColumnTitle[error.column]?.[lang] ?? error.column, error.row);
    throw new PlanFileError(format === "xml" ? "notXml" : "unreadable");
  }
}

/** File tasks → plan tasks: each owner's name matched to a user; names no single user has are answered as unmatched. */
export async function resolveOwners(db: D1Database, tasks: FileTask[]): Promise<{ tasks: PlanTask[]; unmatchedOwners: string[] }> {
  const byName = await usersByName(db, tasks.map((t) => t.ownerName ?? ""));
  const unmatched = new Set<string>();
  const resolved = tasks.map(({ ownerName, ...t }) => {
    const owner = ownerName ? (byName.get(ownerName) ?? null) : null;
    if (ownerName && !owner) unmatched.add(ownerName);
    return { ...t, owner };
  });
  return { tasks: resolved, unmatchedOwners: [...unmatched] };
}

const fileTasks = (plan: StoredPlan): FileTask[] => plan.tasks.map(({ owner: _owner, status: _status, durationDays: _days, ...t }) => t);

/** The stored plan as a download in `format`. */
export async function planFileResponse(plan: StoredPlan, format: PlanFormat, lang: Lang): Promise<Response> {
  const title = plan.projectName || plan.projectId;
  const day = displayTime(new Date().toISOString()).slice(0, 10).replace(/-/g, "");
  const name = `${title}-${lang === "zh-CN" ? "进度计划" : "schedule"}-${day}.${format}`;
  const body = format === "xml" ? new TextEncoder().encode(toMsProjectXml(title, fileTasks(plan))) : await toXlsx(fileTasks(plan), lang);
  return new Response(body, {
    headers: {
      "content-type": format === "xml" ? "application/xml; charset=utf-8" : xlsxType,
      "content-disposition": `attachment; filename="schedule-${day}.${format}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      "cache-control": "no-store",
    },
  });
}
