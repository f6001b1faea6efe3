/**
 * The visits module's read SQL: enterprises visited with their count and latest visit, and the visit
 * counts (each one query over the visit table's indexed columns).
 */
import { archiveFamily, column, visitFamily } from "./families.ts";

/** Enterprises that were visited, the latest first; GROUP BY the indexed credit code. */
export async function visitedEnterprises(db: D1Database, limit: number, offset: number) {
  const v = visitFamily;
  const code = column(v, "creditCode");
  const [rows, total] = await db.batch([
    db
      .prepare(`SELECT ${code} AS creditCode, MAX(${column(v, "entName")}) AS entName, COUNT(*) AS visitCount, MAX(${column(v, "visitDate")}) AS lastVisitDate FROM ${v.table} GROUP BY ${code} ORDER BY lastVisitDate DESC, ${code} LIMIT ? OFFSET ?`)
      .bind(limit, offset),
    db.prepare(`SELECT COUNT(DISTINCT ${code}) AS n FROM ${v.table}`),
  ]);
  return { total: (total!.results[0] as { n: number }).n, rows: rows!.results as { creditCode: string; entName: string | null; visitCount: number; lastVisitDate: string | null }[] };
}

/** How many visits (of one enterprise or one visitor when given): in all, enterprises, this year and month, by archive kind. */
export async function visitCounts(db: D1Database, scope: { creditCode?: string; visitorId?: string }, today: string) {
  const v = visitFamily;
  const where: string[] = [];
  const params: string[] = [];
  if (scope.creditCode) (where.push(`${column(v, "creditCode")} = ?`), params.push(scope.creditCode));
  if (scope.visitorId) (where.push(`${column(v, "visitorId")} = ?`), params.push(scope.visitorId));
  const clause = where.length ? `WHERE ${where.join(" AND ")}` : "";
  const date = column(v, "visitDate");
  const kind = column(v, "archiveType");
  const row = await db
    .prepare(
      `SELECT COUNT(*) AS total, COUNT(DISTINCT ${column(v, "creditCode")}) AS enterprises,
        SUM(CASE WHEN ${date} >= ? THEN 1 ELSE 0 END) AS thisYear, SUM(CASE WHEN ${date} >= ? THEN 1 ELSE 0 END) AS thisMonth,
        SUM(CASE WHEN ${kind} = 'zfda' THEN 1 ELSE 0 END) AS zfda, SUM(CASE WHEN ${kind} = 'fwda' THEN 1 ELSE 0 END) AS fwda, SUM(CASE WHEN ${kind} = 'xqda' THEN 1 ELSE 0 END) AS xqda
       FROM ${v.table} ${clause}`,
    )
    .bind(`${today.slice(0, 4)}-01-01`, `${today.slice(0, 7)}-01`, ...params)
    .first<Record<string, number | null>>();
  const n = (key: string) => Number(row?.[key] ?? 0);
  return { total: n("total"), enterprises: n("enterprises"), thisYear: n("thisYear"), thisMonth: n("thisMonth"), byArchiveType: { zfda: n("zfda"), fwda: n("fwda"), xqda: n("xqda") } };
}

/** Demand archives (xqda) raised by `visitorId` (mine) or by anyone else (others'), newest first, paged. */
export async function demandArchives(db: D1Database, visitorId: string, mine: boolean, creditCode: string | undefined, limit: number, offset: number) {
  const a = archiveFamily;
  const who = mine ? `${column(a, "visitorId")} = ?` : `(${column(a, "visitorId")} IS NULL OR ${column(a, "visitorId")} <> ?)`;
  const where = `${column(a, "archiveType")} = 'xqda' AND ${who}${creditCode ? ` AND ${column(a, "creditCode")} = ?` : ""}`;
  const params = creditCode ? [visitorId, creditCode] : [visitorId];
  const [rows, total] = await db.batch([
    db.prepare(`SELECT * FROM ${a.table} WHERE ${where} ORDER BY ${column(a, "visitDate")} DESC, ${a.idColumn} DESC LIMIT ? OFFSET ?`).bind(...params, limit, offset),
    db.prepare(`SELECT COUNT(*) AS n FROM ${a.table} WHERE ${where}`).bind(...params),
  ]);
  return { total: (total!.results[0] as { n: number }).n, rows: rows!.results as Record<string, unknown>[] };
}

/** Whether a user of that id exists (an allocation names a real staff member). */
export async function userExists(db: D1Database, id: string) {
  return (await db.prepare("SELECT 1 AS one FROM sys_user WHERE id = ?").bind(id).first()) !== null;
}
