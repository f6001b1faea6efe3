/**
 * The work reports' own read model: who was notified of a report and when each opened it (the read
 * receipts). `npm run db:generate` turns it into a migration.
 */
import { index, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

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
