/**
 * Report figures: grouped reports compiled by worker/reports/compile.ts and run by worker/reports/run.ts —
 * the code the app runs — over a run-time data model's table. `groupedReports(db, family, runs)` takes any
 * D1 binding (the bench Worker or node:sqlite); run as a script (`node tests/bench/reports.ts`) it fills a
 * fresh node:sqlite file with BENCH_REPORT_ROWS (default 1,000,000) rows of the data-model bench's model
 * (tests/bench/datamodel-scenarios.ts) and prints the floor of each report with its query plan.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import type { Family } from "../../events/family.ts";
import { modelFieldSchema } from "../../events/datamodel/definition.ts";
import { reportDefinitionSchema, type ReportDefinition } from "../../events/reports/definition.ts";
import { toColumn } from "../../events/fields.ts";
import { metaColumns } from "../../events/family.ts";
import { familyOfRecord } from "../../worker/datamodel/runtime.ts";
import { createTableStatements } from "../../worker/resources/ddl.ts";
import { compileReport } from "../../worker/reports/compile.ts";
import { runReport } from "../../worker/reports/run.ts";
import { benchKinds, benchModelFields, benchModelRecord } from "./datamodel-scenarios.ts";
import { NodeD1, asD1 } from "./node-d1.ts";
import { summarise } from "./scenarios.ts";

/** The reports measured, each with the number of groups it must answer. */
export const benchReports: [string, ReportDefinition, number][] = [
  ["COUNT GROUP BY kind over every record (the index alone answers)", reportDefinitionSchema.parse({ groupBy: [{ field: "kind" }], aggregates: [{ fn: "count" }] }), benchKinds],
  [
    "COUNT, SUM(amount), AVG(qty) GROUP BY kind over every record",
    reportDefinitionSchema.parse({ groupBy: [{ field: "kind" }], aggregates: [{ fn: "count" }, { fn: "sum", field: "amount" }, { fn: "avg", field: "qty" }] }),
    benchKinds,
  ],
  [
    "COUNT GROUP BY day's month, day within one year (range filter)",
    reportDefinitionSchema.parse({ filters: [{ field: "day", op: "range", from: "2021-01-01", to: "2021-12-31" }], groupBy: [{ field: "day", by: "month" }], aggregates: [{ fn: "count" }] }),
    12,
  ],
  [
    "SUM(amount) GROUP BY qty where kind = 3 (eq filter, top 20 by sum)",
    reportDefinitionSchema.parse({ filters: [{ field: "kind", op: "eq", value: "3" }], groupBy: [{ field: "qty" }], aggregates: [{ fn: "sum", field: "amount" }], sort: [{ key: "sum_amount", dir: "desc" }], limit: 20 }),
    20,
  ],
];

export async function groupedReports(db: D1Database, family: Family, runs: number) {
  const out = [];
  for (const [name, def, groups] of benchReports) {
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const answer = await runReport(db, family, def);
      samples.push(performance.now() - started);
      if (answer.rows.length !== groups) throw new Error(`${name}: ${answer.rows.length} groups, expected ${groups}`);
    }
    out.push({ name, ...summarise(samples) });
  }
  return out;
}

/** The bench model's family (the same definition the data-model bench creates through /datamodel/save). */
export const benchFamily = (id = "bench-report-model") =>
  familyOfRecord(id, { name: "设备台账", code: "bench", type: "table", fields: z.array(modelFieldSchema).parse(benchModelFields) });

if (import.meta.main) {
  const rows = Number(process.env.BENCH_REPORT_ROWS ?? 1_000_000);
  const runs = Number(process.env.BENCH_REPORT_RUNS ?? 5);
  const dir = mkdtempSync(join(tmpdir(), "qifu-bench-reports-"));
  const loader = new NodeD1(join(dir, "reports.sqlite"));
  try {
    loader.db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL");
    const family = benchFamily();
    const [table, ...rest] = createTableStatements(family);
    loader.db.exec(table!.sql);
    // rows first, indexes after (as the data-model bench and a rebuild load them)
    const keys = Object.keys(family.fields);
    const columns = [family.idColumn, ...keys.map((k) => family.column[k]!), ...metaColumns.map((m) => m.column)];
    const insert = loader.db.prepare(`INSERT INTO ${family.table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`);
    const at = "2026-11-23 12:00:00";
    const started = performance.now();
    loader.db.exec("BEGIN");
    for (let i = 0; i < rows; i++) {
      const record = benchModelRecord(i) as Record<string, unknown>;
      insert.run(`r${i}`, ...keys.map((k) => toColumn(family.fields[k]!, record[k] ?? null)), 1, at, "bench", at, "bench");
      if (i % 100_000 === 99_999) loader.db.exec("COMMIT; BEGIN");
    }
    loader.db.exec("COMMIT");
    for (const s of rest) loader.db.exec(s.sql);
    loader.db.exec("ANALYZE");
    console.error(`· loaded ${rows.toLocaleString("en-US")} rows with ${rest.length} indexes in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const figures = await groupedReports(asD1(loader), family, runs);
    console.log(`\nqifu report bench (floor: node:sqlite, the app's compiler and runner) — ${new Date().toISOString()} — ${rows.toLocaleString("en-US")} records of one run-time model\n`);
    console.log("report | median ms | p95 ms | query plan");
    for (const [i, f] of figures.entries()) {
      const compiled = compileReport(family, benchReports[i]![1]);
      const plan = (loader.db.prepare(`EXPLAIN QUERY PLAN ${compiled.sql}`).all(...compiled.params) as { detail: string }[]).map((r) => r.detail).join("; ");
      console.log(`${f.name} | ${f.median.toFixed(0)} | ${f.p95.toFixed(0)} | ${plan}`);
    }
  } finally {
    loader.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
