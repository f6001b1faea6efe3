/**
 * Reading a family's read model: pages with a total, everything, one record. Filters and sorting come only
 * from the declaration; totals come from counters where one answers the question (PERFORMANCE.md rule 5).
 */
import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import * as z from "zod";
import { metaColumns, type Family } from "../../events/family.ts";
import { fromColumn, toColumn } from "../../events/fields.ts";
import { counters, tableOf } from "./schema.ts";
import { ValidationError } from "../errors.ts";
import { containsPattern, escapeLike, parsePaging } from "../http/input.ts";
import { keywordCondition, matchExpression, rankedCap, searchCap, searchWeights } from "./search.ts";
import { searchTableOf } from "./schema.ts";

export interface ListQuery {
  page: number;
  limit: number;
  sort: string;
  desc: boolean;
  filters: { key: string; op: "eq" | "like" | "prefix"; value: string | number }[];
  /** full-text keyword over the family's search fields ("" = none) */
  keyword: string;
  /** whether the caller chose the order (else a keyword search answers best match first) */
  sorted: boolean;
}


/** Reads paging (page/limit or pageNumber/pageSize, default 10), declared sort and declared filters. */
export function parseListQuery(family: Family, query: Record<string, string>): ListQuery {
  const { page, limit } = parsePaging(query, 1000);
  const requested = query.orderField ?? query.sidx ?? query.sort;
  const sort = requested || (family.defaultSort[0] as string);
  if (!(family.sorts as string[]).includes(sort)) {
    throw new ValidationError([{ field: "orderField", label: { "zh-CN": "排序字段", "en-US": "Sort field" }, key: "valueNotAllowed" }]);
  }
  const order = (query.order ?? (requested ? "asc" : family.defaultSort[1])).toLowerCase();
  const filters: ListQuery["filters"] = [];
  for (const [key, op] of Object.entries(family.filters)) {
    const raw = query[key];
    if (raw === undefined || raw === "" || !op) continue;
    const field = family.fields[key]!;
    const parsed = op === "eq" ? field.schema.safeParse(raw) : { success: true, data: raw };
    if (!parsed.success) throw new ValidationError([{ field: key, label: field.label, key: "formatError" }]);
    filters.push({ key, op, value: op === "eq" ? (toColumn(field, parsed.data) as string | number) : raw });
  }
  // a keyword with nothing searchable in it (punctuation) is no keyword
  const keyword = z.string().max(200).catch("").parse(query.keyword ?? "").trim();
  const searchable = family.search.length > 0 && matchExpression(keyword) !== null;
  return { page, limit, sort, desc: order === "desc", filters, keyword: searchable ? keyword : "", sorted: !!requested };
}

/** The LIKE pattern of a like/prefix filter, its % and _ literal (the SQL says ESCAPE '\'). */
const likePattern = (op: "like" | "prefix", value: string | number) => (op === "prefix" ? `${escapeLike(String(value))}%` : containsPattern(String(value)));

/** The column a declared sort key orders by: a field's, or a bookkeeping one (createTime…). */
export const sortColumnOf = (family: Family, key: string) => family.column[key] ?? metaColumns.find((m) => m.key === key)!.column;

export function recordsOf(db: D1Database) {
  return drizzle(db);
}

/** A raw snake_case row (from hand-written SQL) → the declaration's camelCase keys. */
export const camelRow = (row: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k.replace(/_([a-z])/g, (_, ch: string) => ch.toUpperCase()), v]));

/**
 * The live record whose declared fields (or id) equal `match`: a user's own record of a per-user family
 * (their column settings of a list, a saved view of theirs, their opinion phrases). Columns come from the
 * declaration only.
 */
export async function recordWhere(db: D1Database, family: Family, match: Record<string, string>): Promise<Record<string, unknown> | null> {
  const keys = Object.keys(match);
  const columns = keys.map((k) => (k === family.idKey ? family.idColumn : family.column[k]));
  if (columns.some((c) => !c)) throw new Error(`recordWhere: ${keys.join(", ")} are not all declared fields of ${family.name}`);
  const row = await db.prepare(`SELECT * FROM ${family.table} WHERE ${columns.map((c) => `${c} = ?`).join(" AND ")} LIMIT 1`).bind(...keys.map((k) => match[k]!)).first<Record<string, unknown>>();
  return row ? toRecord(family, camelRow(row)) : null;
}

