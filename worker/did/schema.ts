/**
 * The DID module's read model: the credentials the platform issued, one row per credential, keyed by its
 * slot in the revocation status list (a slot is given once: the unique index refuses a second credential
 * in it). A projection of `did.credentialIssued` and `did.credentialRevoked`, so a rebuild recreates it.
 */
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const didCredential = sqliteTable(
  "did_credential",
  {
    /** the credential's id (urn:uuid:…), also its JWT's jti */
    id: text("id").primaryKey(),
    /** which status list and which bit of it carries the credential's revocation */
    statusList: integer("status_list").notNull(),
    statusIndex: integer("status_index").notNull(),
    /** the issuer DID at issuance (did:web:<host>) */
    issuer: text("issuer").notNull(),
    /** the subject's DID or URI */
    subject: text("subject").notNull(),
    /** the credential's own type (AuthorizationCredential…) */
    type: text("type").notNull(),
    /** what the credential stands for in our data (an authorisation's id), for "check accredit VC" */
    ref: text("ref"),
    /** the credentialSubject's claims as JSON */
    claims: text("claims").notNull(),
    jwt: text("jwt").notNull(),
    issuedAt: text("issued_at").notNull(),
    validFrom: text("valid_from").notNull(),
    validUntil: text("valid_until").notNull(),
    revokedAt: text("revoked_at"),
    revokeReason: text("revoke_reason"),
  },
  (t) => [
    uniqueIndex("did_credential_slot_uq").on(t.statusList, t.statusIndex),
    index("did_credential_ref_idx").on(t.ref),
    index("did_credential_subject_idx").on(t.subject),
    index("did_credential_issued_idx").on(t.issuedAt),
  ],
);
