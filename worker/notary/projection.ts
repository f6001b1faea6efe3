/**
 * notary_record as a projection of the notarisation streams. The same SQL serves an append (its own events
 * read back from the batch by key) and a rebuild (a range of the log), so both write the same rows; the
 * notarising event's own chain value becomes the record's transaction hash.
 */
import { logByKeys, logRange } from "../store/sql.ts";
import type { Projection, Statement, StoredEvent } from "../store/types.ts";
import { notaryEventTypes } from "./decide.ts";

const T = "notary_record";
const d = (path: string) => `json_extract(e.data, '$.${path}')`;

/** The three statements over a source of events (`FROM … e …`), in the order a stream's events happen. */
function statementsOver(source: (types: string[]) => string, params: (string | number)[]): Statement[] {
  return [
    {
      sql:
        `INSERT INTO ${T} (application_no, kind, subject_id, subject_name, reason, module_code, applicant_id, applicant_name, user_code, status, apply_at, version) ` +
        `SELECT ${d("applicationNo")}, ${d("kind")}, ${d("subjectId")}, ${d("subjectName")}, ${d("reason")}, ${d("moduleCode")}, ${d("applicantId")}, ${d("applicantName")}, ${d("userCode")}, 'applied', e.at, e.version ` +
        source([notaryEventTypes.applied]),
      params,
    },
    {
      sql:
        `UPDATE ${T} SET status = 'notarised', handle_at = x.at, handler_name = x.handler, tx_hash = x.hash, sha256 = x.sha256, version = x.version ` +
        `FROM (SELECT ${d("applicationNo")} AS no, e.at AS at, ${d("handlerName")} AS handler, e.hash AS hash, ${d("anchor.sha256")} AS sha256, e.version AS version ${source([notaryEventTypes.notarised])}) x ` +
        `WHERE ${T}.application_no = x.no`,
      params,
    },
    {
      sql:
        `UPDATE ${T} SET status = 'refused', handle_at = x.at, handler_name = x.handler, refuse_reason = x.reason, version = x.version ` +
        `FROM (SELECT ${d("applicationNo")} AS no, e.at AS at, ${d("handlerName")} AS handler, ${d("reason")} AS reason, e.version AS version ${source([notaryEventTypes.refused])}) x ` +
        `WHERE ${T}.application_no = x.no`,
      params,
    },
  ];
}

const handled: string[] = Object.values(notaryEventTypes);

export const notaryProjection: Projection = {
  name: T,
  tables: [T],
  canHandle: handled,
  project(events: StoredEvent[]) {
    const mine = events.filter((e) => handled.includes(e.type));
    if (!mine.length) return [];
    const keys = JSON.stringify(mine.map((e) => [e.stream, e.version]));
    return statementsOver((types) => `${logByKeys("e")} WHERE e.type IN (${types.map((t) => `'${t}'`).join(",")})`, [keys]);
  },
  rebuildRange(from: number, to: number) {
    return statementsOver((types) => logRange("e", { types }), [from, to]);
  },
};
