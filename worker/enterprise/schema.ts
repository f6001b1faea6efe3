/**
 * The enterprise module's own read model: one enterprise's timeline across every family that carries a
 * `creditCode` (its records, services, risks). `npm run db:generate` turns it into a migration.
 */
import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * One row per created/updated/deleted/restored event of a record that named the enterprise. The key
 * (credit_code, position) is also the only index the timeline needs: one enterprise's rows, newest first.
 */
export const enterpriseTimeline = sqliteTable(
  "enterprise_timeline",
  {
    creditCode: text("credit_code").notNull(),
    /** the event's position in the log (stable across rebuilds: positions are never reused) */
    position: integer("position").notNull(),
    /** ISO instant of the event */
    at: text("at").notNull(),
    /** family name, e.g. common.enpatentinfo */
    family: text("family").notNull(),
    recordId: text("record_id").notNull(),
    /** the record's naming field (events/families/enterprise.ts recordTitleKey) as the event left it */
    title: text("title"),
    /** the event type, e.g. common.enpatentinfo.updated */
    type: text("type").notNull(),
    /** the state command that made an update (publish, examine…), reverted, or the event's kind (created…) */
    action: text("action").notNull(),
    /** JSON array of the field keys an update changed ([] otherwise) */
    changed: text("changed").notNull(),
    /** the acting user's id; null for code acting for the system (its principal's name is in actor_name) */
    actorId: text("actor_id"),
    actorName: text("actor_name"),
    /** the principal's kind when code acted for the system (sync, scheduler, portal, link, seed…); null for a user */
    actorKind: text("actor_kind"),
  },
  (t) => [primaryKey({ columns: [t.creditCode, t.position] })],
);
