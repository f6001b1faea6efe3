/**
 * How any module posts messages: `postMessage(...)` answers a StreamWrite the caller appends with its own
 * events (one batch), so the message exists exactly when the fact it announces does.
 *
 * @example
 * const write = postMessage({ userIds: [userId], type: "system", templateCode: "system", params: { title: "…", content: "…" } });
 * return { writes: [recordWrite, write], response };
 */
import type { MessagePoint } from "../../events/families/msg.ts";
import type { StreamWrite } from "../store/types.ts";
import { postStream, type MsgEvents } from "./events.ts";

export interface PostMessage {
  userIds: string[];
  type?: MessagePoint;
  /** a msgTemplate code (the standard set: events/families/msg.ts) */
  templateCode?: string;
  params?: MsgEvents["msg.posted"]["params"];
  procInsId?: string | null;
  taskId?: string | null;
}

export function postMessage(post: PostMessage, id: string = crypto.randomUUID()): StreamWrite {
  const data: MsgEvents["msg.posted"] = {
    userIds: [...new Set(post.userIds)],
    type: post.type ?? "system",
    templateCode: post.templateCode ?? "system",
    params: post.params ?? {},
    procInsId: post.procInsId ?? null,
    taskId: post.taskId ?? null,
  };
  // a stream per post: posting never waits for or clashes with anyone's reads
  return { stream: postStream(id), head: { version: 0, hash: "" }, events: [{ type: "msg.posted", data: data as unknown as Record<string, unknown> }] };
}
