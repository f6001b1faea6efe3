/**
 * The message centre's view of the API: my messages (worker/msg), the workflow's task counts and lists
 * (worker/flow, shapes from the contract) as TanStack Query options, and the read commands.
 */
import { get, post } from "../core/api/http.ts";
import { listQuery, paths } from "../flow/tasks/api.ts";
import type { Paging } from "../flow/tasks/FlowTable.tsx";

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

/** Every message query starts with this key, so one invalidation refreshes them all. */
export const msgKey = "msg-centre";

export const messagesQuery = (status: MessageStatus, paging: Paging) => ({
  queryKey: [msgKey, "messages", status, paging] as const,
  queryFn: async () => {
    const answer = await get<Message[]>("/msg/detail/list", { ...paging, status });
    return { rows: answer.data, total: answer.total ?? 0 };
  },
});

export const summaryQuery = { queryKey: [msgKey, "summary"] as const, queryFn: async () => (await get<MessageSummary>("/msg/detail/getMsg")).data };

/** Keyed by its path like the workflow's own queries, so an approval (which invalidates it) refreshes the badges. */
export const countsQuery = { queryKey: ["/flowable/task/counts"] as const, queryFn: async () => (await get<TaskCounts>("/flowable/task/counts")).data };

/** The workflow's lists the home page shows: my to-do tasks, those I handled, the instances I started. */
export const taskLists = { pending: paths.todo, approved: paths.done, initiated: paths.myProcess } as const;
export type TaskList = keyof typeof taskLists;

/** The workflow screens' own query (same key), so the home tabs and those screens share the rows and their refreshes. */
export const taskListQuery = <T,>(list: TaskList, paging: Paging) => listQuery<T>(taskLists[list], { ...paging });

export const markRead = (ids: string[]) => post<{ read: number }>("/msg/detail/read", { ids });
export const markAllRead = () => post<{ read: number }>("/msg/detail/readAll");
