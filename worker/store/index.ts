/**
 * The event store, bound to the read models it keeps: the composition root hands it every module's
 * projections, so the store itself knows no module and no record family.
 *
 * @example
 * const store = eventStore([...records.projections, ...auth.projections]);
 * await store.append(env.DB, writes, meta);
 */
import { append, statementsFor, type AppendOptions } from "./append.ts";
import { rebuild } from "./rebuild.ts";
import type { EventMeta, Projection, StoredEvent, StreamWrite } from "./types.ts";

export { eventsAfter, head, headOf, lastEvents, lastPosition, largestStreamNumber, logPage, readStream, readStreamNamedBy, readStreams, streamPage, type LogEntry, type LogFilter } from "./read.ts";

export interface EventStore {
  readonly projections: Projection[];
  append(db: D1Database, writes: StreamWrite[], meta: EventMeta, options?: AppendOptions): Promise<StoredEvent[]>;
  /** statements that store and project already sealed events (seed, benchmarks) */
  statementsFor(sealed: StoredEvent[]): ReturnType<typeof statementsFor>;
  rebuild(db: D1Database, options?: Parameters<typeof rebuild>[2]): ReturnType<typeof rebuild>;
}

export function eventStore(projections: Projection[]): EventStore {
  return {
    projections,
    append: (db, writes, meta, options) => append(db, projections, writes, meta, options),
    statementsFor: (sealed) => statementsFor(projections, sealed),
    rebuild: (db, options) => rebuild(db, projections, options),
  };
}
