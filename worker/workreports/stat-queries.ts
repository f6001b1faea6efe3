/**
 * The statistics' reads: visits (the visit family), their service and demand archives (the visit history
 * family), trainings, roadshows and work reports of a period, for a department or a member of staff. Visit
 * counts are read through their rollup (./rollup.ts) for the period's whole months and directly for the
 * days at either end; every other count is one grouped SQL statement over a composite index that covers it (the
 * families' `indexes`);
 * staff and departments are joined in afterwards from the (small) user table. Table and column names come
 * from the declarations, so a family that gains fields keeps working.
 */
import { companyVisit, visitHistory, workReport } from "../../events/families/casework.ts";
import { companyTraining, roadshowPass } from "../../events/families/services.ts";
import type { Family } from "../../events/family.ts";
import { spanOf, type Span } from "./span.ts";

const visit = companyVisit as unknown as Family;
const archive = visitHistory as unknown as Family;
const training = companyTraining as unknown as Family;
const roadshow = roadshowPass as unknown as Family;
const report = workReport as unknown as Family;

export const archiveKinds = { service: "fwda", demand: "xqda" } as const;

export interface StatFilter {
  from?: string;
  to?: string;
  deptId?: string;
  staffId?: string;
}

interface Clause {
  sql: string;
  params: (string | number)[];
}

/** The day after a date, for half-open ranges over datetimes. */
const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Period and staff conditions over one source: its date column and its staff column. */
function where(f: StatFilter, dateColumn: string, staffColumn: string, datetime = false, extra: Clause[] = []): Clause {
  const parts: Clause[] = [...extra];
  if (f.from) parts.push({ sql: `${dateColumn} >= ?`, params: [f.from] });
  if (f.to) parts.push(datetime ? { sql: `${dateColumn} < ?`, params: [nextDay(f.to)] } : { sql: `${dateColumn} <= ?`, params: [f.to] });
  // a lower bound lets the (date, …) index serve an open range too
  if (!f.from) parts.push({ sql: `${dateColumn} >= ?`, params: ["0000"] });
  return joined([...parts, ...staffClauses(f, staffColumn)]);
}

const joined = (parts: Clause[], by = " AND "): Clause => ({ sql: parts.map((p) => p.sql).join(by), params: parts.flatMap((p) => p.params) });

/** The member-of-staff and department conditions over a staff column. */
function staffClauses(f: StatFilter, staffColumn: string): Clause[] {
  const parts: Clause[] = [];
  if (f.staffId) parts.push({ sql: `${staffColumn} = ?`, params: [f.staffId] });
  if (f.deptId) parts.push({ sql: `${staffColumn} IN (SELECT id FROM sys_user WHERE dept_id = ?)`, params: [f.deptId] });
  return parts;
}

const col = (family: Family, key: string) => family.column[key] ?? key;

const visitWhere = (f: StatFilter, alias = "") => where(f, alias + col(visit, "visitDate"), alias + col(visit, "visitorId"));

/** The whole months of a period over a visit rollup ('' months, visits without a date, never count). */
function rollupWhere(f: StatFilter, months: NonNullable<Span["months"]>): Clause {
  const parts: Clause[] = [{ sql: "month >= ?", params: [months.from ?? "0000"] }];
  if (months.to) parts.push({ sql: "month <= ?", params: [months.to] });
  return joined([...parts, ...staffClauses(f, "visitor_id")]);
}

/**
 * The visits of a period as a UNION ALL: its whole months from the rollup (`fromRollup` given the rollup's
 * conditions) and the days at either end from the visits (`fromVisits` given the visit conditions).
 * Distinct enterprises are still counted from the visits (the covering (date, visitor, type, code) index):
 * a (month, visitor, enterprise) table had 99,849 rows for 100,000 bench visits and read slower.
 */
function visitParts(f: StatFilter, fromRollup: (where: string) => string, fromVisits: (where: string) => string): Clause {
  const span = spanOf(f);
  const parts: Clause[] = [];
  if (span.months) {
    const w = rollupWhere(f, span.months);
    parts.push({ sql: fromRollup(w.sql), params: w.params });
  }
  for (const e of span.edges) {
    const date = col(visit, "visitDate");
    const w = where({ ...f, from: e.from, to: e.to }, date, col(visit, "visitorId"), false, e.before ? [{ sql: `${date} < ?`, params: [e.before] }] : []);
    parts.push({ sql: fromVisits(w.sql), params: w.params });
  }
  return joined(parts, " UNION ALL ");
}

