/**
 * Distributing a plan: one task (a taskMsg record) per target enterprise and assignee, and the plan marked
 * distributed, in one append — all of it or nothing. A plan already distributed is refused and nothing is
 * written; two distributions racing clash on the plan's stream head and the second is refused the same way.
 */
import type { Family } from "../../events/family.ts";
import { taskMsg, taskPlan } from "../../events/families/casework.ts";
import type { StoredEvent, StreamWrite } from "../store/types.ts";
import type { Command } from "../commands/execute.ts";
import { DomainError, codes, notFound } from "../errors.ts";
import { decide, fold, type RecordValues } from "../resources/decide.ts";
import { headOf } from "../store/read.ts";
import { newCreate, streamOf } from "../resources/commands.ts";
import { displayTime } from "../time.ts";

export const planFamily = taskPlan as unknown as Family;
export const taskFamily = taskMsg as unknown as Family;

/** Tasks one distribution makes at most (enterprises × assignees): one D1 batch stays well within its limits. */
export const maxTasksPerDistribution = 2000;

export interface PlannedTask {
  creditCode: string;
  entName: string;
  receiverId: string;
}

/**
 * The tasks a plan gives, decided from the plan alone (pure): every target × every assignee, each once
 * (a target or assignee listed twice counts once). Refuses a distributed plan, one without targets or
 * assignees, and one over the cap.
 */
export function plannedTasks(plan: RecordValues): PlannedTask[] {
  if (plan.distributedAt) throw new DomainError(codes.validation, "planAlreadyDistributed", { at: String(plan.distributedAt) });
  const targets = [...new Map(((plan.targets as { creditCode: string; entName: string }[] | null) ?? []).map((t) => [t.creditCode, t])).values()];
  const assignees = [...new Set((plan.assignees as string[] | null) ?? [])];
  if (!targets.length) throw new DomainError(codes.validation, "planNotDistributable", { what: "目标企业 / target enterprises" });
  if (!assignees.length) throw new DomainError(codes.validation, "planNotDistributable", { what: "执行人员 / assignees" });
  const count = targets.length * assignees.length;
  if (count > maxTasksPerDistribution) throw new DomainError(codes.validation, "planTooManyTasks", { max: maxTasksPerDistribution, count });
  return targets.flatMap((t) => assignees.map((receiverId) => ({ creditCode: t.creditCode, entName: t.entName, receiverId })));
}

/** The task record of one planned task: the plan's window, kind and title. */
export function taskRecord(plan: RecordValues, planId: string, task: PlannedTask): RecordValues {
  return {
    creditCode: task.creditCode,
    entName: task.entName,
    title: String(plan.title),
    msgType: "visit",
    taskPlanId: planId,
    receiverId: task.receiverId,
    content: (plan.content as string | null) ?? null,
    startDate: plan.startDate,
    deadline: plan.endDate,
    visitKind: (plan.visitKind as string | null) ?? "zf",
    readFlag: false,
    status: "notStarted",
  };
}

/** The writes of a distribution decided on the plan's stream as read; `idOf` names the tasks (the demo's are fixed). */
export function distributionWrites(planId: string, events: StoredEvent[], at: string, idOf: (n: number) => string = () => crypto.randomUUID()): { writes: StreamWrite[]; taskIds: string[] } {
  const state = fold(planFamily, events);
  if (!state.record) throw notFound(planFamily.label);
  const plan = state.record;
  const tasks = plannedTasks(plan);
  const creates = tasks.map((task, n) => newCreate(taskFamily, taskRecord(plan, planId, task), idOf(n)));
  const patch = { distributedAt: displayTime(at), taskCount: tasks.length, status: "inProgress" };
  const planWrite: StreamWrite = { stream: streamOf(planFamily, planId), head: headOf(events), events: decide(planFamily, { kind: "update", id: planId, patch, action: "distribute" }, state) };
  return { writes: [planWrite, ...creates], taskIds: creates.map((w) => w.stream.slice(taskFamily.name.length + 1)) };
}

/** The command: reads the plan's stream, decides, appends plan and tasks together. */
export function distributeCommand(planId: string): Command<{ planId: string; taskCount: number; taskIds: string[] }> {
  const stream = streamOf(planFamily, planId);
  return {
    name: "tasks.distribute",
    permission: planFamily.tags.update,
    streams: [stream],
    // a distribution racing this one appended first: decide again, and be refused as already distributed
    retries: 2,
    decide({ streams, at }) {
      const { writes, taskIds } = distributionWrites(planId, streams.get(stream) ?? [], at);
      return { writes, answer: { planId, taskCount: taskIds.length, taskIds } };
    },
  };
}
