/**
 * Full-text search over a family's `search` fields. D1 has FTS5 but loads no custom tokenizer, so terms
 * are tokenised here and stored space-separated: Chinese runs as overlapping bigrams (plus the run's last
 * character, so one-character prefixes work), Latin letters and digits as lower-case words. A keyword's
 * Chinese run becomes a phrase of its bigrams — adjacent bigrams are exactly a substring — and each Latin
 * word a prefix. Full-width characters fold to half-width (NFKC) on both sides.
 *
 * @example
 * searchTerms("西安银行 Bank") // "西安 安银 银行 行 bank"
 * matchExpression("安银 ba")    // '"安银" AND "ba"*'
 */
import type { Family } from "../../events/family.ts";
import type { RebuildPass, Statement } from "../store/types.ts";
import { searchTableOf } from "./schema.ts";

/** Han ideographs (with extension A and compatibility forms): the characters written without spaces. */
const han = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/u;
const tokenRun = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+|(?:(?![\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff])[\p{L}\p{N}])+/gu;

/** Runs of Han characters and runs of other letters/digits, after NFKC folding and lower-casing. */
function runs(text: string): string[] {
  return text.normalize("NFKC").toLowerCase().match(tokenRun) ?? [];
}

/** The terms stored for a text: bigrams of Han runs (and the last character), words of the rest. */
export function searchTerms(text: string): string {
  const terms: string[] = [];
  for (const run of runs(text)) {
    if (!han.test(run[0]!)) {
      terms.push(run);
      continue;
    }
    const chars = [...run];
    for (let i = 0; i + 1 < chars.length; i++) terms.push(chars[i]! + chars[i + 1]!);
    terms.push(chars.at(-1)!);
  }
  return terms.join(" ");
}

const termsOf = (value: unknown) => (typeof value === "string" || typeof value === "number" ? searchTerms(String(value)) : "");

/**
 * The terms of a record in two columns: its first search field (the name, usually) and the others, each
 * value tokenised on its own. A match in the first column ranks higher (see `searchWeights`).
 */
export function recordTerms(family: Family, record: Record<string, unknown>): [string, string] {
  const [first, ...rest] = family.search;
  return [termsOf(record[first!]), rest.map((k) => termsOf(record[k])).filter(Boolean).join(" ")];
}

/** bm25 weights of the two columns: a match in the name counts four times one elsewhere. */
export const searchWeights = "4.0, 1.0";

/**
 * The FTS5 MATCH expression of a keyword: every run must match (AND). Han runs of two or more characters
 * are phrases of bigrams, a single Han character or a Latin word is a prefix. Null when nothing searchable.
 */
export function matchExpression(keyword: string): string | null {
  const parts: string[] = [];
  for (const run of runs(keyword).slice(0, 16)) {
    const chars = [...run];
    if (!han.test(chars[0]!)) parts.push(`"${run}"*`);
    else if (chars.length === 1) parts.push(`"${run}"*`);
    else parts.push(`"${chars.slice(0, -1).map((c, i) => c + chars[i + 1]).join(" ")}"`);
  }
  return parts.length ? parts.join(" AND ") : null;
}

/**
 * Matches considered per search: a frequent term in a million records is counted, filtered and sorted
 * among its newest `searchCap` matches, so every search stays bounded (answers carry `totalCapped`).
 */
export const searchCap = 5_000;

/** Up to this many matches are ranked by relevance (bm25); a more frequent term lists its newest first. */
export const rankedCap = 1_000;

/**
 * A condition on the family's read-model table (referred to by its own name) keeping the rows that match
 * `keyword` among the newest `searchCap` matches; null when the family has no search fields or the
 * keyword holds nothing searchable.
 */
export function keywordCondition(family: Family, keyword: string): { sql: string; params: (string | number)[] } | null {
  const expression = family.search.length ? matchExpression(keyword) : null;
  if (!expression) return null;
  const fts = searchTableOf(family);
  return { sql: `${family.table}.rowid IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ? ORDER BY rowid DESC LIMIT ${searchCap})`, params: [expression] };
}

