/**
 * Where a rebuild stands between calls (the one row of rebuild_progress): the position replayed so far,
 * the stage of the finish and the step and cursor within it. Every step writes it in the same batch as
 * its work, so what the table says is exactly what has been committed.
 */
import type { Statement } from "./types.ts";

export type RebuildStage = "replay" | "indexes" | "after" | "passes" | "done";

export interface RebuildState {
  stage: RebuildStage;
  /** the position replayed up to */
  position: number;
  /** after-statements run (stage "after"), or the pass being paged (stage "passes") */
  step: number;
  /** the pass's last cursor (null: from its start) */
  cursor: unknown;
}

export function progressStatement(state: RebuildState): Statement {
  return {
    sql:
      "INSERT INTO rebuild_progress (id, stage, position, step, cursor) VALUES (1, ?, ?, ?, ?) " +
      "ON CONFLICT(id) DO UPDATE SET stage = excluded.stage, position = excluded.position, step = excluded.step, cursor = excluded.cursor",
    params: [state.stage, state.position, state.step, state.cursor === null ? null : JSON.stringify(state.cursor)],
  };
}

export async function readProgress(db: D1Database): Promise<RebuildState | null> {
  const row = await db.prepare("SELECT stage, position, step, cursor FROM rebuild_progress WHERE id = 1").first<{ stage: RebuildStage; position: number; step: number; cursor: string | null }>();
  return row ? { ...row, cursor: row.cursor === null ? null : JSON.parse(row.cursor) } : null;
}

/** Runs a step's statements and records the progress they make, in one batch (one transaction). */
export async function commitStep(db: D1Database, statements: Statement[], next: RebuildState): Promise<RebuildState> {
  await db.batch([...statements, progressStatement(next)].map((s) => db.prepare(s.sql).bind(...s.params)));
  return next;
}
