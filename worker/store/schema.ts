/**
 * Every D1 table as a drizzle table: the event store, operational tables (sessions, captchas…: short-lived
 * state that is not part of the record and is not rebuilt), and one read model per declared family.
 * `npm run db:generate` turns this module into numbered SQL migrations through drizzle-kit.
 */
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex, type SQLiteTableWithColumns } from "drizzle-orm/sqlite-core";

// Tables built from declarations have no static column types; queries reach columns by declared key.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type DeclaredTable = SQLiteTableWithColumns<any>;
import { metaColumns, type Family } from "../../events/family.ts";
import { families } from "../../events/families/index.ts";

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

// ── Operational state (not event-sourced, survives rebuilds) ────────────────────
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

/** Codes a user scans to bind a WeCom account; short-lived. */
export const bindCodes = sqliteTable("bind_codes", {
  code: text("code").primaryKey(),
  userId: text("user_id").notNull(),
  expiresAt: integer("expires_at").notNull(),
});

/** Index definitions a rebuild dropped (rebuilt in one sorted pass at its end); survives between resumable calls. */
export const rebuildIndexes = sqliteTable("rebuild_indexes", {
  name: text("name").primaryKey(),
  sql: text("sql").notNull(),
});

// ── Read models ───────────────────────────────────────────────────────────────
/** Totals kept in the same batch as the rows they count: `<table>` for all rows, `<table>.<column>` per value. */
export const counters = sqliteTable(
  "counters",
  { scope: text("scope").notNull(), value: text("value").notNull(), n: integer("n").notNull() },
  (t) => [primaryKey({ columns: [t.scope, t.value] })],
);

/** Password hashes of users (projection of sys.credential events; never answered by any list). */
export const credentials = sqliteTable("sys_credential", {
  userId: text("user_id").primaryKey(),
  hash: text("hash").notNull(),
  salt: text("salt").notNull(),
  iterations: integer("iterations").notNull(),
  changedAt: text("changed_at").notNull(),
});

/** sqliteTable typed loosely for columns known only at run time. */
const declaredTable = sqliteTable as unknown as (name: string, columns: Record<string, unknown>, extra: (t: Record<string, never>) => unknown[]) => DeclaredTable;

const sqlColumn = (name: string, sql: string) => (sql === "INTEGER" ? integer(name) : sql === "REAL" ? real(name) : text(name));

/** The read-model table of a family: id, declared fields, bookkeeping, and the indexes its list needs. */
export function familyTable(family: Family): DeclaredTable {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const columns: Record<string, any> = { [family.idKey]: text(family.idColumn).primaryKey() };
  for (const [key, f] of Object.entries(family.fields)) columns[key] = sqlColumn(family.column[key]!, f.sql);
  for (const m of metaColumns) columns[m.key] = m.key === "version" ? integer(m.column).notNull() : text(m.column);
  return declaredTable(family.table, columns, (c) => {
    const built = [] as ReturnType<typeof index>[];
    const named = new Set<string>();
    const add = (cols: string[], unique = false) => {
      const name = `${family.table}_${cols.map((k) => family.column[k] ?? metaColumns.find((m) => m.key === k)?.column ?? k).join("_")}_${unique ? "uq" : "idx"}`;
      if (named.has(name)) return;
      named.add(name);
      const [first, ...rest] = cols.map((k) => c[k]!);
      built.push((unique ? uniqueIndex(name) : index(name)).on(first, ...rest) as unknown as ReturnType<typeof index>);
    };
    // A list filtered by an eq filter and sorted needs one index covering both (PERFORMANCE.md rule 4).
    // Every sort key gets (sort, id); each eq filter gets (filter, default sort, id) so the usual list —
    // one filter, default order — reads its page off one index. More composites would multiply the
    // cost of every write (each index is another random B-tree insert per row).
    const [defaultSort] = family.defaultSort as [string, string];
    for (const sort of family.sorts as string[]) add([sort, family.idKey]);
    for (const [f, op] of Object.entries(family.filters)) if (op === "eq" && f !== defaultSort) add([f, defaultSort, family.idKey]);
    for (const group of family.unique) add(group, true);
    return built;
  });
}

/** Link tables mirrored from `refs` fields (user → roles, role → menus), for joins in permission checks. */
export function linkTables() {
  const seen = new Map<string, DeclaredTable>();
  for (const family of families) {
    for (const f of Object.values(family.fields)) {
      if (!f.link || seen.has(f.link.table)) continue;
      const { table, ownerColumn, refColumn } = f.link;
      seen.set(
        table,
        sqliteTable(table, { owner: text(ownerColumn).notNull(), ref: text(refColumn).notNull() }, (t) => [
          primaryKey({ columns: [t.owner, t.ref] }),
          index(`${table}_${refColumn}_idx`).on(t.ref),
        ]),
      );
    }
  }
  return Object.fromEntries(seen);
}

export const familyTables: Record<string, DeclaredTable> = Object.fromEntries(families.map((f) => [f.table, familyTable(f)]));
