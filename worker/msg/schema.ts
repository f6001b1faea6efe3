/**
 * Read models of the message centre. Both are projections of the engine's `flow.*` events and the
 * module's own `msg.*` events (JS replay), so a rebuild recreates every message and every read mark.
 */
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * One message for one user. The text is not stored: it is rendered at read time from the template
 * (`template_code`) in the request's language, with `params` (JSON) taken from the event.
 */
export const msgDetail = sqliteTable(
  "msg_detail",
  {
    /** `<stream>:<version>:<n>`: the event that made it and the n-th person it told (stable across rebuilds) */
    id: text("id").primaryKey(),
    userId: text("user_id").notNull(),
    /** new-task, returned, rejected, copied, urged, finished, timer, system */
    type: text("type").notNull(),
    templateCode: text("template_code").notNull(),
    params: text("params").notNull(),
    procInsId: text("proc_ins_id"),
    taskId: text("task_id"),
    /** 1 while the task it announces still waits for this user */
    todo: integer("todo").notNull().default(0),
    read: integer("read").notNull().default(0),
    readTime: text("read_time"),
    /** ISO instant of the event */
    createTime: text("create_time").notNull(),
  },
  (t) => [
    index("msg_detail_user_read_idx").on(t.userId, t.read, t.createTime),
    index("msg_detail_user_time_idx").on(t.userId, t.createTime),
    index("msg_detail_user_todo_idx").on(t.userId, t.todo, t.createTime),
    index("msg_detail_task_idx").on(t.taskId),
    index("msg_detail_proc_idx").on(t.procInsId),
  ],
);

/** The process name and initiator per instance, so later events' messages (return, end) can name them. */
export const msgProcess = sqliteTable("msg_process", {
  procInsId: text("proc_ins_id").primaryKey(),
  name: text("name").notNull(),
  deployId: text("deploy_id"),
  startUserId: text("start_user_id"),
  startUserName: text("start_user_name"),
});
