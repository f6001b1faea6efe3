/**
 * The read models of the record engine: one table per declared family (columns and the indexes its list
 * needs), link tables mirrored from `refs` fields, and counters. `npm run db:generate` turns them into
 * migrations with the store's own tables.
 */
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex, type SQLiteTableWithColumns } from "drizzle-orm/sqlite-core";
import { metaColumns, type Family } from "../../events/family.ts";
import { families } from "../../events/families/index.ts";
import { lazyProperty } from "../../events/lazy.ts";

// Tables built from declarations have no static column types; queries reach columns by declared key.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type DeclaredTable = SQLiteTableWithColumns<any>;

/** Totals kept in the same batch as the rows they count: `<table>` for all rows, `<table>.<column>` per value. */
export const counters = sqliteTable(
  "counters",
  { scope: text("scope").notNull(), value: text("value").notNull(), n: integer("n").notNull() },
  (t) => [primaryKey({ columns: [t.scope, t.value] })],
);

/** Beside a counter `<table>.<column>` = value: the count and sum of a summed numeric column over those rows. */
export const counterSums = sqliteTable(
  "counter_sums",
  { scope: text("scope").notNull(), value: text("value").notNull(), field: text("field").notNull(), n: integer("n").notNull(), total: real("total").notNull() },
  (t) => [primaryKey({ columns: [t.scope, t.value, t.field] })],
);

/** sqliteTable typed loosely for columns known only at run time. */
const declaredTable = sqliteTable as unknown as (name: string, columns: Record<string, unknown>, extra: (t: Record<string, never>) => unknown[]) => DeclaredTable;

const sqlColumn = (name: string, sql: string) => (sql === "INTEGER" ? integer(name) : sql === "REAL" ? real(name) : text(name));

/** An index a family's list needs: its name and the keys (field, bookkeeping or id key) it covers, in order. */
export interface IndexSpec {
  name: string;
  keys: string[];
  unique: boolean;
}

/** The column of a key in a family's table: a field's, a bookkeeping one, or the id's. */
export const columnOfKey = (family: Family, key: string) =>
  family.column[key] ?? metaColumns.find((m) => m.key === key)?.column ?? (key === family.idKey ? family.idColumn : key);

/**
 * The indexes of a family's table, shared by the declared tables (drizzle, migrations) and the tables made at
 * run time (worker/resources/ddl.ts), so both get the same ones under the same names.
 * A list filtered by an eq filter and sorted needs one index covering both (PERFORMANCE.md rule 4).
 * Every sort key gets (sort, id); each eq filter gets (filter, default sort, id) so the usual list —
 * one filter, default order — reads its page off one index. More composites would multiply the
 * cost of every write (each index is another random B-tree insert per row).
 */
export function indexPlan(family: Family): IndexSpec[] {
  const plan: IndexSpec[] = [];
  const named = new Set<string>();
  const add = (keys: string[], unique = false) => {
    // the name keeps the id key itself (not its column), as the migrations already name them
    const name = `${family.table}_${keys.map((k) => family.column[k] ?? metaColumns.find((m) => m.key === k)?.column ?? k).join("_")}_${unique ? "uq" : "idx"}`;
    if (named.has(name)) return;
    named.add(name);
    plan.push({ name, keys, unique });
  };
  const [defaultSort] = family.defaultSort as [string, string];
  for (const sort of family.sorts as string[]) add([sort, family.idKey]);
  for (const [f, op] of Object.entries(family.filters)) if (op === "eq" && f !== defaultSort) add([f, defaultSort, family.idKey]);
  for (const group of family.unique) add(group, true);
  for (const keys of family.indexes ?? []) add(keys as string[]);
  return plan;
}

/** The read-model table of a family: id, declared fields, bookkeeping, and the indexes its list needs. */
export function familyTable(family: Family): DeclaredTable {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const columns: Record<string, any> = { [family.idKey]: text(family.idColumn).primaryKey() };
  for (const [key, f] of Object.entries(family.fields)) columns[key] = sqlColumn(family.column[key]!, f.sql);
  for (const m of metaColumns) columns[m.key] = m.key === "version" ? integer(m.column).notNull() : text(m.column);
  return declaredTable(family.table, columns, (c) =>
    indexPlan(family).map(({ name, keys, unique }) => {
      const [first, ...rest] = keys.map((k) => c[k]!);
      return (unique ? uniqueIndex(name) : index(name)).on(first, ...rest) as unknown as ReturnType<typeof index>;
    }),
  );
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

/** The declared families' tables by table name, each built (drizzle) on first read rather than at import. */
export const familyTables: Record<string, DeclaredTable> = {};
for (const f of families) lazyProperty(familyTables, f.table, () => familyTable(f));

const declaredFamilies = new Set(families);
const builtTables = new WeakMap<Family, DeclaredTable>();
/**
 * The read-model table of any family: the declared ones from `familyTables`, others (families built at run
 * time from a definition) built once per family object, so the queries serve both the same way.
 */
export function tableOf(family: Family): DeclaredTable {
  const declared = familyTables[family.table];
  if (declared && declaredFamilies.has(family)) return declared;
  let table = builtTables.get(family);
  if (!table) builtTables.set(family, (table = familyTable(family)));
  return table;
}

/** The recycle bin: records whose stream ends in a deletion, with who deleted them and when (GET {path}/deleted). */
export const recycleBin = sqliteTable(
  "recycle_bin",
  {
    family: text("family").notNull(),
    id: text("id").notNull(),
    record: text("record").notNull(),
    version: integer("version").notNull(),
    deletedAt: text("deleted_at").notNull(),
    deletedBy: text("deleted_by"),
    deletedByName: text("deleted_by_name"),
  },
  (t) => [primaryKey({ columns: [t.family, t.id] }), index("recycle_bin_family_deleted_at_idx").on(t.family, t.deletedAt)],
);

/** Full-text index of a family with `search` fields: an FTS5 table keyed by the read model's rowid (the name's terms, the rest's). */
export const searchTableOf = (family: Family) => `${family.table}_search`;

/**
 * The SQL creating a family's search table (drizzle-kit has no virtual tables: the migration generator
 * adds these). Terms are written already tokenised (worker/resources/search.ts), so the plain unicode61
 * tokenizer only splits them on spaces.
 */
export const searchTableSql = (family: Family) => `CREATE VIRTUAL TABLE IF NOT EXISTS ${searchTableOf(family)} USING fts5(head, rest, tokenize = 'unicode61 remove_diacritics 0')`;
