/**
 * Task plans and their tasks (worker/tasks/): distribution, the "my"/"other" lists with each task's state
 * (decided from its window and recorded status and today), a plan's progress, the board (proportions by
 * state, a timeline, per-staff counts for a manager's "today" view), follow-ups and the reminders sent.
 * Plans and tasks themselves (list, info, save…) are the record engine's standard set.
 */
import * as z from "zod";
import { recordMeta, verb } from "./verb.ts";
import { lazySchema } from "../lazy.ts";

const plan = "/common/entaskplan";
const msg = "/common/entaskmsg";
const board = "/common/encompanyvisit";

export const taskStateValues = ["notStarted", "inProgress", "done", "overdue", "cancelled"] as const;
export const visitKinds = ["zf", "fw", "xq"] as const;
const date = lazySchema(() => z.string().regex(/^\d{4}-\d{2}-\d{2}$/));
const id = lazySchema(() => z.string().min(1).max(64));
const page = lazySchema(() => z.coerce.number<string | number>().int().min(1).max(1_000_000).catch(1));
const limit = lazySchema(() => z.coerce.number<string | number>().int().min(1).max(100).catch(10));

/** The filters the task lists and the board share (all optional). */
export const taskFilter = lazySchema(() => z.object({
  planId: id.optional(),
  receiverId: id.optional(),
  deptId: id.optional(),
  visitKind: z.enum(visitKinds).optional(),
  creditCode: z.string().length(18).optional(),
  entName: z.string().max(128).optional(),
  state: z.enum(taskStateValues).optional(),
  /** tasks whose window touches [from, to] */
  from: date.optional(),
  to: date.optional(),
}));
export const taskPageBody = lazySchema(() => taskFilter.extend({ page: page.optional(), limit: limit.optional() }));

export const taskRow = lazySchema(() => z.strictObject({
  id: z.string(),
  title: z.string(),
  creditCode: z.string().nullable(),
  entName: z.string().nullable(),
  taskPlanId: z.string().nullable(),
  planTitle: z.string().nullable(),
  receiverId: z.string(),
  receiverName: z.string().nullable(),
  visitKind: z.string().nullable(),
  startDate: z.string().nullable(),
  deadline: z.string().nullable(),
  /** the recorded status (notStarted, inProgress, done, cancelled) */
  status: z.string(),
  /** the state decided today: notStarted, inProgress, done, overdue, cancelled */
  state: z.enum(taskStateValues),
  followUpAt: z.string().nullable(),
  doneAt: z.string().nullable(),
  handleResult: z.string().nullable(),
  readFlag: z.boolean(),
  version: z.number().int(),
  createTime: z.string().nullable(),
}));

export const stateCounts = lazySchema(() => z.strictObject({
  total: z.number().int(),
  notStarted: z.number().int(),
  inProgress: z.number().int(),
  done: z.number().int(),
  overdue: z.number().int(),
  cancelled: z.number().int(),
}));

export const proportion = lazySchema(() => stateCounts.extend({
  enterprises: z.number().int(),
  enterprisesDone: z.number().int(),
  /** each state's share of the tasks, 0–1 (cancelled ones included in the total) */
  states: z.array(z.strictObject({ state: z.enum(taskStateValues), count: z.number().int(), ratio: z.number() })),
}));

export const planRow = lazySchema(() => z.strictObject({
  id: z.string(),
  title: z.string(),
  ownerId: z.string(),
  ownerName: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string(),
  visitKind: z.string().nullable(),
  status: z.string(),
  targetCount: z.number().int().nullable(),
  taskCount: z.number().int().nullable(),
  distributedAt: z.string().nullable(),
}));

