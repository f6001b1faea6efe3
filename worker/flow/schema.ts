/**
 * The workflow's read models: deployments (published versions), instances, open tasks with the inbox that
 * makes a todo list one index range, finished tasks, copies, the flow record, armed timers. Every table is
 * a projection of events (worker/flow/projection.ts), emptied and replayed on rebuild.
 */
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** A published version of a model: its XML and compiled model, what an instance is pinned to. */
export const flowDeployment = sqliteTable(
  "flow_deployment",
  {
    deployId: text("deploy_id").primaryKey(),
    modelId: text("model_id"),
    key: text("key").notNull(),
    version: integer("version").notNull(),
    name: text("name").notNull(),
    formCode: text("form_code"),
    xml: text("xml").notNull(),
    model: text("model").notNull(),
    tree: text("tree"),
    deployTime: text("deploy_time").notNull(),
    deployedBy: text("deployed_by"),
  },
  (t) => [uniqueIndex("flow_deployment_key_version_uq").on(t.key, t.version)],
);

export const flowInstance = sqliteTable(
  "flow_instance",
  {
    procInsId: text("proc_ins_id").primaryKey(),
    deployId: text("deploy_id").notNull(),
    key: text("key").notNull(),
    version: integer("version").notNull(),
    name: text("name").notNull(),
    businessKey: text("business_key"),
    /** what the instance is about, as its starter names it (InstanceAbout): the lists show it */
    applicant: text("applicant"),
    subject: text("subject"),
    initiatorId: text("initiator_id").notNull(),
    initiatorName: text("initiator_name").notNull(),
    status: text("status").notNull(),
    startTime: text("start_time").notNull(),
    endTime: text("end_time"),
    /** user-task nodes with a live activation (a multiset: one entry per activation) */
    activeNodes: text("active_nodes").notNull(),
    doneNodes: text("done_nodes").notNull(),
    endNodes: text("end_nodes").notNull(),
    variables: text("variables").notNull(),
    streamVersion: integer("stream_version").notNull(),
  },
  (t) => [
    index("flow_instance_initiator_idx").on(t.initiatorId, t.startTime, t.procInsId),
    index("flow_instance_status_idx").on(t.status, t.startTime, t.procInsId),
    index("flow_instance_start_idx").on(t.startTime, t.procInsId),
  ],
);

/** Open (or waiting) tasks. */
export const flowTask = sqliteTable(
  "flow_task",
  {
    taskId: text("task_id").primaryKey(),
    procInsId: text("proc_ins_id").notNull(),
    deployId: text("deploy_id"),
    nodeKey: text("node_key").notNull(),
    name: text("name").notNull(),
    assigneeId: text("assignee_id"),
    assigneeName: text("assignee_name"),
    ownerId: text("owner_id"),
    candidateUsers: text("candidate_users").notNull(),
    candidateGroups: text("candidate_groups").notNull(),
    procDefName: text("proc_def_name").notNull(),
    procDefKey: text("proc_def_key"),
    startUserId: text("start_user_id"),
    startUserName: text("start_user_name"),
    createTime: text("create_time").notNull(),
    state: text("state").notNull(),
  },
  (t) => [index("flow_task_proc_idx").on(t.procInsId), index("flow_task_create_idx").on(t.createTime, t.taskId)],
);

/** Who may pick up an open task: `u:<userId>` (assignee or candidate user) or `g:<roleId>` (candidate group). */
export const flowInbox = sqliteTable(
  "flow_inbox",
  {
    who: text("who").notNull(),
    taskId: text("task_id").notNull(),
    createTime: text("create_time").notNull(),
  },
  (t) => [primaryKey({ columns: [t.who, t.taskId] }), index("flow_inbox_who_time_idx").on(t.who, t.createTime, t.taskId), index("flow_inbox_task_idx").on(t.taskId)],
);

/** Open tasks per inbox key, kept with the inbox: a todo list's total without counting its rows. */
export const flowInboxCount = sqliteTable("flow_inbox_count", {
  who: text("who").primaryKey(),
  n: integer("n").notNull(),
});

/** Tasks a user acted on (approved, returned, rejected…): the finished list. */
export const flowDone = sqliteTable(
  "flow_done",
  {
    userId: text("user_id").notNull(),
    taskId: text("task_id").notNull(),
    procInsId: text("proc_ins_id").notNull(),
    taskName: text("task_name").notNull(),
    taskDefKey: text("task_def_key").notNull(),
    procDefName: text("proc_def_name").notNull(),
    procDefKey: text("proc_def_key"),
    startUserName: text("start_user_name"),
    createTime: text("create_time").notNull(),
    endTime: text("end_time").notNull(),
    outcome: text("outcome").notNull(),
    comment: text("comment"),
  },
  (t) => [primaryKey({ columns: [t.userId, t.taskId] }), index("flow_done_user_end_idx").on(t.userId, t.endTime, t.taskId), index("flow_done_proc_idx").on(t.procInsId)],
);

/** Copies (抄送): who got one, of which instance, from whom. */
export const flowCc = sqliteTable(
  "flow_cc",
  {
    userId: text("user_id").notNull(),
    procInsId: text("proc_ins_id").notNull(),
    procDefName: text("proc_def_name"),
    startUserName: text("start_user_name"),
    byName: text("by_name"),
    nodeKey: text("node_key"),
    comment: text("comment"),
    createTime: text("create_time").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.procInsId] }), index("flow_cc_user_time_idx").on(t.userId, t.createTime, t.procInsId), index("flow_cc_proc_idx").on(t.procInsId)],
);

/** The flow record: one row per task (updated as it is acted on) and per instance-level action. */
export const flowRecord = sqliteTable(
  "flow_record",
  {
    procInsId: text("proc_ins_id").notNull(),
    seq: integer("seq").notNull(),
    taskId: text("task_id"),
    nodeKey: text("node_key"),
    nodeName: text("node_name"),
    action: text("action").notNull(),
    byId: text("by_id"),
    byName: text("by_name"),
    assigneeName: text("assignee_name"),
    comment: text("comment"),
    startTime: text("start_time").notNull(),
    endTime: text("end_time"),
    durationMs: integer("duration_ms"),
    /** the stream version of the event that acted (closed a task's row, or the action itself); null while pending: the record's order */
    actionSeq: integer("action_seq"),
  },
  (t) => [primaryKey({ columns: [t.procInsId, t.seq] }), index("flow_record_task_idx").on(t.taskId)],
);

/** Armed timers (boundary timers of user tasks), fired by the cron trigger when due. */
export const flowTimer = sqliteTable(
  "flow_timer",
  {
    timerId: text("timer_id").notNull(),
    procInsId: text("proc_ins_id").notNull(),
    taskId: text("task_id"),
    dueAt: text("due_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.procInsId, t.timerId] }), index("flow_timer_due_idx").on(t.dueAt)],
);
