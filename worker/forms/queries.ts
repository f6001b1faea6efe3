/** The forms module's own reads beyond the record engine's: the enterprise a fill-in link is sent to. */
import { enterpriseBasicInfo } from "../../events/families/enterprise.ts";

/** An enterprise of the master list by its credit code (null when there is none). */
export function enterpriseByCode(db: D1Database, creditCode: string) {
  return db.prepare(`SELECT credit_code AS code, ent_name AS name FROM ${enterpriseBasicInfo.table} WHERE credit_code = ? LIMIT 1`).bind(creditCode).first<{ code: string; name: string }>();
}
