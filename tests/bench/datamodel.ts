/**
 * Data-model figures (`npm run bench:datamodel`, its own fresh database): one run-time model of eight fields
 * created the way /datamodel/save creates it (the model's event and its table in one batch), BENCH_DM_ROWS
 * (default 1,000,000) of its records loaded as events with their projections through node:sqlite, then
 * inside the Worker (wrangler dev, local D1) and on the same file through node:sqlite (the floor): a list
 * page filtered by one field (the model's family resolved per call, as a list request does) and a grouped
 * aggregate (COUNT and SUM per dictionary value); over HTTP, the same list through the app.
 * BENCH_DM_REUSE=1 measures again without loading. In `npm run bench` it runs in a child process (it
 * registers the model's family in this process's registry).
 */
import { createHash } from "node:crypto";
import { existsSync, rmSync } from "node:fs";
import { z } from "zod";
import { NodeD1, asD1 } from "./node-d1.ts";
import { benchApi, benchPort, migrateBenchDb, startBenchWorker, waitForBenchWorker } from "./bench-worker.ts";
import { benchListQueries, benchModelFields, benchModelRecord, groupedAggregates, groupedSql, modelListPages } from "./datamodel-scenarios.ts";
import { summarise } from "./scenarios.ts";
import { demoAdminPassword, seedStatements } from "../../worker/seed/index.ts";
import { canonicalJson } from "../../worker/store/canonical.ts";
import { seal } from "../../worker/store/append.ts";
import { store } from "../../worker/modules.ts";
import type { StoredEvent } from "../../worker/store/types.ts";
import { newCreate } from "../../worker/resources/commands.ts";
import { familyOfRecord, registerModelFamily } from "../../worker/datamodel/runtime.ts";
import { dataModels } from "../../events/families/datamodel.ts";
import { modelFieldSchema } from "../../events/datamodel/definition.ts";
import type { Family } from "../../events/family.ts";
import { benchPersist, benchSizes, type BenchOptions } from "./sizes.ts";
import { runAlone, type Line } from "./table.ts";

const log = (...args: unknown[]) => console.error("·", ...args);
const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
type Summary = ReturnType<typeof summarise>;

