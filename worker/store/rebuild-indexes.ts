/**
 * Secondary indexes during a rebuild. A table that takes many rows replays faster without its indexes,
 * built once at the end by a sorted pass instead of a B-tree insert per row; a table taking a few hundred
 * rows does not repay the two schema changes per index. So only the indexes of tables whose projections
 * replay at least `threshold` events are dropped. Their definitions wait in rebuild_indexes, so a rebuild
 * spread over several calls restores them in its finish, a few per step. (Unique indexes too: the log only
 * holds events that passed them, and no command should run during a rebuild.)
 */
import { commitStep, type RebuildState } from "./rebuild-progress.ts";
import type { Projection, Statement } from "./types.ts";

/** indexes built per step: one over a large table is a sort of the whole table */
const indexesPerStep = 10;

/** The statements that park and drop the secondary indexes of the tables the replay fills with many rows. */
export async function dropIndexesOfHeavyTables(db: D1Database, projections: Projection[], threshold: number): Promise<Statement[]> {
  const tables = await heavyTables(db, projections, threshold);
  if (tables.length === 0) return [];
  const { results } = await db
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (SELECT value FROM json_each(?))")
    .bind(JSON.stringify(tables))
    .all<{ name: string; sql: string }>();
  return [
    ...results.map((r) => ({ sql: "INSERT OR IGNORE INTO rebuild_indexes (name, sql) VALUES (?, ?)", params: [r.name, r.sql] })),
    ...results.map((r) => ({ sql: `DROP INDEX IF EXISTS "${r.name.replace(/"/g, "")}"`, params: [] })),
  ];
}

/** Tables whose projections handle at least `threshold` events of the log (every table for 0). */
async function heavyTables(db: D1Database, projections: Projection[], threshold: number): Promise<string[]> {
  if (threshold <= 0) return [...new Set(projections.flatMap((p) => p.tables))];
  // one pass over the type index answers every projection's share of the log
  const { results: counts } = await db.prepare("SELECT type, COUNT(*) AS n FROM events GROUP BY type").all<{ type: string; n: number }>();
  const weight = new Map<string, number>();
  for (const p of projections) {
    const handled = new Set(p.canHandle);
    const events = counts.reduce((sum, c) => sum + (handled.has(c.type) || p.handlesType?.(c.type) ? c.n : 0), 0);
    for (const t of p.tables) weight.set(t, (weight.get(t) ?? 0) + events);
  }
  return [...weight].filter(([, n]) => n >= threshold).map(([t]) => t);
}

/** Restores a few parked indexes, removing their definitions in the same batch; the stage ends when none wait. */
export async function restoreIndexesStep(db: D1Database, state: RebuildState): Promise<RebuildState> {
  const { results } = await db.prepare("SELECT name, sql FROM rebuild_indexes ORDER BY name LIMIT ?").bind(indexesPerStep).all<{ name: string; sql: string }>();
  const next: RebuildState = results.length < indexesPerStep ? { stage: "after", position: state.position, step: 0, cursor: null } : state;
  return commitStep(
    db,
    results.flatMap((r) => [
      { sql: r.sql.replace(/^CREATE (UNIQUE )?INDEX /i, "CREATE $1INDEX IF NOT EXISTS "), params: [] },
      { sql: "DELETE FROM rebuild_indexes WHERE name = ?", params: [r.name] },
    ]),
    next,
  );
}
