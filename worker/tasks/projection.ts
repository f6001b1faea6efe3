/**
 * The reminders sent, as a projection of `tasks.reminded` events (one per recipient and command, listing
 * the tasks it told them about), so `npm run rebuild` recreates the ledger from the log like every read model.
 */
import type { Projection, StoredEvent } from "../store/types.ts";
import { logAs } from "../store/sql.ts";

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

/** The summary's key of a task record (worker/tasks/schema.ts taskSummary): '' for an absent value. */
const keyOf = (r: Record<string, unknown>) => ["taskPlanId", "receiverId", "visitKind", "status", "deadline", "startDate"].map((k) => (r[k] === null || r[k] === undefined ? "" : String(r[k])));

const summaryColumns = "task_plan_id, receiver_id, visit_kind, status, deadline, start_date";

/** Tasks counted by plan, assignee, kind, status and window, kept in step with the task family's events. */
export function summaryProjection(family: { events: { created: string; updated: string; deleted: string; restored: string }; table: string }): Projection {
  const { created, updated, deleted, restored } = family.events;
  return {
    name: "task_summary",
    tables: ["task_summary"],
    canHandle: [created, updated, deleted, restored],
    project(events: StoredEvent[]) {
      const deltas: (string | number)[][] = [];
      for (const e of events) {
        const d = e.data as { record?: Record<string, unknown>; changes?: Record<string, [unknown, unknown]> };
        if (!d.record) continue;
        if (e.type === created || e.type === restored) deltas.push([...keyOf(d.record), 1]);
        else if (e.type === deleted) deltas.push([...keyOf(d.record), -1]);
        else if (e.type === updated && d.changes) {
          const before = { ...d.record, ...Object.fromEntries(Object.entries(d.changes).map(([k, [was]]) => [k, was])) };
          const [from, to] = [keyOf(before), keyOf(d.record)];
          if (from.join("\u0000") !== to.join("\u0000")) deltas.push([...from, -1], [...to, 1]);
        }
      }
      if (!deltas.length) return [];
      const json = JSON.stringify(deltas);
      return [
        {
          sql:
            `INSERT INTO task_summary (${summaryColumns}, n) SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'), json_extract(value, '$[3]'), json_extract(value, '$[4]'), json_extract(value, '$[5]'), json_extract(value, '$[6]') ` +
            `FROM json_each(?) WHERE true ON CONFLICT(${summaryColumns}) DO UPDATE SET n = n + excluded.n`,
          params: [json],
        },
        ...(deltas.some((x) => (x[6] as number) < 0) ? [{ sql: "DELETE FROM task_summary WHERE n = 0", params: [] }] : []),
      ];
    },
    // replayed from the task table once it is rebuilt
    rebuildRange: () => [],
    afterRebuild: () => [{ sql: summaryFromTasks(family.table), params: [] }],
  };
}

/** The summary recomputed from the task table (a rebuild, and the migration that introduced it). */
export const summaryFromTasks = (table: string) =>
  `INSERT INTO task_summary (${summaryColumns}, n) SELECT COALESCE(task_plan_id, ''), COALESCE(receiver_id, ''), COALESCE(visit_kind, ''), COALESCE(status, ''), COALESCE(deadline, ''), COALESCE(start_date, ''), COUNT(*) FROM ${table} GROUP BY 1, 2, 3, 4, 5, 6`;
