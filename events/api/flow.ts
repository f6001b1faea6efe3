/**
 * The workflow lists' verbs (worker/flow/routes/tasks.ts and monitor.ts): my to-do, what I handled, what I
 * started, every instance, and the monitor's running instances and open tasks. Each row names what its
 * instance is about: the business record's kind (`businessName`, in the request's language), the applicant
 * enterprise and the record's own title, as the module that started it said. Also my task counts, an
 * instance's flow record, the processes one may start and the process models' list (worker/flow/routes/models.ts).
 */
import * as z from "zod";
import { verb } from "./verb.ts";
import { lazySchema } from "../lazy.ts";

const task = "/flowable/task";
const monitor = "/flowable/monitor";

export const instanceStatus = lazySchema(() => z.enum(["running", "suspended", "finished", "rejected", "stopped", "revoked"]));

/** The filters and paging every workflow list takes. */
export const flowListQuery = lazySchema(() => z.object({
  page: z.string().optional(),
  limit: z.string().optional(),
  /** task or process name contains */
  name: z.string().max(100).optional(),
  procDefKey: z.string().max(64).optional(),
  /** "YYYY-MM-DD[ HH:mm:ss]" bounds of the list's time */
  beginTime: z.string().max(19).optional(),
  endTime: z.string().max(19).optional(),
  /** a keyset cursor `time,id` from the previous page's answer */
  cursor: z.string().max(200).optional(),
  status: instanceStatus.optional(),
  procInsId: z.string().max(64).optional(),
}));

/** What the row's instance is about. */
const about = {
  businessKey: lazySchema(() => z.string().nullable()),
  /** the kind of business record (融资申请), null for an instance without a labelled business link */
  businessName: lazySchema(() => z.string().nullable()),
  applicant: lazySchema(() => z.string().nullable()),
  subject: lazySchema(() => z.string().nullable()),
};

const person = lazySchema(() => z.strictObject({ id: z.string(), name: z.string() }));

export const todoRow = lazySchema(() => z.strictObject({
  taskId: z.string(),
  taskName: z.string(),
  taskDefKey: z.string(),
  procInsId: z.string(),
  procDefName: z.string(),
  procDefKey: z.string().nullable(),
  startUserName: z.string().nullable(),
  /** when the task was created, China time */
  createTime: z.string(),
  /** its assignee, else whoever it is offered to (users, then roles) */
  assigneeName: z.string().nullable(),
  state: z.string(),
  /** approvable from the list (its node edits no form field) */
  batchable: z.boolean(),
  ...about,
}));

export const doneRow = lazySchema(() => z.strictObject({
  taskId: z.string(),
  taskName: z.string(),
  taskDefKey: z.string().nullable(),
  procInsId: z.string(),
  procDefName: z.string(),
  procDefKey: z.string().nullable(),
  startUserName: z.string().nullable(),
  createTime: z.string().nullable(),
  endTime: z.string().nullable(),
  outcome: z.string().nullable(),
  comment: z.string().nullable(),
  ...about,
}));

export const instanceRow = lazySchema(() => z.strictObject({
  procInsId: z.string(),
  procDefName: z.string(),
  procDefKey: z.string(),
  version: z.number().int(),
  deployId: z.string(),
  status: instanceStatus,
  startTime: z.string(),
  endTime: z.string().nullable(),
  startUserId: z.string(),
  startUserName: z.string(),
  ...about,
  activeNodeNames: z.array(z.string()),
  /** who handles each open task */
  currentAssignees: z.array(z.string()),
}));

export const myProcessRow = lazySchema(() => instanceRow.extend({
  /** my open task in this instance (the initiator's task after a return to the start, else any) */
  myTaskId: z.string().nullable(),
  /** myTaskId is the initiator's task at the start: completing it resubmits */
  resubmit: z.boolean(),
  /** running, and no approver but the initiator has acted yet */
  revocable: z.boolean(),
}));

