/**
 * Saving a project's schedule plan: the whole plan replaces the stored one in one command — tasks kept by id
 * are updated, new ones created, the others deleted — appended in one batch, so a refused plan writes nothing
 * and a saved one is never half written. The rules are the pure ones of events/gantt/plan.ts, checked before
 * anything is read; the owners must be users and the project must exist.
 */
import type { Lang } from "../../events/i18n.ts";
import { planProblemText, planProblems, scheduleStatus, spanDays, type PlanProblem, type PlanTask } from "../../events/gantt/plan.ts";
import type { CommandActor, ExecuteContext } from "../commands/types.ts";
import { execute } from "../commands/execute.ts";
import { createOf, readStreams, streamOf, updateOf } from "../resources/commands.ts";
import { decide, fold } from "../resources/decide.ts";
import { parseRecord } from "../resources/validate.ts";
import { headOf } from "../store/read.ts";
import type { StreamWrite } from "../store/types.ts";
import { DomainError, codes, notFound } from "../errors.ts";
import { planRecords, projectFamily, projectOf, scheduleFamily, userNames } from "./queries.ts";

export const planTags = {
  read: "common:projectprodscheduleplan:list",
  save: "common:projectprodscheduleplan:save",
  import: "common:projectprodscheduleplan:import",
  export: "common:projectprodscheduleplan:export",
} as const;

/** A refused plan: each broken rule in words, naming its task. */
export class PlanError extends DomainError {
  readonly problems: PlanProblem[];
  readonly rows: number[];
  constructor(problems: PlanProblem[], rows: number[]) {
    super(codes.validation, "formatError");
    this.problems = problems;
    this.rows = rows;
  }
  override render(lang: Lang) {
    const texts = this.problems.map((p, i) => planProblemText(p, lang, this.rows[i]!));
    const errors: Record<string, string> = {};
    this.problems.forEach((p, i) => (errors[p.task.id] ??= texts[i]!));
    return { msg: texts.slice(0, 5).join("；") + (texts.length > 5 ? "…" : ""), errors };
  }
}

/** An owner that is no user: told like a broken rule of the plan. */
export class UnknownOwnerError extends DomainError {
  readonly task: string;
  readonly owner: string;
  constructor(task: string, owner: string) {
    super(codes.validation, "formatError");
    this.task = task;
    this.owner = owner;
  }
  override render(lang: Lang) {
    const msg = lang === "zh-CN" ? `任务「${this.task}」：负责人「${this.owner}」不是系统用户` : `Task “${this.task}”: the owner “${this.owner}” is not a user`;
    return { msg, errors: { owner: msg } };
  }
}

export type StoredTask = PlanTask & { ownerName: string | null; status: string; durationDays: number };

/** A stored record → the task the chart and the files see. */
export function taskOfRecord(r: Record<string, unknown>, names: Map<string, string>): StoredTask {
  const owner = typeof r.ownerUserId === "string" && r.ownerUserId ? r.ownerUserId : null;
  const links = Array.isArray(r.predecessors) ? (r.predecessors as { taskId: string; type: PlanTask["predecessors"][number]["type"]; lagDays?: number }[]) : [];
  return {
    id: String(r.id),
    name: String(r.taskName ?? ""),
    wbs: typeof r.wbsCode === "string" && r.wbsCode ? r.wbsCode : null,
    start: String(r.startDate),
    end: String(r.endDate),
    progress: typeof r.progress === "number" ? r.progress : 0,
    parent: typeof r.parentId === "string" && r.parentId ? r.parentId : null,
    owner,
    ownerName: owner ? (names.get(owner) ?? null) : null,
    milestone: r.isMilestone === true,
    predecessors: links.map((l) => ({ id: l.taskId, type: l.type, lag: l.lagDays ?? 0 })),
    status: String(r.status ?? "notStarted"),
    durationDays: typeof r.durationDays === "number" ? r.durationDays : spanDays(String(r.startDate), String(r.endDate)),
  };
}

export interface StoredPlan {
  projectId: string;
  projectName: string | null;
  tasks: StoredTask[];
}

