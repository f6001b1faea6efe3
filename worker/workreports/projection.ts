/**
 * The read receipts of work reports (`work_report_reader`): the report's notified people follow its
 * events (a person taken off the list loses their row), and a `workreport.read` event stamps the first
 * time a notified person opened it. Rebuilt by replaying those events in order.
 */
import { workReport } from "../../events/families/casework.ts";
import { displayTime } from "../time.ts";
import { replayPass } from "../store/replay.ts";
import type { Projection, Statement, StoredEvent } from "../store/types.ts";

/** A notified person opened a report (stream `workreport.read:<reportId>:<userId>`, one event each). */
export const reportRead = "workreport.read";
export const readStream = (reportId: string, userId: string) => `${reportRead}:${reportId}:${userId}`;

const { created, updated, deleted, restored } = workReport.events;
const handled = [created, updated, deleted, restored, reportRead];

function statements(e: StoredEvent): Statement[] {
  if (e.type === reportRead) {
    const { reportId, userId } = e.data as { reportId: string; userId: string };
    return [{ sql: "UPDATE work_report_reader SET read_at = ? WHERE report_id = ? AND user_id = ? AND read_at IS NULL", params: [displayTime(e.at), reportId, userId] }];
  }
  const { id, record } = e.data as { id: string; record: { notifyUserIds?: string[] | null } };
  if (e.type === deleted) return [{ sql: "DELETE FROM work_report_reader WHERE report_id = ?", params: [id] }];
  const people = JSON.stringify(record?.notifyUserIds ?? []);
  return [
    { sql: "DELETE FROM work_report_reader WHERE report_id = ?1 AND user_id NOT IN (SELECT value FROM json_each(?2))", params: [id, people] },
    { sql: "INSERT OR IGNORE INTO work_report_reader (report_id, user_id, read_at) SELECT ?1, value, NULL FROM json_each(?2)", params: [id, people] },
  ];
}

const project = (events: StoredEvent[]) => events.flatMap(statements);

export const readerProjection: Projection = {
  name: "workreports.readers",
  tables: ["work_report_reader"],
  canHandle: handled,
  project,
  rebuildRange: () => [],
  rebuildPass: replayPass(handled, project),
};
