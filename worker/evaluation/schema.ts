/**
 * The evaluation runs' operational table (not events): a run scoring every enterprise under a model keeps
 * its cursor (the last credit code scored) and its figures here, moved in the same D1 batch as the results a
 * chunk writes, so a chunk applied once is never applied again and the progress is what was written.
 */
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const evaluationRun = sqliteTable(
  "evaluation_run",
  {
    runId: text("run_id").primaryKey(),
    modelId: text("model_id").notNull(),
    /** the model record's version the run scores with (every chunk scores the same definition) */
    modelVersion: integer("model_version").notNull(),
    asOf: text("as_of").notNull(),
    /** running | done | failed */
    status: text("status").notNull(),
    total: integer("total").notNull().default(0),
    scored: integer("scored").notNull().default(0),
    eligible: integer("eligible").notNull().default(0),
    passed: integer("passed").notNull().default(0),
    /** the last credit code scored (enterprises go in credit-code order) */
    cursor: text("cursor"),
    /** chunks applied: a chunk's batch moves it from n to n + 1 only if it is still n */
    chunks: integer("chunks").notNull().default(0),
    error: text("error"),
    startedBy: text("started_by"),
    startedAt: integer("started_at").notNull(),
    finishedAt: integer("finished_at"),
  },
  (t) => [index("evaluation_run_model_idx").on(t.modelId, t.startedAt), index("evaluation_run_status_idx").on(t.status)],
);
