/**
 * The plan as a spreadsheet, in the template's columns (events/gantt/plan.ts sheetColumns): one row per task
 * in outline order, 序号 the row a 前置任务 cell names ("3,5FS+2"), 大纲级别 the nesting (summary tasks
 * above their children), dates as date cells. Written with the project's xlsx writer; read with SheetJS,
 * loaded with the first imported file. Headers are matched in either language, `*` and spaces ignored.
 */
import type { Lang } from "../../events/i18n.ts";
import { formatPredecessors, outlineOrder, parsePredecessors, sheetColumns, type SheetColumn } from "../../events/gantt/plan.ts";
import { dateTimeToSerial, foldText, parseBoolText, parseDateText, parseNumberText, serialToDateTime } from "../../events/spreadsheet/cells.ts";
import { styles, xlsxFile, type Cell } from "../resources/spreadsheet/xlsx.ts";
import type { FileTask } from "./msproject.ts";

const sheetTitle = { "zh-CN": "进度计划", "en-US": "Schedule" } as const;
const yesNo = { "zh-CN": ["是", "否"], "en-US": ["Yes", "No"] } as const;

const header = (lang: Lang) => sheetColumns.map((c) => c.title[lang]);
const widths: Record<SheetColumn, number> = { row: 8, wbs: 12, name: 36, level: 10, start: 14, end: 14, progress: 10, predecessors: 16, owner: 12, milestone: 8 };

export function templateXlsx(lang: Lang): Promise<Uint8Array> {
  return xlsxFile([{ name: sheetTitle[lang], header: header(lang), rows: [], freezeHeader: true, columns: sheetColumns.map((c) => ({ width: widths[c.key], style: c.key === "start" || c.key === "end" ? styles.date : undefined })) }]);
}

export function toXlsx(tasks: readonly FileTask[], lang: Lang): Promise<Uint8Array> {
  const outline = outlineOrder(tasks.map((t) => ({ ...t, owner: null })));
  const rowOf = new Map(outline.map((o, i) => [o.task.id, i + 1]));
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const rows: Cell[][] = outline.map(({ task, level }, i) => {
    const cells: Record<SheetColumn, Cell> = {
      row: i + 1,
      wbs: task.wbs ?? null,
      name: task.name,
      level,
      start: { v: dateTimeToSerial(task.start)!, s: styles.date },
      end: { v: dateTimeToSerial(task.end)!, s: styles.date },
      progress: task.progress,
      predecessors: formatPredecessors(task.predecessors, (id) => rowOf.get(id)) || null,
      owner: byId.get(task.id)?.ownerName ?? null,
      milestone: task.milestone ? yesNo[lang][0] : yesNo[lang][1],
    };
    return sheetColumns.map((c) => cells[c.key]);
  });
  return xlsxFile([{ name: sheetTitle[lang], header: header(lang), rows, freezeHeader: true, columns: sheetColumns.map((c) => ({ width: widths[c.key] })) }]);
}

/** Why a sheet is not a plan: no header row of the template, or a cell the reader cannot take (row, column). */
export class SheetError extends Error {
  readonly reason: "noHeader" | "badCell";
  readonly row: number;
  readonly column: string;
  constructor(reason: SheetError["reason"], row = 0, column = "") {
    super(reason);
    this.reason = reason;
    this.row = row;
    this.column = column;
  }
}

const titleKey = (title: string) => foldText(title).replace(/^\*/, "").replace(/\s+/g, "").toLowerCase();
const columnByTitle = new Map<string, SheetColumn>(sheetColumns.flatMap((c) => [[titleKey(c.title["zh-CN"]), c.key] as const, [titleKey(c.title["en-US"]), c.key] as const]));
// what other tools call the same columns
for (const [alias, key] of [["标识号", "row"], ["id", "row"], ["名称", "name"], ["开始时间", "start"], ["完成时间", "end"], ["结束时间", "end"], ["完成百分比", "progress"], ["进度", "progress"], ["资源名称", "owner"], ["大纲级别", "level"], ["wbs", "wbs"]] as const) columnByTitle.set(titleKey(alias), key);

