/**
 * The workflow's read models as projections of the instance streams (`flow.*`) and of the deployments
 * (`flowable.deployment.published`). Each event becomes a few statements; whatever a row needs from an
 * earlier event (an instance's name for a copy, a task's name for the finished list) is read in SQL from
 * the rows earlier events left, so projecting needs no lookups in the Worker. Rebuilt by replaying the
 * events through these same functions (replayPass), never by SQL over the events table.
 */
import type { Projection, Statement, StoredEvent } from "../store/types.ts";
import { replayPass } from "../store/replay.ts";
import { displayTime } from "../time.ts";
import { flowEventTypes, instanceOfStream, type FlowEvents } from "./engine/events.ts";
import type { Person } from "./engine/types.ts";

export const deploymentPublished = "flowable.deployment.published";
export const deploymentStream = (deployId: string) => `flowable.deployment:${deployId}`;

/** What a publish records: the version and everything an instance pinned to it needs. */
export interface DeploymentPublished {
  deployId: string;
  modelId: string | null;
  key: string;
  version: number;
  name: string;
  formCode: string | null;
  xml: string;
  /** the compiled model (CompiledModel) */
  model: unknown;
  tree: unknown;
}

type Value = string | number | null;
const st = (sql: string, ...params: Value[]): Statement => ({ sql, params });
/** (flow.* events live only on instance streams) */
const procOf = (e: StoredEvent) => instanceOfStream(e.stream)!;
const json = (v: unknown) => JSON.stringify(v ?? null);

const flowTables = ["flow_instance", "flow_task", "flow_inbox", "flow_inbox_count", "flow_done", "flow_cc", "flow_record", "flow_timer"];

// ---------------------------------------------------------------- reusable statements

/** Adds a value to a JSON array column unless present. */
const addToList = (column: string, procInsId: string, value: string) =>
  st(`UPDATE flow_instance SET ${column} = json_insert(${column}, '$[#]', ?2) WHERE proc_ins_id = ?1 AND NOT EXISTS (SELECT 1 FROM json_each(${column}) WHERE value = ?2)`, procInsId, value);

/** The inbox keys a task leaves: their counts go down first. */
const leaveInbox = (taskId: string): Statement[] => [
  st("UPDATE flow_inbox_count SET n = n - 1 WHERE who IN (SELECT who FROM flow_inbox WHERE task_id = ?)", taskId),
  st("DELETE FROM flow_inbox WHERE task_id = ?", taskId),
];

/** The inbox of a task follows its row: the assignee, else every candidate user and group; only while open. */
const refreshInbox = (taskId: string): Statement[] => [
  ...leaveInbox(taskId),
  st("INSERT OR IGNORE INTO flow_inbox (who, task_id, create_time) SELECT 'u:' || assignee_id, task_id, create_time FROM flow_task WHERE task_id = ? AND state = 'open' AND assignee_id IS NOT NULL", taskId),
  st(
    "INSERT OR IGNORE INTO flow_inbox (who, task_id, create_time) SELECT 'u:' || json_extract(j.value, '$.id'), t.task_id, t.create_time FROM flow_task t, json_each(t.candidate_users) j WHERE t.task_id = ? AND t.state = 'open' AND t.assignee_id IS NULL",
    taskId,
  ),
  st(
    "INSERT OR IGNORE INTO flow_inbox (who, task_id, create_time) SELECT 'g:' || json_extract(j.value, '$.id'), t.task_id, t.create_time FROM flow_task t, json_each(t.candidate_groups) j WHERE t.task_id = ? AND t.state = 'open' AND t.assignee_id IS NULL",
    taskId,
  ),
  st("INSERT INTO flow_inbox_count (who, n) SELECT who, 1 FROM flow_inbox WHERE task_id = ? ON CONFLICT(who) DO UPDATE SET n = n + 1", taskId),
];

const dropTask = (taskId: string): Statement[] => [...leaveInbox(taskId), st("DELETE FROM flow_task WHERE task_id = ?", taskId)];

/** Every task of an instance leaves (it ended or was deleted). */
const dropTasksOf = (procInsId: string): Statement[] => [
  // counted per key from the instance's own tasks (task index, then inbox by task): a correlated count per
  // key would walk that key's whole inbox, which grows with every open task of a role
  st(
    "UPDATE flow_inbox_count SET n = n - c.k FROM (SELECT b.who, COUNT(*) AS k FROM flow_task t JOIN flow_inbox b ON b.task_id = t.task_id WHERE t.proc_ins_id = ?1 GROUP BY b.who) AS c " +
      "WHERE flow_inbox_count.who = c.who",
    procInsId,
  ),
  st("DELETE FROM flow_inbox WHERE task_id IN (SELECT task_id FROM flow_task WHERE proc_ins_id = ?)", procInsId),
  st("DELETE FROM flow_task WHERE proc_ins_id = ?", procInsId),
];

