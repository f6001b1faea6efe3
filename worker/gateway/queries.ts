/**
 * The gateway's read SQL over our own read models: declarations (by policy name, enterprise name, module
 * of their policy), a declaration's follow-ups, an enterprise's synchronised labels, a declaration file's
 * metadata. Every filter a bound value.
 */
import { policy, policyDeclare, policyDeclareFollow } from "../../events/families/casework.ts";
import { synEntLabelInfo } from "../../events/families/syn-registration.ts";
import type { Family } from "../../events/family.ts";
import { containsPattern } from "../http/input.ts";
import { camelRow, toRecord } from "../resources/query.ts";

const D = policyDeclare.table;
const P = policy.table;

export interface DeclarationFilter {
  name?: string | undefined;
  firmName?: string | undefined;
  creditCode?: string | undefined;
  status?: string | undefined;
  moduleCode?: string | undefined;
}

/** A page of declarations, newest first; moduleCode narrows to those of policies of that module. */
export async function declarationPage(db: D1Database, filter: DeclarationFilter, limit: number, offset: number): Promise<{ total: number; rows: Record<string, unknown>[] }> {
  const where: string[] = [];
  const params: (string | number)[] = [];
  if (filter.name) {
    where.push("d.policy_name LIKE ? ESCAPE '\\'");
    params.push(containsPattern(filter.name));
  }
  if (filter.firmName) {
    where.push("d.ent_name LIKE ? ESCAPE '\\'");
    params.push(containsPattern(filter.firmName));
  }
  if (filter.creditCode) {
    where.push("d.credit_code = ?");
    params.push(filter.creditCode);
  }
  if (filter.status) {
    where.push("d.status = ?");
    params.push(filter.status);
  }
  if (filter.moduleCode) {
    where.push(`d.policy_id IN (SELECT id FROM ${P} WHERE module_code = ?)`);
    params.push(filter.moduleCode);
  }
  const clause = where.length ? `WHERE ${where.join(" AND ")}` : "";
  const [rows, total] = await db.batch<Record<string, unknown>>([
    db.prepare(`SELECT d.* FROM ${D} d ${clause} ORDER BY d.declare_time DESC, d.id DESC LIMIT ? OFFSET ?`).bind(...params, limit, offset),
    db.prepare(`SELECT COUNT(*) AS n FROM ${D} d ${clause}`).bind(...params),
  ]);
  return { total: Number(total!.results[0]?.n ?? 0), rows: rows!.results.map((r) => toRecord(policyDeclare as unknown as Family, camelRow(r))) };
}

/** A declaration's follow-ups, oldest first. */
export async function followsOf(db: D1Database, declareId: string): Promise<Record<string, unknown>[]> {
  const { results } = await db.prepare(`SELECT * FROM ${policyDeclareFollow.table} WHERE declare_id = ? ORDER BY create_time, id LIMIT 500`).bind(declareId).all<Record<string, unknown>>();
  return results.map((r) => toRecord(policyDeclareFollow as unknown as Family, camelRow(r)));
}

/** An enterprise's synchronised labels in force on `asOf` (not removed at the source, not past their term). */
export async function labelsOf(db: D1Database, creditCode: string, asOf: string): Promise<Record<string, unknown>[]> {
  const { results } = await db
    .prepare(
      `SELECT label_name AS labelName, label_code AS labelCode, label_category AS labelCategory, label_level AS labelLevel, source, valid_from AS validFrom, valid_to AS validTo ` +
        `FROM ${synEntLabelInfo.table} WHERE credit_code = ? AND COALESCE(source_removed, 0) = 0 AND (valid_to IS NULL OR valid_to = '' OR valid_to >= ?) ORDER BY label_name LIMIT 200`,
    )
    .bind(creditCode, asOf)
    .all<Record<string, unknown>>();
  return results;
}

/** A file stored for declarations (uploaded through the gateway), or null. */
export async function declarationFile(db: D1Database, id: string): Promise<{ name: string; contentType: string | null; objectKey: string } | null> {
  return db
    .prepare("SELECT name, content_type AS contentType, object_key AS objectKey FROM sys_file WHERE id = ? AND business_type = 'policyDeclare'")
    .bind(id)
    .first<{ name: string; contentType: string | null; objectKey: string }>();
}

/** A dictionary's entries in its order. */
export async function dictionaryEntries(db: D1Database, type: string): Promise<{ value: string; name: string; enName: string | null }[]> {
  const { results } = await db.prepare("SELECT value, name, en_name AS enName FROM sys_dict WHERE type = ? ORDER BY number, value LIMIT 200").bind(type).all<{ value: string; name: string; enName: string | null }>();
  return results;
}
