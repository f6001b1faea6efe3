/**
 * The tasks module's own read model: the reminders already sent, one row per task, kind and deadline. Its
 * key is the "never twice" rule: a task is reminded of a kind once per deadline (a moved deadline may be
 * reminded again), and a second insert of the same key fails the whole append.
 */
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const taskReminder = sqliteTable(
  "task_reminder",
  {
    taskId: text("task_id").notNull(),
    /** due (deadline near), overdue (deadline passed), stale (no follow-up for N days: the plan's owner is warned) */
    kind: text("kind").notNull(),
    /** the task's deadline when reminded */
    dueDate: text("due_date").notNull(),
    /** who was told: the assignee, or the plan's owner for a stale task */
    userId: text("user_id").notNull(),
    planId: text("plan_id"),
    /** the message posted with it (msg module) */
    msgId: text("msg_id").notNull(),
    /** ISO instant */
    at: text("at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.kind, t.dueDate] }), index("task_reminder_user_at_idx").on(t.userId, t.at)],
);

/**
 * Tasks counted by what their state depends on (plan, assignee, kind, recorded status, window): the tasks of
 * one distribution share plan and window, so the board sums a few thousand rows instead of scanning every
 * task. Empty strings stand for absent values (a key column cannot hold NULL and still match itself).
 */
export const taskSummary = sqliteTable(
  "task_summary",
  {
    taskPlanId: text("task_plan_id").notNull(),
    receiverId: text("receiver_id").notNull(),
    visitKind: text("visit_kind").notNull(),
    status: text("status").notNull(),
    deadline: text("deadline").notNull(),
    startDate: text("start_date").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [primaryKey({ columns: [t.taskPlanId, t.receiverId, t.visitKind, t.status, t.deadline, t.startDate] }), index("task_summary_receiver_idx").on(t.receiverId, t.status, t.deadline)],
);
