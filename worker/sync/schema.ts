/**
 * The synchronisation's operational tables (not events). A run's cursor — which enterprise, which page — moves
 * in the same D1 batch as the events a page writes, guarded by `sync_step`, so a page is applied exactly once
 * even when a crash, a retry or two overlapping advancers replay it.
 */
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const syncRun = sqliteTable(
  "sync_run",
  {
    runId: text("run_id").primaryKey(),
    /** the list's family name, e.g. syn.synjuddoclist */
    list: text("list").notNull(),
    /** running | done | failed */
    status: text("status").notNull(),
    /** JSON array of credit codes the run is limited to, or null for every enterprise */
    creditCodes: text("credit_codes"),
    /** the enterprise being read (null before the first) and the next page of it */
    cursorCode: text("cursor_code"),
    cursorName: text("cursor_name"),
    pageNo: integer("page_no").notNull().default(1),
    /** pages applied so far: the step number `sync_step` guards */
    pages: integer("pages").notNull().default(0),
    enterprises: integer("enterprises").notNull().default(0),
    read: integer("read").notNull().default(0),
    created: integer("created").notNull().default(0),
    updated: integer("updated").notNull().default(0),
    unchanged: integer("unchanged").notNull().default(0),
    removed: integer("removed").notNull().default(0),
    rejected: integer("rejected").notNull().default(0),
    /** the first refused items' reasons (JSON, at most 20), and the last fetch error */
    rejections: text("rejections"),
    error: text("error"),
    /** consecutive failed fetches of the current page, and when the next try may happen (ms) */
    failures: integer("failures").notNull().default(0),
    retryAt: integer("retry_at"),
    /** the Workflow instance moving the run on (one instance may move several runs, one after another) */
    workflowId: text("workflow_id"),
    /** an advancer holds the run until then (ms) */
    leaseUntil: integer("lease_until"),
    logId: text("log_id"),
    startedBy: text("started_by"),
    startedAt: integer("started_at").notNull(),
    finishedAt: integer("finished_at"),
  },
  (t) => [index("sync_run_list_started_idx").on(t.list, t.startedAt), index("sync_run_status_idx").on(t.status, t.retryAt)],
);

/** One row per applied page of a run: a second application of the same step fails its whole batch. */
export const syncStep = sqliteTable("sync_step", { runId: text("run_id").notNull(), step: integer("step").notNull() }, (t) => [primaryKey({ columns: [t.runId, t.step] })]);

/** The natural keys a run has seen for the enterprise being read: what it did not see is marked removed at source. */
export const syncSeen = sqliteTable(
  "sync_seen",
  { runId: text("run_id").notNull(), creditCode: text("credit_code").notNull(), naturalKey: text("natural_key").notNull() },
  (t) => [primaryKey({ columns: [t.runId, t.creditCode, t.naturalKey] })],
);

/**
 * The content hash (sha-256 of the canonical item) of each item a list's runs applied, by natural key: a
 * page's unchanged items are recognised in SQL by it and never decided again. Operational, not a read model:
 * a missing row only sends the item through the full decision, which writes it again.
 */
export const syncItem = sqliteTable(
  "sync_item",
  { list: text("list").notNull(), naturalKey: text("natural_key").notNull(), contentHash: text("content_hash").notNull() },
  (t) => [primaryKey({ columns: [t.list, t.naturalKey] })],
);

/**
 * The content hash of the items of each enterprise's page a list's runs applied, for enterprises whose items
 * fit one page: an unchanged page is recognised in one query for a whole step and skipped (no item is mapped
 * or decided). Operational like sync_item: a missing row only sends the page through the item-level path.
 */
export const syncPage = sqliteTable(
  "sync_page",
  { list: text("list").notNull(), creditCode: text("credit_code").notNull(), contentHash: text("content_hash").notNull() },
  (t) => [primaryKey({ columns: [t.list, t.creditCode] })],
);
