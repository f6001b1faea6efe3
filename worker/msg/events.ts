/**
 * The message module's own events. Reading is a user's event on their stream `msg:<userId>`; a post by
 * another module (or a forward) is `msg.posted` on a stream of its own, so posts never clash with reads.
 */
import type { MessagePoint } from "../../events/families/msg.ts";

export interface MsgEvents {
  "msg.read": { userId: string; ids: string[] };
  "msg.readAll": { userId: string };
  "msg.posted": {
    userIds: string[];
    type: MessagePoint;
    templateCode: string;
    params: Record<string, string | number | null>;
    procInsId: string | null;
    taskId: string | null;
  };
}

export const msgEventTypes = ["msg.read", "msg.readAll", "msg.posted"] as const satisfies readonly (keyof MsgEvents)[];

export const readerStream = (userId: string) => `msg:${userId}`;
export const postStream = (id: string) => `msgpost:${id}`;
