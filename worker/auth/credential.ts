/**
 * A user's password as its own stream (`sys.credential:<userId>`), so the user record never carries the
 * hash and a rebuild restores passwords like every other read model.
 */
import { logRange } from "../store/sql.ts";
import type { PendingEvent, Projection, StoredEvent } from "../store/types.ts";
import { displayTime } from "../time.ts";
import type { PasswordHash } from "./password.ts";

export const credentialEvents = { passwordSet: "sys.credential.passwordSet" } as const;
export const credentialStream = (userId: string) => `sys.credential:${userId}`;

/** Why the password changed: set by an administrator (created/reset) or by its owner. */
export type PasswordReason = "initial" | "reset" | "changed";

export function setPassword(userId: string, hash: PasswordHash, reason: PasswordReason): PendingEvent {
  return { type: credentialEvents.passwordSet, data: { id: userId, ...hash, reason } };
}

const upsert =
  "INSERT INTO sys_credential (user_id, hash, salt, iterations, changed_at) SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'), json_extract(value, '$[3]'), json_extract(value, '$[4]') FROM json_each(?) WHERE true " +
  "ON CONFLICT(user_id) DO UPDATE SET hash = excluded.hash, salt = excluded.salt, iterations = excluded.iterations, changed_at = excluded.changed_at";

const rowOf = (e: StoredEvent) => [e.data.id, e.data.hash, e.data.salt, e.data.iterations, displayTime(e.at)];

export const credentialProjection: Projection = {
  name: "sys.credential",
  tables: ["sys_credential"],
  canHandle: [credentialEvents.passwordSet],
  project(events) {
    const last = new Map(events.map((e) => [e.data.id as string, rowOf(e)]));
    return [{ sql: upsert, params: [JSON.stringify([...last.values()])] }];
  },
  rebuildRange: (from, to) => [
    {
      sql:
        "INSERT INTO sys_credential (user_id, hash, salt, iterations, changed_at) SELECT json_extract(e.data, '$.id'), json_extract(e.data, '$.hash'), json_extract(e.data, '$.salt'), " +
        `json_extract(e.data, '$.iterations'), strftime('%Y-%m-%d %H:%M:%S', e.at, '+8 hours') ${logRange("e")} AND e.type = ?3 ORDER BY e.position ` +
        "ON CONFLICT(user_id) DO UPDATE SET hash = excluded.hash, salt = excluded.salt, iterations = excluded.iterations, changed_at = excluded.changed_at",
      params: [from, to, credentialEvents.passwordSet],
    },
  ],
};
