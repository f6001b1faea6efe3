/**
 * The message centre's own verbs (worker/msg/routes.ts): my messages (list by status, one, the unread
 * summary), the read marks, the work a message leads to, forwarding, and the message points and to-do types
 * the type screens pick from. The message types' list and info are the record engine's.
 */
import * as z from "zod";
import { messagePointValues } from "../families/msg.ts";
import { verb } from "./verb.ts";
import { lazySchema } from "../lazy.ts";

export const messageStatuses = ["all", "todo", "unread", "read"] as const;

/** One message as the API renders it, in the request's language (the text from its template). */
export const messageRow = lazySchema(() => z.strictObject({
  id: z.string(),
  type: z.string(),
  typeName: z.string(),
  templateCode: z.string(),
  title: z.string(),
  content: z.string(),
  procInsId: z.string().nullable(),
  taskId: z.string().nullable(),
  procDefName: z.string().nullable(),
  taskName: z.string().nullable(),
  startUserName: z.string().nullable(),
  byName: z.string().nullable(),
  todo: z.boolean(),
  read: z.boolean(),
  readTime: z.string().nullable(),
  createTime: z.string(),
}));

const paging = {
  page: lazySchema(() => z.coerce.number<string | number>().int().min(1).max(1_000_000).catch(1)),
  limit: lazySchema(() => z.coerce.number<string | number>().int().min(1).max(100).catch(10)),
};
export const messageListQuery = lazySchema(() => z.object({ ...paging, status: z.enum(messageStatuses).catch("all"), type: z.enum(messagePointValues).optional().catch(undefined) }));
export const readIdsBody = lazySchema(() => z.object({ ids: z.array(z.string().min(1).max(200)).min(1).max(500) }));
export const workBody = lazySchema(() => z.object({ workId: z.string().min(1).max(200).optional(), taskId: z.string().min(1).max(200).optional() }).refine((b) => b.workId || b.taskId));
export const transmitBody = lazySchema(() => z.object({ msgId: z.string().min(1).max(200), userIds: z.array(z.string().min(1).max(64)).min(1).max(100) }));

const readCount = lazySchema(() => z.strictObject({ read: z.number().int() }));

export const msg = {
  list: verb({ method: "GET", path: "/msg/detail/list", query: messageListQuery, response: () => z.array(messageRow), paged: true }),
  info: verb({ method: "GET", path: "/msg/detail/info/:id", response: messageRow }),
  summary: verb({
    method: "GET",
    path: "/msg/detail/getMsg",
    response: () => z.strictObject({ total: z.number().int(), unread: z.number().int(), todo: z.number().int(), latest: z.array(messageRow) }),
  }),
  read: verb({ method: "POST", path: "/msg/detail/read", body: readIdsBody, response: readCount }),
  readAll: verb({ method: "POST", path: "/msg/detail/readAll", response: readCount }),
  work: verb({
    method: "POST",
    path: "/msg/detail/getProcInsIdAndDeployIdByWorkId",
    body: workBody,
    response: () => z.strictObject({ procInsId: z.string(), deployId: z.string().nullable(), taskId: z.string().nullable() }),
  }),
  transmit: verb({ method: "POST", path: "/msg/detail/taskTransmit", body: transmitBody, response: () => z.strictObject({ sent: z.number().int() }) }),
  points: verb({ method: "GET", path: "/msg/type/messagePointOptions", response: () => z.array(z.strictObject({ value: z.string(), label: z.string(), todo: z.boolean() })) }),
  todoTypes: verb({ method: "GET", path: "/msg/type/getTodoMessageTypeOptions", response: () => z.array(z.strictObject({ value: z.string(), label: z.string(), point: z.string().nullable() })) }),
  todoCounts: verb({
    method: "GET",
    path: "/msg/type/todoList",
    response: () => z.array(z.strictObject({ id: z.string(), name: z.string(), point: z.string().nullable(), count: z.number().int() })),
  }),
};
