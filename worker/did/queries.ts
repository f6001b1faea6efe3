/**
 * The DID module's read SQL over did_credential and the enterprise and institution masters a DID document
 * is made for. Filters are bound values; sorting is fixed (newest first).
 */
import { enterpriseBasicInfo } from "../../events/families/enterprise.ts";
import { department } from "../../events/families/sys.ts";
import { companyPartner } from "../../events/families/casework.ts";
import { containsPattern } from "../http/input.ts";
import type { DidEvents, issuedType } from "./events.ts";

/** A did_credential row: what the issuing event says (claims as JSON text), when, and its revocation. */
export type CredentialRow = Omit<DidEvents[typeof issuedType], "claims"> & { claims: string; issuedAt: string; revokedAt: string | null; revokeReason: string | null };

const columns =
  "id, status_list AS statusList, status_index AS statusIndex, issuer, subject, type, ref, claims, jwt, issued_at AS issuedAt, valid_from AS validFrom, valid_until AS validUntil, revoked_at AS revokedAt, revoke_reason AS revokeReason";

/** Which of `slots` of list `list` are taken. */
export async function takenSlots(db: D1Database, list: number, slots: number[]): Promise<Set<number>> {
  const { results } = await db
    .prepare(`SELECT status_index AS i FROM did_credential WHERE status_list = ?1 AND status_index IN (SELECT value FROM json_each(?2))`)
    .bind(list, JSON.stringify(slots))
    .all<{ i: number }>();
  return new Set(results.map((r) => r.i));
}

export const credentialById = (db: D1Database, id: string) => db.prepare(`SELECT ${columns} FROM did_credential WHERE id = ?1`).bind(id).first<CredentialRow>();

/** The newest credential standing for `ref` (an authorisation's id). */
export const credentialByRef = (db: D1Database, ref: string) =>
  db.prepare(`SELECT ${columns} FROM did_credential WHERE ref = ?1 ORDER BY issued_at DESC, id DESC LIMIT 1`).bind(ref).first<CredentialRow>();

/** Every revoked slot of a list (the bits of its status list). */
export async function revokedSlots(db: D1Database, list: number): Promise<number[]> {
  const { results } = await db.prepare("SELECT status_index AS i FROM did_credential WHERE status_list = ?1 AND revoked_at IS NOT NULL").bind(list).all<{ i: number }>();
  return results.map((r) => r.i);
}

export interface CredentialFilter {
  subject?: string;
  ref?: string;
  /** a fragment of the subject, type or ref */
  keyword?: string;
  state?: "valid" | "revoked" | "expired";
  now: string;
  limit: number;
  offset: number;
}

export async function listCredentials(db: D1Database, f: CredentialFilter): Promise<{ total: number; rows: CredentialRow[] }> {
  const where: string[] = [];
  const params: (string | number)[] = [];
  const bind = (value: string | number) => {
    params.push(value);
    return `?${params.length}`;
  };
  if (f.subject) where.push(`subject = ${bind(f.subject)}`);
  if (f.ref) where.push(`ref = ${bind(f.ref)}`);
  if (f.keyword) {
    const p = bind(containsPattern(f.keyword));
    where.push(`(subject LIKE ${p} ESCAPE '\\' OR type LIKE ${p} ESCAPE '\\' OR ref LIKE ${p} ESCAPE '\\' OR id LIKE ${p} ESCAPE '\\')`);
  }
  if (f.state === "revoked") where.push("revoked_at IS NOT NULL");
  if (f.state === "valid") where.push(`revoked_at IS NULL AND valid_until > ${bind(f.now)}`);
  if (f.state === "expired") where.push(`revoked_at IS NULL AND valid_until <= ${bind(f.now)}`);
  const clause = where.length ? `WHERE ${where.join(" AND ")}` : "";
  const [count, page] = await db.batch([
    db.prepare(`SELECT COUNT(*) AS n FROM did_credential ${clause}`).bind(...params),
    db.prepare(`SELECT ${columns} FROM did_credential ${clause} ORDER BY issued_at DESC, id DESC LIMIT ${bind(f.limit)} OFFSET ${bind(f.offset)}`).bind(...params),
  ]);
  return { total: (count!.results[0] as { n: number }).n, rows: page!.results as CredentialRow[] };
}

const E = enterpriseBasicInfo.table;

/** An enterprise's name by its credit code (null: no such enterprise). */
export const enterpriseName = (db: D1Database, code: string) =>
  db.prepare(`SELECT ent_name AS name FROM ${E} WHERE credit_code = ?1 LIMIT 1`).bind(code).first<{ name: string }>();

/**
 * An institution's name by its credit code: a department (a government or service body) first, else an
 * enterprise's partner institution (bank, law firm, investor…) as the partner records name it.
 */
export const institutionName = (db: D1Database, code: string) =>
  db
    .prepare(
      `SELECT name FROM (SELECT name, 0 AS o FROM ${department.table} WHERE credit_code = ?1 UNION ALL SELECT partner_name AS name, 1 AS o FROM ${companyPartner.table} WHERE partner_credit_code = ?1) ORDER BY o LIMIT 1`,
    )
    .bind(code)
    .first<{ name: string }>();
