/** Operational state of the system module: short-lived WeCom binding codes (not event-sourced). */
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Codes a user scans to bind a WeCom account; short-lived. */
export const bindCodes = sqliteTable("bind_codes", {
  code: text("code").primaryKey(),
  userId: text("user_id").notNull(),
  expiresAt: integer("expires_at").notNull(),
});

