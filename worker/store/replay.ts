/**
 * A rebuild pass that replays events through a projection's own `project` in the Worker, for read models
 * whose statements SQL cannot derive from the events table alone (the workflow's lists, messages): the
 * store pages through the log by position and projects each page in order, exactly as appends did.
 */
import { parseEventRow, type EventRow } from "./read.ts";
import type { Projection, RebuildPass, StoredEvent } from "./types.ts";

/** Events per page: whole events with their data, parsed in the isolate, and a few statements each. */
const eventsPerPage = 1_000;

export function replayPass(types: readonly string[], project: (events: StoredEvent[]) => ReturnType<Projection["project"]>): RebuildPass {
  const list = types.map((t) => `'${t.replace(/'/g, "''")}'`).join(", ");
  return {
    select:
      "SELECT position AS cursor, position, stream, version, type, data, meta, at, hash FROM events " +
      `WHERE position > COALESCE(?1, 0) AND type IN (${list}) ORDER BY position LIMIT ?2`,
    statements: (rows) => project(rows.map((r) => parseEventRow(r as EventRow))),
    pageSize: eventsPerPage,
  };
}
