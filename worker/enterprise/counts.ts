/**
 * Counting over the read models, bounded: a total or a per-value count comes from the counters the record
 * projection keeps when the family counts that field, else from a GROUP BY on a column the family filters
 * by `eq` (so the read model has an index leading with it).
 */
import type { Family } from "../../events/family.ts";
import type { Lang } from "../../events/i18n.ts";
import { column } from "./families.ts";

export interface ValueCount {
  value: string;
  name: string;
  count: number;
}

/** Every live record of a family (its counter). */
export async function totalOf(db: D1Database, family: Family): Promise<number> {
  const row = await db.prepare("SELECT n FROM counters WHERE scope = ? AND value = ''").bind(family.table).first<{ n: number }>();
  return row?.n ?? 0;
}

/** Records per value of `key` (value "" for none), largest first. */
export async function countBy(db: D1Database, family: Family, key: string): Promise<{ value: string; count: number }[]> {
  const col = column(family, key);
  const { results } = family.counted.includes(key)
    ? await db.prepare("SELECT value, n AS count FROM counters WHERE scope = ? AND n > 0").bind(`${family.table}.${col}`).all<{ value: string; count: number }>()
    : await db.prepare(`SELECT COALESCE(CAST(${col} AS TEXT), '') AS value, COUNT(*) AS count FROM ${family.table} GROUP BY ${col}`).all<{ value: string; count: number }>();
  return results.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
}

/** Records whose `key` equals `value` (a counter when the family counts the field). */
export async function countWhere(db: D1Database, family: Family, key: string, value: string): Promise<number> {
  const col = column(family, key);
  const row = family.counted.includes(key)
    ? await db.prepare("SELECT n FROM counters WHERE scope = ? AND value = ?").bind(`${family.table}.${col}`, value).first<{ n: number }>()
    : await db.prepare(`SELECT COUNT(*) AS n FROM ${family.table} WHERE ${col} = ?`).bind(value).first<{ n: number }>();
  return row?.n ?? 0;
}

/** The names of a dictionary's values in the reader's language. */
export async function dictNames(db: D1Database, type: string | undefined, lang: Lang): Promise<Map<string, string>> {
  if (!type) return new Map();
  const { results } = await db.prepare("SELECT value, name, en_name FROM sys_dict WHERE type = ? LIMIT 1000").bind(type).all<{ value: string; name: string; en_name: string | null }>();
  return new Map(results.map((r) => [r.value, lang === "en-US" ? (r.en_name ?? r.name) : r.name]));
}

/** countBy with each value named from the field's dictionary. */
export async function namedCounts(db: D1Database, family: Family, key: string, lang: Lang): Promise<ValueCount[]> {
  const [counts, labels] = await Promise.all([countBy(db, family, key), dictNames(db, family.fields[key]?.dict, lang)]);
  return counts.map((c) => ({ ...c, name: labels.get(c.value) ?? c.value }));
}

/**
 * Records naming one enterprise, per family (family name → count): the count each of its profile tabs shows,
 * the same condition its list applies (`creditCode` eq, served by the index that filter gives the read model).
 */
export async function enterpriseCounts(db: D1Database, families: Family[], creditCode: string): Promise<Record<string, number>> {
  if (families.length === 0) return {};
  const answers = await db.batch(families.map((f) => db.prepare(`SELECT COUNT(*) AS n FROM ${f.table} WHERE ${column(f, "creditCode")} = ?`).bind(creditCode)));
  return Object.fromEntries(families.map((f, i) => [f.name, (answers[i]!.results[0] as { n: number }).n]));
}
