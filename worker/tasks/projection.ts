/**
 * The reminders sent, as a projection of `tasks.reminded` events (one per recipient and command, listing
 * the tasks it told them about), so `npm run rebuild` recreates the ledger from the log like every read model.
 */
import type { Projection } from "../store/types.ts";
import { ledgerProjection } from "../store/ledger.ts";
import { countedProjection, keyValue, type CountedSource } from "../store/counted.ts";

export interface RemindedItem {
  taskId: string;
  dueDate: string;
  planId: string | null;
}

export interface TaskEvents {
  "tasks.reminded": { kind: "due" | "overdue" | "stale"; userId: string; msgId: string; items: RemindedItem[] };
}

export const remindedType = "tasks.reminded";

export const reminderProjection = ledgerProjection({
  table: "task_reminder",
  eventType: remindedType,
  items: "$.items",
  columns: { task_id: { item: "$.taskId" }, kind: { data: "$.kind" }, due_date: { item: "$.dueDate" }, user_id: { data: "$.userId" }, plan_id: { item: "$.planId" }, msg_id: { data: "$.msgId" }, at: "at" },
});

const summaryKeys = ["taskPlanId", "receiverId", "visitKind", "status", "deadline", "startDate"].map((field) => ({ column: field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), of: keyValue(field) }));

const summaryColumns = summaryKeys.map((k) => k.column).join(", ");

/** Tasks counted by plan, assignee, kind, status and window, kept in step with the task family's events. */
export const summaryProjection = (family: CountedSource & { table: string }): Projection =>
  countedProjection({ name: "task_summary", table: "task_summary", source: family, keys: summaryKeys, fromTable: summaryFromTasks(family.table) });

/** The summary recomputed from the task table (a rebuild, and the migration that introduced it). */
export const summaryFromTasks = (table: string) =>
  `INSERT INTO task_summary (${summaryColumns}, n) SELECT COALESCE(task_plan_id, ''), COALESCE(receiver_id, ''), COALESCE(visit_kind, ''), COALESCE(status, ''), COALESCE(deadline, ''), COALESCE(start_date, ''), COUNT(*) FROM ${table} GROUP BY 1, 2, 3, 4, 5, 6`;