/** Visits counted by a key (`k`, answered under `as`) and visit type. */
const visitCountsBy = (f: StatFilter, as: "month" | "staff", key: { rollup: string; visits: string }) => {
  const u = visitParts(
    f,
    (w) => `SELECT ${key.rollup}, NULLIF(visit_type, '') AS a, SUM(n) AS n FROM visit_rollup WHERE ${w} GROUP BY 1, 2`,
    (w) => `SELECT ${key.visits}, ${col(visit, "visitType")} AS a, COUNT(*) AS n FROM ${visit.table} WHERE ${w} GROUP BY 1, 2`,
  );
  return { sql: `SELECT k AS ${as}, a, SUM(n) AS n FROM (${u.sql}) GROUP BY 1, 2`, params: u.params };
};

const archiveWhere = (f: StatFilter) =>
  where(f, col(archive, "visitDate"), col(archive, "visitorId"), false, [{ sql: `${col(archive, "archiveType")} IN (?, ?)`, params: [archiveKinds.service, archiveKinds.demand] }]);
const trainingWhere = (f: StatFilter) => where(f, col(training, "trainingDate"), col(training, "recorderUserId"));
const roadshowWhere = (f: StatFilter) => where(f, col(roadshow, "roadshowTime"), "create_by", true);
const reportWhere = (f: StatFilter) => where(f, col(report, "periodStart"), col(report, "reporterId"), false, [{ sql: `${col(report, "status")} != ?`, params: ["draft"] }]);

const bound = (db: D1Database, sql: string, clause: Clause, ...more: (string | number)[]) => db.prepare(sql).bind(...clause.params, ...more);

export interface Grouped {
  month: string | null;
  a: string | null;
  b: string | null;
  c: string | null;
  n: number;
  s: number | null;
}

/** Every count of statCount in one batch: each source grouped by month and its kinds. */
export async function periodCounts(db: D1Database, f: StatFilter) {
  const v = visitCountsBy(f, "month", { rollup: "month AS k", visits: `substr(${col(visit, "visitDate")}, 1, 7) AS k` });
  const e = visitWhere(f);
  const h = archiveWhere(f);
  const tr = trainingWhere(f);
  const r = roadshowWhere(f);
  const w = reportWhere(f);
  const [visits, enterprises, archives, trainings, roadshows, reports] = await db.batch([
    bound(db, v.sql, v),
    bound(db, `SELECT COUNT(DISTINCT ${col(visit, "creditCode")}) AS n FROM ${visit.table} WHERE ${e.sql}`, e),
    bound(
      db,
      `SELECT substr(${col(archive, "visitDate")}, 1, 7) AS month, ${col(archive, "archiveType")} AS a, ${col(archive, "status")} AS b, ${col(archive, "satisfaction")} AS c, COUNT(*) AS n FROM ${archive.table} WHERE ${h.sql} GROUP BY 1, 2, 3, 4`,
      h,
    ),
    bound(db, `SELECT substr(${col(training, "trainingDate")}, 1, 7) AS month, ${col(training, "trainingType")} AS a, COUNT(*) AS n, SUM(${col(training, "participantCount")}) AS s FROM ${training.table} WHERE ${tr.sql} GROUP BY 1, 2`, tr),
    bound(db, `SELECT substr(${col(roadshow, "roadshowTime")}, 1, 7) AS month, COUNT(*) AS n FROM ${roadshow.table} WHERE ${r.sql} GROUP BY 1`, r),
    bound(db, `SELECT substr(${col(report, "periodStart")}, 1, 7) AS month, ${col(report, "reportType")} AS a, ${col(report, "status")} AS b, COUNT(*) AS n FROM ${report.table} WHERE ${w.sql} GROUP BY 1, 2, 3`, w),
  ]);
  const rows = (x: D1Result | undefined) => (x?.results ?? []) as unknown as Grouped[];
  return { visits: rows(visits), enterprises: (enterprises!.results[0] as { n: number }).n, archives: rows(archives), trainings: rows(trainings), roadshows: rows(roadshows), reports: rows(reports) };
}

export interface StaffCount {
  staff: string | null;
  a: string | null;
  n: number;
  s: number | null;
}

export type StaffSource = "visits" | "archives" | "trainings" | "roadshows" | "reports";

