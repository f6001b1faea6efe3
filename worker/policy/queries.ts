/**
 * The policy module's read SQL: published policies with their conditions, enterprises by code, and the
 * enterprises whose service staff are still owed a policy's notice (compiled condition ∧ a service staff
 * member ∧ not in the ledger). Filters are bound values; the compiled condition's SQL is built from a
 * checked tree by worker/conditions (never from request text).
 */
import { policyConditions, type PolicyCondition } from "../../events/policy/conditions.ts";
import type { Condition } from "../../events/conditions/tree.ts";
import { policy as policyFamily } from "../../events/families/casework.ts";
import { enterpriseBasicInfo } from "../../events/families/enterprise.ts";
import { containsPattern } from "../http/input.ts";
import { compileCondition } from "../conditions/index.ts";

const P = policyFamily.table;
const E = enterpriseBasicInfo.table;
/** D1 binds at most 100 parameters a statement. */
const chunkSize = 90;

export interface PolicyRow {
  policyId: string;
  policyName: string;
  policyNo: string | null;
  issuingAuthority: string | null;
  policyLevel: string | null;
  policyType: string | null;
  subsidy: string | null;
  subsidyAmount: number | null;
  effectiveDate: string | null;
  expiryDate: string | null;
  moduleCode: string | null;
  status: string | null;
  version: number;
  conditions: PolicyCondition[];
}

const policyColumns =
  "id AS policyId, policy_name AS policyName, policy_no AS policyNo, issuing_authority AS issuingAuthority, policy_level AS policyLevel, policy_type AS policyType, " +
  "subsidy, subsidy_amount AS subsidyAmount, effective_date AS effectiveDate, expiry_date AS expiryDate, module_code AS moduleCode, status, version, conditions";

