/** The gantt module's reads: a project's stored tasks, its name, the people who own tasks, its picture settings. */
import type { Family } from "../../events/family.ts";
import { projectSchedulePlan } from "../../events/families/casework.ts";
import { projectShow } from "../../events/families/services.ts";
import { user } from "../../events/families/sys.ts";
import { projectVisualConf } from "../../events/families/gantt.ts";
import { findById, listAll, recordWhere } from "../resources/query.ts";
import { containsPattern } from "../http/input.ts";

export const scheduleFamily = projectSchedulePlan as unknown as Family;
export const projectFamily = projectShow as unknown as Family;
export const visualFamily = projectVisualConf as unknown as Family;
const users = user as unknown as Family;

/** A plan has at most this many tasks (events/gantt/plan.ts maxPlanTasks); one read takes them all. */
const planCap = 5000;

/** The project's tasks as stored, in the plan's order. */
export function planRecords(db: D1Database, projectId: string) {
  return listAll(db, scheduleFamily, { filters: [{ key: "projectId", op: "eq", value: projectId }], sort: "sortNo", desc: false, keyword: "" }, planCap);
}

/** The project (a projectShow record) or null. */
export function projectOf(db: D1Database, projectId: string) {
  return findById(db, projectFamily, projectId);
}

/** Names of users by id. */
export async function userNames(db: D1Database, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.prepare(`SELECT id, name FROM ${users.table} WHERE id IN (SELECT value FROM json_each(?))`).bind(JSON.stringify(unique)).all<{ id: string; name: string }>();
  return new Map(rows.results.map((r) => [r.id, r.name]));
}

/** Users by name (an imported file names owners, not ids); a name two users share is ambiguous and left out. */
export async function usersByName(db: D1Database, names: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(names.filter(Boolean))];
  if (unique.length === 0) return new Map();
  const rows = await db.prepare(`SELECT id, name FROM ${users.table} WHERE name IN (SELECT value FROM json_each(?))`).bind(JSON.stringify(unique)).all<{ id: string; name: string }>();
  const out = new Map<string, string>();
  const twice = new Set<string>();
  for (const r of rows.results) {
    if (out.has(r.name)) twice.add(r.name);
    else out.set(r.name, r.id);
  }
  for (const name of twice) out.delete(name);
  return out;
}

/** Projects whose name holds `keyword` (all without one), those with the most tasks first, at most 50. */
export async function scheduleProjects(db: D1Database, keyword: string) {
  const name = projectFamily.column.projectName!;
  const ent = projectFamily.column.entName!;
  const owner = scheduleFamily.column.projectId!;
  const rows = await db
    .prepare(
      `SELECT p.${projectFamily.idColumn} AS id, p.${name} AS projectName, p.${ent} AS entName, (SELECT COUNT(*) FROM ${scheduleFamily.table} s WHERE s.${owner} = p.${projectFamily.idColumn}) AS tasks
       FROM ${projectFamily.table} p WHERE ?1 = '' OR p.${name} LIKE ?2 ESCAPE '\\' ORDER BY tasks DESC, p.${name}, p.${projectFamily.idColumn} LIMIT 50`,
    )
    .bind(keyword, containsPattern(keyword))
    .all<{ id: string; projectName: string; entName: string | null; tasks: number }>();
  return rows.results;
}

/** The project's stored picture settings record, or null. */
export function visualConfOf(db: D1Database, projectId: string) {
  return recordWhere(db, visualFamily, { projectId });
}