/** A row of the read model as the API answers it (JSON values, secret fields left out). */
export function toRecord(family: Family, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    const field = family.fields[key];
    if (field?.secret) continue;
    out[key] = field ? fromColumn(field, value) : value;
  }
  return out;
}

function conditions(family: Family, q: Pick<ListQuery, "filters">): SQL | undefined {
  const table = tableOf(family) as unknown as Record<string, never>;
  const parts = q.filters.map(({ key, op, value }) => {
    const column = table[key]!;
    if (op === "eq") return eq(column, value);
    const pattern = likePattern(op, value);
    // ESCAPE makes % and _ typed by the user literal (SQLite has no default escape character)
    return sql`${column} LIKE ${pattern} ESCAPE '\\'`;
  });
  return parts.length ? and(...parts) : undefined;
}

/** Families whose rows no projection counts (a view model's rows are a query): their totals are counted by SQL. */
export const uncounted = new WeakSet<Family>();

export async function listPage(db: D1Database, family: Family, q: ListQuery): Promise<{ total: number; rows: Record<string, unknown>[]; capped?: boolean }> {
  if (q.keyword) return searchPage(db, family, q);
  const orm = recordsOf(db);
  const table = tableOf(family);
  const columns = table as unknown as Record<string, never>;
  const where = conditions(family, q);
  const direction = q.desc ? desc : asc;
  const rowsQuery = orm
    .select()
    .from(table)
    .where(where)
    .orderBy(direction(columns[q.sort]!), direction(columns[family.idKey]!))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const only = q.filters.length === 1 ? q.filters[0]! : undefined;
  const counted = !uncounted.has(family) && (q.filters.length === 0 || (only?.op === "eq" && family.counted.includes(only.key)));
  const totalQuery = counted
    ? orm
        .select({ n: counters.n })
        .from(counters)
        .where(and(eq(counters.scope, only ? `${family.table}.${family.column[only.key]}` : family.table), eq(counters.value, only ? String(only.value) : "")))
    : orm.select({ n: count() }).from(table).where(where);
  const [rows, total] = await orm.batch([rowsQuery, totalQuery]);
  return { total: total[0]?.n ?? 0, rows: (rows as Record<string, unknown>[]).map((r) => toRecord(family, r)) };
}

/**
 * The declared filters as raw SQL over the family's table as `alias`, for hand-written statements (the
 * search's join, the export's keyset pages); the list's own queries use `conditions` through drizzle.
 */
export function rawConditions(family: Family, q: Pick<ListQuery, "filters">, alias: string): { sql: string; params: (string | number)[] } {
  const parts: string[] = [];
  const params: (string | number)[] = [];
  for (const { key, op, value } of q.filters) {
    const column = `${alias}.${family.column[key]}`;
    if (op === "eq") parts.push(`${column} = ?`), params.push(value);
    else parts.push(`${column} LIKE ? ESCAPE '\\'`), params.push(likePattern(op, value));
  }
  return { sql: parts.length ? parts.join(" AND ") : "1", params };
}

/**
 * A keyword search, bounded whatever the term (FTS5 over the family's search table). First the matches are
 * counted up to `searchCap`; none ends it. A term with at most `rankedCap` matches lists them best match
 * (bm25, name first) first; a more frequent one — every record matches about as well — lists the newest
 * of its first `searchCap` matches first. Declared filters and a chosen sort apply within those; `capped`
 * tells the total stopped at `searchCap`.
 */
