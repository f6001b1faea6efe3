/**
 * The dashboard's read SQL over the read models: the enterprise master, the listed-enterprise roster,
 * pledges, freezes, financing products and applications, listing applications and the seeded divisions
 * (sys_area). Each figure set is one `db.batch` (PERFORMANCE.md: the number of D1 calls sets the speed);
 * province-wide totals by a counted field come from the counters the projections keep, groupings from
 * GROUP BY on columns the families index (their `eq` filters), the division filter through the division
 * table (a prefecture's districts by parent code).
 */
import { provinceCode } from "../../events/api/dashboard.ts";

export type Row = Record<string, unknown>;
export interface Query {
  sql: string;
  params: unknown[];
}

const E = "en_enterprise_basic_info";

/** The divisions an area filter covers: the division itself and, for a prefecture, its districts. */
const areaCodesSql = "SELECT code FROM sys_area WHERE code = ? OR parent_code = ?";

/**
 * A division filter on a table: its `area_code` (own), or through its enterprise's master by credit code.
 * No area: no condition.
 */
export function areaWhere(areaCode: string | undefined, via: "own" | "enterprise", alias = ""): { sql: string; params: unknown[] } {
  if (!areaCode) return { sql: "1 = 1", params: [] };
  const col = (c: string) => (alias ? `${alias}.${c}` : c);
  return via === "own"
    ? { sql: `${col("area_code")} IN (${areaCodesSql})`, params: [areaCode, areaCode] }
    : { sql: `${col("credit_code")} IN (SELECT credit_code FROM ${E} WHERE area_code IN (${areaCodesSql}))`, params: [areaCode, areaCode] };
}

/** A division filter through the enterprise master, and the same with a condition before it. */
export function throughEnterprise(areaCode: string | undefined) {
  const w = areaWhere(areaCode, "enterprise");
  return { w, and: (cond: string) => ({ sql: `${cond} AND ${w.sql}`, params: w.params }) };
}

/** Per district of the enterprise master: a measure over the rows of a table (aliased t) meeting `cond`, inside the division filter. */
export const districtsOf = (table: string, measure: string, cond: string, areaCode: string | undefined): Query => {
  const inArea = areaWhere(areaCode, "enterprise", "t");
  return byDistrict(measure, { table, where: `${cond} AND ${inArea.sql}`, params: inArea.params });
};

/** The division named by a filter (its code, name and level), or none. */
export const areaQuery = (code: string): Query => ({ sql: "SELECT code, name, type FROM sys_area WHERE code = ? LIMIT 1", params: [code] });

/** Each district and prefecture of the province with its prefecture: code, name, type, prefecture code. */
export const divisionsQuery = (): Query => ({
  sql:
    "SELECT a.code AS code, a.name AS name, a.type AS type, CASE WHEN a.type = '2' THEN a.code ELSE a.parent_code END AS prefecture " +
    "FROM sys_area a WHERE a.parent_code = ? OR a.parent_code IN (SELECT code FROM sys_area WHERE parent_code = ?) ORDER BY a.code",
  params: [provinceCode, provinceCode],
});

/** Labels of dictionaries: type, value, name, English name. */
export const dictQuery = (types: string[]): Query => ({
  sql: `SELECT type, value, name, en_name AS enName FROM sys_dict WHERE type IN (${types.map(() => "?").join(", ")})`,
  params: types,
});

/** A counter (a family's total, or its count of one value of a counted field). */
export const counterRows = (scope: string): Query => ({ sql: "SELECT value AS key, n AS value FROM counters WHERE scope = ? AND n > 0", params: [scope] });

/** Records per value of a column, optionally filtered. */
export const groupCount = (table: string, col: string, where: { sql: string; params: unknown[] }, measure = "COUNT(*)"): Query => ({
  sql: `SELECT COALESCE(CAST(${col} AS TEXT), '') AS key, ${measure} AS value FROM ${table} WHERE ${where.sql} GROUP BY 1`,
  params: where.params,
});

/** One figure over a table. */
export const scalar = (table: string, measure: string, where: { sql: string; params: unknown[] }): Query => ({
  sql: `SELECT ${measure} AS value FROM ${table} WHERE ${where.sql}`,
  params: where.params,
});

