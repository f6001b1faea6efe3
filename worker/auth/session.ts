/**
 * Sessions: an opaque random token in header x-hbi-token, expiring after SESSION_TTL_SECONDS of inactivity.
 * One D1 call resolves the session, its user and the user's permission tags.
 */
import type { Actor, Env } from "../http/env.ts";

/** last_seen is refreshed at most this often, so most requests cost no write. */
const touchEveryMs = 60_000;

export const sessionTtlMs = (env: Env) => (Number(env.SESSION_TTL_SECONDS) > 0 ? Number(env.SESSION_TTL_SECONDS) : 6000) * 1000;

export function newToken(): string {
  return [...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export async function openSession(db: D1Database, userId: string, via: string, now = Date.now()): Promise<string> {
  const token = newToken();
  await db.prepare("INSERT INTO sessions (token, user_id, created_at, last_seen, via) VALUES (?, ?, ?, ?, ?)").bind(token, userId, now, now, via).run();
  return token;
}

export async function closeSession(db: D1Database, token: string) {
  await db.prepare("DELETE FROM sessions WHERE token = ?").bind(token).run();
}

const sessionQuery = "SELECT s.last_seen AS lastSeen, u.* FROM sessions s JOIN sys_user u ON u.id = s.user_id WHERE s.token = ?";
const permissionQuery =
  "SELECT r.role_id AS roleId, r.type AS roleType, m.perms AS perms FROM sessions s JOIN sys_user_role ur ON ur.user_id = s.user_id " +
  "JOIN sys_role r ON r.role_id = ur.role_id LEFT JOIN sys_role_menu rm ON rm.role_id = r.role_id " +
  "LEFT JOIN sys_menu m ON m.menu_id = rm.menu_id AND m.enabled IS NOT 0 WHERE s.token = ?";

/** The actor behind a token, or null when the token is unknown, expired or its user disabled. */
export async function resolveActor(env: Env, token: string, waitUntil: (p: Promise<unknown>) => void, now = Date.now()): Promise<Actor | null> {
  const db = env.DB;
  const [session, grants] = await db.batch([db.prepare(sessionQuery).bind(token), db.prepare(permissionQuery).bind(token)]);
  const row = session!.results[0] as (Record<string, unknown> & { lastSeen: number }) | undefined;
  if (!row) return null;
  if (now - row.lastSeen > sessionTtlMs(env)) {
    waitUntil(closeSession(db, token));
    return null;
  }
  if (row.status !== "1") return null;
  if (now - row.lastSeen > touchEveryMs) waitUntil(db.prepare("UPDATE sessions SET last_seen = ? WHERE token = ?").bind(now, token).run());
  const permissions = new Set<string>();
  const roleIds = new Set<string>();
  let admin = false;
  for (const g of grants!.results as { roleId: string; roleType: string; perms: string | null }[]) {
    roleIds.add(g.roleId);
    if (g.roleType === "admin") admin = true;
    for (const tag of (g.perms ?? "").split(",")) if (tag.trim()) permissions.add(tag.trim());
  }
  const { lastSeen: _lastSeen, ...user } = row;
  return { token, id: row.id as string, userNo: row.user_no as string, name: row.name as string, admin, permissions, roleIds: [...roleIds], user };
}