export async function readPlan(db: D1Database, projectId: string): Promise<StoredPlan> {
  const [project, records] = await Promise.all([projectOf(db, projectId), planRecords(db, projectId)]);
  const names = await userNames(db, records.map((r) => r.ownerUserId).filter((o): o is string => typeof o === "string" && o !== ""));
  return { projectId, projectName: project ? String(project.projectName ?? "") : null, tasks: records.map((r) => taskOfRecord(r, names)) };
}

/** Refuses a plan that breaks a rule, before anything is read. */
export function requireValidPlan(tasks: PlanTask[]) {
  const problems = planProblems(tasks);
  if (problems.length) {
    const rowOf = new Map(tasks.map((t, i) => [t.id, i + 1]));
    throw new PlanError(problems, problems.map((p) => rowOf.get(p.task.id) ?? 0));
  }
}

const chinaDay = (at: string) => new Date(Date.parse(at) + 8 * 3600_000).toISOString().slice(0, 10);

/**
 * The writes that make the stored plan `tasks`: the plan's ids that name a stored task of this project keep
 * it; any other id is a new task (a fresh id), and references to it follow.
 */
export async function planWrites(db: D1Database, projectId: string, tasks: PlanTask[], at: string, newId: (key: string) => string = () => crypto.randomUUID()): Promise<{ writes: StreamWrite[]; ids: Map<string, string> }> {
  const existing = await planRecords(db, projectId);
  const stored = new Set(existing.map((r) => String(r.id)));
  const ids = new Map(tasks.map((t) => [t.id, stored.has(t.id) ? t.id : newId(t.id)]));
  const owners = [...new Set(tasks.map((t) => t.owner).filter((o): o is string => !!o))];
  const known = await userNames(db, owners);
  for (const t of tasks) if (t.owner && !known.has(t.owner)) throw new UnknownOwnerError(t.name, t.owner);
  const today = chinaDay(at);
  const kept = [...ids.values()].filter((id) => stored.has(id));
  const removed = [...stored].filter((id) => !kept.includes(id));
  const streams = await readStreams(db, [...kept, ...removed].map((id) => streamOf(scheduleFamily, id)));
  const writes: StreamWrite[] = [];
  tasks.forEach((t, index) => {
    const id = ids.get(t.id)!;
    const record = {
      projectId,
      wbsCode: t.wbs,
      taskName: t.name.trim(),
      parentId: t.parent === null ? null : ids.get(t.parent)!,
      startDate: t.start,
      endDate: t.end,
      durationDays: spanDays(t.start, t.end),
      progress: t.progress,
      ownerUserId: t.owner,
      predecessors: t.predecessors.map((l) => ({ taskId: ids.get(l.id)!, type: l.type, lagDays: l.lag })),
      isMilestone: t.milestone,
      status: scheduleStatus(t, today),
      sortNo: index + 1,
    };
    if (stored.has(id)) {
      const write = updateOf(scheduleFamily, id, record, streams.get(streamOf(scheduleFamily, id)) ?? []);
      if (write.events.length) writes.push(write);
    } else writes.push(createOf(scheduleFamily, parseRecord(scheduleFamily, scheduleFamily.createSchema, record), id));
  });
  for (const id of removed) {
    const events = streams.get(streamOf(scheduleFamily, id)) ?? [];
    writes.push({ stream: streamOf(scheduleFamily, id), head: headOf(events), events: decide(scheduleFamily, { kind: "delete", id }, fold(scheduleFamily, events)) });
  }
  return { writes, ids };
}

/** Saves `tasks` as the project's plan (one command, one batch) and answers the plan as stored. */
export async function savePlan(projectId: string, tasks: PlanTask[], actor: CommandActor, context: ExecuteContext, permission: string = planTags.save, idempotencyKey?: string): Promise<StoredPlan> {
  requireValidPlan(tasks);
  await execute(
    {
      name: "gantt.savePlan",
      permission,
      ...(idempotencyKey ? { idempotencyKey } : {}),
      async decide({ db, at }) {
        if (!(await projectOf(db, projectId))) throw notFound(projectFamily.label);
        const { writes } = await planWrites(db, projectId, tasks, at);
        return { writes, answer: null };
      },
    },
    actor,
    context,
  );
  return readPlan(context.db, projectId);
}