/** The task's own record row (its first) is closed with the action, who and the time it took. */
const closeRecord = (e: StoredEvent, taskId: string, action: string, by: Person | null, comment: string | null, at: string) =>
  st(
    "UPDATE flow_record SET action = ?2, by_id = COALESCE(?3, by_id), by_name = COALESCE(?4, by_name), comment = COALESCE(?5, comment), end_time = ?6, " +
      "duration_ms = CAST(ROUND((julianday(?6) - julianday(start_time)) * 86400000) AS INTEGER), action_seq = ?7 WHERE task_id = ?1 AND end_time IS NULL",
    taskId,
    action,
    by?.id ?? null,
    by?.name ?? null,
    comment,
    at,
    e.version,
  );

/** A finished-list row for `userId`, from the task's record row and its instance. */
const doneRow = (userId: string, taskId: string, outcome: string, comment: string | null, at: string) =>
  st(
    "INSERT OR REPLACE INTO flow_done (user_id, task_id, proc_ins_id, task_name, task_def_key, proc_def_name, proc_def_key, start_user_name, create_time, end_time, outcome, comment) " +
      "SELECT ?1, r.task_id, r.proc_ins_id, COALESCE(r.node_name, ''), COALESCE(r.node_key, ''), i.name, i.key, i.initiator_name, r.start_time, ?3, ?4, ?5 " +
      "FROM flow_record r JOIN flow_instance i ON i.proc_ins_id = r.proc_ins_id WHERE r.task_id = ?2 ORDER BY r.seq LIMIT 1",
    userId,
    taskId,
    at,
    outcome,
    comment,
  );

/** An instance-level line of the flow record (start, delegate, urge, suspend…): done when it happens. */
const actionRecord = (e: StoredEvent, action: string, by: Person | null, comment: string | null, extra: { taskId?: string | null; node?: string | null; nodeName?: string | null; assigneeName?: string | null } = {}) => {
  const at = displayTime(e.at);
  return st(
    "INSERT OR REPLACE INTO flow_record (proc_ins_id, seq, task_id, node_key, node_name, action, by_id, by_name, assignee_name, comment, start_time, end_time, duration_ms, action_seq) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?)",
    procOf(e),
    e.version,
    extra.taskId ?? null,
    extra.node ?? null,
    extra.nodeName ?? null,
    action,
    by?.id ?? null,
    by?.name ?? null,
    extra.assigneeName ?? null,
    comment,
    at,
    at,
    e.version,
  );
};

const names = (people: Person[]) => people.map((p) => p.name).join(", ");

// ---------------------------------------------------------------- per event

