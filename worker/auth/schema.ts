/**
 * The operational tables of sign-in (sessions, captchas, lockouts, used portal tickets: short-lived state,
 * not event-sourced, survives rebuilds) and the read model of passwords (the sys.credential projection).
 */
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const sessions = sqliteTable(
  "sessions",
  {
    token: text("token").primaryKey(),
    userId: text("user_id").notNull(),
    createdAt: integer("created_at").notNull(),
    lastSeen: integer("last_seen").notNull(),
    via: text("via").notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const captchas = sqliteTable("captchas", {
  uuid: text("uuid").primaryKey(),
  answer: text("answer").notNull(),
  expiresAt: integer("expires_at").notNull(),
});

export const loginFailures = sqliteTable("login_failures", {
  account: text("account").primaryKey(),
  failures: integer("failures").notNull(),
  lockedUntil: integer("locked_until").notNull(),
});

/** Portal tickets and signed requests already used: refusing replays. */
export const usedTickets = sqliteTable("used_tickets", {
  id: text("id").primaryKey(),
  expiresAt: integer("expires_at").notNull(),
});

/** Password hashes of users (projection of sys.credential events; never answered by any list). */
export const credentials = sqliteTable("sys_credential", {
  userId: text("user_id").primaryKey(),
  hash: text("hash").notNull(),
  salt: text("salt").notNull(),
  iterations: integer("iterations").notNull(),
  changedAt: text("changed_at").notNull(),
});

