/**
 * Rebuild: empty every read model and replay the log. The replay runs by ranges of positions, each
 * projection replaying a range with SQL over the events table (events never leave the database); the
 * finish then restores the indexes dropped for the replay, runs the projections' after-statements and
 * pages through their passes (search terms, projections replayed in the Worker).
 *
 * Resumable in bounded calls: a call replays at most `maxEvents` and stops at the first step boundary past
 * `budgetMs`; every step commits its work and the progress it made in one batch (rebuild_progress), so the
 * next call — or a repeated one — continues exactly where the last committed step ended. (Positions are
 * AUTOINCREMENT and never reused, so a range is a stable slice of the log.)
 */
import { lastPosition } from "./read.ts";
import { dropIndexesOfHeavyTables, restoreIndexesStep } from "./rebuild-indexes.ts";
import { passStep } from "./rebuild-passes.ts";
import { commitStep, readProgress, type RebuildState } from "./rebuild-progress.ts";
import type { Projection, Statement } from "./types.ts";

export type { RebuildStage } from "./rebuild-progress.ts";

export interface RebuildProgress {
  /** events replayed by this call */
  replayed: number;
  /** position of the last replayed event; pass it back as `from` to continue */
  position: number;
  done: boolean;
  /** where the rebuild stands: replaying, or which part of the finish is next */
  stage: RebuildState["stage"];
}

export interface RebuildOptions {
  /** 0 starts a rebuild (emptying the read models); any other value continues the one in progress */
  from?: number;
  /** events this call replays at most */
  maxEvents?: number;
  /** events replayed per batch */
  pageSize?: number;
  /** after this many milliseconds the call stops at the next step boundary (steps are bounded: a page, a few indexes…) */
  budgetMs?: number;
  /** a table's secondary indexes are dropped for the replay when its projections replay at least this many events */
  indexThreshold?: number;
}

const statementsPerBatch = 200;
/** after-statements per step: each may read a whole read model (counts, links) */
const afterStatementsPerStep = 50;

export async function rebuild(db: D1Database, declared: Projection[], options: RebuildOptions = {}): Promise<RebuildProgress> {
  const { from = 0, maxEvents = Number.POSITIVE_INFINITY, pageSize = 50_000, budgetMs = Number.POSITIVE_INFINITY, indexThreshold = 20_000 } = options;
  const started = Date.now();
  // read models made at run time stand in for the projection that writes them (asked on every call: a
  // resumed rebuild may run in another isolate); their tables are recreated before anything is emptied
  const prepared = await Promise.all(declared.map((p) => p.prepareRebuild?.(db)));
  const projections = [...declared, ...prepared.flatMap((p) => p?.projections ?? [])];
  let state: RebuildState;
  if (from === 0) {
    state = { stage: "replay", position: 0, step: 0, cursor: null };
    await run(db, prepared.flatMap((p) => p?.statements ?? []));
    const reconciled = new Set(projections.flatMap((p) => p.rebuildPass?.reconciles ?? []));
    const tables = [...new Set(projections.flatMap((p) => p.tables))].filter((t) => !reconciled.has(t));
    // one batch: a start cut short leaves the previous progress and read models as they were
    await commitStep(db, [...(await dropIndexesOfHeavyTables(db, projections, indexThreshold)), ...tables.map((t) => ({ sql: `DELETE FROM ${t}`, params: [] }))], state);
  } else {
    // a rebuild begun before its progress was recorded continues from the caller's position
    state = (await readProgress(db)) ?? { stage: "replay", position: from, step: 0, cursor: null };
  }

  const begun = state.position;
  const last = await lastPosition(db);
  const end = Math.min(last, begun + maxEvents);
  let worked = false;
  const goOn = () => !worked || Date.now() - started < budgetMs;
  while (state.stage === "replay" && goOn()) {
    if (state.position >= end && end < last) break;
    const to = Math.min(end, state.position + pageSize);
    const next: RebuildState = to === last ? { stage: "indexes", position: to, step: 0, cursor: null } : { ...state, position: to };
    state = await commitStep(db, replayRange(projections, state.position, to), next);
    worked = true;
  }
  while (state.stage !== "replay" && state.stage !== "done" && goOn()) {
    state = await finishStep(db, projections, state);
    worked = true;
  }
  return { replayed: state.position - begun, position: state.position, done: state.stage === "done", stage: state.stage };
}

/** One bounded step of the finish, committed with the progress it makes. */
async function finishStep(db: D1Database, projections: Projection[], state: RebuildState): Promise<RebuildState> {
  switch (state.stage) {
    case "indexes":
      return restoreIndexesStep(db, state);
    case "after": {
      const statements = projections.flatMap((p) => p.afterRebuild?.() ?? []);
      const step = state.step + afterStatementsPerStep;
      const next: RebuildState = step >= statements.length ? { stage: "passes", position: state.position, step: 0, cursor: null } : { ...state, step };
      return commitStep(db, statements.slice(state.step, step), next);
    }
    case "passes":
      return passStep(db, projections.flatMap((p) => (p.rebuildPass ? [p.rebuildPass] : [])), state);
    default:
      return state;
  }
}

/** Statements that replay the events with from < position <= to into every projection, inside SQLite. */
export function replayRange(projections: Projection[], from: number, to: number): Statement[] {
  return projections.flatMap((p) => p.rebuildRange(from, to));
}

/** Statements in batches of a few hundred, for work that may simply be done again (recreating run-time tables). */
async function run(db: D1Database, statements: Statement[]) {
  for (let i = 0; i < statements.length; i += statementsPerBatch) {
    await db.batch(statements.slice(i, i + statementsPerBatch).map((s) => db.prepare(s.sql).bind(...s.params)));
  }
}
