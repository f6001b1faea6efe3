/**
 * The approval screens' view of the workflow API: the lists' queries and rows from the typed contract
 * (events/api/flow.ts), the task view's shapes, and the task commands. Every command goes through the one HTTP layer, so a refusal
 * arrives as an ApiError carrying the server's message.
 */
import { queryOptions } from "@tanstack/react-query";
import type { Answer } from "../../../events/api/verb.ts";
import { flow } from "../../../events/api/flow.ts";
import { call, callPage } from "../../core/api/call.ts";
import { get, post, type Query } from "../../core/api/http.ts";
import type { BusinessView } from "../../../events/flow/business-view.ts";

/** The lists' rows, inferred from the contract (events/api/flow.ts). */
export type TodoRow = Answer<typeof flow.todo>[number];
export type DoneRow = Answer<typeof flow.done>[number];
export type InstanceRow = Answer<typeof flow.instances>[number];
export type MyProcessRow = Answer<typeof flow.myProcess>[number];
export type MonitorTaskRow = Answer<typeof flow.monitorTasks>[number];
export type InstanceStatus = InstanceRow["status"];

type FlowList = Extract<(typeof flow)[keyof typeof flow], { paged: true }>;
/** The lists take paging and filters and no path parameters: one signature serves them all. */
const pageOf = callPage as <V extends FlowList>(v: V, args: { query: Query }) => Promise<{ rows: Answer<V>; total: number }>;

/** A workflow list's query for a page and its filters, keyed by the verb's path (a command's refresh reloads every page of it). */
export const flowListQuery = <V extends FlowList>(v: V) => (params: Query) => queryOptions({ queryKey: [v.path, params] as const, queryFn: () => pageOf(v, { query: params }) });

export interface InstanceInfo {
  procInsId: string;
  procDefKey: string;
  version: number;
  status: InstanceStatus;
  startTime: string;
  endTime: string | null;
  activeNodes: string[];
  endNodes: string[];
  [key: string]: unknown;
}

export interface FormField {
  key: string;
  label: string;
  type: "text" | "textarea" | "number" | "money" | "date" | "select";
  required?: boolean;
  options?: (string | { label: string; value: string })[];
  /** number and money: the unit the amount is counted in (元, 万元) */
  unit?: string;
}

export type FormPerm = "edit" | "read" | "hidden";

export type TaskAction =
  | "complete" | "reject" | "return" | "delegate" | "transfer" | "addSigner" | "removeSigner"
  | "cc" | "resolve" | "recall" | "urge" | "revoke" | "stop" | "resubmit";

export interface TaskAttributes {
  task: (Partial<TodoRow> & { taskId: string; name?: string; node?: string; resumeAt?: string | null; [key: string]: unknown }) | null;
  instance: (Partial<InstanceInfo> & { procInsId: string; procDefName?: string; name?: string; [key: string]: unknown }) | null;
  formFields: FormField[];
  formPerms: Record<string, FormPerm>;
  variables: Record<string, unknown>;
  /** the record the approval decides on, as the task's node lets its reader see it (events/flow/business-view.ts) */
  business?: BusinessView | null;
  actions: TaskAction[];
}

/** A step of the flow record, from the contract. */
export type FlowRecordRow = Answer<typeof flow.record>[number];

export interface FlowViewerData {
  xml: string;
  doneNodes: string[];
  activeNodes: string[];
  doneFlows: string[];
}

export interface NextNode {
  key: string;
  name: string;
  kind: string;
  approvers: { id: string; name: string }[];
}

export interface StartForm {
  deployId: string;
  key: string;
  version: number;
  name: string;
  formFields: FormField[];
  pickNodes: { key: string; name: string }[];
}

/** A process one may start: the latest published version of a model (from the contract). */
export type StartableRow = Answer<typeof flow.startable>[number];

export interface Opinion {
  id?: string;
  text?: string;
  content?: string;
}

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

export const fetchAttributes = async (taskId: string) => (await get<TaskAttributes>(`${task}/taskAttributes/${encodeURIComponent(taskId)}`)).data;
export const fetchRecord = (procInsId: string) => call(flow.record, { query: { procInsId } });
export const fetchViewer = async (procInsId: string) => (await get<FlowViewerData>(`${task}/flowViewer/${encodeURIComponent(procInsId)}`)).data;
export const fetchInstanceInfo = async (procInsId: string) => (await get<InstanceInfo>(`/flowable/instance/info/${encodeURIComponent(procInsId)}`)).data;
export const fetchBusiness = async (id: string) => (await get<BusinessView | null>(`${task}/business/${encodeURIComponent(id)}`)).data;
export const fetchVariables = async (procInsId: string) => (await get<unknown>(`${task}/processVariables/${encodeURIComponent(procInsId)}`)).data;
export const fetchMonitorVariables = async (procInsId: string) => (await get<unknown>(`${monitor}/variableList`, { procInsId })).data;
export const fetchReturnList = async (taskId: string) => (await post<{ key: string; name: string }[]>(`${task}/returnList`, { taskId })).data ?? [];
export const fetchNextNodes = async (taskId: string, variables?: Record<string, unknown>) =>
  (await post<NextNode[]>(`${task}/nextFlowNode`, { taskId, variables })).data ?? [];
export const fetchStartForm = async (key: string) => (await get<StartForm>(`/flowable/process/startFlow/${encodeURIComponent(key)}`)).data;
export const fetchOpinions = async () => (await get<unknown>("/flowable/opinion/mine")).data;

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

/** The opinion phrases of /flowable/opinion/mine, whatever the exact wrapping (a list, or `{ opinions, … }`). */
export function opinionTexts(data: unknown): string[] {
  const list = Array.isArray(data) ? data : data && typeof data === "object" ? ((data as Record<string, unknown>).opinions ?? (data as Record<string, unknown>).phrases ?? (data as Record<string, unknown>).list ?? []) : [];
  if (!Array.isArray(list)) return [];
  return list.map((o) => (typeof o === "string" ? o : (o as Opinion)?.text ?? (o as Opinion)?.content ?? "")).filter((t): t is string => !!t);
}

/** Variables as name/value rows, whether the server answers an object or rows. */
export function variableRows(data: unknown): { name: string; value: unknown }[] {
  if (Array.isArray(data)) return data.map((r) => ({ name: String((r as Record<string, unknown>).name ?? (r as Record<string, unknown>).key ?? ""), value: (r as Record<string, unknown>).value }));
  if (data && typeof data === "object") return Object.entries(data as Record<string, unknown>).map(([name, value]) => ({ name, value }));
  return [];
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
