/**
 * The statistics answers assembled from grouped counts (pure): a period's totals and months, a row per
 * department, and a row per member of staff. The SQL that counts is ./stat-queries.ts.
 */
import type { Answer } from "../../events/api/verb.ts";
import type { workreports } from "../../events/api/workreports.ts";
import { archiveKinds, type Grouped, type StaffCount, type StaffInfo } from "./stat-queries.ts";

type StatCount = Answer<typeof workreports.statCount>;
type JgRow = Answer<typeof workreports.jgStatCount>[number];
type VisitRow = Answer<typeof workreports.visitList>[number];
type TrainingRow = Answer<typeof workreports.trainingList>[number];

/** Counts by value, largest first (a null value is kept: records without one). */
function tally(rows: { key: string | null; n: number }[]): { value: string | null; count: number }[] {
  const by = new Map<string | null, number>();
  for (const r of rows) by.set(r.key, (by.get(r.key) ?? 0) + r.n);
  return [...by].map(([value, count]) => ({ value, count })).sort((a, b) => b.count - a.count || String(a.value).localeCompare(String(b.value)));
}

const sum = (rows: { n: number }[]) => rows.reduce((s, r) => s + r.n, 0);

export function statCountOf(c: { visits: Grouped[]; enterprises: number; archives: Grouped[]; trainings: Grouped[]; roadshows: Grouped[]; reports: Grouped[] }): StatCount {
  const services = c.archives.filter((r) => r.a === archiveKinds.service);
  const demands = c.archives.filter((r) => r.a === archiveKinds.demand);
  const months = new Map<string, StatCount["months"][number]>();
  const month = (m: string | null) => {
    const key = m ?? "";
    if (!months.has(key)) months.set(key, { month: key, visits: 0, services: 0, demands: 0, trainings: 0, roadshows: 0, reports: 0 });
    return months.get(key)!;
  };
  for (const r of c.visits) month(r.month).visits += r.n;
  for (const r of services) month(r.month).services += r.n;
  for (const r of demands) month(r.month).demands += r.n;
  for (const r of c.trainings) month(r.month).trainings += r.n;
  for (const r of c.roadshows) month(r.month).roadshows += r.n;
  for (const r of c.reports) month(r.month).reports += r.n;
  return {
    visits: sum(c.visits),
    visitedEnterprises: c.enterprises,
    services: sum(services),
    demands: sum(demands),
    trainings: sum(c.trainings),
    trainingParticipants: c.trainings.reduce((s, r) => s + (r.s ?? 0), 0),
    roadshows: sum(c.roadshows),
    reports: sum(c.reports),
    reviewedReports: sum(c.reports.filter((r) => r.b === "reviewed")),
    months: [...months.values()].filter((m) => m.month).sort((a, b) => a.month.localeCompare(b.month)),
    visitTypes: tally(c.visits.map((r) => ({ key: r.a, n: r.n }))),
    serviceStatuses: tally(services.map((r) => ({ key: r.b, n: r.n }))),
    satisfaction: tally(services.map((r) => ({ key: r.c, n: r.n }))),
    trainingTypes: tally(c.trainings.map((r) => ({ key: r.a, n: r.n }))),
    reportTypes: tally(c.reports.map((r) => ({ key: r.a, n: r.n }))),
  };
}

type Counts = { visits: StaffCount[]; archives: StaffCount[]; trainings: StaffCount[]; roadshows: StaffCount[]; reports: StaffCount[] };

/** A row per department (and one for staff without a department, when they counted anything), in the departments' order. */
export function jgRowsOf(counts: Counts, enterprises: { deptId: string | null; n: number }[], staff: Map<string, StaffInfo>, depts: { id: string; name: string }[], onlyDept?: string): JgRow[] {
  const rows = new Map<string | null, JgRow>();
  const row = (deptId: string | null) => {
    if (!rows.has(deptId)) rows.set(deptId, { deptId, deptName: depts.find((d) => d.id === deptId)?.name ?? null, staff: 0, visits: 0, visitedEnterprises: 0, services: 0, demands: 0, trainings: 0, roadshows: 0, reports: 0 });
    return rows.get(deptId)!;
  };
  for (const d of depts) if (!onlyDept || d.id === onlyDept) row(d.id);
  for (const s of staff.values()) if (s.active && s.deptId && rows.has(s.deptId)) row(s.deptId).staff++;
  const deptOf = (id: string | null) => (id ? (staff.get(id)?.deptId ?? null) : null);
  for (const r of counts.visits) row(deptOf(r.staff)).visits += r.n;
  for (const r of counts.archives) row(deptOf(r.staff))[r.a === archiveKinds.service ? "services" : "demands"] += r.n;
  for (const r of counts.trainings) row(deptOf(r.staff)).trainings += r.n;
  for (const r of counts.roadshows) row(deptOf(r.staff)).roadshows += r.n;
  for (const r of counts.reports) row(deptOf(r.staff)).reports += r.n;
  for (const e of enterprises) row(e.deptId).visitedEnterprises += e.n;
  const out = [...rows.values()];
  const busy = (r: JgRow) => r.visits + r.services + r.demands + r.trainings + r.roadshows + r.reports > 0;
  // the no-department row only when it counted something
  return out.filter((r) => r.deptId !== null || busy(r));
}

const staffColumns = (id: string | null, staff: Map<string, StaffInfo>) => {
  const s = id ? staff.get(id) : undefined;
  return { staffId: id, staffName: s?.name ?? null, deptId: s?.deptId ?? null, deptName: s?.deptName ?? null };
};

/** A row per member of staff who visited in the period, most visits first. */
export function visitRowsOf(visits: StaffCount[], archives: StaffCount[], enterprises: { staff: string; n: number }[], staff: Map<string, StaffInfo>): VisitRow[] {
  const rows = new Map<string | null, VisitRow>();
  const row = (id: string | null) => {
    if (!rows.has(id)) rows.set(id, { ...staffColumns(id, staff), visits: 0, enterprises: 0, services: 0, demands: 0, byType: {} });
    return rows.get(id)!;
  };
  for (const v of visits) {
    const r = row(v.staff);
    r.visits += v.n;
    const type = v.a ?? "";
    r.byType[type] = (r.byType[type] ?? 0) + v.n;
  }
  for (const a of archives) if (rows.has(a.staff)) row(a.staff)[a.a === archiveKinds.service ? "services" : "demands"] += a.n;
  for (const e of enterprises) if (rows.has(e.staff)) row(e.staff).enterprises = e.n;
  return sortByStaff([...rows.values()], (r) => r.visits);
}

/** A row per member of staff who recorded trainings in the period, most first. */
export function trainingRowsOf(trainings: StaffCount[], staff: Map<string, StaffInfo>): TrainingRow[] {
  const rows = new Map<string | null, TrainingRow>();
  for (const t of trainings) {
    if (!rows.has(t.staff)) rows.set(t.staff, { ...staffColumns(t.staff, staff), trainings: 0, participants: 0, byType: {} });
    const r = rows.get(t.staff)!;
    r.trainings += t.n;
    r.participants += t.s ?? 0;
    const type = t.a ?? "";
    r.byType[type] = (r.byType[type] ?? 0) + t.n;
  }
  return sortByStaff([...rows.values()], (r) => r.trainings);
}

function sortByStaff<R extends { staffName: string | null; staffId: string | null }>(rows: R[], count: (r: R) => number): R[] {
  return rows.sort((a, b) => count(b) - count(a) || String(a.staffName ?? a.staffId ?? "").localeCompare(String(b.staffName ?? b.staffId ?? "")));
}
