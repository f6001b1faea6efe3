/**
 * The message centre's view of the API: my messages (worker/msg), the workflow's task counts and lists
 * (worker/flow, shapes from the contract) as TanStack Query options, and the read commands.
 */
import { get, post } from "../api/http.ts";

export type MessageStatus = "all" | "todo" | "unread" | "read";
export const messageStatuses: MessageStatus[] = ["all", "todo", "unread", "read"];

export interface Message {
  id: string;
  type: string;
  typeName: string;
  title: string;
  content: string;
  procInsId: string | null;
  taskId: string | null;
  procDefName: string | null;
  taskName: string | null;
  startUserName: string | null;
  byName: string | null;
  todo: boolean;
  read: boolean;
  readTime: string | null;
  createTime: string;
}

export interface MessageSummary {
  total: number;
  unread: number;
  todo: number;
  latest: Message[];
}

export interface TaskCounts {
  todo: number;
  done: number;
  initiated: number;
  cc: number;
}

export interface TaskRow {
  taskId: string;
  taskName: string;
  procInsId: string;
  procDefName: string;
  startUserName: string;
  createTime: string;
  endTime?: string | null;
  outcome?: string | null;
  comment?: string | null;
}

export interface InitiatedRow {
  procInsId: string;
  procDefName: string;
  version?: number | null;
  status: string;
  startTime: string;
  endTime?: string | null;
  activeNodeNames?: string[] | string | null;
  currentAssignees?: string[] | string | null;
}

export interface Paged<T> {
  rows: T[];
  total: number;
}

export interface Paging {
  page: number;
  limit: number;
}

/** Every query of the message centre starts with this key, so one invalidation refreshes them all. */
export const msgKey = "msg-centre";

export const messagesQuery = (status: MessageStatus, paging: Paging) => ({
  queryKey: [msgKey, "messages", status, paging] as const,
  queryFn: async (): Promise<Paged<Message>> => {
    const answer = await get<Message[]>("/msg/detail/list", { ...paging, status });
    return { rows: answer.data, total: answer.total ?? 0 };
  },
});

export const summaryQuery = { queryKey: [msgKey, "summary"] as const, queryFn: async () => (await get<MessageSummary>("/msg/detail/getMsg")).data };

export const countsQuery = { queryKey: [msgKey, "counts"] as const, queryFn: async () => (await get<TaskCounts>("/flowable/task/counts")).data };

/** The workflow's lists the home page shows: my to-do tasks, those I handled, the instances I started. */
export const taskLists = { pending: "/flowable/task/todoList", approved: "/flowable/task/finishedList", initiated: "/flowable/task/myProcess" } as const;
export type TaskList = keyof typeof taskLists;

export const taskListQuery = <T,>(list: TaskList, paging: Paging) => ({
  queryKey: [msgKey, list, paging] as const,
  queryFn: async (): Promise<Paged<T>> => {
    const answer = await get<T[]>(taskLists[list], { ...paging });
    return { rows: answer.data ?? [], total: answer.total ?? 0 };
  },
});

export const markRead = (ids: string[]) => post<{ read: number }>("/msg/detail/read", { ids });
export const markAllRead = () => post<{ read: number }>("/msg/detail/readAll");

/** Where a row opens: the approval page of its task, else of its instance. */
export function todoCheckHref(taskId: string | null | undefined, procInsId: string | null | undefined): string | null {
  if (!taskId && !procInsId) return null;
  const params = new URLSearchParams();
  if (taskId) params.set("taskId", taskId);
  if (procInsId) params.set("procInsId", procInsId);
  return `/todoCheck?${params}`;
}
