/**
 * A task's state, decided by pure rules from what the task records (its window, its recorded status) and
 * today's date — never stored, so a task becomes overdue at midnight without anything being written.
 * The same rules as SQL (`stateSql`) let the board count states in one grouped query; tests hold the two
 * to the same answers.
 *
 *   done        the task was finished (recorded status done)
 *   cancelled   the task was called off
 *   overdue     not done and its deadline is before today (no deadline, never overdue)
 *   inProgress  followed up (recorded status inProgress), deadline not passed
 *   notStarted  nothing done yet, deadline not passed
 */
export const taskStates = ["notStarted", "inProgress", "done", "overdue"] as const;
export type TaskState = (typeof taskStates)[number] | "cancelled";

export interface TaskFacts {
  /** the recorded status: notStarted, inProgress, done, cancelled (the dictionary taskStatus) */
  status: string | null;
  /** the last day of the window, YYYY-MM-DD */
  deadline: string | null;
}

export function taskState(task: TaskFacts, today: string): TaskState {
  if (task.status === "done") return "done";
  if (task.status === "cancelled") return "cancelled";
  if (task.deadline && task.deadline < today) return "overdue";
  return task.status === "inProgress" ? "inProgress" : "notStarted";
}

/** Whether a task still waits for work (reminders and warnings look only at these). */
export const isOpen = (state: TaskState) => state === "notStarted" || state === "inProgress" || state === "overdue";

/** `taskState` over the task table as `alias`, today bound as the one `?` it contains. */
export function stateSql(alias: string): string {
  return `CASE WHEN ${alias}.status = 'done' THEN 'done' WHEN ${alias}.status = 'cancelled' THEN 'cancelled' WHEN ${alias}.deadline <> '' AND ${alias}.deadline < ?1 THEN 'overdue' WHEN ${alias}.status = 'inProgress' THEN 'inProgress' ELSE 'notStarted' END`;
}

export { chinaDate } from "../time.ts";

/** `date` moved by `days` (YYYY-MM-DD in, YYYY-MM-DD out). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** What a follow-up may set: the recorded status moves forward only (done stays done). */
export function nextStatus(current: string | null, requested: "inProgress" | "done" | "cancelled"): string | null {
  if (current === "done" || current === "cancelled") return null;
  if (requested === "inProgress" && current === "inProgress") return "inProgress";
  return requested;
}
