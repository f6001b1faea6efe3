/**
 * The reminders sent, as a projection of `tasks.reminded` events (one per recipient and command, listing
 * the tasks it told them about), so `npm run rebuild` recreates the ledger from the log like every read model.
 */
import type { Projection, StoredEvent } from "../store/types.ts";
import { logAs } from "../store/sql.ts";
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

const insert =
  "INSERT INTO task_reminder (task_id, kind, due_date, user_id, plan_id, msg_id, at) " +
  "SELECT json_extract(i.value, '$.taskId'), ?1, json_extract(i.value, '$.dueDate'), ?2, json_extract(i.value, '$.planId'), ?3, ?4 FROM json_each(?5) i";

export const reminderProjection: Projection = {
  name: "task_reminder",
  tables: ["task_reminder"],
  canHandle: [remindedType],
  project(events: StoredEvent[]) {
    return events
      .filter((e) => e.type === remindedType)
      .map((e) => {
        const d = e.data as unknown as TaskEvents["tasks.reminded"];
        return { sql: insert, params: [d.kind, d.userId, d.msgId, e.at, JSON.stringify(d.items)] };
      });
  },
  rebuildRange(from: number, to: number) {
    return [
      {
        sql:
          "INSERT INTO task_reminder (task_id, kind, due_date, user_id, plan_id, msg_id, at) " +
          "SELECT json_extract(i.value, '$.taskId'), json_extract(e.data, '$.kind'), json_extract(i.value, '$.dueDate'), json_extract(e.data, '$.userId'), json_extract(i.value, '$.planId'), json_extract(e.data, '$.msgId'), e.at " +
          `FROM ${logAs("e")} CROSS JOIN json_each(json_extract(e.data, '$.items')) i WHERE e.type = ?1 AND e.position > ?2 AND e.position <= ?3`,
        params: [remindedType, from, to],
      },
    ];
  },
};

const summaryKeys = ["taskPlanId", "receiverId", "visitKind", "status", "deadline", "startDate"].map((field) => ({ column: field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), of: keyValue(field) }));

const summaryColumns = summaryKeys.map((k) => k.column).join(", ");

/** Tasks counted by plan, assignee, kind, status and window, kept in step with the task family's events. */
export const summaryProjection = (family: CountedSource & { table: string }): Projection =>
  countedProjection({ name: "task_summary", table: "task_summary", source: family, keys: summaryKeys, fromTable: summaryFromTasks(family.table) });

/** The summary recomputed from the task table (a rebuild, and the migration that introduced it). */
export const summaryFromTasks = (table: string) =>
  `INSERT INTO task_summary (${summaryColumns}, n) SELECT COALESCE(task_plan_id, ''), COALESCE(receiver_id, ''), COALESCE(visit_kind, ''), COALESCE(status, ''), COALESCE(deadline, ''), COALESCE(start_date, ''), COUNT(*) FROM ${table} GROUP BY 1, 2, 3, 4, 5, 6`;
