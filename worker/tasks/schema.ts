/**
 * The tasks module's own read model: the reminders already sent, one row per task, kind and deadline. Its
 * key is the "never twice" rule: a task is reminded of a kind once per deadline (a moved deadline may be
 * reminded again), and a second insert of the same key fails the whole append.
 */
import { index, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

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