/** A stored conditions column as the family's schema has it (a row that does not parse has none). */
function conditionsOf(text: unknown): PolicyCondition[] {
  if (typeof text !== "string" || text === "") return [];
  try {
    const parsed = policyConditions.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

const toPolicy = (row: Record<string, unknown>): PolicyRow => ({ ...(row as unknown as PolicyRow), conditions: conditionsOf(row.conditions) });

/** The whole tree of a policy's named conditions: every one must hold. */
export const treeOf = (conditions: readonly PolicyCondition[]): Condition => ({ all: conditions.map((c) => c.condition) });

export interface PolicyFilter {
  /** a policy name fragment */
  name?: string | undefined;
  moduleCode?: string | undefined;
}

/** Published policies in force on `asOf` (not past their expiry), with their conditions, in name order. */
export async function publishedPolicies(db: D1Database, asOf: string, filter: PolicyFilter = {}): Promise<PolicyRow[]> {
  const where = ["status = 'published'", "(expiry_date IS NULL OR expiry_date = '' OR expiry_date >= ?)", "conditions IS NOT NULL"];
  const params: string[] = [asOf];
  if (filter.name) {
    where.push("policy_name LIKE ? ESCAPE '\\'");
    params.push(containsPattern(filter.name));
  }
  if (filter.moduleCode) {
    where.push("module_code = ?");
    params.push(filter.moduleCode);
  }
  const { results } = await db.prepare(`SELECT ${policyColumns} FROM ${P} WHERE ${where.join(" AND ")} ORDER BY policy_name, id`).bind(...params).all<Record<string, unknown>>();
  return results.map(toPolicy);
}

export async function policyById(db: D1Database, id: string): Promise<PolicyRow | null> {
  const row = await db.prepare(`SELECT ${policyColumns} FROM ${P} WHERE id = ?`).bind(id).first<Record<string, unknown>>();
  return row ? toPolicy(row) : null;
}

/** Published policies whose notices are not all sent yet (the cron finishes them), oldest publication first. */
export async function policiesOwingNotices(db: D1Database): Promise<string[]> {
  const { results } = await db
    .prepare(`SELECT id FROM ${P} WHERE status = 'published' AND conditions IS NOT NULL AND (noticed_at IS NULL OR noticed_at = '') ORDER BY publish_time, id LIMIT 100`)
    .all<{ id: string }>();
  return results.map((r) => r.id);
}

export interface EnterpriseRow {
  creditCode: string;
  entName: string;
  areaCode: string | null;
  industry: string | null;
  serviceUserId: string | null;
}

const enterpriseColumns = "credit_code AS creditCode, ent_name AS entName, area_code AS areaCode, industry, service_user_id AS serviceUserId";

export async function enterpriseByCode(db: D1Database, creditCode: string): Promise<EnterpriseRow | null> {
  return db.prepare(`SELECT ${enterpriseColumns} FROM ${E} WHERE credit_code = ? LIMIT 1`).bind(creditCode).first<EnterpriseRow>();
}

/** Enterprises by code, in the order asked (chunks of 90 codes a statement, one batch). */
export async function enterprisesByCodes(db: D1Database, codes: readonly string[]): Promise<EnterpriseRow[]> {
  if (codes.length === 0) return [];
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < codes.length; i += chunkSize) {
    const part = codes.slice(i, i + chunkSize);
    statements.push(db.prepare(`SELECT ${enterpriseColumns} FROM ${E} WHERE credit_code IN (${part.map(() => "?").join(", ")})`).bind(...part));
  }
  const found = new Map<string, EnterpriseRow>();
  for (const r of await db.batch<EnterpriseRow>(statements)) for (const row of r.results) found.set(row.creditCode, row);
  return codes.flatMap((code) => found.get(code) ?? []);
}

export interface OwedNotice {
  creditCode: string;
  entName: string;
  serviceUserId: string;
}

/**
 * Enterprises meeting the policy's tree whose service staff have not been told about it yet, after
 * `afterCode` in code order: the notification pass's next chunk.
 */
export async function owedNotices(db: D1Database, policyId: string, tree: Condition, asOf: string, afterCode: string, limit: number): Promise<OwedNotice[]> {
  const condition = compileCondition(tree, asOf);
  const { results } = await db
    .prepare(
      `SELECT e.credit_code AS creditCode, e.ent_name AS entName, e.service_user_id AS serviceUserId FROM ${E} e ` +
        `WHERE e.service_user_id IS NOT NULL AND e.service_user_id <> '' AND e.credit_code > ? ` +
        `AND NOT EXISTS (SELECT 1 FROM policy_notice n WHERE n.policy_id = ? AND n.credit_code = e.credit_code) ` +
        `AND ${condition.sql} ORDER BY e.credit_code LIMIT ?`,
    )
    .bind(afterCode, policyId, ...condition.params, limit)
    .all<OwedNotice>();
  return results;
}

/** How many enterprises have been told about a policy (its notices). */
export async function noticeCount(db: D1Database, policyId: string): Promise<number> {
  const row = await db.prepare("SELECT COUNT(*) AS n FROM policy_notice WHERE policy_id = ?").bind(policyId).first<{ n: number }>();
  return row?.n ?? 0;
}

/** Dictionary labels of the given types: type → value → label in both languages (reasons name a code by its label). */
export async function dictionaryLabels(db: D1Database, types: readonly string[]): Promise<Map<string, Map<string, { zh: string; en: string }>>> {
  const out = new Map<string, Map<string, { zh: string; en: string }>>();
  if (types.length === 0) return out;
  const { results } = await db
    .prepare(`SELECT type, value, name, en_name AS enName FROM sys_dict WHERE type IN (${types.map(() => "?").join(", ")})`)
    .bind(...types)
    .all<{ type: string; value: string; name: string; enName: string | null }>();
  for (const r of results) {
    const byValue = out.get(r.type) ?? new Map<string, { zh: string; en: string }>();
    byValue.set(r.value, { zh: r.name, en: r.enName || r.name });
    out.set(r.type, byValue);
  }
  return out;
}