type Handler<K extends keyof FlowEvents> = (e: StoredEvent, d: FlowEvents[K]) => Statement[];
const handlers: { [K in keyof FlowEvents]?: Handler<K> } = {
  "flow.started": (e, d) => [
    st(
      "INSERT OR REPLACE INTO flow_instance (proc_ins_id, deploy_id, key, version, name, business_key, applicant, subject, initiator_id, initiator_name, status, start_time, end_time, active_nodes, done_nodes, end_nodes, variables, stream_version) " +
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'running', ?, NULL, '[]', '[]', '[]', ?, ?)",
      d.procInsId,
      d.deployId,
      d.key,
      d.version,
      d.name,
      d.businessKey,
      d.about?.applicant ?? null,
      d.about?.subject ?? null,
      d.initiator.id,
      d.initiator.name,
      displayTime(e.at),
      json(d.variables ?? {}),
      e.version,
    ),
    actionRecord(e, "start", d.initiator, null),
  ],
  // a path ends at an end event or at a node without an outgoing flow (no flow taken: BPMN's implicit end)
  "flow.nodePassed": (e, d) => [addToList("done_nodes", procOf(e), d.node), ...(d.kind === "endEvent" || d.out.length === 0 ? [addToList("end_nodes", procOf(e), d.node)] : [])],
  "flow.activationStarted": (e, d) => [st("UPDATE flow_instance SET active_nodes = json_insert(active_nodes, '$[#]', ?2) WHERE proc_ins_id = ?1", procOf(e), d.node)],
  "flow.activationEnded": (e, d) => [
    st(
      "UPDATE flow_instance SET active_nodes = COALESCE(json_remove(active_nodes, (SELECT '$[' || key || ']' FROM json_each(active_nodes) WHERE value = ?2 LIMIT 1)), active_nodes) WHERE proc_ins_id = ?1",
      procOf(e),
      d.node,
    ),
    ...(d.outcome === "completed" ? [addToList("done_nodes", procOf(e), d.node)] : []),
  ],
  "flow.taskCreated": (e, d) => {
    const at = displayTime(e.at);
    const who = d.assignee ? d.assignee.name : names([...d.candidateUsers, ...d.candidateGroups]);
    return [
      st(
        "INSERT OR REPLACE INTO flow_task (task_id, proc_ins_id, deploy_id, node_key, name, assignee_id, assignee_name, owner_id, candidate_users, candidate_groups, proc_def_name, proc_def_key, start_user_id, start_user_name, create_time, state) " +
          "SELECT ?1, ?2, i.deploy_id, ?3, ?4, ?5, ?6, NULL, ?7, ?8, ?9, i.key, ?10, ?11, ?12, ?13 FROM (SELECT 1) LEFT JOIN flow_instance i ON i.proc_ins_id = ?2",
        d.taskId,
        procOf(e),
        d.node,
        d.name,
        d.assignee?.id ?? null,
        d.assignee?.name ?? null,
        json(d.candidateUsers ?? []),
        json(d.candidateGroups ?? []),
        d.procDefName,
        d.startUser?.id ?? null,
        d.startUser?.name ?? null,
        at,
        d.state ?? "open",
      ),
      ...refreshInbox(d.taskId),
      st(
        "INSERT OR REPLACE INTO flow_record (proc_ins_id, seq, task_id, node_key, node_name, action, by_id, by_name, assignee_name, comment, start_time, end_time, duration_ms) VALUES (?, ?, ?, ?, ?, 'pending', NULL, NULL, ?, NULL, ?, NULL, NULL)",
        procOf(e),
        e.version,
        d.taskId,
        d.node,
        d.name,
        who,
        at,
      ),
    ];
  },
  "flow.taskCompleted": (e, d) => {
    const at = displayTime(e.at);
    const outcome = d.auto ? "auto" : "complete";
    return [
      closeRecord(e, d.taskId, outcome, d.by, d.comment || null, at),
      doneRow(d.by.id, d.taskId, outcome, d.comment || null, at),
      ...(d.variables && Object.keys(d.variables).length ? [st("UPDATE flow_instance SET variables = json_patch(variables, ?2) WHERE proc_ins_id = ?1", procOf(e), json(d.variables))] : []),
      ...dropTask(d.taskId),
    ];
  },
  "flow.taskCancelled": (e, d) => {
    const at = displayTime(e.at);
    const actor = e.meta.actorId;
    // the rejecting user's own task goes to their finished list (the engine cancels every task on a reject)
    const rejectedByActor =
      d.reason === "reject" && actor
        ? [
            st(
              "INSERT OR REPLACE INTO flow_done (user_id, task_id, proc_ins_id, task_name, task_def_key, proc_def_name, proc_def_key, start_user_name, create_time, end_time, outcome, comment) " +
                "SELECT ?1, t.task_id, t.proc_ins_id, t.name, t.node_key, t.proc_def_name, t.proc_def_key, t.start_user_name, t.create_time, ?3, 'reject', NULL FROM flow_task t WHERE t.task_id = ?2 AND (t.assignee_id = ?1 " +
                "OR (t.assignee_id IS NULL AND (EXISTS (SELECT 1 FROM json_each(t.candidate_users) j WHERE json_extract(j.value, '$.id') = ?1) " +
                "OR EXISTS (SELECT 1 FROM json_each(t.candidate_groups) j JOIN sys_user_role ur ON ur.role_id = json_extract(j.value, '$.id') WHERE ur.user_id = ?1))))",
              actor,
              d.taskId,
              at,
            ),
            st("UPDATE flow_record SET by_id = ?2, by_name = ?3 WHERE task_id = ?1 AND end_time IS NULL AND EXISTS (SELECT 1 FROM flow_done WHERE user_id = ?2 AND task_id = ?1)", d.taskId, actor, e.meta.actorName),
          ]
        : [];
    return [...rejectedByActor, closeRecord(e, d.taskId, d.reason === "reject" ? "reject" : `cancelled:${d.reason}`, null, null, at), ...dropTask(d.taskId)];
  },
  "flow.taskDelegated": (e, d) => [
    st("UPDATE flow_task SET owner_id = COALESCE(owner_id, ?2), assignee_id = ?3, assignee_name = ?4 WHERE task_id = ?1", d.taskId, d.from.id, d.to.id, d.to.name),
    ...refreshInbox(d.taskId),
    st("UPDATE flow_record SET assignee_name = ?2 WHERE task_id = ?1 AND end_time IS NULL", d.taskId, d.to.name),
    actionRecord(e, "delegate", d.from, d.comment || null, { taskId: d.taskId, assigneeName: d.to.name }),
  ],
  "flow.taskResolved": (e, d) => [
    st("UPDATE flow_task SET owner_id = NULL, assignee_id = ?2, assignee_name = ?3 WHERE task_id = ?1", d.taskId, d.to.id, d.to.name),
    ...refreshInbox(d.taskId),
    st("UPDATE flow_record SET assignee_name = ?2 WHERE task_id = ?1 AND end_time IS NULL", d.taskId, d.to.name),
    doneRow(d.by.id, d.taskId, "resolve", d.comment || null, displayTime(e.at)),
    actionRecord(e, "resolve", d.by, d.comment || null, { taskId: d.taskId, assigneeName: d.to.name }),
  ],
  "flow.taskTransferred": (e, d) => [
    st("UPDATE flow_task SET assignee_id = ?2, assignee_name = ?3, owner_id = NULL, candidate_users = '[]', candidate_groups = '[]' WHERE task_id = ?1", d.taskId, d.to.id, d.to.name),
    ...refreshInbox(d.taskId),
    st("UPDATE flow_record SET assignee_name = ?2 WHERE task_id = ?1 AND end_time IS NULL", d.taskId, d.to.name),
    actionRecord(e, "transfer", d.by, d.comment || null, { taskId: d.taskId, assigneeName: d.to.name }),
  ],
  "flow.taskOpened": (_e, d) => [st("UPDATE flow_task SET state = 'open' WHERE task_id = ?", d.taskId), ...refreshInbox(d.taskId)],
  "flow.signerAdded": (e, d) => [
    // signers added before: the task waits (leaves the inbox) until they are done
    ...(d.position === "before" ? [st("UPDATE flow_task SET state = 'waiting' WHERE task_id = ?", d.taskId), ...refreshInbox(d.taskId)] : []),
    actionRecord(e, "addSigner", d.by, d.comment || null, { taskId: d.taskId, assigneeName: names(d.users) }),
  ],
  "flow.signerRemoved": (e, d) => [actionRecord(e, "removeSigner", d.by, d.comment || null, { taskId: d.taskId, assigneeName: d.user?.name ?? null })],
  "flow.returned": (e, d) => {
    const at = displayTime(e.at);
    return [
      // the record row may already be closed as cancelled by the return: say it was the return
      st(
        "UPDATE flow_record SET action = 'return', by_id = ?2, by_name = ?3, comment = ?4, end_time = COALESCE(end_time, ?5), duration_ms = CAST(ROUND((julianday(COALESCE(end_time, ?5)) - julianday(start_time)) * 86400000) AS INTEGER), action_seq = ?6 " +
          "WHERE task_id = ?1 AND seq = (SELECT MIN(seq) FROM flow_record WHERE task_id = ?1)",
        d.taskId,
        d.by.id,
        d.by.name,
        d.comment || null,
        at,
        e.version,
      ),
      doneRow(d.by.id, d.taskId, "return", d.comment || null, at),
      ...dropTask(d.taskId),
    ];
  },
  "flow.recalled": (e, d) => [st("UPDATE flow_done SET outcome = 'recalled' WHERE user_id = ? AND task_id = ?", d.by.id, d.taskId), actionRecord(e, "recall", d.by, d.comment || null, { taskId: d.taskId, node: d.node })],
  "flow.variablesSet": (e, d) => [st("UPDATE flow_instance SET variables = json_patch(variables, ?2) WHERE proc_ins_id = ?1", procOf(e), json(d.variables ?? {}))],
  "flow.copied": (e, d) => [
    st(
      "INSERT OR REPLACE INTO flow_cc (user_id, proc_ins_id, proc_def_name, start_user_name, by_name, node_key, comment, create_time) " +
        "SELECT json_extract(j.value, '$.id'), i.proc_ins_id, i.name, i.initiator_name, ?2, ?3, ?4, ?5 FROM flow_instance i, json_each(?6) j WHERE i.proc_ins_id = ?1",
      procOf(e),
      d.by?.name ?? null,
      d.node,
      d.comment || null,
      displayTime(e.at),
      json(d.users ?? []),
    ),
    actionRecord(e, "cc", d.by, d.comment || null, { node: d.node, assigneeName: names(d.users ?? []) }),
  ],
  "flow.urged": (e, d) => [actionRecord(e, "urge", d.by, d.comment || null)],
  "flow.timerArmed": (e, d) => [st("INSERT OR REPLACE INTO flow_timer (timer_id, proc_ins_id, task_id, due_at) VALUES (?, ?, ?, ?)", d.timerId, procOf(e), d.taskId, d.dueAt)],
  "flow.timerFired": (e, d) => [
    st("DELETE FROM flow_timer WHERE proc_ins_id = ? AND timer_id = ?", procOf(e), d.timerId),
    actionRecord(e, d.escalated ? "escalate" : "remind", null, null, { taskId: d.taskId, node: d.node }),
  ],
  "flow.timerCancelled": (e, d) => [st("DELETE FROM flow_timer WHERE proc_ins_id = ? AND timer_id = ?", procOf(e), d.timerId)],
  "flow.suspended": (e, d) => [st("UPDATE flow_instance SET status = 'suspended' WHERE proc_ins_id = ?", procOf(e)), actionRecord(e, "suspend", d.by, null)],
  "flow.activated": (e, d) => [st("UPDATE flow_instance SET status = 'running' WHERE proc_ins_id = ?", procOf(e)), actionRecord(e, "activate", d.by, null)],
  "flow.ended": (e, d) => {
    const procInsId = procOf(e);
    return [
      st("UPDATE flow_instance SET status = ?2, end_time = ?3, active_nodes = '[]' WHERE proc_ins_id = ?1", procInsId, d.status, displayTime(e.at)),
      ...(d.endNode ? [addToList("end_nodes", procInsId, d.endNode), addToList("done_nodes", procInsId, d.endNode)] : []),
      ...dropTasksOf(procInsId),
      st("DELETE FROM flow_timer WHERE proc_ins_id = ?", procInsId),
      actionRecord(e, d.status === "finished" ? "end" : d.status, d.by, d.comment || null, { node: d.endNode }),
    ];
  },
  "flow.deleted": (e) => {
    const procInsId = procOf(e);
    return [
      ...dropTasksOf(procInsId),
      ...["flow_done", "flow_cc", "flow_record", "flow_timer", "flow_instance"].map((t) => st(`DELETE FROM ${t} WHERE proc_ins_id = ?`, procInsId)),
    ];
  },
};

