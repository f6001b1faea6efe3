/**
 * The plan as the chart library holds it and back: dates as local midnights with an exclusive end (a task
 * on 03-02…03-06 ends at 03-07 00:00), links by type code (FS = e2s…), summary tasks for tasks with children.
 * Pure, so the screen and its tests agree on the mapping.
 */
import type { ILink, ITask } from "@svar-ui/react-gantt";
import type { LinkType, PlanTaskInput } from "../../events/gantt/plan.ts";
import type { z } from "zod";
import type { storedTask } from "../../events/api/gantt.ts";

type StoredTask = z.output<typeof storedTask>;

const toSvar: Record<LinkType, ILink["type"]> = { FS: "e2s", SS: "s2s", FF: "e2e", SF: "s2e" };
const fromSvar: Record<string, LinkType> = { e2s: "FS", s2s: "SS", e2e: "FF", s2e: "SF" };

export const dateOf = (day: string) => {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(y!, m! - 1, d!);
};
const pad = (n: number) => String(n).padStart(2, "0");
export const dayOf = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const nextDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate() + 1);

export function chartData(tasks: readonly StoredTask[]): { tasks: ITask[]; links: ILink[] } {
  const parents = new Set(tasks.map((t) => t.parent).filter(Boolean));
  return {
    tasks: tasks.map((t) => ({
      id: t.id,
      text: t.name,
      start: dateOf(t.start),
      ...(t.milestone ? {} : { end: nextDay(dateOf(t.end)) }),
      progress: t.progress,
      parent: t.parent ?? 0,
      type: t.milestone ? "milestone" : parents.has(t.id) ? "summary" : "task",
      // only a task with children may be open (the library walks an open task's children)
      ...(parents.has(t.id) ? { open: true } : {}),
      owner: t.owner,
      ownerName: t.ownerName,
      wbs: t.wbs,
    })),
    links: tasks.flatMap((t) => t.predecessors.map((l) => ({ id: `${l.id}>${t.id}`, source: l.id, target: t.id, type: toSvar[l.type], lag: l.lag }))),
  };
}

/** The chart's tasks and links (in the chart's order) → the plan the server saves. */
export function planOf(tasks: readonly ITask[], links: readonly ILink[]): PlanTaskInput[] {
  return tasks.map((t) => {
    const start = t.start instanceof Date ? t.start : new Date();
    const milestone = t.type === "milestone";
    // the end is exclusive: the last day is the one before it (a task ending mid-day keeps that day)
    const last = !milestone && t.end instanceof Date ? new Date(t.end.getTime() - 1) : start;
    return {
      id: String(t.id),
      name: String(t.text ?? "").trim(),
      wbs: typeof t.wbs === "string" && t.wbs ? t.wbs : null,
      start: dayOf(start),
      end: dayOf(last < start ? start : last),
      progress: Math.round(Number(t.progress ?? 0)),
      parent: t.parent !== undefined && t.parent !== null && t.parent !== 0 && String(t.parent) !== "0" ? String(t.parent) : null,
      owner: typeof t.owner === "string" && t.owner ? t.owner : null,
      milestone,
      predecessors: links.filter((l) => String(l.target) === String(t.id)).map((l) => ({ id: String(l.source), type: fromSvar[l.type] ?? "FS", lag: Math.round(Number(l.lag ?? 0)) })),
    };
  });
}