/** A task plan as the family's list and info answer it (events/families/casework.ts taskPlan). */
export const planRecord = lazySchema(() => z.strictObject({
  id: z.string(),
  title: z.string(),
  planType: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  ownerId: z.string(),
  deptId: z.string().nullable(),
  targets: z.array(z.strictObject({ creditCode: z.string(), entName: z.string() })).nullable(),
  targetCount: z.number().int().nullable(),
  content: z.string().nullable(),
  status: z.string(),
  remark: z.string().nullable(),
  visitKind: z.string().nullable(),
  assignees: z.array(z.string()).nullable(),
  distributedAt: z.string().nullable(),
  taskCount: z.number().int().nullable(),
  ...recordMeta,
}));
const enterpriseProgress = lazySchema(() => z.strictObject({ creditCode: z.string(), entName: z.string().nullable(), tasks: z.number().int(), done: z.number().int(), overdue: z.number().int() }));
const assignee = lazySchema(() => z.strictObject({ userId: z.string(), name: z.string().nullable() }));

export const reminderKinds = ["due", "overdue", "stale"] as const;
export const warnRow = lazySchema(() => z.strictObject({
  taskId: z.string(),
  kind: z.enum(reminderKinds),
  dueDate: z.string(),
  remindedAt: z.string(),
  title: z.string().nullable(),
  entName: z.string().nullable(),
  creditCode: z.string().nullable(),
  receiverId: z.string().nullable(),
  state: z.enum(taskStateValues).nullable(),
}));

export const staffRow = lazySchema(() => stateCounts.extend({ userId: z.string(), userName: z.string().nullable(), dueToday: z.number().int() }));
export const timelineDay = lazySchema(() => z.strictObject({ date: z.string(), due: z.number().int(), done: z.number().int(), overdue: z.number().int() }));

export const boardBody = lazySchema(() => taskFilter.omit({ state: true }));
export const timelineBody = lazySchema(() => boardBody.extend({ from: date, to: date }));
/** `day` narrows to tasks whose window contains that day (the manager's "today" view). */
export const staffBody = lazySchema(() => boardBody.extend({ day: date.optional() }));

export const updateByIdBody = lazySchema(() => z.object({
  id,
  status: z.enum(["inProgress", "done", "cancelled"]),
  handleResult: z.string().max(2000).optional(),
  /** the version the caller saw (a concurrent follow-up is refused as changed meanwhile) */
  version: z.number().int().min(1).optional(),
}));

const archiveRows = lazySchema(() => z.array(z.record(z.string(), z.unknown())));
const enterprise = lazySchema(() => z.strictObject({ creditCode: z.string(), entName: z.string(), legalPerson: z.string().nullable(), regAddress: z.string().nullable(), areaCode: z.string().nullable(), industry: z.string().nullable() }).nullable());

