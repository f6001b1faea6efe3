/**
 * A follow-up of one task, decided on its stream as read: who may follow it up (its assignee, or someone
 * holding the task update tag), the recorded status moving forward only (a done or cancelled task is
 * refused), and the patch it writes (followUpAt, doneAt when done, the result). Pure apart from the events
 * handed in; the task follow-up verb and a recorded visit (worker/visits) both append this one write.
 */
import type { StoredEvent, StreamWrite } from "../store/types.ts";
import { DomainError, codes, notFound } from "../errors.ts";
import { decide, fold, type RecordValues } from "../resources/decide.ts";
import { streamOf } from "../resources/commands.ts";
import { headOf } from "../store/read.ts";
import { displayTime } from "../time.ts";
import { taskFamily } from "./distribute.ts";
import { chinaDate, nextStatus, taskState, type TaskState } from "./state.ts";

export interface FollowUp {
  status: "inProgress" | "done" | "cancelled";
  handleResult?: string | undefined;
  /** the refusal when the task is already done or cancelled @default "taskClosed" */
  closed?: "taskClosed" | "taskClosedForVisit";
}

/** Who follows up: their id, and whether they may follow up someone else's task. */
export interface Follower {
  id: string;
  mayFollowOthers: boolean;
}

export interface FollowUpDecision {
  write: StreamWrite;
  /** the task as it was read (before the follow-up) */
  task: RecordValues;
  version: number;
  state: TaskState;
}

/** The stream of a task (what a command names to read it). */
export const taskStream = (id: string) => streamOf(taskFamily, id);

/** Decides a follow-up of task `id` from its events at instant `at`; refuses before anything is written. */
export function followUpWrite(id: string, events: StoredEvent[], by: Follower, request: FollowUp, at: string): FollowUpDecision {
  const state = fold(taskFamily, events);
  if (!state.record) throw notFound(taskFamily.label);
  const task = state.record;
  if (task.receiverId !== by.id && !by.mayFollowOthers) throw new DomainError(codes.forbidden, "forbidden", { perm: taskFamily.tags.update });
  const status = nextStatus((task.status as string | null) ?? null, request.status);
  if (!status) throw new DomainError(codes.validation, request.closed ?? "taskClosed");
  const now = displayTime(at);
  const patch = { status, followUpAt: now, readFlag: true, ...(status === "done" ? { doneAt: now } : {}), ...(request.handleResult !== undefined ? { handleResult: request.handleResult } : {}) };
  const head = headOf(events);
  const write = { stream: taskStream(id), head, events: decide(taskFamily, { kind: "update", id, patch, action: "followUp" }, state) };
  const deadline = (task.deadline as string | null) ?? null;
  return { write, task, version: head.version + write.events.length, state: taskState({ status, deadline }, chinaDate(Date.parse(at))) };
}
