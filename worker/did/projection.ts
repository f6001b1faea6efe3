/**
 * did_credential as a projection of the credential events (rebuilt from the log in SQL).
 */
import type { Projection, StoredEvent } from "../store/types.ts";
import { logRange } from "../store/sql.ts";
import { issuedType, revokedType, type DidEvents } from "./events.ts";

const insertSql =
  "INSERT INTO did_credential (id, status_list, status_index, issuer, subject, type, ref, claims, jwt, issued_at, valid_from, valid_until) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)";
const revokeSql = "UPDATE did_credential SET revoked_at = ?2, revoke_reason = ?3 WHERE id = ?1 AND revoked_at IS NULL";

export const credentialProjection: Projection = {
  name: "did_credential",
  tables: ["did_credential"],
  canHandle: [issuedType, revokedType],
  project(events: StoredEvent[]) {
    return events.flatMap((e) => {
      if (e.type === issuedType) {
        const d = e.data as unknown as DidEvents[typeof issuedType];
        return [{ sql: insertSql, params: [d.id, d.statusList, d.statusIndex, d.issuer, d.subject, d.type, d.ref, JSON.stringify(d.claims), d.jwt, e.at, d.validFrom, d.validUntil] }];
      }
      if (e.type === revokedType) {
        const d = e.data as unknown as DidEvents[typeof revokedType];
        return [{ sql: revokeSql, params: [d.id, e.at, d.reason] }];
      }
      return [];
    });
  },
  rebuildRange(from: number, to: number) {
    const v = (path: string) => `json_extract(e.data, '$.${path}')`;
    return [
      {
        sql:
          "INSERT INTO did_credential (id, status_list, status_index, issuer, subject, type, ref, claims, jwt, issued_at, valid_from, valid_until) " +
          `SELECT ${v("id")}, ${v("statusList")}, ${v("statusIndex")}, ${v("issuer")}, ${v("subject")}, ${v("type")}, ${v("ref")}, json_extract(e.data, '$.claims'), ${v("jwt")}, e.at, ${v("validFrom")}, ${v("validUntil")} ` +
          `${logRange("e", { types: [issuedType] })} ORDER BY e.position`,
        params: [from, to],
      },
      {
        sql:
          `UPDATE did_credential SET revoked_at = r.at, revoke_reason = r.reason FROM (SELECT ${v("id")} AS id, e.at AS at, ${v("reason")} AS reason ` +
          `${logRange("e", { types: [revokedType] })}) r WHERE did_credential.id = r.id AND did_credential.revoked_at IS NULL`,
        params: [from, to],
      },
    ];
  },
};
