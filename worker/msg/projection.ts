/**
 * The message centre as a projection of the engine's events (a new task, a transfer or delegation, a
 * return, a copy, an urge, a timer, the end of an instance) and of the module's own events (posts, reads).
 * Pure: each event becomes SQL statements; names an event lacks (the process name after a return) come
 * from `msg_process`, kept by the same projection. Rebuilt by replaying the log through `project` in
 * position order, so messages and their read marks come back as they were.
 */
import { instanceOfStream, type FlowEvents } from "../flow/engine/events.ts";
import type { Projection, Statement, StoredEvent } from "../store/types.ts";
import { replayPass } from "../store/replay.ts";
import type { MsgEvents } from "./events.ts";
import { msgEventTypes } from "./events.ts";
import type { MessagePoint } from "../../events/families/msg.ts";

const flowTypes = [
  "flow.started", "flow.taskCreated", "flow.taskCompleted", "flow.taskCancelled", "flow.taskDelegated", "flow.taskResolved",
  "flow.taskTransferred", "flow.taskOpened", "flow.returned", "flow.copied", "flow.urged", "flow.timerFired", "flow.ended", "flow.deleted",
] as const satisfies readonly (keyof FlowEvents)[];

export const messageEventTypes: string[] = [...flowTypes, ...msgEventTypes];

type Params = Record<string, string | number | null>;

interface NewMessages {
  /** message ids are `<idPrefix><n>` */
  idPrefix: string;
  userIds: string[];
  type: MessagePoint;
  templateCode: string;
  params: Params;
  procInsId: string | null;
  taskId: string | null;
  todo: boolean;
  at: string;
}

/**
 * One statement for every person told by one event. Missing process and task names are filled from the
 * instance's row and the task's first message.
 */
function insertMessages(m: NewMessages): Statement[] {
  const userIds = [...new Set(m.userIds.filter(Boolean))];
  if (userIds.length === 0) return [];
  return [
    {
      sql:
        "INSERT OR IGNORE INTO msg_detail (id, user_id, type, template_code, params, proc_ins_id, task_id, todo, read, read_time, create_time) " +
        "SELECT ?1 || u.key, u.value, ?3, ?4, json_set(?5, " +
        "'$.procDefName', COALESCE(json_extract(?5, '$.procDefName'), (SELECT name FROM msg_process WHERE proc_ins_id = ?6), ''), " +
        "'$.startUserName', COALESCE(json_extract(?5, '$.startUserName'), (SELECT start_user_name FROM msg_process WHERE proc_ins_id = ?6), ''), " +
        "'$.taskName', COALESCE(json_extract(?5, '$.taskName'), (SELECT json_extract(d.params, '$.taskName') FROM msg_detail d WHERE d.task_id = ?7 LIMIT 1), '')), " +
        "?6, ?7, ?8, 0, NULL, ?9 FROM json_each(?2) u",
      params: [m.idPrefix, JSON.stringify(userIds), m.type, m.templateCode, JSON.stringify(m.params), m.procInsId, m.taskId, m.todo ? 1 : 0, m.at],
    },
  ];
}

const taskDone = (taskId: string): Statement => ({ sql: "UPDATE msg_detail SET todo = 0 WHERE task_id = ? AND todo = 1", params: [taskId] });

const procInsIdOf = (e: StoredEvent) => instanceOfStream(e.stream);