export const tasks = {
  /** the plans, paged and filtered as the family's list (the engine's list answer, held to the plan's row) */
  list: verb({ method: "GET", path: `${plan}/list`, response: () => z.array(planRecord), paged: true }),
  distribute: verb({ method: "POST", path: `${plan}/distribute/:id`, response: () => z.strictObject({ planId: z.string(), taskCount: z.number().int(), taskIds: z.array(z.string()) }) }),
  otherList: verb({ method: "GET", path: `${plan}/otherList`, query: () => z.object({ title: z.string().max(100).optional(), page: page.optional(), limit: limit.optional() }), response: () => z.array(planRow), paged: true }),
  /** a plan with its assignees' names, its progress by state and per enterprise */
  newInfo: verb({
    method: "GET",
    path: `${plan}/newInfo/:id`,
    response: () => z.strictObject({ plan: planRecord, assignees: z.array(assignee), progress: stateCounts, enterprises: z.array(enterpriseProgress) }),
  }),
  /** a plan and its tasks (at most 1,000) */
  getPlanById: verb({ method: "GET", path: `${plan}/getPlanById/:id`, response: () => z.strictObject({ plan: planRecord, tasks: z.array(taskRow), total: z.number().int() }) }),
  /** one task by id (?id=) */
  messageGetById: verb({ method: "GET", path: `${plan}/messageGetById`, query: () => z.object({ id }), response: taskRow }),
  /** a plan's progress by state (?id=) */
  getPlanInfo: verb({ method: "GET", path: `${plan}/getPlanInfo`, query: () => z.object({ id }), response: () => z.strictObject({ plan: planRecord, progress: stateCounts }) }),
  /** a task's enterprise and the archives filled for its plan (?taskId=) */
  getFilesInputInfo: verb({
    method: "GET",
    path: `${plan}/getFilesInputInfo`,
    query: () => z.object({ taskId: id }),
    response: () => z.strictObject({ task: taskRow, enterprise, files: archiveRows }),
  }),
  taskMsgQueryPage: verb({ method: "POST", path: `${plan}/taskMsgQueryPage`, body: taskPageBody, response: () => z.array(taskRow), paged: true }),
  getMyList: verb({ method: "POST", path: `${plan}/getMyList`, body: taskPageBody, response: () => z.array(taskRow), paged: true }),
  getOtherList: verb({ method: "POST", path: `${plan}/getOtherList`, body: taskPageBody, response: () => z.array(taskRow), paged: true }),
  /** tasks per state for the filter (a plan, an assignee…) */
  queryDataStatus: verb({ method: "POST", path: `${plan}/queryDataStatus`, body: () => taskFilter.omit({ state: true }), response: stateCounts }),
  /** enterprises to plan for, with their open tasks */
  getCominfoList: verb({
    method: "POST",
    path: `${plan}/getCominfoList`,
    body: () => z.object({ keyword: z.string().max(100).optional(), page: page.optional(), limit: limit.optional() }),
    response: () => z.array(z.strictObject({ creditCode: z.string(), entName: z.string(), areaCode: z.string().nullable(), openTasks: z.number().int() })),
    paged: true,
  }),
  /** a plan's tasks (?taskPlanId=&state=) */
  getList: verb({ method: "GET", path: `${msg}/getList`, query: () => z.object({ taskPlanId: id.optional(), state: z.enum(taskStateValues).optional(), page: page.optional(), limit: limit.optional() }), response: () => z.array(taskRow), paged: true }),
  getInfo: verb({ method: "GET", path: `${msg}/getInfo/:id`, response: taskRow }),
  /** a task with its plan, enterprise and visit archives */
  getDetailInfo: verb({ method: "GET", path: `${msg}/getDetailInfo`, query: () => z.object({ id }), response: () => z.strictObject({ task: taskRow, plan: planRecord.nullable(), enterprise, archives: archiveRows }) }),
  /** a task's visit archive (zf), or null */
  getZfDetailInfo: verb({ method: "GET", path: `${msg}/getZfDetailInfo`, query: () => z.object({ id }), response: () => z.strictObject({ task: taskRow, archive: z.record(z.string(), z.unknown()).nullable() }) }),
  /** the reminders I was sent */
  warnList: verb({ method: "GET", path: `${msg}/warnList`, query: () => z.object({ kind: z.enum(reminderKinds).optional(), page: page.optional(), limit: limit.optional() }), response: () => z.array(warnRow), paged: true }),
  /** a follow-up: in progress, done or cancelled, with its result */
  updateById: verb({ method: "POST", path: `${msg}/updateById`, body: updateByIdBody, response: () => z.strictObject({ id: z.string(), version: z.number().int(), state: z.enum(taskStateValues) }) }),
  boardProportion: verb({ method: "POST", path: `${board}/taskbBoardIntEnterpriseProportion`, body: boardBody, response: proportion }),
  boardTimeline: verb({ method: "POST", path: `${board}/taskbBoardTimeline`, body: timelineBody, response: () => z.array(timelineDay) }),
  /** per assignee: tasks per state, due today */
  queryTaskSt: verb({ method: "POST", path: `${board}/queryTaskSt`, body: staffBody, response: () => z.array(staffRow) }),
  homeProportion: verb({ method: "GET", path: `${board}/homeIntEnterpriseProportion`, query: boardBody, response: proportion }),
};
