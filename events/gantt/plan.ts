/**
 * A project's schedule plan as the Gantt chart, the import and the export see it: tasks with dates,
 * progress, owner, parent (summary tasks), order and dependencies. The rules a plan must keep are pure
 * (`planProblems`), shared by the Worker, which refuses a broken plan before anything is written, and the
 * browser, which can tell the user early. Every problem names the task and the rule broken.
 */
import * as z from "zod";
import type { Lang, Text } from "../i18n.ts";
import { lazySchema } from "../lazy.ts";

export const linkTypes = ["FS", "SS", "FF", "SF"] as const;
export type LinkType = (typeof linkTypes)[number];

const isoDate = lazySchema(() => z.string().regex(/^\d{4}-\d{2}-\d{2}$/));

export const planLink = lazySchema(() => z.strictObject({
  /** the task this one depends on (an id of the same plan) */
  id: z.string().min(1).max(64),
  type: z.enum(linkTypes).default("FS"),
  /** days between the predecessor's finish (start) and this task's start (finish); negative is a lead */
  lag: z.number().int().min(-3650).max(3650).default(0),
}));

/** One task on the wire: `id` is a stored task's id or, for a new one, any key unique in the plan. */
export const planTask = lazySchema(() => z.strictObject({
  id: z.string().min(1).max(64),
  name: z.string().max(200),
  wbs: z.string().max(32).nullable().default(null),
  start: isoDate,
  end: isoDate,
  progress: z.number().default(0),
  parent: z.string().min(1).max(64).nullable().default(null),
  owner: z.string().max(64).nullable().default(null),
  milestone: z.boolean().default(false),
  predecessors: z.array(planLink).max(50).default([]),
}));
export type PlanTask = z.output<typeof planTask>;
export type PlanTaskInput = z.input<typeof planTask>;

export const maxPlanTasks = 2000;
export const planTasks = lazySchema(() => z.array(planTask).max(maxPlanTasks));

export type PlanRule = "nameRequired" | "endBeforeStart" | "progressRange" | "duplicateId" | "unknownParent" | "parentCycle" | "unknownPredecessor" | "selfDependency" | "dependencyCycle" | "invalidDate";

export interface PlanProblem {
  rule: PlanRule;
  /** the task the rule is broken by (its id in the plan and its name) */
  task: { id: string; name: string };
  /** the other tasks involved: the unknown id, the tasks of a cycle in order */
  others: string[];
}

export const planTexts: Record<PlanRule, Text> = {
  nameRequired: { "zh-CN": "第{row}个任务：任务名称不能为空", "en-US": "Task {row}: the task name is required" },
  invalidDate: { "zh-CN": "任务「{task}」：日期无效", "en-US": "Task “{task}”: the date is not a real date" },
  endBeforeStart: { "zh-CN": "任务「{task}」：结束日期不能早于开始日期", "en-US": "Task “{task}”: the end date cannot be before the start date" },
  progressRange: { "zh-CN": "任务「{task}」：进度须在 0 到 100 之间", "en-US": "Task “{task}”: progress must be between 0 and 100" },
  duplicateId: { "zh-CN": "任务「{task}」：任务编号在计划中重复", "en-US": "Task “{task}”: its id appears twice in the plan" },
  unknownParent: { "zh-CN": "任务「{task}」：上级任务「{others}」不在本计划中", "en-US": "Task “{task}”: its parent “{others}” is not a task of this plan" },
  parentCycle: { "zh-CN": "任务「{task}」：上级任务形成循环（{others}）", "en-US": "Task “{task}”: its parents form a loop ({others})" },
  unknownPredecessor: { "zh-CN": "任务「{task}」：前置任务「{others}」不在本计划中", "en-US": "Task “{task}”: its predecessor “{others}” is not a task of this plan" },
  selfDependency: { "zh-CN": "任务「{task}」：不能以自身为前置任务", "en-US": "Task “{task}”: a task cannot be its own predecessor" },
  dependencyCycle: { "zh-CN": "任务「{task}」：前置任务形成循环依赖（{others}）", "en-US": "Task “{task}”: its predecessors form a cycle ({others})" },
};

