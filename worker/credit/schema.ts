/**
 * The credit module's read models, both projections of its events (./projection.ts): the authorisations
 * an enterprise granted (`credit_authorization`) and every read of a report or relevance, granted or
 * refused (`credit_read`: the query records).
 */
import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const creditAuthorization = sqliteTable(
  "credit_authorization",
  {
    authId: text("auth_id").primaryKey(),
    creditCode: text("credit_code").notNull(),
    entName: text("ent_name").notNull(),
    /** "user" or "institution" (a department: every user of it) */
    granteeKind: text("grantee_kind").notNull(),
    granteeId: text("grantee_id").notNull(),
    granteeName: text("grantee_name").notNull(),
    /** days in China time, both included */
    validFrom: text("valid_from").notNull(),
    validTo: text("valid_to").notNull(),
    purpose: text("purpose").notNull(),
    grantedBy: text("granted_by"),
    /** ISO instant */
    grantedAt: text("granted_at").notNull(),
    revokedAt: text("revoked_at"),
    revokeReason: text("revoke_reason"),
    /** the verifiable credential issued for it (the DID module) */
    credentialId: text("credential_id"),
  },
  (t) => [index("credit_authorization_code_idx").on(t.creditCode, t.validTo), index("credit_authorization_grantee_idx").on(t.granteeKind, t.granteeId, t.validTo), index("credit_authorization_granted_idx").on(t.grantedAt)],
);

export const creditRead = sqliteTable(
  "credit_read",
  {
    readId: text("read_id").primaryKey(),
    creditCode: text("credit_code").notNull(),
    entName: text("ent_name").notNull(),
    readerId: text("reader_id"),
    readerName: text("reader_name"),
    /** "report" or "relevance" */
    kind: text("kind").notNull(),
    /** "granted" or "refused" */
    outcome: text("outcome").notNull(),
    reason: text("reason"),
    authId: text("auth_id"),
    hash: text("hash"),
    source: text("source"),
    /** ISO instant */
    at: text("at").notNull(),
  },
  (t) => [index("credit_read_at_idx").on(t.at), index("credit_read_code_at_idx").on(t.creditCode, t.at)],
);
