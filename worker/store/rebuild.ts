/**
 * Rebuild: empty every read model and replay the log in pages. Each page is folded per projection (the last
 * state of a record wins) and written in batches that stay inside D1's per-batch limits. Resumable: a call
 * may stop after `maxEvents` and the next continues from the position it returned.
 */
import { parseEventRow } from "./append.ts";
import { projections } from "./projections.ts";
import type { Statement, StoredEvent } from "./types.ts";

export interface RebuildProgress {
  /** events replayed by this call */
  replayed: number;
  /** position of the last replayed event; pass it back as `from` to continue */
  position: number;
  done: boolean;
}

const statementsPerBatch = 200;

export async function rebuild(db: D1Database, options: { from?: number; maxEvents?: number; pageSize?: number } = {}): Promise<RebuildProgress> {
  const { from = 0, maxEvents = Number.POSITIVE_INFINITY, pageSize = 4000 } = options;
  if (from === 0) {
    const tables = [...new Set(projections.flatMap((p) => p.tables)), "counters"];
    await run(db, tables.map((t) => ({ sql: `DELETE FROM ${t}`, params: [] })));
  }
  let position = from;
  let replayed = 0;
  for (;;) {
    const limit = Math.min(pageSize, maxEvents - replayed);
    if (limit <= 0) return { replayed, position, done: false };
    const { results } = await db
      .prepare("SELECT position, stream, version, type, data, meta, at, hash FROM events WHERE position > ? ORDER BY position LIMIT ?")
      .bind(position, limit)
      .all<Parameters<typeof parseEventRow>[0]>();
    if (results.length === 0) break;
    const page = results.map(parseEventRow);
    await run(db, projectPage(page));
    position = page.at(-1)!.position!;
    replayed += page.length;
    if (results.length < limit) break;
  }
  await run(db, projections.flatMap((p) => p.afterRebuild?.() ?? []));
  return { replayed, position, done: true };
}

/** Statements that replay one page of events into every projection. */
export function projectPage(page: StoredEvent[]): Statement[] {
  return projections.flatMap((p) => {
    const handled = page.filter((e) => p.canHandle.includes(e.type));
    if (handled.length === 0) return [];
    return p.rebuildPage ? p.rebuildPage(handled) : handled.flatMap((e) => p.project(e));
  });
}

async function run(db: D1Database, statements: Statement[]) {
  for (let i = 0; i < statements.length; i += statementsPerBatch) {
    await db.batch(statements.slice(i, i + statementsPerBatch).map((s) => db.prepare(s.sql).bind(...s.params)));
  }
}
