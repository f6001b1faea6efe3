/**
 * The message centre's view of the API: my messages (worker/msg), the workflow's task counts and lists
 * (worker/flow, shapes from the contract) as TanStack Query options, and the read commands.
 */
import { messageStatuses, msg } from "../../events/api/msg.ts";
import type { Answer } from "../../events/api/verb.ts";
import { call, callPage, send } from "../core/api/call.ts";
import { get } from "../core/api/http.ts";
import { listQuery, paths } from "../flow/tasks/api.ts";
import type { Paging } from "../flow/tasks/FlowTable.tsx";

export type MessageStatus = (typeof messageStatuses)[number];
export { messageStatuses };

/** A message as the list, the summary and the info verbs answer it. */
export type Message = Answer<typeof msg.info>;

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
  queryFn: () => callPage(msg.list, { query: { ...paging, status } }),
});

export const summaryQuery = { queryKey: [msgKey, "summary"] as const, queryFn: () => call(msg.summary) };

/** Keyed by its path like the workflow's own queries, so an approval (which invalidates it) refreshes the badges. */
export const countsQuery = { queryKey: ["/flowable/task/counts"] as const, queryFn: async () => (await get<TaskCounts>("/flowable/task/counts")).data };

/** The workflow's lists the home page shows: my to-do tasks, those I handled, the instances I started. */
export const taskLists = { pending: paths.todo, approved: paths.done, initiated: paths.myProcess } as const;
export type TaskList = keyof typeof taskLists;

/** The workflow screens' own query (same key), so the home tabs and those screens share the rows and their refreshes. */
export const taskListQuery = <T,>(list: TaskList, paging: Paging) => listQuery<T>(taskLists[list], { ...paging });

export const markRead = (ids: string[]) => send(msg.read, { body: { ids } });
export const markAllRead = () => send(msg.readAll);
