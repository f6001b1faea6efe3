/**
 * The work reports' reads: the people the rules need (a writer's department, a department's leader, who
 * is an active user), an existing report of the same period, the readers of a report, and the pages of
 * one's own and one's team's reports with names and read counts.
 */
import { workReport } from "../../events/families/casework.ts";
import type { Family } from "../../events/family.ts";
import { camelRow, toRecord } from "../resources/query.ts";

const family = workReport as unknown as Family;
const table = family.table;

export interface Person {
  id: string;
  name: string;
}

/** A signed-in writer's name and department. */
export async function writerOf(db: D1Database, userId: string): Promise<{ id: string; name: string; deptId: string | null } | null> {
  const row = await db.prepare("SELECT id, name, dept_id AS deptId FROM sys_user WHERE id = ?").bind(userId).first<{ id: string; name: string; deptId: string | null }>();
  return row ?? null;
}

/** The ids of `ids` that name no active user. */
export async function unknownPeople(db: D1Database, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const { results } = await db.prepare("SELECT id FROM sys_user WHERE status = '1' AND id IN (SELECT value FROM json_each(?))").bind(JSON.stringify(ids)).all<{ id: string }>();
  const known = new Set(results.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}

/** Another live report of a reporter with the same kind and period (served by the unique index). */
export async function samePeriodReport(db: D1Database, reporterId: string, reportType: string, period: string, exceptId: string | null): Promise<{ id: string } | null> {
  const row = await db
    .prepare(`SELECT id FROM ${table} WHERE reporter_id = ? AND report_type = ? AND period = ? AND id != ? LIMIT 1`)
    .bind(reporterId, reportType, period, exceptId ?? "")
    .first<{ id: string }>();
  return row ?? null;
}

/** The leader of a report's department (the one it was written in, else the reporter's present one). */
export async function leaderFor(db: D1Database, deptId: string | null, reporterId: string): Promise<Person | null> {
  const row = await db
    .prepare(
      `SELECT l.id, l.name FROM sys_department d JOIN sys_user l ON l.id = d.leader_id AND l.status = '1'
       WHERE d.id = COALESCE(?1, (SELECT dept_id FROM sys_user WHERE id = ?2))`,
    )
    .bind(deptId, reporterId)
    .first<Person>();
  return row ?? null;
}

/** Whether a person is notified of a report and has not opened it yet. */
export async function unreadBy(db: D1Database, reportId: string, userId: string): Promise<boolean> {
  const row = await db.prepare("SELECT 1 AS y FROM work_report_reader WHERE report_id = ? AND user_id = ? AND read_at IS NULL").bind(reportId, userId).first();
  return !!row;
}

/** A report's notified people and when each opened it, in the order they were named. */
export async function readersOf(db: D1Database, reportId: string): Promise<{ userId: string; name: string | null; readTime: string | null }[]> {
  const { results } = await db
    .prepare("SELECT r.user_id AS userId, u.name, r.read_at AS readTime FROM work_report_reader r LEFT JOIN sys_user u ON u.id = r.user_id WHERE r.report_id = ? ORDER BY r.read_at IS NULL, r.read_at, u.name")
    .bind(reportId)
    .all<{ userId: string; name: string | null; readTime: string | null }>();
  return results;
}

/** Names of a report's reporter, department and reviewer. */
export async function namesOf(db: D1Database, report: Record<string, unknown>) {
  const row = await db
    .prepare("SELECT (SELECT name FROM sys_user WHERE id = ?1) AS reporterName, (SELECT name FROM sys_department WHERE id = ?2) AS deptName, (SELECT name FROM sys_user WHERE id = ?3) AS reviewerName")
    .bind(String(report.reporterId ?? ""), String(report.deptId ?? ""), String(report.reviewerId ?? ""))
    .first<{ reporterName: string | null; deptName: string | null; reviewerName: string | null }>();
  return row ?? { reporterName: null, deptName: null, reviewerName: null };
}

export interface ReportFilter {
  reportType?: string;
  status?: string;
  staffId?: string;
  /** periods ending on or after */
  from?: string;
  /** periods starting on or before */
  to?: string;
}

export type ReportScope = { kind: "mine"; userId: string } | { kind: "review"; userId: string } | { kind: "notified"; userId: string };

function scopeSql(scope: ReportScope): { sql: string; params: string[] } {
  switch (scope.kind) {
    case "mine":
      return { sql: "t.reporter_id = ?", params: [scope.userId] };
    case "review":
      // the reports of the departments the reader leads, once submitted, not their own
      return { sql: "t.dept_id IN (SELECT id FROM sys_department WHERE leader_id = ?) AND t.reporter_id != ? AND t.status != 'draft'", params: [scope.userId, scope.userId] };
    case "notified":
      return { sql: "t.id IN (SELECT report_id FROM work_report_reader WHERE user_id = ?) AND t.status != 'draft'", params: [scope.userId] };
  }
}

/** A page of reports in a scope, with names and read counts; waiting reviews first in the review scope. */
export async function reportPage(db: D1Database, scope: ReportScope, filter: ReportFilter, page: number, limit: number) {
  const where = [scopeSql(scope)];
  if (filter.reportType) where.push({ sql: "t.report_type = ?", params: [filter.reportType] });
  if (filter.status) where.push({ sql: "t.status = ?", params: [filter.status] });
  if (filter.staffId) where.push({ sql: "t.reporter_id = ?", params: [filter.staffId] });
  if (filter.from) where.push({ sql: "COALESCE(t.period_end, substr(t.create_time, 1, 10)) >= ?", params: [filter.from] });
  if (filter.to) where.push({ sql: "COALESCE(t.period_start, substr(t.create_time, 1, 10)) <= ?", params: [filter.to] });
  const sql = where.map((w) => w.sql).join(" AND ");
  const params = where.flatMap((w) => w.params);
  const order = scope.kind === "review" ? "t.status = 'submitted' DESC, t.submit_time DESC, t.id DESC" : "t.period_start DESC, t.create_time DESC, t.id DESC";
  const [rows, total] = await db.batch([
    db
      .prepare(
        `SELECT t.*, ru.name AS reporter_name, d.name AS dept_name, rv.name AS reviewer_name,
           (SELECT COUNT(*) FROM work_report_reader r WHERE r.report_id = t.id) AS notified_count,
           (SELECT COUNT(*) FROM work_report_reader r WHERE r.report_id = t.id AND r.read_at IS NOT NULL) AS read_count,
           (SELECT r.read_at FROM work_report_reader r WHERE r.report_id = t.id AND r.user_id = ?) AS my_read_time
         FROM ${table} t LEFT JOIN sys_user ru ON ru.id = t.reporter_id LEFT JOIN sys_department d ON d.id = t.dept_id LEFT JOIN sys_user rv ON rv.id = t.reviewer_id
         WHERE ${sql} ORDER BY ${order} LIMIT ? OFFSET ?`,
      )
      .bind(scope.userId, ...params, limit, (page - 1) * limit),
    db.prepare(`SELECT COUNT(*) AS n FROM ${table} t WHERE ${sql}`).bind(...params),
  ]);
  return {
    total: (total!.results[0] as { n: number }).n,
    rows: (rows!.results as Record<string, unknown>[]).map((r) => toRecord(family, camelRow(r))),
  };
}
