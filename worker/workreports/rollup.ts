/**
 * The visits' rollup for the statistics (./schema.ts visitRollup), kept by projection
 * in the same batch as each visit's events and recounted from the visit table after a rebuild (and by the
 * migration that introduced it, and by the bench after it loads rows directly).
 */
import { companyVisit } from "../../events/families/casework.ts";
import type { Family } from "../../events/family.ts";
import { countedProjection, keyValue, type CountedKey } from "../store/counted.ts";

const visit = companyVisit as unknown as Family;
const col = (key: string) => visit.column[key] ?? key;

/** A visit's month ('YYYY-MM' of its date, '' without one): the SQL below takes the same substring. */
const month: CountedKey = { column: "month", of: (r) => keyValue("visitDate")(r).slice(0, 7) };
const by = (column: string, field: string): CountedKey => ({ column, of: keyValue(field) });

const rollupKeys = [month, by("visitor_id", "visitorId"), by("visit_type", "visitType")];
/** The rollup recounted from the visit table (after a rebuild; by the bench after a direct load). */
export const rollupFromVisits = `INSERT INTO visit_rollup (month, visitor_id, visit_type, n) SELECT COALESCE(substr(${col("visitDate")}, 1, 7), ''), COALESCE(${col("visitorId")}, ''), COALESCE(${col("visitType")}, ''), COUNT(*) FROM ${visit.table} GROUP BY 1, 2, 3`;

export const visitRollupProjection = countedProjection({ name: "visit_rollup", table: "visit_rollup", source: visit, keys: rollupKeys, fromTable: rollupFromVisits });
