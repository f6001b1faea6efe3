/**
 * Reminders, run by the cron trigger every minute (a module job) and offered as the registered handler
 * `taskReminder.run` for a scheduled job: tasks whose deadline is near (due) or passed (overdue) remind their
 * assignee, and tasks not followed up within N days of their start (config `taskFollowUpDays`, default 3)
 * warn the plan's owner. A message goes to each recipient in the message centre with the ledger rows of
 * the tasks it covers (`tasks.reminded`, projected into task_reminder) in the same append, so a task is
 * never reminded twice of the same kind for the same deadline. The work is cut into chunks of tasks, one
 * command each, walked in (recipient, id) order within a time budget; what is left waits for the next tick.
 */
import * as z from "zod";
import { l } from "../../events/family.ts";
import type { MessagePoint } from "../../events/families/msg.ts";
import type { EventStore } from "../store/index.ts";
import type { StreamWrite } from "../store/types.ts";
import { execute, principal } from "../commands/execute.ts";
import { postMessage } from "../msg/post.ts";
import type { RegisteredHandler } from "../jobs/handler.ts";
import { addDays, chinaDate } from "./state.ts";
import { configValue, reminderCandidates, type ReminderCandidate, type ReminderKind } from "./queries.ts";
import { remindedType, type TaskEvents } from "./projection.ts";
import { giveWay } from "../background.ts";
import { lazySchema } from "../../events/lazy.ts";

export const followUpDaysKey = "taskFollowUpDays";
const defaultFollowUpDays = 3;
/** Days before the deadline a task counts as due. */
const dueWithinDays = 1;

export interface ReminderOptions {
  /** tasks per command (one append) */
  chunk?: number;
  /** stop starting chunks after this long (ms); the rest waits for the next tick */
  budgetMs?: number;
}

export interface ReminderOutcome {
  /** tasks reminded per kind */
  due: number;
  overdue: number;
  stale: number;
  messages: number;
  /** false when the budget ran out before every candidate was reminded */
  complete: boolean;
}

/** Each kind its own message point and template, so the message centre names and filters them apart. */
const messageOf = {
  due: { type: "task-due", templateCode: "taskDue" },
  overdue: { type: "task-overdue", templateCode: "taskOverdue" },
  stale: { type: "task-stale", templateCode: "taskStale" },
} as const satisfies Record<ReminderKind, { type: MessagePoint; templateCode: string }>;

/** The writes of one chunk (pure): per recipient one message and one ledger event naming its tasks. */
export function reminderWrites(kind: ReminderKind, tasks: ReminderCandidate[], followUpDays: number): StreamWrite[] {
  const byRecipient = new Map<string, ReminderCandidate[]>();
  for (const task of tasks) {
    const to = kind === "stale" ? task.ownerId : task.receiverId;
    if (!to) continue;
    byRecipient.set(to, [...(byRecipient.get(to) ?? []), task]);
  }
  const writes: StreamWrite[] = [];
  for (const [userId, mine] of byRecipient) {
    const msgId = crypto.randomUUID();
    const names = [...new Set(mine.map((t) => t.entName ?? t.title))].slice(0, 3).join("、");
    const deadline = mine.map((t) => t.deadline).sort()[0]!;
    writes.push(postMessage({ userIds: [userId], ...messageOf[kind], params: { count: mine.length, names, deadline, days: followUpDays } }, msgId));
    const data: TaskEvents["tasks.reminded"] = { kind, userId, msgId, items: mine.map((t) => ({ taskId: t.id, dueDate: t.deadline, planId: t.planId })) };
    writes.push({ stream: `taskreminder:${msgId}`, head: { version: 0, hash: "" }, events: [{ type: remindedType, data: data as unknown as Record<string, unknown> }] });
  }
  return writes;
}

/** The chunk's writes and what they did: the tasks the ledger events name, one message per recipient. */
function answerOf(writes: StreamWrite[]) {
  const ledger = writes.filter((w) => w.events[0]?.type === remindedType);
  const tasks = ledger.reduce((n, w) => n + (w.events[0]!.data as unknown as TaskEvents["tasks.reminded"]).items.length, 0);
  return { writes, answer: { tasks, messages: ledger.length } };
}

/** A unique-key clash on the ledger: a concurrent tick reminded some of these tasks first. */
const isLedgerClash = (error: unknown) => /UNIQUE constraint failed: task_reminder/.test(String((error as Error)?.message ?? error));

export async function runReminders(db: D1Database, store: EventStore, now: number, options: ReminderOptions = {}): Promise<ReminderOutcome> {
  const chunk = options.chunk ?? 1000;
  const deadlineMs = Date.now() + (options.budgetMs ?? 20_000);
  const today = chinaDate(now);
  const followUpDays = Math.max(1, Math.min(365, Number(await configValue(db, followUpDaysKey)) || defaultFollowUpDays));
  const bounds = { dueUntil: addDays(today, dueWithinDays), staleStart: addDays(today, -followUpDays) };
  const outcome: ReminderOutcome = { due: 0, overdue: 0, stale: 0, messages: 0, complete: true };
  const actor = principal("scheduler");
  for (const kind of ["overdue", "due", "stale"] as const) {
    let after = { receiverId: "", id: "" };
    for (;;) {
      if (Date.now() > deadlineMs) return { ...outcome, complete: false };
      await giveWay();
      const tasks = await reminderCandidates(db, kind, today, bounds, after, chunk);
      if (!tasks.length) break;
      const last = tasks[tasks.length - 1]!;
      after = { receiverId: last.receiverId, id: last.id };
      let attempt = 0;
      const sent = await execute(
        {
          name: "tasks.remind",
          retries: 2,
          isClash: isLedgerClash,
          async decide({ db: again }) {
            if (attempt++ === 0) {
              return answerOf(reminderWrites(kind, tasks, followUpDays));
            }
            // a concurrent tick reminded some of them first: keep only the tasks still owing this reminder
            const fresh = await reminderCandidates(again, kind, today, bounds, { receiverId: tasks[0]!.receiverId, id: "" }, chunk * 2);
            const owing = new Set(fresh.map((t) => t.id));
            const mine = tasks.filter((t) => owing.has(t.id));
            return answerOf(reminderWrites(kind, mine, followUpDays));
          },
        },
        actor,
        { db, store, at: new Date(now).toISOString() },
      );
      outcome[kind] += sent.tasks;
      outcome.messages += sent.messages;
      if (tasks.length < chunk) break;
    }
  }
  return outcome;
}

export const reminderHandler: RegisteredHandler = {
  bean: "taskReminder",
  method: "run",
  label: l("任务到期与逾期提醒", "Task due and overdue reminders"),
  params: lazySchema(() => z.object({ chunk: z.number().int().min(50).max(5000).default(1000).describe("每批任务数 / tasks per batch") })),
  async run({ env, store, now }, { chunk }) {
    const r = await runReminders(env.DB, store, now, { chunk });
    const reminded = r.due + r.overdue + r.stale;
    return { read: reminded, written: r.messages, message: `${r.overdue} overdue, ${r.due} due, ${r.stale} not followed up; ${r.messages} messages${r.complete ? "" : " (continues next run)"}` };
  },
};
