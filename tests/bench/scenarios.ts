/**
 * Benchmark scenarios as plain functions of a D1 binding, run inside the Worker (the figure) and on
 * Node's SQLite with the same file (the floor). Each returns what it measured.
 */
import { dictionary } from "../../events/families/sys.ts";
import type { Family } from "../../events/family.ts";
import { store } from "../../worker/modules.ts";

const { rebuild } = store;
import { newCreate, streamOf, updateOf } from "../../worker/resources/commands.ts";
import { execute, principal } from "../../worker/commands/execute.ts";
import { listPage, parseListQuery } from "../../worker/resources/query.ts";
import { prepareImport } from "../../worker/resources/spreadsheet/import.ts";
import type { StreamWrite } from "../../worker/store/types.ts";

const family = dictionary as unknown as Family;
export const benchTypes = 50;

/** Writes decided ahead, run as one command through the pipeline (as the system: no permission to look up). */
const append = (db: D1Database, writes: StreamWrite[]) => execute({ name: "bench", decide: () => ({ writes, answer: null }) }, principal("system", "bench"), { db, store });

/** The record of bench row i: 50 types, a fifth of them unavailable (status 0), numbers spread out. */
export function benchRecord(i: number, prefix = "v") {
  return { type: `t${i % benchTypes}`, value: `${prefix}${i}`, name: `名称${i}`, enName: `name ${i}`, number: (i * 7919) % 10000, status: i % 5 === 0 ? "0" : "1", remark: `备注 ${i}` };
}

/** Median and 95th percentile of durations in ms. */
export function summarise(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { median: at(0.5), p95: at(0.95), runs: samples.length };
}

/** `runs` sequential calls of `work`, each timed: median and p95 in ms. */
export async function timed(runs: number, work: (i: number) => Promise<unknown>) {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work(i);
    samples.push(performance.now() - started);
  }
  return summarise(samples);
}

/** A list page: 10 rows, filter status=0 (20 % of rows), sorted by number, with its total; pages spread over the first 300. */
export async function listPages(db: D1Database, runs: number) {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const query = parseListQuery(family, { page: String(1 + ((i * 37) % 300)), limit: "10", status: "0", orderField: "number", order: "asc" });
    const started = performance.now();
    const { rows, total } = await listPage(db, family, query);
    samples.push(performance.now() - started);
    if (rows.length !== 10 || total === 0) throw new Error(`list returned ${rows.length} rows of ${total}`);
  }
  return summarise(samples);
}

/** One create command at a time, each its own batch (event + projection + counters). */
export async function singleCreates(db: D1Database, count: number, prefix: string) {
  const started = performance.now();
  for (let i = 0; i < count; i++) await append(db, [newCreate(family, benchRecord(i, prefix))]);
  return { commands: count, perSecond: count / ((performance.now() - started) / 1000) };
}

/** One update command at a time: read the stream, decide, append. */
export async function singleUpdates(db: D1Database, ids: string[]) {
  const started = performance.now();
  for (const [i, id] of ids.entries()) {
    const stream = streamOf(family, id);
    await execute(
      { name: "bench.update", streams: [stream], decide: ({ streams }) => ({ writes: [updateOf(family, id, { name: `改${i}`, status: i % 2 ? "1" : "0" }, streams.get(stream) ?? [])], answer: null }) },
      principal("system", "bench"),
      { db, store },
    );
  }
  return { commands: ids.length, perSecond: ids.length / ((performance.now() - started) / 1000) };
}

/** Commands arriving together (an import page, a sync page): `per` creates in one batch. */
export async function groupedCreates(db: D1Database, count: number, per: number, prefix: string) {
  const started = performance.now();
  for (let i = 0; i < count; i += per) {
    const writes = Array.from({ length: Math.min(per, count - i) }, (_, k) => newCreate(family, benchRecord(i + k, prefix)));
    await append(db, writes);
  }
  return { commands: count, perSecond: count / ((performance.now() - started) / 1000) };
}

/** A rebuild slice: resumable so the Worker can be called several times (`budgetMs` as the admin call passes it). */
export async function rebuildSlice(db: D1Database, from: number, maxEvents: number, budgetMs?: number) {
  const started = performance.now();
  const progress = await rebuild(db, { from, maxEvents, budgetMs });
  return { ...progress, ms: performance.now() - started };
}

/** A keyword search page (10 rows, best match first, with its total), `runs` times; `expect` checks the answer is real. */
export async function searchPages(db: D1Database, keyword: string, runs: number, expect: "some" | "none") {
  const samples: number[] = [];
  let total = 0;
  for (let i = 0; i < runs; i++) {
    const query = parseListQuery(family, { page: "1", limit: "10", keyword });
    const started = performance.now();
    const answer = await listPage(db, family, query);
    samples.push(performance.now() - started);
    total = answer.total;
    if ((expect === "some") !== answer.rows.length > 0) throw new Error(`search "${keyword}" returned ${answer.rows.length} rows of ${answer.total}`);
  }
  return { ...summarise(samples), total };
}

/** The cost of one bare D1 call (SELECT 1): every other figure also reads as a multiple of it. */
export async function bareCalls(db: D1Database, runs: number) {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await db.prepare("SELECT 1 AS one").first();
    samples.push(performance.now() - started);
  }
  return summarise(samples);
}

/** The rows of an import: new dictionary entries by field key, numbered as they would be in a file. */
export function importRows(from: number, count: number, prefix: string) {
  return Array.from({ length: count }, (_, k) => ({ __row: from + k + 2, type: `imp-${prefix}`, value: `i${from + k}`, name: `导入${from + k}`, enName: `imported ${from + k}`, number: String(from + k), status: "1", remark: `批量导入 ${from + k}` }));
}

/** The import's own code without HTTP: validate a chunk of rows (prepareImport) and store it as one grouped append. */
export async function importChunks(db: D1Database, count: number, per: number, prefix: string) {
  const started = performance.now();
  for (let i = 0; i < count; i += per) {
    const rows = importRows(i, Math.min(per, count - i), prefix).map(({ __row, ...cells }) => ({ row: __row, cells }));
    const prepared = await prepareImport(db, family, rows, "zh-CN");
    if (prepared.refused) throw new Error(`import refused ${prepared.refused} rows: ${JSON.stringify(prepared.errors.slice(0, 3))}`);
    await append(db, prepared.writes);
  }
  return { rows: count, perSecond: count / ((performance.now() - started) / 1000) };
}
