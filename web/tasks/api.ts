/**
 * The task calls (worker/tasks, events/api/tasks.ts): query options keyed by path like every list, so a
 * command (distribute, follow-up, a plan saved) invalidates what it changed, and the commands.
 */
import { queryOptions } from "@tanstack/react-query";
import { tasks } from "../../events/api/tasks.ts";
import { companyVisit, taskMsg, taskPlan } from "../../events/families/casework.ts";
import type { Answer } from "../../events/api/verb.ts";
import { call, callPage } from "../core/api/call.ts";
import type { Query } from "../core/api/http.ts";

// the paths and permission tags are the families' own (events/families/casework.ts)
export const planPath = taskPlan.path;
export const taskPath = taskMsg.path;
export const boardPath = companyVisit.path;

export type Task = Answer<typeof tasks.getInfo>;
export type TaskDetail = Answer<typeof tasks.getDetailInfo>;
export type PlanRow = Answer<typeof tasks.otherList>[number];
export type Proportion = Answer<typeof tasks.boardProportion>;
export type StaffRow = Answer<typeof tasks.queryTaskSt>[number];
export type TaskStateName = Task["state"];

/** The list kit's query (strings) as a task filter body: only the keys the filter knows, none empty. */
const filterKeys = ["planId", "receiverId", "deptId", "visitKind", "creditCode", "entName", "state", "from", "to"] as const;
function bodyOf(params: Query) {
  const body: Record<string, unknown> = { page: Number(params.page ?? 1), limit: Number(params.limit ?? 10) };
  for (const key of filterKeys) if (params[key] !== undefined && params[key] !== "") body[key] = String(params[key]);
  return body as never;
}

export const taskQueries = {
  mine: (params: Query) => queryOptions({ queryKey: [taskPath, "mine", params] as const, queryFn: () => callPage(tasks.getMyList, { body: bodyOf(params) }) }),
  others: (params: Query) => queryOptions({ queryKey: [taskPath, "others", params] as const, queryFn: () => callPage(tasks.getOtherList, { body: bodyOf(params) }) }),
  detail: (id: string) => queryOptions({ queryKey: [taskPath, "detail", id] as const, queryFn: () => call(tasks.getDetailInfo, { query: { id } }) }),
  warnings: () => queryOptions({ queryKey: [taskPath, "warn"] as const, queryFn: () => callPage(tasks.warnList, { query: { page: 1, limit: 5 } }) }),
};

export const planQueries = {
  list: (params: Query) => queryOptions({ queryKey: [planPath, "plans", params] as const, queryFn: () => callPage(tasks.list, { query: params }) }),
  info: (id: string) => queryOptions({ queryKey: [planPath, "newInfo", id] as const, queryFn: () => call(tasks.newInfo, { params: { id } }) }),
};

/** A task plan as the plans list answers it. */
export type PlanRecord = Answer<typeof tasks.list>[number];

export const boardQueries = {
  proportion: (filter: Record<string, string>) => queryOptions({ queryKey: [boardPath, "proportion", filter] as const, queryFn: () => call(tasks.boardProportion, { body: filter }) }),
  timeline: (from: string, to: string, filter: Record<string, string>) =>
    queryOptions({ queryKey: [boardPath, "timeline", from, to, filter] as const, queryFn: () => call(tasks.boardTimeline, { body: { ...filter, from, to } }) }),
  staff: (day: string | null, filter: Record<string, string>) =>
    queryOptions({ queryKey: [boardPath, "staff", day, filter] as const, queryFn: () => call(tasks.queryTaskSt, { body: { ...filter, ...(day ? { day } : {}) } }) }),
};

export const taskApi = {
  distribute: (id: string) => call(tasks.distribute, { params: { id } }),
  followUp: (id: string, status: "inProgress" | "done" | "cancelled", handleResult?: string) => call(tasks.updateById, { body: { id, status, ...(handleResult ? { handleResult } : {}) } }),
};


/** The days plans are dated by: China's day, as the server decides states by it. */
export { chinaToday, shiftDay } from "../core/days.ts";