/** A problem in words: the task's name and the rule. */
export function planProblemText(problem: PlanProblem, lang: Lang, row: number): string {
  const arrow = " → ";
  return planTexts[problem.rule][lang]
    .replace("{task}", problem.task.name || problem.task.id)
    .replace("{others}", problem.others.join(problem.rule === "dependencyCycle" || problem.rule === "parentCycle" ? arrow : lang === "zh-CN" ? "、" : ", "))
    .replace("{row}", String(row));
}

const realDate = (v: string) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

/**
 * Every rule a plan breaks, in task order (empty: the plan may be saved). A dependency cycle is reported
 * once, on its first task, naming every task of the loop.
 */
export function planProblems(tasks: readonly PlanTask[]): PlanProblem[] {
  const problems: PlanProblem[] = [];
  const byId = new Map<string, PlanTask>();
  const nameOf = (id: string) => byId.get(id)?.name || id;
  const ref = (t: PlanTask) => ({ id: t.id, name: t.name.trim() });
  for (const t of tasks) {
    if (byId.has(t.id)) problems.push({ rule: "duplicateId", task: ref(t), others: [] });
    else byId.set(t.id, t);
  }
  for (const t of tasks) {
    if (!t.name.trim()) problems.push({ rule: "nameRequired", task: ref(t), others: [] });
    if (!realDate(t.start) || !realDate(t.end)) problems.push({ rule: "invalidDate", task: ref(t), others: [] });
    else if (t.end < t.start) problems.push({ rule: "endBeforeStart", task: ref(t), others: [] });
    if (!Number.isFinite(t.progress) || t.progress < 0 || t.progress > 100) problems.push({ rule: "progressRange", task: ref(t), others: [] });
    if (t.parent !== null && !byId.has(t.parent)) problems.push({ rule: "unknownParent", task: ref(t), others: [t.parent] });
    for (const link of t.predecessors) {
      if (link.id === t.id) problems.push({ rule: "selfDependency", task: ref(t), others: [] });
      else if (!byId.has(link.id)) problems.push({ rule: "unknownPredecessor", task: ref(t), others: [link.id] });
    }
  }
  // parents: following a task's parents must end at the top, never come back to a task already seen
  const parentLoops = new Set<string>();
  for (const t of tasks) {
    const seen: string[] = [];
    let at: PlanTask | undefined = t;
    while (at && at.parent !== null && !seen.includes(at.id)) {
      seen.push(at.id);
      at = byId.get(at.parent);
    }
    if (at && seen.includes(at.id)) {
      const loop = seen.slice(seen.indexOf(at.id));
      const key = [...loop].sort().join("\u0000");
      if (!parentLoops.has(key)) {
        parentLoops.add(key);
        problems.push({ rule: "parentCycle", task: ref(byId.get(loop[0]!)!), others: [...loop, loop[0]!].map(nameOf) });
      }
    }
  }
  for (const cycle of dependencyCycles(tasks, byId)) {
    problems.push({ rule: "dependencyCycle", task: ref(byId.get(cycle[0]!)!), others: [...cycle, cycle[0]!].map(nameOf) });
  }
  return problems;
}

/** The loops of the predecessor graph (depth-first, iterative; each loop once, as the ids in order). */
function dependencyCycles(tasks: readonly PlanTask[], byId: Map<string, PlanTask>): string[][] {
  const state = new Map<string, "open" | "done">();
  const cycles: string[][] = [];
  for (const root of tasks) {
    if (state.has(root.id)) continue;
    const path: string[] = [];
    const stack: { id: string; next: number }[] = [{ id: root.id, next: 0 }];
    state.set(root.id, "open");
    path.push(root.id);
    while (stack.length) {
      const top = stack[stack.length - 1]!;
      const links = byId.get(top.id)?.predecessors ?? [];
      if (top.next >= links.length) {
        state.set(top.id, "done");
        stack.pop();
        path.pop();
        continue;
      }
      const target = links[top.next++]!.id;
      if (target === top.id || !byId.has(target)) continue;
      const seen = state.get(target);
      if (seen === "open") cycles.push(path.slice(path.indexOf(target)).reverse());
      else if (!seen) {
        state.set(target, "open");
        path.push(target);
        stack.push({ id: target, next: 0 });
      }
    }
  }
  return cycles;
}