export function flowStatements(events: StoredEvent[]): Statement[] {
  const out: Statement[] = [];
  const heads = new Map<string, number>();
  for (const e of events) {
    const handle = handlers[e.type as keyof FlowEvents] as Handler<keyof FlowEvents> | undefined;
    if (handle) out.push(...handle(e, e.data as never));
    if (e.type !== "flow.deleted") heads.set(procOf(e), Math.max(heads.get(procOf(e)) ?? 0, e.version));
    else heads.delete(procOf(e));
  }
  for (const [procInsId, version] of heads) out.push(st("UPDATE flow_instance SET stream_version = ?2 WHERE proc_ins_id = ?1 AND stream_version < ?2", procInsId, version));
  return out;
}

export const instanceProjection: Projection = {
  name: "flowInstances",
  tables: flowTables,
  canHandle: [...flowEventTypes],
  project: flowStatements,
  rebuildRange: () => [],
  rebuildPass: replayPass(flowEventTypes, flowStatements),
};

function deploymentStatements(events: StoredEvent[]): Statement[] {
  return events.map((e) => {
    const d = e.data as unknown as DeploymentPublished;
    return st(
      "INSERT OR REPLACE INTO flow_deployment (deploy_id, model_id, key, version, name, form_code, xml, model, tree, deploy_time, deployed_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      d.deployId,
      d.modelId,
      d.key,
      d.version,
      d.name,
      d.formCode,
      d.xml,
      json(d.model),
      d.tree === undefined || d.tree === null ? null : json(d.tree),
      displayTime(e.at),
      e.meta.actorName,
    );
  });
}

export const deploymentProjection: Projection = {
  name: "flowDeployments",
  tables: ["flow_deployment"],
  canHandle: [deploymentPublished],
  project: deploymentStatements,
  rebuildRange: () => [],
  rebuildPass: replayPass([deploymentPublished], deploymentStatements),
  uniqueFields: (table) => (table === "flow_deployment" ? [{ key: "version", label: { "zh-CN": "版本", "en-US": "Version" } }] : null),
};