// ── Keeping the index in step (used by the family projection) ─────────────────

/**
 * Statements that drop the search rows of records about to change or disappear: they run before the
 * read-model statements, while the rows (and their rowids) are still there.
 */
export function forgetTerms(family: Family, ids: string[]): Statement[] {
  if (!family.search.length || ids.length === 0) return [];
  const fts = searchTableOf(family);
  return [{ sql: `DELETE FROM ${fts} WHERE rowid IN (SELECT rowid FROM ${family.table} WHERE ${family.idColumn} IN (SELECT value FROM json_each(?)))`, params: [JSON.stringify(ids)] }];
}

/**
 * Statements that index live records after their rows are written: `[id, terms]` pairs, keyed by rowid.
 * CROSS JOIN keeps the pairs as the outer loop (one primary-key look-up each); left to itself the
 * planner may scan the whole read model once per pair.
 */
export function indexTerms(family: Family, entries: [string, [string, string]][]): Statement[] {
  if (!family.search.length || entries.length === 0) return [];
  const fts = searchTableOf(family);
  const statements: Statement[] = [];
  for (let i = 0; i < entries.length; i += 400) {
    statements.push({
      sql: `INSERT INTO ${fts} (rowid, head, rest) SELECT t.rowid, json_extract(j.value, '$[1][0]'), json_extract(j.value, '$[1][1]') FROM json_each(?) j CROSS JOIN ${family.table} t ON t.${family.idColumn} = json_extract(j.value, '$[0]')`,
      params: [JSON.stringify(entries.slice(i, i + 400))],
    });
  }
  return statements;
}

/**
 * The rebuild pass: pages of read-model rows by rowid, each with the terms its search row holds now, indexed
 * again where they differ (terms need this tokenizer, not SQL). The search table is reconciled rather than
 * emptied: emptying a full-text table and filling it again tokenises every row twice (its delete reads
 * the old terms back), while a rebuild mostly finds the same terms under the same rowids. Search rows
 * whose record is gone are dropped by the family's afterRebuild (`orphanTerms`).
 */
export function searchRebuildPass(family: Family): RebuildPass {
  const fts = searchTableOf(family);
  const columns = family.search.map((k) => `t.${family.column[k]} AS "${k}"`).join(", ");
  return {
    select:
      `SELECT t.rowid AS cursor, ${columns}, s.head AS "~head", s.rest AS "~rest" FROM ${family.table} t LEFT JOIN ${fts} s ON s.rowid = t.rowid ` +
      "WHERE t.rowid > COALESCE(?1, 0) ORDER BY t.rowid LIMIT ?2",
    reconciles: [fts],
    statements(rows: Record<string, unknown>[]): Statement[] {
      const stale = rows.flatMap((r) => {
        const [head, rest] = recordTerms(family, r);
        return head === r["~head"] && rest === r["~rest"] ? [] : [{ rowid: r.cursor as number, head, rest, indexed: r["~head"] !== null }];
      });
      const statements: Statement[] = [];
      const replaced = stale.filter((e) => e.indexed).map((e) => e.rowid);
      if (replaced.length) statements.push({ sql: `DELETE FROM ${fts} WHERE rowid IN (SELECT value FROM json_each(?))`, params: [JSON.stringify(replaced)] });
      // 1,000 rows a statement keeps each JSON parameter well under D1's 2 MB (long remarks included)
      for (let i = 0; i < stale.length; i += 1000) {
        const entries = stale.slice(i, i + 1000).map((e) => [e.rowid, e.head, e.rest]);
        statements.push({ sql: `INSERT INTO ${fts} (rowid, head, rest) SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]') FROM json_each(?)`, params: [JSON.stringify(entries)] });
      }
      return statements;
    },
  };
}

/** After a rebuild's replay: the search rows of records no longer in the read model. */
export function orphanTerms(family: Family): Statement[] {
  if (!family.search.length) return [];
  const fts = searchTableOf(family);
  return [{ sql: `DELETE FROM ${fts} WHERE rowid NOT IN (SELECT rowid FROM ${family.table})`, params: [] }];
}
