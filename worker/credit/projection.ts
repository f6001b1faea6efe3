/**
 * The credit read models as projections of the module's events, so `npm run rebuild` recreates them from
 * the log: the authorisations (granted, revoked, their credential) and the read log.
 */
import type { Projection, Statement, StoredEvent } from "../store/types.ts";
import { logRange } from "../store/sql.ts";
import { creditEvents, type CreditEventData } from "./rules.ts";

const insertAuth =
  "INSERT INTO credit_authorization (auth_id, credit_code, ent_name, grantee_kind, grantee_id, grantee_name, valid_from, valid_to, purpose, granted_by, granted_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)";
const revoke = "UPDATE credit_authorization SET revoked_at = ?2, revoke_reason = ?3 WHERE auth_id = ?1";
const credential = "UPDATE credit_authorization SET credential_id = ?2 WHERE auth_id = ?1";
const insertRead =
  "INSERT INTO credit_read (read_id, credit_code, ent_name, reader_id, reader_name, kind, outcome, reason, auth_id, hash, source, at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)";

function statementOf(e: StoredEvent): Statement | null {
  switch (e.type) {
    case creditEvents.accredited: {
      const d = e.data as unknown as CreditEventData["credit.accredited"];
      return { sql: insertAuth, params: [d.authId, d.creditCode, d.entName, d.granteeKind, d.granteeId, d.granteeName, d.validFrom, d.validTo, d.purpose, e.meta.actorName, e.at] };
    }
    case creditEvents.revoked: {
      const d = e.data as unknown as CreditEventData["credit.accreditRevoked"];
      return { sql: revoke, params: [d.authId, e.at, d.reason] };
    }
    case creditEvents.credentialIssued: {
      const d = e.data as unknown as CreditEventData["credit.credentialIssued"];
      return { sql: credential, params: [d.authId, d.credentialId] };
    }
    case creditEvents.read: {
      const d = e.data as unknown as CreditEventData["credit.read"];
      return { sql: insertRead, params: [d.readId, d.creditCode, d.entName, e.meta.actorId, e.meta.actorName, d.kind, d.outcome, d.reason, d.authId, d.hash, d.source, e.at] };
    }
    default:
      return null;
  }
}

const data = (key: string) => `json_extract(e.data, '$.${key}')`;

export const creditProjection: Projection = {
  name: "credit",
  tables: ["credit_authorization", "credit_read"],
  canHandle: Object.values(creditEvents),
  project: (events) => events.map(statementOf).filter((s): s is Statement => s !== null),
  rebuildRange(from: number, to: number) {
    const later = (type: string, column: string) =>
      `(SELECT ${column} ${logRange("u", { types: [type] })} AND json_extract(u.data, '$.authId') = credit_authorization.auth_id ORDER BY u.position DESC LIMIT 1)`;
    return [
      {
        sql:
          "INSERT INTO credit_authorization (auth_id, credit_code, ent_name, grantee_kind, grantee_id, grantee_name, valid_from, valid_to, purpose, granted_by, granted_at) " +
          `SELECT ${["authId", "creditCode", "entName", "granteeKind", "granteeId", "granteeName", "validFrom", "validTo", "purpose"].map(data).join(", ")}, json_extract(e.meta, '$.actorName'), e.at ${logRange("e", { types: [creditEvents.accredited] })} ORDER BY e.position`,
        params: [from, to],
      },
      {
        sql: `UPDATE credit_authorization SET revoked_at = ${later(creditEvents.revoked, "u.at")}, revoke_reason = ${later(creditEvents.revoked, "json_extract(u.data, '$.reason')")} WHERE revoked_at IS NULL AND EXISTS ${later(creditEvents.revoked, "1")}`,
        params: [from, to],
      },
      {
        sql: `UPDATE credit_authorization SET credential_id = ${later(creditEvents.credentialIssued, "json_extract(u.data, '$.credentialId')")} WHERE EXISTS ${later(creditEvents.credentialIssued, "1")}`,
        params: [from, to],
      },
      {
        sql:
          "INSERT INTO credit_read (read_id, credit_code, ent_name, reader_id, reader_name, kind, outcome, reason, auth_id, hash, source, at) " +
          `SELECT ${["readId", "creditCode", "entName"].map(data).join(", ")}, json_extract(e.meta, '$.actorId'), json_extract(e.meta, '$.actorName'), ${["kind", "outcome", "reason", "authId", "hash", "source"].map(data).join(", ")}, e.at ${logRange("e", { types: [creditEvents.read] })}`,
        params: [from, to],
      },
    ];
  },
};