/** Per district (the enterprise master's division): a measure over the enterprises, or over a table joined by credit code. */
export function byDistrict(measure: string, source: { table: string; where?: string; params?: unknown[] } | null, masterWhere = "1 = 1", masterParams: unknown[] = []): Query {
  if (!source) return { sql: `SELECT COALESCE(area_code, '') AS key, ${measure} AS value FROM ${E} WHERE ${masterWhere} GROUP BY 1`, params: masterParams };
  return {
    sql: `SELECT COALESCE(e.area_code, '') AS key, ${measure} AS value FROM ${source.table} t JOIN ${E} e ON e.credit_code = t.credit_code WHERE ${source.where ?? "1 = 1"} GROUP BY 1`,
    params: source.params ?? [],
  };
}

/** Per month (yyyy-MM of a date or datetime column) from `since` on: a measure. */
export const monthly = (table: string, col: string, since: string, where: { sql: string; params: unknown[] }, measure = "COUNT(*)"): Query => ({
  sql: `SELECT substr(${col}, 1, 7) AS key, ${measure} AS value FROM ${table} WHERE ${col} >= ? AND ${where.sql} GROUP BY 1`,
  params: [since, ...where.params],
});

/** The largest groups of a text column by a measure. */
export const topBy = (table: string, col: string, measure: string, where: { sql: string; params: unknown[] }, limit = 10): Query => ({
  sql: `SELECT ${col} AS key, ${measure} AS value FROM ${table} WHERE ${col} IS NOT NULL AND ${col} <> '' AND ${where.sql} GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${limit}`,
  params: where.params,
});

/** The enterprises with the largest registered capital. */
export const topCapital = (where: { sql: string; params: unknown[] }, limit = 10): Query => ({
  sql: `SELECT credit_code AS key, ent_name AS label, reg_capital AS value FROM ${E} WHERE reg_capital IS NOT NULL AND ${where.sql} ORDER BY reg_capital DESC, credit_code LIMIT ${limit}`,
  params: where.params,
});

/** Per industry: enterprises, listed or quoted ones, average registered capital. */
export const industryFigures = (where: { sql: string; params: unknown[] }, listed: readonly string[]): Query => ({
  sql:
    `SELECT COALESCE(industry, '') AS key, COUNT(*) AS enterprises, SUM(CASE WHEN listing_status IN (${listed.map(() => "?").join(", ")}) THEN 1 ELSE 0 END) AS listed, ` +
    `COALESCE(AVG(reg_capital), 0) AS avgCapital FROM ${E} WHERE ${where.sql} GROUP BY 1 ORDER BY 2 DESC, 1`,
  params: [...listed, ...where.params],
});

/** Published financing products, newest first, filtered by publish-date prefix and type; the page and the total. */
export function productPage(filter: { date?: string | undefined; type?: string | undefined }, limit: number, offset: number): [Query, Query, Query] {
  const where = ["status = '1'"];
  const params: unknown[] = [];
  if (filter.date) {
    where.push("substr(publish_time, 1, ?) = ?");
    params.push(filter.date.length, filter.date);
  }
  const byDate = { sql: where.join(" AND "), params: [...params] };
  if (filter.type) {
    where.push("product_type = ?");
    params.push(filter.type);
  }
  const clause = where.join(" AND ");
  return [
    {
      sql:
        "SELECT id, product_name AS productName, institution_name AS institutionName, COALESCE(institution_type, '') AS institutionType, product_type AS productType, " +
        `amount_max AS amountMax, rate_min AS rateMin, term_max_months AS termMaxMonths, publish_time AS publishTime FROM tb_financ WHERE ${clause} ORDER BY publish_time DESC, id LIMIT ? OFFSET ?`,
      params: [...params, limit, offset],
    },
    { sql: `SELECT COUNT(*) AS value FROM tb_financ WHERE ${clause}`, params },
    groupCount("tb_financ", "product_type", byDate),
  ];
}

/** Runs the statements in one batch; each answer's rows by the statement's name. */
export async function runAll<K extends string>(db: D1Database, queries: Record<K, Query>): Promise<Record<K, Row[]>> {
  const keys = Object.keys(queries) as K[];
  const answers = await db.batch<Row>(keys.map((k) => db.prepare(queries[k].sql).bind(...queries[k].params)));
  return Object.fromEntries(keys.map((k, i) => [k, answers[i]!.results])) as Record<K, Row[]>;
}
