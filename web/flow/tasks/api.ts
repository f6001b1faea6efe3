/**
 * The approval screens' view of the workflow API: the lists' queries and rows from the typed contract
 * (events/api/flow.ts), the task view's shapes, and the task commands. Every command goes through the one HTTP layer, so a refusal
 * arrives as an ApiError carrying the server's message.
 */
import type { Answer } from "../../../events/api/verb.ts";
import { flow } from "../../../events/api/flow.ts";
import { call } from "../../core/api/call.ts";
import { post } from "../../core/api/http.ts";
import { flowTask, type TaskAction } from "../../../events/api/flow-task.ts";

/** The lists' rows, inferred from the contract (events/api/flow.ts). */
export type TodoRow = Answer<typeof flow.todo>[number];
export type DoneRow = Answer<typeof flow.done>[number];
export type InstanceRow = Answer<typeof flow.instances>[number];
export type MyProcessRow = Answer<typeof flow.myProcess>[number];
export type MonitorTaskRow = Answer<typeof flow.monitorTasks>[number];
export type InstanceStatus = InstanceRow["status"];

/** The task view's answers, inferred from the contract (events/api/flow-task.ts). */
export type InstanceInfo = Answer<typeof flowTask.instance>;
export type FormField = Answer<typeof flowTask.startForm>["formFields"][number];
export type TaskAttributes = Answer<typeof flowTask.attributes>;
export type { TaskAction };

export type FormPerm = TaskAttributes["formPerms"][string];

/** A step of the flow record, from the contract. */
export type FlowRecordRow = Answer<typeof flow.record>[number];

/** A process one may start: the latest published version of a model (from the contract). */
export type StartableRow = Answer<typeof flow.startable>[number];

export const task = "/flowable/task";
export const monitor = "/flowable/monitor";

export const paths = {
  todo: flow.todo.path,
  done: flow.done.path,
  myProcess: flow.myProcess.path,
  instances: flow.instances.path,
  running: flow.running.path,
  monitorTasks: flow.monitorTasks.path,
} as const;

export const fetchAttributes = (id: string) => call(flowTask.attributes, { params: { id } });
export const fetchRecord = (procInsId: string) => call(flow.record, { query: { procInsId } });
export const fetchViewer = (id: string) => call(flowTask.viewer, { params: { id } });
export const fetchInstanceInfo = (id: string) => call(flowTask.instance, { params: { id } });
export const fetchBusiness = (id: string) => call(flowTask.business, { params: { id } });
export const fetchVariables = (id: string) => call(flowTask.variables, { params: { id } });
export const fetchMonitorVariables = (procInsId: string) => call(flowTask.monitorVariables, { query: { procInsId } });
export const fetchReturnList = (taskId: string) => call(flowTask.returnList, { body: { taskId } });
export const fetchNextNodes = (taskId: string, variables?: Record<string, unknown>) => call(flowTask.next, { body: { taskId, variables } });
export const fetchStartForm = (id: string) => call(flowTask.startForm, { params: { id } });
export const fetchOpinions = () => call(flowTask.opinions);

/** Every task and instance command of this area: path under /api and its body. */
export const command = <T = unknown>(path: string, body: unknown) => post<T>(path, body);

/** A list that the server may send as an array or a comma-separated text, shown as one line. */
export function joined(value: string[] | string | null | undefined | { name?: string }[]): string {
  if (!value) return "";
  if (typeof value === "string") return value;
  return value.map((v) => (typeof v === "string" ? v : v?.name ?? "")).filter(Boolean).join(", ");
}

/** A duration in ms as "1d 2h 3m" (zh: 1天2小时3分). */
export function formatDuration(ms: number | null | undefined, lang: string): string {
  if (ms == null || ms < 0) return "";
  const s = Math.floor(ms / 1000);
  const d = Math.floor(s / 86400), h = Math.floor((s % 86400) / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
  const zh = lang === "zh-CN";
  const parts: string[] = [];
  if (d) parts.push(zh ? `${d}天` : `${d}d`);
  if (h) parts.push(zh ? `${h}小时` : `${h}h`);
  if (m) parts.push(zh ? `${m}分钟` : `${m}m`);
  if (!parts.length) parts.push(zh ? `${sec}秒` : `${sec}s`);
  return parts.join(zh ? "" : " ");
}

/** Variables as name/value rows, whether the server answers an object (a task's reader) or rows (the monitor). */
export function variableRows(data: Record<string, unknown> | { name: string; value: unknown }[] | undefined): { name: string; value: unknown }[] {
  if (Array.isArray(data)) return data.map(({ name, value }) => ({ name, value }));
  return Object.entries(data ?? {}).map(([name, value]) => ({ name, value }));
}

export const show = (value: unknown) => (value == null ? "" : typeof value === "object" ? JSON.stringify(value) : String(value));

/** An ISO instant (`…T…Z`) as local "YYYY-MM-DD HH:mm:ss"; any other text as it is. */
export function localTime(value: unknown): string {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:?\d{2})$/.test(value)) return show(value);
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}