/** The chosen sources' counts of the period by member of staff (and kind), in one batch. */
export async function staffCounts(db: D1Database, f: StatFilter, sources: readonly StaffSource[]): Promise<Record<StaffSource, StaffCount[]>> {
  const statements: Record<StaffSource, () => D1PreparedStatement> = {
    visits: () => {
      const v = visitCountsBy(f, "staff", { rollup: "NULLIF(visitor_id, '') AS k", visits: `${col(visit, "visitorId")} AS k` });
      return bound(db, v.sql, v);
    },
    archives: () => {
      const h = archiveWhere(f);
      return bound(db, `SELECT ${col(archive, "visitorId")} AS staff, ${col(archive, "archiveType")} AS a, COUNT(*) AS n FROM ${archive.table} WHERE ${h.sql} GROUP BY 1, 2`, h);
    },
    trainings: () => {
      const tr = trainingWhere(f);
      return bound(db, `SELECT ${col(training, "recorderUserId")} AS staff, ${col(training, "trainingType")} AS a, COUNT(*) AS n, SUM(${col(training, "participantCount")}) AS s FROM ${training.table} WHERE ${tr.sql} GROUP BY 1, 2`, tr);
    },
    roadshows: () => {
      const r = roadshowWhere(f);
      return bound(db, `SELECT create_by AS staff, NULL AS a, COUNT(*) AS n FROM ${roadshow.table} WHERE ${r.sql} GROUP BY 1`, r);
    },
    reports: () => {
      const w = reportWhere(f);
      return bound(db, `SELECT ${col(report, "reporterId")} AS staff, NULL AS a, COUNT(*) AS n FROM ${report.table} WHERE ${w.sql} GROUP BY 1`, w);
    },
  };
  const results = await db.batch(sources.map((s) => statements[s]()));
  const out = { visits: [], archives: [], trainings: [], roadshows: [], reports: [] } as Record<StaffSource, StaffCount[]>;
  sources.forEach((s, i) => (out[s] = (results[i]?.results ?? []) as unknown as StaffCount[]));
  return out;
}

/**
 * Distinct enterprises visited per department of the period (the visitor's present department). The staff
 * drive the join, each reading their own visits off the (visitor, date, …) covering index; visits of
 * someone who is no user count nowhere here (they still count in the totals).
 */
export async function enterprisesByDepartment(db: D1Database, f: StatFilter): Promise<{ deptId: string | null; n: number }[]> {
  const v = visitWhere(f, "t.");
  const { results } = await bound(
    db,
    `SELECT u.dept_id AS deptId, COUNT(DISTINCT t.${col(visit, "creditCode")}) AS n FROM sys_user u CROSS JOIN ${visit.table} t ON t.${col(visit, "visitorId")} = u.id WHERE ${v.sql} GROUP BY 1`,
    v,
  ).all<{ deptId: string | null; n: number }>();
  return results;
}

/** Distinct enterprises each member of staff visited in the period. */
export async function enterprisesByStaff(db: D1Database, f: StatFilter, staff: string[]): Promise<{ staff: string; n: number }[]> {
  if (!staff.length) return [];
  const v = visitWhere(f);
  const { results } = await bound(
    db,
    `SELECT ${col(visit, "visitorId")} AS staff, COUNT(DISTINCT ${col(visit, "creditCode")}) AS n FROM ${visit.table} WHERE ${v.sql} AND ${col(visit, "visitorId")} IN (SELECT value FROM json_each(?)) GROUP BY 1`,
    v,
    JSON.stringify(staff),
  ).all<{ staff: string; n: number }>();
  return results;
}

/** A page of the period's roadshows, newest first, and their total. */
export async function roadshowPage(db: D1Database, f: StatFilter, page: number, limit: number) {
  const r = roadshowWhere(f);
  const time = col(roadshow, "roadshowTime");
  const [rows, total] = await db.batch([
    bound(
      db,
      `SELECT id, ${col(roadshow, "title")} AS title, ${col(roadshow, "entName")} AS entName, ${time} AS roadshowTime, ${col(roadshow, "venue")} AS venue, ${col(roadshow, "organizer")} AS organizer, ${col(roadshow, "status")} AS status, create_by AS staffId FROM ${roadshow.table} WHERE ${r.sql} ORDER BY ${time} DESC, id DESC LIMIT ? OFFSET ?`,
      r,
      limit,
      (page - 1) * limit,
    ),
    bound(db, `SELECT COUNT(*) AS n FROM ${roadshow.table} WHERE ${r.sql}`, r),
  ]);
  return { total: (total!.results[0] as { n: number }).n, rows: rows!.results as { id: string; title: string | null; entName: string | null; roadshowTime: string | null; venue: string | null; organizer: string | null; status: string | null; staffId: string | null }[] };
}

export interface StaffInfo {
  id: string;
  name: string;
  deptId: string | null;
  deptName: string | null;
  active: boolean;
}

/** Every user with their department (a few hundred rows: names are joined in memory). */
export async function staffDirectory(db: D1Database): Promise<Map<string, StaffInfo>> {
  const { results } = await db
    .prepare("SELECT u.id, u.name, u.dept_id AS deptId, d.name AS deptName, u.status = '1' AS active FROM sys_user u LEFT JOIN sys_department d ON d.id = u.dept_id")
    .all<StaffInfo>();
  return new Map(results.map((r) => [r.id, { ...r, active: !!r.active }]));
}

/** Every department by sort order. */
export async function departments(db: D1Database): Promise<{ id: string; name: string }[]> {
  const { results } = await db.prepare("SELECT id, name FROM sys_department ORDER BY sort, name").all<{ id: string; name: string }>();
  return results;
}