function flowStatements(e: StoredEvent): Statement[] {
  const procInsId = procInsIdOf(e);
  const base = { idPrefix: `${e.stream}:${e.version}:`, procInsId, at: e.at };
  switch (e.type) {
    case "flow.started": {
      const d = e.data as FlowEvents["flow.started"];
      return [{ sql: "INSERT OR REPLACE INTO msg_process (proc_ins_id, name, deploy_id, start_user_id, start_user_name) VALUES (?, ?, ?, ?, ?)", params: [d.procInsId, d.name, d.deployId, d.initiator.id, d.initiator.name] }];
    }
    case "flow.taskCreated": {
      const d = e.data as FlowEvents["flow.taskCreated"];
      return insertMessages({
        ...base,
        userIds: d.notify,
        type: "new-task",
        templateCode: "newTask",
        params: { procDefName: d.procDefName, taskName: d.name, startUserName: d.startUser.name, comment: "", byName: d.startUser.name },
        taskId: d.taskId,
        todo: d.state === "open",
      });
    }
    case "flow.taskOpened": {
      const d = e.data as FlowEvents["flow.taskOpened"];
      return [{ sql: "UPDATE msg_detail SET todo = 1 WHERE task_id = ? AND type = 'new-task' AND template_code = 'newTask'", params: [d.taskId] }];
    }
    case "flow.taskCompleted":
    case "flow.taskCancelled":
      return [taskDone((e.data as { taskId: string }).taskId)];
    case "flow.taskTransferred":
    case "flow.taskDelegated":
    case "flow.taskResolved": {
      const d = e.data as { taskId: string; to: { id: string; name: string }; comment: string; by?: { name: string }; from?: { name: string } | null };
      const byName = d.by?.name ?? d.from?.name ?? "";
      const templateCode = e.type === "flow.taskTransferred" ? "taskTransferred" : e.type === "flow.taskDelegated" ? "taskDelegated" : "taskResolved";
      return [taskDone(d.taskId), ...insertMessages({ ...base, userIds: [d.to.id], type: "new-task", templateCode, params: { comment: d.comment, byName }, taskId: d.taskId, todo: true })];
    }
    case "flow.returned": {
      const d = e.data as FlowEvents["flow.returned"];
      return insertMessages({ ...base, userIds: d.notify, type: "returned", templateCode: "returned", params: { taskName: d.toName, comment: d.comment, byName: d.by.name }, taskId: null, todo: false });
    }
    case "flow.copied": {
      const d = e.data as FlowEvents["flow.copied"];
      return insertMessages({ ...base, userIds: d.users.map((u) => u.id), type: "copied", templateCode: "copied", params: { comment: d.comment, byName: d.by?.name ?? "" }, taskId: null, todo: false });
    }
    case "flow.urged": {
      const d = e.data as FlowEvents["flow.urged"];
      return insertMessages({ ...base, userIds: d.notify, type: "urged", templateCode: "urged", params: { comment: d.comment, byName: d.by.name }, taskId: d.taskIds.length === 1 ? d.taskIds[0]! : null, todo: false });
    }
    case "flow.timerFired": {
      const d = e.data as FlowEvents["flow.timerFired"];
      return insertMessages({ ...base, userIds: d.notify, type: "timer", templateCode: d.escalated ? "taskEscalated" : "taskTimeout", params: { comment: "", byName: "" }, taskId: d.taskId, todo: false });
    }
    case "flow.ended": {
      const d = e.data as FlowEvents["flow.ended"];
      const templateCode = { finished: "processFinished", rejected: "processRejected", stopped: "processStopped", revoked: "processRevoked" }[d.status];
      const type: MessagePoint = d.status === "rejected" ? "rejected" : "finished";
      return [
        { sql: "UPDATE msg_detail SET todo = 0 WHERE proc_ins_id = ? AND todo = 1", params: [procInsId] },
        ...insertMessages({ ...base, userIds: d.notify, type, templateCode, params: { comment: d.comment, byName: d.by?.name ?? "" }, taskId: null, todo: false }),
      ];
    }
    case "flow.deleted":
      return [
        { sql: "DELETE FROM msg_detail WHERE proc_ins_id = ?", params: [procInsId] },
        { sql: "DELETE FROM msg_process WHERE proc_ins_id = ?", params: [procInsId] },
      ];
    default:
      return [];
  }
}

function ownStatements(e: StoredEvent): Statement[] {
  switch (e.type) {
    case "msg.read": {
      const d = e.data as MsgEvents["msg.read"];
      return [{ sql: "UPDATE msg_detail SET read = 1, read_time = ? WHERE user_id = ? AND read = 0 AND id IN (SELECT value FROM json_each(?))", params: [e.at, d.userId, JSON.stringify(d.ids)] }];
    }
    case "msg.readAll": {
      const d = e.data as MsgEvents["msg.readAll"];
      return [{ sql: "UPDATE msg_detail SET read = 1, read_time = ? WHERE user_id = ? AND read = 0", params: [e.at, d.userId] }];
    }
    case "msg.posted": {
      const d = e.data as MsgEvents["msg.posted"];
      return insertMessages({ idPrefix: `${e.stream}:${e.version}:`, userIds: d.userIds, type: d.type, templateCode: d.templateCode, params: d.params, procInsId: d.procInsId, taskId: d.taskId, todo: false, at: e.at });
    }
    default:
      return [];
  }
}

function project(events: StoredEvent[]): Statement[] {
  return events.flatMap((e) => (e.type.startsWith("flow.") ? flowStatements(e) : ownStatements(e)));
}

export const messageProjection: Projection = {
  name: "msg.messages",
  tables: ["msg_detail", "msg_process"],
  canHandle: messageEventTypes,
  project,
  // SQL cannot derive these rows from the log alone: the whole model comes back through the replay pass
  rebuildRange: () => [],
  rebuildPass: replayPass(messageEventTypes, project),
};
