/**
 * The DDL of a family's read model made at run time (data models): the same columns and indexes
 * the declared families get from their migrations (worker/resources/schema.ts `indexPlan`), written as SQL
 * statements a projection puts in the batch of the event that needs them. Pure.
 */
import { metaColumns, type Family } from "../../events/family.ts";
import { toColumn } from "../../events/fields.ts";
import type { Statement } from "../store/types.ts";
import { columnOfKey, indexPlan, searchTableOf, searchTableSql } from "./schema.ts";
import { recordTerms, searchTerms } from "./search.ts";
import { recountStatements, resummaryStatements } from "./summaries.ts";

const sql = (text: string): Statement => ({ sql: text, params: [] });

/** A constant as SQL text (ALTER TABLE's DEFAULT takes no parameter). */
export function sqlLiteral(value: string | number | null): string {
  if (value === null) return "NULL";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return String(value);
  }
  return `'${value.replace(/'/g, "''")}'`;
}

function columnDefinition(family: Family, key: string): string {
  const f = family.fields[key]!;
  const fallback = f.fallback === undefined ? null : toColumn(f, f.fallback);
  // rows written before the field existed read its fallback, as rebuilt rows do (the projection's COALESCE)
  return `${family.column[key]} ${f.sql}${fallback === null ? "" : ` DEFAULT ${sqlLiteral(fallback)}`}`;
}

function indexStatement(family: Family, index: ReturnType<typeof indexPlan>[number]): Statement {
  const columns = index.keys.map((k) => columnOfKey(family, k)).join(", ");
  return sql(`CREATE ${index.unique ? "UNIQUE " : ""}INDEX IF NOT EXISTS ${index.name} ON ${family.table} (${columns})`);
}

/** The family's table, its indexes and its full-text table when it searches, each only if missing. */
export function createTableStatements(family: Family): Statement[] {
  const columns = [
    `${family.idColumn} TEXT PRIMARY KEY NOT NULL`,
    ...Object.keys(family.fields).map((k) => columnDefinition(family, k)),
    ...metaColumns.map((m) => `${m.column} ${m.sql}${m.key === "version" ? " NOT NULL" : ""}`),
  ];
  return [
    sql(`CREATE TABLE IF NOT EXISTS ${family.table} (${columns.join(", ")})`),
    ...indexPlan(family).map((i) => indexStatement(family, i)),
    ...(family.search.length ? [sql(searchTableSql(family))] : []),
  ];
}

/**
 * New fields of a family whose table exists: a column each (a hidden field keeps its column, so columns are
 * only ever added) and the indexes that name them; the full-text table if the family now searches.
 */
export function addColumnStatements(family: Family, fieldKeys: string[]): Statement[] {
  const added = new Set(fieldKeys);
  return [
    ...fieldKeys.map((k) => sql(`ALTER TABLE ${family.table} ADD COLUMN ${columnDefinition(family, k)}`)),
    ...indexPlan(family)
      .filter((i) => i.keys.some((k) => added.has(k)))
      .map((i) => indexStatement(family, i)),
    ...(family.search.length ? [sql(searchTableSql(family)), ...fallbackTerms(family, added)] : []),
    ...recountStatements(family, family.counted.filter((k) => added.has(k))),
    ...resummaryStatements(family, fieldKeys),
  ];
}

const termsOf = (value: unknown) => (typeof value === "string" || typeof value === "number" ? searchTerms(String(value)) : "");

/**
 * The search terms existing records gain from new search fields: every one of them lacks the new keys, so
 * each reads the same fallbacks, as a rebuild indexes them. A family searching for the first time gets a
 * row per record; otherwise the new fields' terms join the others (they come last among the search fields;
 * a field placed before older ones would need every record indexed again, which is left to a rebuild).
 */
function fallbackTerms(family: Family, added: Set<string>): Statement[] {
  const fts = searchTableOf(family);
  const fallbacks = Object.fromEntries(family.search.map((k) => [k, family.fields[k]!.fallback]));
  if (family.search.every((k) => added.has(k))) {
    const [head, rest] = recordTerms(family, fallbacks);
    return [{ sql: `INSERT INTO ${fts} (rowid, head, rest) SELECT rowid, ?, ? FROM ${family.table}`, params: [head, rest] }];
  }
  const firstNew = family.search.findIndex((k) => added.has(k));
  if (firstNew < 0 || !family.search.slice(firstNew).every((k) => added.has(k))) return [];
  const terms = family.search.slice(firstNew).map((k) => termsOf(fallbacks[k])).filter(Boolean).join(" ");
  if (!terms) return [];
  return [{ sql: `UPDATE ${fts} SET rest = CASE WHEN rest = '' THEN ?1 ELSE rest || ' ' || ?1 END`, params: [terms] }];
}

/** The indexes a family's definition asks for now (a field turned filterable or unique), each only if missing. */
export const indexStatements = (family: Family): Statement[] => indexPlan(family).map((i) => indexStatement(family, i));

/** Drops the family's table and full-text table (the rebuild recreates them from the final definition). */
export function dropTableStatements(family: Family): Statement[] {
  return [sql(`DROP TABLE IF EXISTS ${searchTableOf(family)}`), sql(`DROP TABLE IF EXISTS ${family.table}`)];
}
