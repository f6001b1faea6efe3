/** Shapes shared by the event store, the projections and the modules that append events. */
import type { Text } from "../../events/i18n.ts";

/** A SQL statement as data, so projections stay pure and the store decides how to run them. */
export interface Statement {
  sql: string;
  params: (string | number | null)[];
}

export interface EventMeta {
  actorId: string | null;
  actorName: string | null;
  /** set when code acts for the system (a principal: sync, scheduler, portal, link, seed…); absent for a user */
  actorKind?: string;
  requestId: string;
  ip: string | null;
  /** ISO time of the command; the clock enters through here so decisions stay pure */
  at: string;
}

export interface PendingEvent {
  type: string;
  data: Record<string, unknown>;
}

export interface StoredEvent extends PendingEvent {
  position?: number;
  stream: string;
  version: number;
  meta: EventMeta;
  at: string;
  hash: string;
}

/** Head of a stream as read before deciding: the expected version and the link the next event chains to. */
export interface StreamHead {
  version: number;
  hash: string;
}

export const emptyHead: StreamHead = { version: 0, hash: "" };

/** Events to append to one stream, on top of the head the decision was made against. */
export interface StreamWrite {
  stream: string;
  head: StreamHead;
  events: PendingEvent[];
}

/** A rebuild pass (see Projection.rebuildPass). */
export interface RebuildPass {
  select: string;
  statements(rows: Record<string, unknown>[]): Statement[];
  pageSize?: number;
  /**
   * Tables of the projection that the pass brings up to date row by row instead of having them emptied
   * when the rebuild starts (a full-text table, where emptying and refilling costs every row twice).
   */
  reconciles?: string[];
}

/**
 * A read model: the event types it handles, the tables it owns (emptied on rebuild), and the statements
 * for a run of events (one command's, a grouped batch's). `rebuildRange` replays a range of the log in
 * SQL over the events table, so a rebuild never ships events out of the database; `afterRebuild` finishes.
 */
export interface Projection {
  name: string;
  tables: string[];
  canHandle: string[];
  /**
   * Event types known only at run time (a data model's records, `dm.<code>.*`): true for a type the
   * projection handles beyond `canHandle`.
   */
  handlesType?(type: string): boolean;
  project(events: StoredEvent[]): Statement[];
  rebuildRange(fromPosition: number, toPosition: number): Statement[];
  afterRebuild?(): Statement[];
  /**
   * A pass after the SQL replay for what SQL cannot compute (search terms): the store pages through
   * `select` (bound with the last cursor and a page size, answering a `cursor` column in ascending order)
   * and runs the statements `statements` makes of each page. `pageSize` bounds a page (rows of events
   * weigh more than rows of search terms); the store's default otherwise.
   */
  rebuildPass?: RebuildPass;
  /**
   * Read models whose tables are made at run time: before a rebuild replays (each call of a resumable one),
   * the projection reads what it needs from the log and answers the projections to rebuild in its place and,
   * for the call that starts the rebuild, the statements that recreate their tables (run before anything is
   * emptied). Its own `rebuildRange` then answers nothing.
   */
  prepareRebuild?(db: D1Database): Promise<{ statements: Statement[]; projections: Projection[] }>;
  /** Names the fields behind a unique index of one of its tables, so a clash is reported by field. */
  uniqueFields?(table: string, columns: string[]): { key: string; label: Text }[] | null;
}
