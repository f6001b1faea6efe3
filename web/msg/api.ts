/**
 * The message centre's view of the API: my messages (worker/msg) and the workflow's task counts
 * (worker/flow), typed by the contract (events/api/), as TanStack Query options, and the read commands.
 */
import { flow } from "../../events/api/flow.ts";
import { messageStatuses, msg } from "../../events/api/msg.ts";
import type { Answer } from "../../events/api/verb.ts";
import { call, pagedQuery, send } from "../core/api/call.ts";

export type MessageStatus = (typeof messageStatuses)[number];
export { messageStatuses };

/** A message as the list, the summary and the info verbs answer it. */
export type Message = Answer<typeof msg.info>;

export type TaskCounts = Answer<typeof flow.counts>;

/** Every message query starts with this key, so one invalidation refreshes them all. */
export const msgKey = "msg-centre";

/** My messages: a page of one status (all when none). */
export const messagesQuery = pagedQuery(msg.list, [msgKey, msg.list.path]);

export const summaryQuery = { queryKey: [msgKey, "summary"] as const, queryFn: () => call(msg.summary) };

/** Keyed by its path like the workflow's own queries, so an approval (which invalidates it) refreshes the badges. */
export const countsQuery = { queryKey: [flow.counts.path] as const, queryFn: () => call(flow.counts) };

export const markRead = (ids: string[]) => send(msg.read, { body: { ids } });
export const markAllRead = () => send(msg.readAll);