export async function datamodelFigures(options: BenchOptions = {}): Promise<Line[]> {
  const size = benchSizes(options).datamodel;
  const rows = size.rows;
  const persist = benchPersist(".wrangler/bench-datamodel", options);
  // BENCH_DM_REUSE=1 measures again on the records the previous run loaded
  const reuse = !!process.env.BENCH_DM_REUSE && existsSync(persist);
  if (!reuse) rmSync(persist, { recursive: true, force: true });
  const file = migrateBenchDb(persist);
  const loader = new NodeD1(file);
  const at = new Date().toISOString();
  const meta = { actorId: "bench", actorName: "bench", requestId: "load", ip: null, at };
  const record = { name: "设备台账", code: "bench", type: "table", tableName: "dm_bench", fields: z.array(modelFieldSchema).parse(benchModelFields), view: null, remark: null };
  let modelId: string;
  let family: Family;
  let loadSeconds = 0;
  if (reuse) {
    modelId = (loader.db.prepare("SELECT id FROM datamodel_model WHERE code = 'bench'").get() as { id: string }).id;
    family = registerModelFamily(familyOfRecord(modelId, record));
    log("reusing the records loaded by the previous run");
  } else {
    await loader.batch((await seedStatements({ adminPassword: demoAdminPassword, at })).map((st) => loader.prepare(st.sql).bind(...st.params)));
    // the model, as /datamodel/save appends it: its record and (the model projection's DDL) its table, one batch
    const modelWrite = newCreate(dataModels as unknown as Family, record);
    modelId = modelWrite.stream.slice(dataModels.name.length + 1);
    await loader.batch(store.statementsFor(await seal(modelWrite, meta)).map((s) => loader.prepare(s.sql).bind(...s.params)));
    family = registerModelFamily(familyOfRecord(modelId, record));

    // records: events and projections 2,000 a batch, the table's indexes built once at the end (as a rebuild does)
    const started = performance.now();
    const indexes = loader.db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name = ?").all(family.table) as { name: string; sql: string }[];
    for (const i of indexes) loader.db.exec(`DROP INDEX ${i.name}`);
    for (let start = 0; start < rows; start += 2000) {
      const events: StoredEvent[] = [];
      for (let i = start; i < Math.min(rows, start + 2000); i++) {
        const id = crypto.randomUUID();
        const base = { stream: `${family.name}:${id}`, version: 1, type: family.events.created, data: { id, record: benchModelRecord(i) }, meta, at };
        events.push({ ...base, hash: createHash("sha256").update(canonicalJson(base)).digest("hex") });
      }
      await loader.batch(store.statementsFor(events).map((s) => loader.prepare(s.sql).bind(...s.params)));
      if (start % 100_000 === 0) log(`loaded ${fmt(start)} / ${fmt(rows)}`);
    }
    for (const i of indexes) loader.db.exec(i.sql);
    loader.db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    loadSeconds = (performance.now() - started) / 1000;
    log(`loaded ${fmt(rows)} records (events, rows, ${indexes.length} indexes, search terms) in ${fmt(loadSeconds, 1)} s`);
  }

  // the floor: the same code and SQL on the same file through node:sqlite
  const floorDb = asD1(loader);
  const floors = [];
  for (let which = 0; which < benchListQueries.length; which++) floors.push(await modelListPages(floorDb, modelId, which, size.listRuns));
  const floorGrouped = await groupedAggregates(floorDb, family.table, size.groupedRuns);
  const plan = loader.db.prepare(`EXPLAIN QUERY PLAN ${groupedSql(family.table)}`).all().map((r) => (r as { detail: string }).detail);
  loader.close();

  const lines: Line[] = [[`data model: ${fmt(rows)} records of one run-time model${loadSeconds ? " loaded (node:sqlite bulk), s" : " (reused from the previous run)"}`, loadSeconds ? fmt(loadSeconds, 1) : "", "", "", "", null]];
  const { base, stop } = startBenchWorker(persist, await benchPort("BENCH_DM_PORT"));
  try {
    await waitForBenchWorker(base);
    const inWorker = async <T>(path: string): Promise<T> => {
      const response = await fetch(`${base}${path}`);
      const body = (await response.json()) as T & { error?: string };
      if (!response.ok) throw new Error(`${path}: ${body.error}`);
      return body;
    };
    const bare = await inWorker<Summary>(`/bare?runs=${size.bareRuns}`);
    lines.push(["one bare D1 call (SELECT 1), median ms", fmt(bare.median, 2), "0", "", "", null]);
    for (let which = 0; which < benchListQueries.length; which++) {
      await inWorker(`/datamodel/list?model=${modelId}&which=${which}&runs=${size.warmUp}`);
      const w = await inWorker<Summary>(`/datamodel/list?model=${modelId}&which=${which}&runs=${size.listRuns}`);
      const f = floors[which]!;
      lines.push([`list page (10 rows + total) filtered by ${benchListQueries[which]![0]}, in the Worker, median ms (p95 ${fmt(w.p95, 1)})`, fmt(w.median, 1), `${fmt(f.median, 2)} (p95 ${fmt(f.p95, 2)})`, "", "", null]);
    }
    const grouped = await inWorker<Summary>(`/datamodel/grouped?table=${family.table}&runs=${size.groupedRuns}`);
    lines.push([`grouped aggregate over ${fmt(rows)} records (COUNT and SUM(amount) GROUP BY kind), table scan, in the Worker, median ms (p95 ${fmt(grouped.p95, 0)}; plan: ${plan.join("; ")})`, fmt(grouped.median, 0), fmt(floorGrouped.median, 0), "", "", null]);
    await inWorker(`/datamodel/report?model=${modelId}&runs=${size.warmUp}`);
    const report = await inWorker<Summary>(`/datamodel/report?model=${modelId}&runs=${size.listRuns}`);
    lines.push([`the same as a report (count and sum of amount by kind) from the summary totals, in the Worker, median ms (p95 ${fmt(report.p95, 1)})`, fmt(report.median, 1), "", "", "", null]);

    const { api, signIn } = benchApi(base);
    await signIn("admin", demoAdminPassword);
    for (let which = 0; which < benchListQueries.length; which++) {
      const [name, make] = benchListQueries[which]!;
      const samples: number[] = [];
      for (let i = 0; i < size.warmUp + size.httpRuns; i++) {
        const query = new URLSearchParams(make(i)).toString();
        const t = performance.now();
        await api(`/datamodel/data/${modelId}/list?${query}`);
        if (i >= size.warmUp) samples.push(performance.now() - t);
      }
      const s = summarise(samples);
      lines.push([`the same list over HTTP (session, model, envelope): ${name}, median ms (p95 ${fmt(s.p95, 1)})`, fmt(s.median, 1), "", "", "", null]);
    }
  } finally {
    stop();
  }
  return lines;
}

if (import.meta.main) await runAlone("qifu data-model bench", datamodelFigures);