/** Calendar days from start to end, both counted (a one-day task lasts 1). */
export function spanDays(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

export type ScheduleStatus = "notStarted" | "inProgress" | "done" | "delayed";

/** A task's state on `today` (YYYY-MM-DD): done at 100 %, delayed past its end, else by its progress. */
export function scheduleStatus(task: Pick<PlanTask, "progress" | "end">, today: string): ScheduleStatus {
  if (task.progress >= 100) return "done";
  if (task.end < today) return "delayed";
  return task.progress > 0 ? "inProgress" : "notStarted";
}

/** The plan's tasks, parents before their children, siblings in the plan's order (how the chart and files list them). */
export function outlineOrder(tasks: readonly PlanTask[]): { task: PlanTask; level: number }[] {
  const children = new Map<string | null, PlanTask[]>();
  const ids = new Set(tasks.map((t) => t.id));
  for (const t of tasks) {
    const parent = t.parent !== null && ids.has(t.parent) ? t.parent : null;
    children.set(parent, [...(children.get(parent) ?? []), t]);
  }
  const out: { task: PlanTask; level: number }[] = [];
  const walk = (parent: string | null, level: number) => {
    for (const t of children.get(parent) ?? []) {
      out.push({ task: t, level });
      walk(t.id, level + 1);
    }
  };
  walk(null, 1);
  return out;
}

/** Columns of the xlsx template, in order (the Chinese headers are what WPS and Excel users fill in). */
export const sheetColumns = [
  { key: "row", title: { "zh-CN": "序号", "en-US": "No." } },
  { key: "wbs", title: { "zh-CN": "WBS编码", "en-US": "WBS" } },
  { key: "name", title: { "zh-CN": "任务名称", "en-US": "Task name" } },
  { key: "level", title: { "zh-CN": "大纲级别", "en-US": "Outline level" } },
  { key: "start", title: { "zh-CN": "开始日期", "en-US": "Start" } },
  { key: "end", title: { "zh-CN": "结束日期", "en-US": "Finish" } },
  { key: "progress", title: { "zh-CN": "进度(%)", "en-US": "Progress (%)" } },
  { key: "predecessors", title: { "zh-CN": "前置任务", "en-US": "Predecessors" } },
  { key: "owner", title: { "zh-CN": "负责人", "en-US": "Owner" } },
  { key: "milestone", title: { "zh-CN": "里程碑", "en-US": "Milestone" } },
] as const satisfies readonly { key: string; title: Text }[];
export type SheetColumn = (typeof sheetColumns)[number]["key"];

/**
 * Predecessors as Project and WPS write them in a cell: row numbers with an optional type and lag,
 * "3,5FS+2,7SS-1". `rowOf` turns a task id into its row number.
 */
export function formatPredecessors(links: readonly z.output<typeof planLink>[], rowOf: (id: string) => number | undefined): string {
  return links
    .map((l) => {
      const row = rowOf(l.id);
      if (row === undefined) return null;
      const lag = l.lag ? `${l.lag > 0 ? "+" : ""}${l.lag}` : "";
      return l.type === "FS" && !lag ? String(row) : `${row}${l.type}${lag}`;
    })
    .filter((s): s is string => s !== null)
    .join(",");
}

/** "3,5FS+2,7SS-1" (also with Chinese commas and 天/d after the lag) → row numbers with type and lag; null when unreadable. */
export function parsePredecessors(cell: string): { row: number; type: LinkType; lag: number }[] | null {
  const parts = cell.split(/[,，;；、]/).map((s) => s.trim()).filter(Boolean);
  const out: { row: number; type: LinkType; lag: number }[] = [];
  for (const part of parts) {
    const m = /^(\d+)\s*(FS|SS|FF|SF)?\s*(?:([+-])\s*(\d+)\s*(?:天|d|days?|工作日)?)?$/i.exec(part);
    if (!m) return null;
    out.push({ row: Number(m[1]), type: (m[2]?.toUpperCase() ?? "FS") as LinkType, lag: m[4] ? Number(m[4]) * (m[3] === "-" ? -1 : 1) : 0 });
  }
  return out;
}
