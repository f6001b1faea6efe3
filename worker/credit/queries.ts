/**
 * The credit module's read SQL: authorisations (an enterprise's, one by id, a page with its status on a
 * day), the read log's page, enterprises to query with the reader's live authorisation, the grantee's
 * name, and the records of one list naming an enterprise (the report's sections). Every filter a bound value.
 */
import { enterpriseBasicInfo } from "../../events/families/enterprise.ts";
import { department, user } from "../../events/families/sys.ts";
import type { Family } from "../../events/family.ts";
import type { AuthorisationRow, AuthorisationStatus, QueryRecordRow } from "../../events/api/credit.ts";
import { containsPattern } from "../http/input.ts";
import { camelRow, sortColumnOf, toRecord } from "../resources/query.ts";
import type { Authorisation, Reader } from "./rules.ts";

const A = "credit_authorization";
const R = "credit_read";
const E = enterpriseBasicInfo.table;

type AuthDbRow = {
  auth_id: string;
  credit_code: string;
  ent_name: string;
  grantee_kind: "user" | "institution";
  grantee_id: string;
  grantee_name: string;
  valid_from: string;
  valid_to: string;
  purpose: string;
  granted_by: string | null;
  granted_at: string;
  revoked_at: string | null;
  revoke_reason: string | null;
  credential_id: string | null;
};

const authOf = (r: AuthDbRow): Authorisation => {
  const { revokedAt, grantedAt: _, grantedBy: __, revokeReason: ___, ...grant } = camelRow(r) as Omit<AuthorisationRow, "status">;
  return { ...grant, revoked: revokedAt !== null };
};

/** Every authorisation an enterprise granted. */
export async function authorisationsOf(db: D1Database, creditCode: string): Promise<Authorisation[]> {
  const { results } = await db.prepare(`SELECT * FROM ${A} WHERE credit_code = ?`).bind(creditCode).all<AuthDbRow>();
  return results.map(authOf);
}

/** SQL of the status on day ?N (the same rule as rules.ts statusOn). */
const statusSql = (day: string) => `CASE WHEN a.revoked_at IS NOT NULL THEN 'revoked' WHEN ${day} < a.valid_from THEN 'pending' WHEN ${day} > a.valid_to THEN 'expired' ELSE 'live' END`;

const rowOf = (r: AuthDbRow & { status: AuthorisationStatus }): AuthorisationRow => camelRow(r) as AuthorisationRow;

export async function authorisationById(db: D1Database, authId: string, today: string): Promise<AuthorisationRow | null> {
  const row = await db.prepare(`SELECT a.*, ${statusSql("?2")} AS status FROM ${A} a WHERE a.auth_id = ?1`).bind(authId, today).first<AuthDbRow & { status: AuthorisationStatus }>();
  return row ? rowOf(row) : null;
}

export interface AuthorisationFilter {
  corpId?: string | undefined;
  corpName?: string | undefined;
  status?: AuthorisationStatus | undefined;
  /** only those covering this reader */
  reader?: Reader | undefined;
}

/** A page of authorisations, newest first, with their status on `today`. */
export async function authorisationPage(db: D1Database, filter: AuthorisationFilter, today: string, limit: number, offset: number): Promise<{ total: number; rows: AuthorisationRow[] }> {
  const where: string[] = [];
  const params: (string | number)[] = [today];
  if (filter.corpId) where.push(`a.credit_code = ?${params.push(filter.corpId)}`);
  if (filter.corpName) where.push(`a.ent_name LIKE ?${params.push(containsPattern(filter.corpName))} ESCAPE '\\'`);
  if (filter.status) where.push(`${statusSql("d.today")} = ?${params.push(filter.status)}`);
  if (filter.reader) {
    const user = params.push(filter.reader.userId);
    const dept = params.push(filter.reader.deptId ?? "");
    where.push(`((a.grantee_kind = 'user' AND a.grantee_id = ?${user}) OR (a.grantee_kind = 'institution' AND a.grantee_id = ?${dept}))`);
  }
  const clause = where.length ? `WHERE ${where.join(" AND ")}` : "";
  // every bound value is named by both statements (D1 refuses a binding no placeholder takes)
  const from = `(SELECT ?1 AS today) d CROSS JOIN ${A} a`;
  const [count, page] = await db.batch([
    db.prepare(`SELECT COUNT(*) AS n FROM ${from} ${clause}`).bind(...params),
    db.prepare(`SELECT a.*, ${statusSql("d.today")} AS status FROM ${from} ${clause} ORDER BY a.granted_at DESC, a.auth_id LIMIT ?${params.length + 1} OFFSET ?${params.length + 2}`).bind(...params, limit, offset),
  ]);
  return { total: (count!.results[0] as { n: number }).n, rows: (page!.results as (AuthDbRow & { status: AuthorisationStatus })[]).map(rowOf) };
}

export interface ReadFilter {
  corpId?: string | undefined;
  corpName?: string | undefined;
  outcome?: "granted" | "refused" | undefined;
}