/** The plan in an xlsx or xls file's first sheet that has the template's header (searched in the first 10 rows). */
export async function fromXlsx(bytes: Uint8Array): Promise<FileTask[]> {
  const XLSX = await import("@e965/xlsx");
  const workbook = XLSX.read(bytes, { type: "array", dense: true, cellNF: true, cellFormula: false, cellHTML: false, cellStyles: false, sheetRows: 5000 });
  const date1904 = !!workbook.Workbook?.WBProps?.date1904;
  for (const name of workbook.SheetNames) {
    const data = ((workbook.Sheets[name] as { "!data"?: (SheetCell[] | undefined)[] })["!data"] ?? []) as (SheetCell[] | undefined)[];
    for (let h = 0; h < Math.min(10, data.length); h++) {
      const columns = (data[h] ?? []).map((cell) => (cell && typeof cell.v === "string" ? (columnByTitle.get(titleKey(cell.v)) ?? null) : null));
      if (!columns.includes("name") || !columns.includes("start") || !columns.includes("end")) continue;
      return tasksOfRows(data.slice(h + 1), columns, h + 2, date1904);
    }
  }
  throw new SheetError("noHeader");
}

type SheetCell = { v?: unknown; z?: unknown } | undefined;

function tasksOfRows(data: (SheetCell[] | undefined)[], columns: (SheetColumn | null)[], firstRow: number, date1904: boolean): FileTask[] {
  const rows = data
    .map((cells, i) => {
      const at: Partial<Record<SheetColumn, SheetCell>> = {};
      columns.forEach((key, c) => key && !at[key] && (at[key] = cells?.[c]));
      return { row: firstRow + i, at };
    })
    .filter((r) => Object.values(r.at).some((cell) => cell && cell.v !== undefined && cell.v !== null && String(cell.v).trim() !== ""));
  const str = (cell: SheetCell) => (cell?.v === undefined || cell.v === null ? "" : String(cell.v).trim());
  const day = (cell: SheetCell, row: number, column: string): string => {
    const v = cell?.v;
    const fromSerial = typeof v === "number" ? serialToDateTime(v, date1904)?.slice(0, 10) : undefined;
    const fromText = typeof v === "string" ? parseDateText(v)?.date : undefined;
    const d = fromSerial ?? fromText ?? (v instanceof Date ? v.toISOString().slice(0, 10) : undefined);
    if (!d) throw new SheetError("badCell", row, column);
    return d;
  };
  // 序号 names a row for 前置任务; without it a task's number is its place in the sheet
  const keyOf = new Map<number, string>();
  rows.forEach((r, i) => {
    const n = parseNumberText(str(r.at.row));
    keyOf.set(n !== null && Number.isInteger(n) ? n : i + 1, `row-${i + 1}`);
  });
  const stack: string[] = [];
  return rows.map((r, i) => {
    const key = `row-${i + 1}`;
    const levelText = parseNumberText(str(r.at.level));
    const level = levelText !== null && levelText >= 1 ? Math.floor(levelText) : 1;
    stack.length = Math.min(stack.length, level - 1);
    const parent = level > 1 ? (stack[level - 2] ?? null) : null;
    stack[level - 1] = key;
    const progressCell = r.at.progress;
    let progress = 0;
    if (typeof progressCell?.v === "number") progress = typeof progressCell.z === "string" && progressCell.z.includes("%") ? progressCell.v * 100 : progressCell.v;
    else if (str(progressCell)) {
      const n = parseNumberText(str(progressCell).replace(/[%％]$/, ""));
      if (n === null) throw new SheetError("badCell", r.row, "progress");
      progress = n;
    }
    const linksText = str(r.at.predecessors);
    const links = linksText ? parsePredecessors(linksText) : [];
    if (links === null) throw new SheetError("badCell", r.row, "predecessors");
    const milestone = str(r.at.milestone) ? (parseBoolText(str(r.at.milestone)) ?? false) : false;
    return {
      id: key,
      name: str(r.at.name),
      wbs: str(r.at.wbs) || null,
      start: day(r.at.start, r.row, "start"),
      end: day(r.at.end, r.row, "end"),
      progress: Math.round(progress * 100) / 100,
      parent,
      ownerName: str(r.at.owner) || null,
      milestone,
      // a row number that names no row is kept as it is, so the plan's rules name it
      predecessors: links.map((l) => ({ id: keyOf.get(l.row) ?? `row ${l.row}`, type: l.type, lag: l.lag })),
    };
  });
}
