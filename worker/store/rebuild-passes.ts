/**
 * The projections' rebuild passes, paged by their cursors. Most passes are short (the search terms of a
 * family with a few hundred records), so a step reads the next page of the current pass together with the
 * first pages of the passes after it in one batch of selects, and writes all of them in one batch: a
 * hundred short passes cost a handful of round trips instead of two each. The current pass reads a full
 * page; the passes read ahead read a small one, and the first that fills it ends the step there (its rows
 * are written and its cursor recorded; the passes after it are read again by the next step). Large pages
 * matter for full-text tables: every transaction adds an FTS5 segment to merge later (10,000 rows a page
 * rebuilt a million records' search terms in 17 s instead of 24 s at 2,000).
 */
import { commitStep, type RebuildState } from "./rebuild-progress.ts";
import type { RebuildPass, Statement } from "./types.ts";

/** rows of the current pass per step (a pass may ask for fewer) */
const rowsPerPage = 10_000;
/**
 * Passes read ahead per step, and the rows each may bring: most families' search terms fit, and a step
 * holds at most 10,000 + 16 × 1,000 rows (a larger pass becomes the current one and pages on its own).
 */
const readAhead = 16;
const rowsReadAhead = 1_000;

export async function passStep(db: D1Database, passes: RebuildPass[], state: RebuildState): Promise<RebuildState> {
  const group = passes.slice(state.step, state.step + 1 + readAhead);
  if (group.length === 0) return commitStep(db, [], { ...state, stage: "done", step: passes.length, cursor: null });
  const limits = group.map((p, i) => Math.min(p.pageSize ?? rowsPerPage, i === 0 ? rowsPerPage : rowsReadAhead));
  const pages = await db.batch<Record<string, unknown>>(group.map((p, i) => db.prepare(p.select).bind(i === 0 ? state.cursor : null, limits[i]!)));
  const statements: Statement[] = [];
  let next: RebuildState = { ...state, step: state.step + group.length, cursor: null };
  for (const [i, pass] of group.entries()) {
    const rows = pages[i]!.results;
    if (rows.length) statements.push(...pass.statements(rows));
    // a full page: the pass has more rows, and the next step continues it after this page's last cursor
    if (rows.length === limits[i]) {
      next = { ...state, step: state.step + i, cursor: rows.at(-1)!.cursor };
      break;
    }
  }
  if (next.step >= passes.length) next = { ...next, stage: "done", step: passes.length };
  return commitStep(db, statements, next);
}
