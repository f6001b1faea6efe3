/**
 * The policy module's own read model: who was told about which policy. One row per policy and enterprise
 * whose service staff were sent the "policy finds the enterprise" message; its key is the "once per
 * enterprise and policy" rule: a second insert of the same pair fails the whole append, and publishing a
 * policy again only tells about enterprises not yet in it.
 */
import { index, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const policyNotice = sqliteTable(
  "policy_notice",
  {
    policyId: text("policy_id").notNull(),
    creditCode: text("credit_code").notNull(),
    /** the enterprise's service staff member who was told */
    userId: text("user_id").notNull(),
    /** the message posted with it (msg module) */
    msgId: text("msg_id").notNull(),
    /** ISO instant */
    at: text("at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.policyId, t.creditCode] }), index("policy_notice_user_at_idx").on(t.userId, t.at)],
);
