/** Reads of the run-time records over their families' tables (the records' own reads go through the engine's queries). */
import type { Family } from "../../events/family.ts";

/** Whether another record than `id` (any record when there is none) already holds these values of a unique group. */
export async function uniqueTaken(db: D1Database, family: Family, group: string[], values: (string | number)[], id: string | null): Promise<boolean> {
  const where = group.map((k) => `${family.column[k]} = ?`).join(" AND ");
  const row = await db.prepare(`SELECT 1 FROM ${family.table} WHERE ${where} AND ${family.idColumn} IS NOT ? LIMIT 1`).bind(...values, id).first();
  return row !== null;
}
