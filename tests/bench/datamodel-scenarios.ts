/**
 * Data-model figures as plain functions of a D1 binding, run inside the bench Worker (the figure) and on
 * Node's SQLite with the same file (the floor): a list page of a run-time model filtered by one field, and
 * a grouped aggregate over its records. The model's family is resolved the way a list request resolves it.
 */
import { modelFamilyForRead } from "../../worker/datamodel/runtime.ts";
import { listPage, parseListQuery } from "../../worker/resources/query.ts";
import { reportDefinitionSchema } from "../../events/reports/definition.ts";
import { runReport } from "../../worker/reports/run.ts";
import { summarise } from "./scenarios.ts";

/** The bench model's fields: every one a column with its index, text ones searched. */
export const benchModelFields = [
  { name: "title", title: "名称", titleEn: "Title", type: "text", length: 64, required: true },
  { name: "serial", title: "编号", titleEn: "Serial", type: "text", length: 32 },
  { name: "qty", title: "数量", titleEn: "Quantity", type: "int" },
  { name: "amount", title: "金额", titleEn: "Amount", type: "decimal" },
  { name: "kind", title: "类别", titleEn: "Kind", type: "dict", dictType: "benchKind" },
  { name: "region", title: "地区", titleEn: "Region", type: "region" },
  { name: "day", title: "日期", titleEn: "Day", type: "date" },
  { name: "flag", title: "启用", titleEn: "Enabled", type: "bool" },
];

export const benchKinds = 10;
/** qty takes 1,000 values (about 1,000 records each at a million), kind 10 (about 100,000 each). */
export function benchModelRecord(i: number) {
  const day = new Date(Date.UTC(2020, 0, 1) + (i % 2000) * 86_400_000).toISOString().slice(0, 10);
  return { title: `设备${i}`, serial: `SN${i}`, qty: (i * 7919) % 1000, amount: (i % 997) + 0.5, kind: String(i % benchKinds), region: `61${String(i % 100).padStart(2, "0")}00`, day, flag: i % 3 === 0 };
}

/** The list queries measured: a selective field (qty, ~0.1 %), a broad one (kind, 10 %), a date, each a page with its total. */
export const benchListQueries: [string, (i: number) => Record<string, string>][] = [
  ["qty (int, ~1,000 matches)", (i) => ({ qty: String((i * 13) % 1000), page: String(1 + (i % 50)), limit: "10" })],
  ["day (date, ~500 matches)", (i) => ({ day: benchModelRecord(i * 31).day, page: String(1 + (i % 20)), limit: "10" })],
  ["kind (dict, ~100,000 matches)", (i) => ({ kind: String(i % benchKinds), page: String(1 + ((i * 37) % 300)), limit: "10" })],
];

export async function modelListPages(db: D1Database, modelId: string, which: number, runs: number) {
  const [, make] = benchListQueries[which]!;
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const family = await modelFamilyForRead(db, modelId);
    const { rows, total } = await listPage(db, family, parseListQuery(family, make(i)));
    samples.push(performance.now() - started);
    if (total === 0) throw new Error(`list ${which} returned ${rows.length} rows of ${total}`);
  }
  return summarise(samples);
}

/** The grouped aggregate of a report: records and the sum of amount per kind, over every record. */
export const groupedSql = (table: string) => `SELECT kind, COUNT(*) AS n, SUM(amount) AS total FROM ${table} GROUP BY kind ORDER BY kind`;

export async function groupedAggregates(db: D1Database, table: string, runs: number) {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const { results } = await db.prepare(groupedSql(table)).all();
    samples.push(performance.now() - started);
    if (results.length !== benchKinds) throw new Error(`grouped aggregate returned ${results.length} groups`);
  }
  return summarise(samples);
}

/** The same question as a report definition: what the report designer saves and /report/run answers. */
export const groupedReport = reportDefinitionSchema.parse({ groupBy: [{ field: "kind" }], aggregates: [{ fn: "count" }, { fn: "sum", field: "amount" }] });

/** The grouped report through the report runner: from the summary totals (`summary` false: the table scan). */
export async function groupedReports(db: D1Database, modelId: string, runs: number, summary: boolean) {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const family = await modelFamilyForRead(db, modelId);
    const { rows } = await runReport(db, family, groupedReport, { summary });
    samples.push(performance.now() - started);
    if (rows.length !== benchKinds) throw new Error(`grouped report returned ${rows.length} groups`);
  }
  return summarise(samples);
}
