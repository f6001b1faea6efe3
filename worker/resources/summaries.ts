/**
 * The counters' scopes and values (a family's total and each counted field's per-value totals, kept by its
 * projection) and the summary totals beside them: for every counted field's value, the count and the sum of each
 * `summed` numeric field over the records holding that value. Kept in the same batch as the rows, so a
 * grouped report "count, sum and average of x by y" reads a few rows instead of scanning a million
 * (PERFORMANCE.md: keep counters, never COUNT at scale). Min and max cannot be kept this way (a deletion
 * would need the next value): reports asking for them read the table.
 */
import type { Family } from "../../events/family.ts";
import type { Statement, StoredEvent } from "../store/types.ts";
import { withFallbacks } from "./decide.ts";

/** The counters' scope of a counted field (and counter_sums' of a group field): `<table>.<column>`. */
export const counterScope = (family: Family, key: string) => `${family.table}.${family.column[key]}`;

/** A counted value as the counters keep it: text, '' for none. */
export const counterValue = (v: unknown) => (v === null || v === undefined ? "" : String(v));

/** The per-value totals of a counted field, counted from the rows (the counters of its scope must be empty). */
export const countStatement = (family: Family, key: string): Statement => ({
  sql: `INSERT INTO counters (scope, value, n) SELECT ?, COALESCE(CAST(${family.column[key]} AS TEXT), ''), COUNT(*) FROM ${family.table} GROUP BY 2`,
  params: [counterScope(family, key)],
});

/**
 * The per-value totals of counted fields computed afresh from the rows, the way a rebuild computes them:
 * for a counted field added to a table that has rows, or a field that becomes counted (its type changed).
 */
export const recountStatements = (family: Family, keys: string[]): Statement[] =>
  keys.flatMap((key) => [{ sql: "DELETE FROM counters WHERE scope = ?", params: [counterScope(family, key)] }, countStatement(family, key)]);
const numberOf = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);

type Delta = [scope: string, value: string, field: string, n: number, total: number];

/** What one event adds to and takes from the totals: the record's pairs before (−) and after (+). */
function deltasOf(family: Family, e: StoredEvent): Delta[] {
  const { created, updated, deleted, restored } = family.events;
  const after = withFallbacks(family, (e.data.record ?? {}) as Record<string, unknown>);
  const pairs = (record: Record<string, unknown>, sign: number): Delta[] =>
    family.counted.flatMap((g) =>
      family.summed.flatMap((s): Delta[] => {
        const x = numberOf(record[s]);
        return x === null ? [] : [[counterScope(family, g), counterValue(record[g]), family.column[s]!, sign, sign * x]];
      }),
    );
  if (e.type === created || e.type === restored) return pairs(after, 1);
  if (e.type === deleted) return pairs(after, -1);
  if (e.type !== updated) return [];
  const changes = (e.data.changes ?? {}) as Record<string, [unknown, unknown]>;
  if (![...family.counted, ...family.summed].some((k) => k in changes)) return [];
  const before = { ...after, ...Object.fromEntries(Object.entries(changes).map(([k, [was]]) => [k, was])) };
  return [...pairs(before, -1), ...pairs(after, 1)];
}

/** The statements keeping the totals of a run of events (one upsert of the net changes). */
export function summaryStatements(family: Family, events: StoredEvent[]): Statement[] {
  if (family.summed.length === 0 || family.counted.length === 0) return [];
  const net = new Map<string, Delta>();
  for (const d of events.flatMap((e) => deltasOf(family, e))) {
    const key = `${d[0]}\u0000${d[1]}\u0000${d[2]}`;
    const entry = net.get(key) ?? [d[0], d[1], d[2], 0, 0];
    entry[3] += d[3];
    entry[4] += d[4];
    net.set(key, entry);
  }
  const deltas = [...net.values()].filter((d) => d[3] !== 0 || d[4] !== 0);
  if (deltas.length === 0) return [];
  const json = JSON.stringify(deltas);
  return [
    {
      sql:
        "INSERT INTO counter_sums (scope, value, field, n, total) SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'), " +
        "json_extract(value, '$[3]'), json_extract(value, '$[4]') FROM json_each(?) WHERE true ON CONFLICT(scope, value, field) DO UPDATE SET n = n + excluded.n, total = total + excluded.total",
      params: [json],
    },
    // an emptied group goes (and with it any rounding its running total gathered)
    { sql: "DELETE FROM counter_sums WHERE n = 0 AND scope IN (SELECT json_extract(value, '$[0]') FROM json_each(?))", params: [json] },
  ];
}

/**
 * The totals computed afresh from the rows, as a rebuild does; `keys` limits it to the pairs touching
 * those fields (a field that became counted or summed when its model changed).
 */
export function resummaryStatements(family: Family, keys?: string[]): Statement[] {
  const touches = (g: string, s: string) => !keys || keys.includes(g) || keys.includes(s);
  return family.counted.flatMap((g) =>
    family.summed.filter((s) => touches(g, s)).flatMap((s): Statement[] => {
      const scope = counterScope(family, g);
      const column = family.column[s]!;
      return [
        { sql: "DELETE FROM counter_sums WHERE scope = ? AND field = ?", params: [scope, column] },
        {
          sql: `INSERT INTO counter_sums (scope, value, field, n, total) SELECT ?, COALESCE(CAST(${family.column[g]} AS TEXT), ''), ?, COUNT(${column}), TOTAL(${column}) FROM ${family.table} WHERE typeof(${column}) IN ('integer', 'real') GROUP BY 2`,
          params: [scope, column],
        },
      ];
    }),
  );
}

export interface SummaryRow {
  value: string;
  /** records holding the value */
  records: number;
  /** per summed column: values present and their sum */
  sums: Record<string, { n: number; total: number }>;
}

/** The groups of a counted field with their totals: two indexed reads, whatever the table's size. */
export async function readSummary(db: D1Database, family: Family, groupKey: string): Promise<SummaryRow[]> {
  const scope = counterScope(family, groupKey);
  const [counts, sums] = await db.batch<Record<string, unknown>>([
    db.prepare("SELECT value, n FROM counters WHERE scope = ?").bind(scope),
    db.prepare("SELECT value, field, n, total FROM counter_sums WHERE scope = ?").bind(scope),
  ]);
  const rows = new Map<string, SummaryRow>();
  for (const r of counts!.results as { value: string; n: number }[]) if (r.n > 0) rows.set(r.value, { value: r.value, records: r.n, sums: {} });
  for (const r of sums!.results as { value: string; field: string; n: number; total: number }[]) {
    const row = rows.get(r.value);
    if (row) row.sums[r.field] = { n: r.n, total: r.total };
  }
  return [...rows.values()];
}
