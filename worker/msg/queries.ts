/**
 * The message centre's reads over its read models (msg_detail, msg_type, msg_process): a user's own
 * messages, their counts and the to-do types. Every query is scoped by the reader's id.
 */
import type { messageStatuses } from "../../events/api/msg.ts";
import type { MessageRow } from "./render.ts";

export type MessageStatus = (typeof messageStatuses)[number];

const statusClause: Record<MessageStatus, string> = { all: "", todo: " AND todo = 1", unread: " AND read = 0", read: " AND read = 1" };

/** A page of a user's messages by status and message point, newest first, with the total. */
export async function messagePage(db: D1Database, userId: string, q: { status: MessageStatus; type?: string | undefined; page: number; limit: number }) {
  const where = `user_id = ?1${statusClause[q.status]}${q.type ? " AND type = ?2" : " AND ?2 IS NULL"}`;
  // newest first; rowid (insertion order, kept by a rebuild's replay) breaks ties inside the index's order
  const [count, rows] = await db.batch([
    db.prepare(`SELECT COUNT(*) AS n FROM msg_detail WHERE ${where}`).bind(userId, q.type ?? null),
    db.prepare(`SELECT * FROM msg_detail WHERE ${where} ORDER BY create_time DESC, rowid DESC LIMIT ?3 OFFSET ?4`).bind(userId, q.type ?? null, q.limit, (q.page - 1) * q.limit),
  ]);
  return { total: (count!.results[0] as { n: number }).n, rows: rows!.results as unknown as MessageRow[] };
}

/** One of a user's messages (null for someone else's). */
export function ownMessage(db: D1Database, userId: string, id: string) {
  return db.prepare("SELECT * FROM msg_detail WHERE id = ? AND user_id = ?").bind(id, userId).first<MessageRow>();
}

export async function unreadCount(db: D1Database, userId: string): Promise<number> {
  const row = await db.prepare("SELECT COUNT(*) AS n FROM msg_detail WHERE user_id = ? AND read = 0").bind(userId).first<{ n: number }>();
  return row?.n ?? 0;
}

/** A user's totals (all, unread, to do) and the latest five unread messages, in one round trip. */
export async function messageSummary(db: D1Database, userId: string) {
  const [counts, latest] = await db.batch([
    db.prepare("SELECT COUNT(*) AS total, COALESCE(SUM(read = 0), 0) AS unread, COALESCE(SUM(todo = 1), 0) AS todo FROM msg_detail WHERE user_id = ?").bind(userId),
    db.prepare("SELECT * FROM msg_detail WHERE user_id = ? AND read = 0 ORDER BY create_time DESC, rowid DESC LIMIT 5").bind(userId),
  ]);
  return { counts: counts!.results[0] as { total: number; unread: number; todo: number }, latest: latest!.results as unknown as MessageRow[] };
}

/** Which of these ids are the user's own unread messages. */
export async function ownUnread(db: D1Database, userId: string, ids: string[]): Promise<string[]> {
  const { results } = await db.prepare("SELECT id FROM msg_detail WHERE user_id = ? AND read = 0 AND id IN (SELECT value FROM json_each(?))").bind(userId, JSON.stringify(ids)).all<{ id: string }>();
  return results.map((r) => r.id);
}

/** The process instance, task and deployment behind one of a user's messages, found by message or task id. */
export function messageWork(db: D1Database, userId: string, workId: string | null, taskId: string | null) {
  return db
    .prepare(
      "SELECT d.proc_ins_id, d.task_id, p.deploy_id FROM msg_detail d LEFT JOIN msg_process p ON p.proc_ins_id = d.proc_ins_id WHERE d.user_id = ?1 AND (d.id = ?2 OR d.task_id = ?2 OR d.task_id = ?3) LIMIT 1",
    )
    .bind(userId, workId, taskId)
    .first<{ proc_ins_id: string | null; task_id: string | null; deploy_id: string | null }>();
}

/** How many of these user ids exist. */
export async function existingUsers(db: D1Database, userIds: string[]): Promise<number> {
  const { results } = await db.prepare("SELECT id FROM sys_user WHERE id IN (SELECT value FROM json_each(?))").bind(JSON.stringify(userIds)).all<{ id: string }>();
  return results.length;
}

/** The to-do message types in their order. */
export async function todoTypes(db: D1Database) {
  const { results } = await db.prepare("SELECT id, name, en_name, point FROM msg_type WHERE todo = 1 ORDER BY sort, id").all<{ id: string; name: string; en_name: string | null; point: string | null }>();
  return results;
}

/** The to-do message types with how many of a user's messages of each still wait. */
export async function todoTypeCounts(db: D1Database, userId: string) {
  const { results } = await db
    .prepare(
      "SELECT t.id, t.name, t.en_name, t.point, (SELECT COUNT(*) FROM msg_detail d WHERE d.user_id = ?1 AND d.todo = 1 AND d.type = t.point) AS n FROM msg_type t WHERE t.todo = 1 ORDER BY t.sort, t.id",
    )
    .bind(userId)
    .all<{ id: string; name: string; en_name: string | null; point: string | null; n: number }>();
  return results;
}

export async function typeExists(db: D1Database, id: string): Promise<boolean> {
  return !!(await db.prepare("SELECT 1 FROM msg_type WHERE id = ?").bind(id).first());
}