/** A page of the read log (the query records), newest first. */
export async function readPage(db: D1Database, filter: ReadFilter, limit: number, offset: number): Promise<{ total: number; rows: QueryRecordRow[] }> {
  const where: string[] = [];
  const params: (string | number)[] = [];
  if (filter.corpId) where.push(`credit_code = ?${params.push(filter.corpId)}`);
  if (filter.corpName) where.push(`ent_name LIKE ?${params.push(containsPattern(filter.corpName))} ESCAPE '\\'`);
  if (filter.outcome) where.push(`outcome = ?${params.push(filter.outcome)}`);
  const clause = where.length ? `WHERE ${where.join(" AND ")}` : "";
  const [count, page] = await db.batch([
    db.prepare(`SELECT COUNT(*) AS n FROM ${R} ${clause}`).bind(...params),
    db.prepare(`SELECT * FROM ${R} ${clause} ORDER BY at DESC, read_id LIMIT ?${params.length + 1} OFFSET ?${params.length + 2}`).bind(...params, limit, offset),
  ]);
  return { total: (count!.results[0] as { n: number }).n, rows: (page!.results as Record<string, unknown>[]).map((r) => camelRow(r) as QueryRecordRow) };
}

/** Enterprises by code or name fragment, each with the reader's live authorisation on `today` (if any). */
export async function enterprisePage(db: D1Database, filter: { corpId?: string | undefined; corpName?: string | undefined }, reader: Reader, today: string, limit: number, offset: number) {
  const where: string[] = [];
  const params: (string | number)[] = [today, reader.userId, reader.deptId ?? ""];
  if (filter.corpId) where.push(`e.credit_code = ?${params.push(filter.corpId)}`);
  if (filter.corpName) where.push(`e.ent_name LIKE ?${params.push(containsPattern(filter.corpName))} ESCAPE '\\'`);
  const clause = where.length ? `WHERE ${where.join(" AND ")}` : "";
  const live =
    `SELECT a.auth_id, a.valid_to FROM ${A} a WHERE a.credit_code = e.credit_code AND ${statusSql("?1")} = 'live' ` +
    "AND ((a.grantee_kind = 'user' AND a.grantee_id = ?2) OR (a.grantee_kind = 'institution' AND a.grantee_id = ?3)) ORDER BY a.valid_to DESC LIMIT 1";
  // every bound value is named by both statements (D1 refuses a binding no placeholder takes)
  const [count, page] = await db.batch([
    db.prepare(`SELECT COUNT(*) AS n FROM (SELECT ?1, ?2, ?3) CROSS JOIN ${E} e ${clause}`).bind(...params),
    db
      .prepare(
        `SELECT e.credit_code AS creditCode, e.ent_name AS entName, e.legal_person AS legalPerson, (SELECT auth_id FROM (${live})) AS authId, (SELECT valid_to FROM (${live})) AS validTo ` +
          `FROM ${E} e ${clause} ORDER BY e.ent_name, e.credit_code LIMIT ?${params.length + 1} OFFSET ?${params.length + 2}`,
      )
      .bind(...params, limit, offset),
  ]);
  return { total: (count!.results[0] as { n: number }).n, rows: page!.results as { creditCode: string; entName: string; legalPerson: string | null; authId: string | null; validTo: string | null }[] };
}

/** The master record of an enterprise, as the API answers it. */
export async function masterOf(db: D1Database, creditCode: string): Promise<Record<string, unknown> | null> {
  const row = await db.prepare(`SELECT * FROM ${E} WHERE credit_code = ? LIMIT 1`).bind(creditCode).first<Record<string, unknown>>();
  return row ? toRecord(enterpriseBasicInfo as unknown as Family, camelRow(row)) : null;
}

/** A grantee's display name: a user's name or a department's; null when there is none. */
export async function granteeName(db: D1Database, kind: "user" | "institution", id: string): Promise<string | null> {
  const family = (kind === "user" ? user : department) as unknown as Family;
  const row = await db.prepare(`SELECT name FROM ${family.table} WHERE ${family.idColumn} = ? LIMIT 1`).bind(id).first<{ name: string }>();
  return row?.name ?? null;
}

/** Up to `limit` records of one enterprise-scoped list naming the enterprise (its list's order) and their count. */
export async function recordsNaming(db: D1Database, family: Family, creditCode: string, limit: number): Promise<{ total: number; rows: Record<string, unknown>[] }> {
  const [sortKey, dir] = family.defaultSort;
  const column = family.column.creditCode!;
  const [count, page] = await db.batch([
    db.prepare(`SELECT COUNT(*) AS n FROM ${family.table} WHERE ${column} = ?`).bind(creditCode),
    db.prepare(`SELECT * FROM ${family.table} WHERE ${column} = ? ORDER BY ${sortColumnOf(family, sortKey)} ${dir === "asc" ? "ASC" : "DESC"} LIMIT ?`).bind(creditCode, limit),
  ]);
  return { total: (count!.results[0] as { n: number }).n, rows: (page!.results as Record<string, unknown>[]).map((r) => toRecord(family, camelRow(r))) };
}

/** Who may be authorised: users or departments by a name fragment (at most `limit`, by name). */
export async function granteeChoices(db: D1Database, kind: "user" | "institution", name: string | undefined, limit: number): Promise<{ id: string; name: string }[]> {
  const family = (kind === "user" ? user : department) as unknown as Family;
  const where = name ? `WHERE name LIKE ? ESCAPE '\\'` : "";
  const { results } = await db.prepare(`SELECT ${family.idColumn} AS id, name FROM ${family.table} ${where} ORDER BY name LIMIT ?`).bind(...(name ? [containsPattern(name)] : []), limit).all<{ id: string; name: string }>();
  return results;
}
