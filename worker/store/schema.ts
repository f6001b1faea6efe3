/**
 * The event store's own tables: the log, idempotency answers, and the index definitions a rebuild parks.
 * Read models belong to the modules that project them (worker/resources/schema.ts, worker/auth/schema.ts…).
 * `npm run db:generate` turns every schema module into numbered SQL migrations through drizzle-kit.
 */
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";


// ── Event store ────────────────────────────────────────────────────────────────
export const events = sqliteTable(
  "events",
  {
    position: integer("position").primaryKey({ autoIncrement: true }),
    stream: text("stream").notNull(),
    version: integer("version").notNull(),
    type: text("type").notNull(),
    data: text("data").notNull(),
    meta: text("meta").notNull(),
    at: text("at").notNull(),
    hash: text("hash").notNull(),
  },
  (t) => [uniqueIndex("events_stream_version_uq").on(t.stream, t.version), index("events_type_idx").on(t.type)],
);

/** First answer of a command sent with an Idempotency-Key header, written in the same batch as its events. */
export const idempotency = sqliteTable("idempotency", {
  key: text("key").primaryKey(),
  response: text("response").notNull(),
  at: text("at").notNull(),
});

/** Index definitions a rebuild dropped (rebuilt in one sorted pass at its end); survives between resumable calls. */
export const rebuildIndexes = sqliteTable("rebuild_indexes", {
  name: text("name").primaryKey(),
  sql: text("sql").notNull(),
});

/**
 * Where a rebuild spread over several calls stands (one row): the position replayed so far, then the stage
 * of the finish (indexes, after-statements, passes) and the step and cursor within it. Written in the same
 * batch as the work it records, so a repeated or interrupted call resumes exactly where the last one ended.
 */
export const rebuildProgress = sqliteTable("rebuild_progress", {
  id: integer("id").primaryKey(),
  stage: text("stage").notNull(),
  position: integer("position").notNull(),
  step: integer("step").notNull(),
  cursor: text("cursor"),
});
