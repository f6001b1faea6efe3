/**
 * The work reports' own read model: who was notified of a report and when each opened it (the read
 * receipts). `npm run db:generate` turns it into a migration.
 */
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** One row per notified person of a live report; `read_at` (China time) is null until they open it. */
export const workReportReader = sqliteTable(
  "work_report_reader",
  {
    reportId: text("report_id").notNull(),
    userId: text("user_id").notNull(),
    readAt: text("read_at"),
  },
  // the report's readers by its key; a person's reports (the review screen's "notified" list) by this index
  (t) => [primaryKey({ columns: [t.reportId, t.userId] }), index("work_report_reader_user_idx").on(t.userId, t.reportId)],
);

/**
 * The statistics' rollup of visits: visits counted by month, visitor and visit type, kept by projection with
 * the visit family (./rollup.ts). A period's whole months read these few rows instead of every visit; its
 * partial months at either end still read the visits themselves. Empty strings stand for absent values.
 */
export const visitRollup = sqliteTable(
  "visit_rollup",
  {
    month: text("month").notNull(),
    visitorId: text("visitor_id").notNull(),
    visitType: text("visit_type").notNull(),
    n: integer("n").notNull(),
  },
  // both indexes carry n, so a period (all staff) or one person's months are read from the index alone
  (t) => [primaryKey({ columns: [t.month, t.visitorId, t.visitType] }), index("visit_rollup_month_idx").on(t.month, t.visitorId, t.visitType, t.n), index("visit_rollup_visitor_idx").on(t.visitorId, t.month, t.visitType, t.n)],
);
