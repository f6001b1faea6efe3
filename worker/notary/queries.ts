/**
 * The notarisation module's read SQL over notary_record and the file records it notarises. Every filter
 * a bound value; dates are China dates of the ISO instants.
 */
import type { NotaryKind, NotaryRow } from "../../events/api/notary.ts";
import { containsPattern } from "../http/input.ts";
import { displayTime } from "../time.ts";

interface RecordRow {
  application_no: string;
  kind: NotaryKind;
  subject_id: string;
  subject_name: string;
  reason: string;
  module_code: string | null;
  applicant_name: string | null;
  user_code: string | null;
  status: NotaryRow["status"];
  apply_at: string;
  handle_at: string | null;
  handler_name: string | null;
  refuse_reason: string | null;
  tx_hash: string | null;
  sha256: string | null;
}

const rowOf = (r: RecordRow): NotaryRow => ({
  applicationNo: r.application_no,
  kind: r.kind,
  subjectId: r.subject_id,
  subjectName: r.subject_name,
  reason: r.reason,
  moduleCode: r.module_code,
  applicantName: r.applicant_name,
  userCode: r.user_code,
  status: r.status,
  applyTime: displayTime(r.apply_at),
  handleTime: r.handle_at ? displayTime(r.handle_at) : null,
  handlerName: r.handler_name,
  refuseReason: r.refuse_reason,
  txHash: r.tx_hash,
  sha256: r.sha256,
});

const columns = "application_no, kind, subject_id, subject_name, reason, module_code, applicant_name, user_code, status, apply_at, handle_at, handler_name, refuse_reason, tx_hash, sha256";

export async function recordByNo(db: D1Database, applicationNo: string): Promise<NotaryRow | null> {
  const row = await db.prepare(`SELECT ${columns} FROM notary_record WHERE application_no = ?`).bind(applicationNo).first<RecordRow>();
  return row ? rowOf(row) : null;
}

export interface RecordFilter {
  kind: NotaryKind;
  /** a fragment of the application number, the subject's name or the reason */
  keyword?: string | undefined;
  userCode?: string | undefined;
  /** YYYY-MM-DD: handled (notarised, confirmed or refused) on that China date */
  handledOn?: string | undefined;
  status?: string | undefined;
  moduleCode?: string | undefined;
}

/** A page of applications of one kind, newest first. */
export async function recordPage(db: D1Database, filter: RecordFilter, limit: number, offset: number): Promise<{ total: number; rows: NotaryRow[] }> {
  const where = ["kind = ?"];
  const params: (string | number)[] = [filter.kind];
  if (filter.keyword) {
    where.push("(application_no LIKE ?1k ESCAPE '\\' OR subject_name LIKE ?1k ESCAPE '\\' OR reason LIKE ?1k ESCAPE '\\')".replaceAll("?1k", "?"));
    const pattern = containsPattern(filter.keyword);
    params.push(pattern, pattern, pattern);
  }
  if (filter.userCode) where.push("user_code = ?") && params.push(filter.userCode);
  if (filter.handledOn) where.push("date(handle_at, '+8 hours') = ?") && params.push(filter.handledOn);
  if (filter.status) where.push("status = ?") && params.push(filter.status);
  if (filter.moduleCode) where.push("module_code = ?") && params.push(filter.moduleCode);
  const clause = `WHERE ${where.join(" AND ")}`;
  const [rows, total] = await db.batch<RecordRow & { n: number }>([
    db.prepare(`SELECT ${columns} FROM notary_record ${clause} ORDER BY apply_at DESC, application_no DESC LIMIT ? OFFSET ?`).bind(...params, limit, offset),
    db.prepare(`SELECT COUNT(*) AS n FROM notary_record ${clause}`).bind(...params),
  ]);
  return { total: Number(total!.results[0]?.n ?? 0), rows: rows!.results.map(rowOf) };
}

/** A stored file record (the subject of an application), or null. */
export async function fileById(db: D1Database, id: string): Promise<{ id: string; name: string; sha256: string | null; objectKey: string } | null> {
  return db.prepare("SELECT id, name, sha256, object_key AS objectKey FROM sys_file WHERE id = ?").bind(id).first();
}
