/**
 * Grouped reports answered from the summary totals (worker/resources/summaries.ts) instead of the table:
 * one group key that the family counts, no filter with a value, and only count, sum and average over
 * fields it sums. That is the usual dashboard question ("how many and how much, by kind") and it then
 * costs two indexed reads at any size; every other report runs its compiled SQL.
 */
import type { Family } from "../../events/family.ts";
import type { ReportDefinition } from "../../events/reports/definition.ts";
import { readSummary } from "../resources/summaries.ts";
import type { CompiledReport } from "./compile.ts";

/** Whether `def` (already compiled, so every name is declared) can be answered from the summary. */
export function summaryServes(family: Family, def: ReportDefinition, compiled: CompiledReport): boolean {
  if (compiled.kind !== "grouped" || def.groupBy.length !== 1) return false;
  const [group] = def.groupBy;
  if (group!.by || !family.counted.includes(group!.field)) return false;
  // the compiled SQL binds only its LIMIT when no filter carries a value
  if (compiled.params.length !== 1) return false;
  return def.aggregates.every((a) => (a.fn === "count" && (!a.field || family.summed.includes(a.field))) || ((a.fn === "sum" || a.fn === "avg") && !!a.field && family.summed.includes(a.field)));
}

type Raw = Record<string, string | number | null>;

/**
 * The rows the compiled SQL would answer (c0 the group, c1… the aggregates, in its order and limit;
 * SQLite's order: NULL first ascending, text by code unit), read from the totals.
 */
export async function summaryRows(db: D1Database, family: Family, def: ReportDefinition, compiled: CompiledReport): Promise<Raw[]> {
  const group = def.groupBy[0]!;
  const field = family.fields[group.field]!;
  const rows = (await readSummary(db, family, group.field)).map((s): Raw => {
    // counters keep the group value as text: a number column's groups are numbers again
    const value = s.value === "" ? null : field.sql === "TEXT" ? s.value : Number(s.value);
    const raw: Raw = { c0: value };
    def.aggregates.forEach((a, i) => {
      const totals = a.field ? s.sums[family.column[a.field]!] : undefined;
      raw[`c${i + 1}`] = !a.field ? s.records : !totals || totals.n === 0 ? (a.fn === "count" ? 0 : null) : a.fn === "count" ? totals.n : a.fn === "sum" ? totals.total : totals.total / totals.n;
    });
    return raw;
  });
  const keys = compiled.columns.map((c) => c.key);
  const order = def.sort.length ? def.sort.map((s) => ({ i: keys.indexOf(s.key), desc: s.dir === "desc" })) : [{ i: 0, desc: false }];
  const compare = (a: Raw, b: Raw) => {
    for (const { i, desc } of order) {
      const x = a[`c${i}`] ?? null;
      const y = b[`c${i}`] ?? null;
      if (x === y) continue;
      const less = x === null ? true : y === null ? false : typeof x === "number" && typeof y === "number" ? x < y : String(x) < String(y);
      return (less ? -1 : 1) * (desc ? -1 : 1);
    }
    return 0;
  };
  // one more than the limit, as the SQL asks, so the caller can tell the answer was cut
  return rows.sort(compare).slice(0, compiled.limit + 1);
}