async function searchPage(db: D1Database, family: Family, q: ListQuery): Promise<{ total: number; rows: Record<string, unknown>[]; capped?: boolean }> {
  const expression = matchExpression(q.keyword);
  if (!expression) return { total: 0, rows: [] };
  const fts = searchTableOf(family);
  const counted = await db.prepare(`SELECT COUNT(*) AS n FROM (SELECT 1 FROM ${fts} WHERE ${fts} MATCH ? LIMIT ${searchCap + 1})`).bind(expression).first<{ n: number }>();
  const matches = counted?.n ?? 0;
  if (matches === 0) return { total: 0, rows: [] };
  const ranked = matches <= rankedCap;
  const hits = ranked
    ? `SELECT rowid AS hit, bm25(${fts}, ${searchWeights}) AS score FROM ${fts} WHERE ${fts} MATCH ?`
    : `SELECT rowid AS hit, -rowid AS score FROM ${fts} WHERE ${fts} MATCH ? ORDER BY rowid DESC LIMIT ${searchCap}`;
  const filter = rawConditions(family, q, "t");
  // q.sort is a declared sort key (parseListQuery refuses others)
  const sortColumn = sortColumnOf(family, q.sort);
  const order = q.sorted ? `t.${sortColumn} ${q.desc ? "DESC" : "ASC"}, t.${family.idColumn} ${q.desc ? "DESC" : "ASC"}` : `h.score, t.${family.idColumn}`;
  // CROSS JOIN keeps the hits as the outer loop: one primary-key look-up per hit
  const from = `FROM (${hits}) h CROSS JOIN ${family.table} t ON t.rowid = h.hit WHERE ${filter.sql}`;
  const statements = [db.prepare(`SELECT t.* ${from} ORDER BY ${order} LIMIT ? OFFSET ?`).bind(expression, ...filter.params, q.limit, (q.page - 1) * q.limit)];
  if (q.filters.length) statements.push(db.prepare(`SELECT COUNT(*) AS n ${from}`).bind(expression, ...filter.params));
  const [rows, total] = await db.batch<Record<string, unknown>>(statements);
  return {
    total: total ? (total.results[0] as { n: number }).n : Math.min(matches, searchCap),
    rows: rows!.results.map((r) => toRecord(family, camelRow(r))),
    capped: matches > searchCap,
  };
}

/** All records matching the declared filters (and keyword), in the default order; capped so one call stays bounded. */
export async function listAll(db: D1Database, family: Family, q: Pick<ListQuery, "filters" | "sort" | "desc" | "keyword">, cap = 5000) {
  const table = tableOf(family);
  const columns = table as unknown as Record<string, never>;
  const direction = q.desc ? desc : asc;
  const match = q.keyword ? keywordCondition(family, q.keyword) : null;
  // the condition's one placeholder carries the MATCH expression
  const [before, after] = match ? match.sql.split("?") : [];
  const keyword = match ? sql`${sql.raw(before!)}${match.params[0]}${sql.raw(after!)}` : undefined;
  const where = q.keyword && !match ? sql`0` : and(keyword, conditions(family, q));
  const rows = await recordsOf(db).select().from(table).where(where).orderBy(direction(columns[q.sort]!)).limit(cap);
  return (rows as Record<string, unknown>[]).map((r) => toRecord(family, r));
}

export async function findById(db: D1Database, family: Family, id: string) {
  const table = tableOf(family);
  const columns = table as unknown as Record<string, never>;
  const [row] = await recordsOf(db).select().from(table).where(eq(columns[family.idKey]!, id)).limit(1);
  return row ? toRecord(family, row as Record<string, unknown>) : null;
}

export async function findByIds(db: D1Database, family: Family, ids: string[]) {
  if (ids.length === 0) return [];
  const table = tableOf(family);
  const columns = table as unknown as Record<string, never>;
  const rows = await recordsOf(db).select().from(table).where(inArray(columns[family.idKey]!, ids));
  return (rows as Record<string, unknown>[]).map((r) => toRecord(family, r));
}

/** A page of the family's recycle bin, newest deletion first. */
export async function deletedPage(db: D1Database, family: Family, query: Record<string, string>) {
  const { page, limit } = parsePaging(query, 100);
  const [rows, total] = await db.batch([
    db.prepare("SELECT id, record, version, deleted_at, deleted_by, deleted_by_name FROM recycle_bin WHERE family = ? ORDER BY deleted_at DESC, id DESC LIMIT ? OFFSET ?").bind(family.name, limit, (page - 1) * limit),
    db.prepare("SELECT COUNT(*) AS n FROM recycle_bin WHERE family = ?").bind(family.name),
  ]);
  return {
    total: (total!.results[0] as { n: number }).n,
    rows: (rows!.results as Record<string, unknown>[]).map((r) => ({
      id: r.id,
      record: { [family.idKey]: r.id, ...(JSON.parse(r.record as string) as object) },
      version: r.version,
      deletedAt: r.deleted_at,
      deletedBy: r.deleted_by,
      deletedByName: r.deleted_by_name,
    })),
  };
}
