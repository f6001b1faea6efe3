/**
 * Reads from the nearest D1 replica, writes to the primary, and a user always reads their own writes.
 * Every API request runs on a D1 session (the Sessions API): opened at the bookmark the browser sends back
 * (the newest one it was answered), or unconstrained when it has none, so the first read may go to any
 * replica. The session's bookmark after the request travels back in the same header. With read replication
 * off (and locally) a session is the primary and the bookmark is just carried along.
 *
 * Scheduled jobs, sync runs and the seed use `env.DB` itself, outside any session: the primary.
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./env.ts";

export const bookmarkHeader = "x-d1-bookmark";

/** D1's bookmark: four hex groups; anything else is ignored rather than handed to D1. */
const bookmarkShape = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

/**
 * The session seen as the `D1Database` every module already takes. `exec` (never used by a request) goes
 * to the primary outside the session.
 */
function sessionDatabase(primary: D1Database, session: D1DatabaseSession): D1Database {
  return {
    prepare: (query: string) => session.prepare(query),
    batch: <T>(statements: D1PreparedStatement[]) => session.batch<T>(statements),
    exec: (query: string) => primary.exec(query),
    withSession: (constraint?: string) => primary.withSession(constraint),
    dump: () => primary.dump(),
  } as D1Database;
}

export const nearestReplica: MiddlewareHandler<AppEnv> = async function nearestReplica(c, next) {
  const sent = c.req.header(bookmarkHeader);
  const session = c.env.DB.withSession(sent && bookmarkShape.test(sent) ? sent : "first-unconstrained");
  c.env = { ...c.env, DB: sessionDatabase(c.env.DB, session) };
  await next();
  const bookmark = session.getBookmark();
  if (!bookmark) return;
  try {
    c.res.headers.set(bookmarkHeader, bookmark);
  } catch {
    // an answer with immutable headers (a proxied body): the next request starts from the browser's last bookmark
  }
};
