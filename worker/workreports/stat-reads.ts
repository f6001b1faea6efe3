/**
 * Each statistics answer as one read: the grouped counts (./stat-queries.ts) assembled by the pure rules
 * (./statistics.ts). The routes answer them; the bench times them inside the Worker.
 */
import { departments, enterprisesByDepartment, enterprisesByStaff, periodCounts, staffCounts, staffDirectory, type StatFilter } from "./stat-queries.ts";
import { jgRowsOf, statCountOf, trainingRowsOf, visitRowsOf } from "./statistics.ts";

export const statCountRead = async (db: D1Database, f: StatFilter) => statCountOf(await periodCounts(db, f));

export async function jgStatRead(db: D1Database, f: StatFilter) {
  const [counts, enterprises, staff, depts] = await Promise.all([staffCounts(db, f, ["visits", "archives", "trainings", "roadshows", "reports"]), enterprisesByDepartment(db, f), staffDirectory(db), departments(db)]);
  return jgRowsOf(counts, enterprises, staff, depts, f.deptId);
}

/** Every member of staff's row (a few hundred at most: the list pages them in memory). */
export async function visitStatRead(db: D1Database, f: StatFilter) {
  const [counts, staff] = await Promise.all([staffCounts(db, f, ["visits", "archives"]), staffDirectory(db)]);
  const visitors = [...new Set(counts.visits.map((v) => v.staff).filter((s): s is string => !!s))];
  return visitRowsOf(counts.visits, counts.archives, await enterprisesByStaff(db, f, visitors), staff);
}

export async function trainingStatRead(db: D1Database, f: StatFilter) {
  const [counts, staff] = await Promise.all([staffCounts(db, f, ["trainings"]), staffDirectory(db)]);
  return trainingRowsOf(counts.trainings, staff);
}