export const monitorTaskRow = lazySchema(() => z.strictObject({
  taskId: z.string(),
  taskDefKey: z.string(),
  taskName: z.string(),
  procInsId: z.string(),
  procDefName: z.string(),
  assignee: z.string().nullable(),
  assigneeId: z.string().nullable(),
  candidateUsers: z.array(person),
  candidateGroups: z.array(person),
  createTime: z.string(),
  state: z.string(),
  ...about,
}));

/** A process model as its list shows it: the latest deployed version, null while never published. */
export const modelRow = lazySchema(() => z.strictObject({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  category: z.string().nullable(),
  description: z.string().nullable(),
  formCode: z.string().nullable(),
  version: z.number().int().nullable(),
  deployTime: z.string().nullable(),
  updateTime: z.string().nullable(),
}));

export const modelListQuery = lazySchema(() => z.object({
  page: z.string().optional(),
  limit: z.string().optional(),
  /** name or key contains */
  name: z.string().max(100).optional(),
  category: z.string().max(64).optional(),
}));

/** A step of an instance's flow record: who acted on which node, how, and when. */
export const recordRow = lazySchema(() => z.strictObject({
  taskId: z.string().nullable(),
  nodeKey: z.string().nullable(),
  nodeName: z.string().nullable(),
  action: z.string(),
  /** the action's readable name in the request's language */
  actionName: z.string(),
  byId: z.string().nullable(),
  byName: z.string().nullable(),
  /** whose turn it is (an open row), or to whom a delegate / transfer / CC went */
  assigneeName: z.string().nullable(),
  comment: z.string().nullable(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  durationMs: z.number().nullable(),
}));

/** A process one may start: the latest published version of a model. */
export const startableRow = lazySchema(() => z.strictObject({ key: z.string(), name: z.string(), version: z.number().int(), category: z.string().nullable(), deployId: z.string(), deployTime: z.string() }));

/** An application's approval record: its status and process instance, its own events (the changed fields' keys) and its flow record. */
export const approvalHistory = lazySchema(() => z.strictObject({
  status: z.string().nullable(),
  procInsId: z.string().nullable(),
  events: z.array(z.strictObject({ at: z.string(), action: z.string(), actorName: z.string().nullable(), changes: z.array(z.string()), version: z.number().int() })),
  flow: z.array(recordRow).nullable(),
}));
/** The approval record of an application family at `path` (`<path>/historyList?id=`), one verb per family. */
export const approvalHistoryOf = (path: string) =>
  verb({ method: "GET", path: `${path}/historyList` as string, query: () => z.object({ id: z.string().min(1).max(64) }), response: approvalHistory });

export const flow = {
  todo: verb({ method: "GET", path: `${task}/todoList`, query: flowListQuery, response: () => z.array(todoRow), paged: true }),
  done: verb({ method: "GET", path: `${task}/finishedList`, query: flowListQuery, response: () => z.array(doneRow), paged: true }),
  myProcess: verb({ method: "GET", path: `${task}/myProcess`, query: flowListQuery, response: () => z.array(myProcessRow), paged: true }),
  instances: verb({ method: "GET", path: "/flowable/instance/list", query: flowListQuery, response: () => z.array(instanceRow), paged: true }),
  running: verb({ method: "GET", path: `${monitor}/runningProcess`, query: flowListQuery, response: () => z.array(instanceRow), paged: true }),
  monitorTasks: verb({ method: "GET", path: `${monitor}/taskList`, query: flowListQuery, response: () => z.array(monitorTaskRow), paged: true }),
  /** how many tasks are mine to do, I handled, processes I started and copied to me */
  counts: verb({ method: "GET", path: `${task}/counts`, response: () => z.strictObject({ todo: z.number().int(), done: z.number().int(), initiated: z.number().int(), cc: z.number().int() }) }),
  record: verb({ method: "GET", path: `${task}/flowRecord`, query: () => z.object({ procInsId: z.string().min(1).max(64) }), response: () => z.array(recordRow) }),
  /** any signed-in user */
  startable: verb({ method: "GET", path: "/flowable/definition/startable", query: modelListQuery, response: () => z.array(startableRow), paged: true }),
  models: verb({ method: "GET", path: "/flowable/definition/models", query: modelListQuery, response: () => z.array(modelRow), paged: true }),
};
