/**
 * The event store, bound to the read models it keeps: the composition root hands it every module's
 * projections, so the store itself knows no module and no record family.
 *
 * @example
 * const store = eventStore(() => [...records.projections, ...auth.projections]);
 * // commands append through worker/commands/execute.ts, which calls store.append
 * await execute(command, actor, { db: env.DB, store });
 */
import { append, appendSealed, statementsFor, type AppendOptions } from "./append.ts";
import { rebuild } from "./rebuild.ts";
import type { EventMeta, Projection, StoredEvent, StreamWrite } from "./types.ts";
import { lazy } from "../../events/lazy.ts";

export { chainSummary, eventsAfter, head, headOf, lastEvents, lastPosition, largestStreamNumber, logPage, readStream, readStreamNamedBy, readStreams, streamPage, type ChainEntry, type LogEntry, type LogFilter } from "./read.ts";

export interface EventStore {
  readonly projections: Projection[];
  /** only the command pipeline (worker/commands/execute.ts) calls this; a structure test holds every other file to it */
  append(db: D1Database, writes: StreamWrite[], meta: EventMeta, options?: AppendOptions): Promise<StoredEvent[]>;
  /** statements that store and project already sealed events (seed, benchmarks) */
  statementsFor(sealed: StoredEvent[]): ReturnType<typeof statementsFor>;
  /** bulk loading of events sealed ahead of time (the seed, the demo region): no decision, no expected version */
  appendSealed(db: D1Database, sealed: StoredEvent[], statementsPerBatch?: number): Promise<number>;
  rebuild(db: D1Database, options?: Parameters<typeof rebuild>[2]): ReturnType<typeof rebuild>;
}

/**
 * `projections` is a list or the function listing them: the composition root hands a function, so the
 * projections of every record family are built by the first append or read of the list, not at import.
 */
export function eventStore(projections: Projection[] | (() => Projection[])): EventStore {
  const list = typeof projections === "function" ? lazy(projections) : () => projections;
  return {
    get projections() {
      return list();
    },
    append: (db, writes, meta, options) => append(db, list(), writes, meta, options),
    statementsFor: (sealed) => statementsFor(list(), sealed),
    appendSealed: (db, sealed, perBatch) => appendSealed(db, list(), sealed, perBatch),
    rebuild: (db, options) => rebuild(db, list(), options),
  };
}
