/**
 * The notarisation read model: one row per application (notarisation or rights confirmation), projected
 * from the `notary:<applicationNo>` streams. `tx_hash` is the chain value of the notarising event.
 */
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const notaryRecord = sqliteTable(
  "notary_record",
  {
    applicationNo: text("application_no").primaryKey(),
    /** notary | confirm */
    kind: text("kind").notNull(),
    subjectId: text("subject_id").notNull(),
    subjectName: text("subject_name").notNull(),
    reason: text("reason").notNull(),
    moduleCode: text("module_code"),
    applicantId: text("applicant_id"),
    applicantName: text("applicant_name"),
    /** the applicant's account (the legal list's userCode) */
    userCode: text("user_code"),
    /** applied | notarised | refused */
    status: text("status").notNull(),
    /** ISO instants (shown in China time) */
    applyTime: text("apply_at").notNull(),
    handleTime: text("handle_at"),
    handlerName: text("handler_name"),
    refuseReason: text("refuse_reason"),
    txHash: text("tx_hash"),
    sha256: text("sha256"),
    version: integer("version").notNull(),
  },
  (t) => [index("notary_record_kind_apply_idx").on(t.kind, t.applyTime), index("notary_record_kind_user_idx").on(t.kind, t.userCode, t.handleTime)],
);
