/**
 * The records section of `npm run bench` (first in its table): loads BENCH_ROWS (default 1,000,000)
 * dictionary records as events, then measures each scenario inside the Worker (wrangler dev, local D1) and
 * its floor (the same code and SQL on a copy of the same SQLite file through node:sqlite): lists, keyword
 * searches, commands one by one, grouped and over HTTP, an import by chunks and streamed exports through
 * the real app, a rebuild. BENCH_REUSE=1 measures again on the records the previous run loaded.
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { NodeD1, asD1 } from "./node-d1.ts";
import { bareCalls, benchRecord, groupedCreates, importChunks, importRows, listPages, rebuildSlice, searchPages, singleCreates, singleUpdates, summarise } from "./scenarios.ts";
import { demoAdminPassword, seedStatements } from "../../worker/seed/index.ts";
import { canonicalJson } from "../../worker/store/canonical.ts";
import { store } from "../../worker/modules.ts";
import type { StoredEvent } from "../../worker/store/types.ts";
import { benchPort, migrateBenchDb, startBenchWorker } from "./bench-worker.ts";
import { benchPersist, benchSizes, type BenchOptions, type BenchSizes } from "./sizes.ts";
import type { Line } from "./table.ts";

const log = (...args: unknown[]) => console.error("·", ...args);
const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });

type Sizes = BenchSizes["records"];
type Rate = { perSecond: number };
type Timing = ReturnType<typeof summarise> & { total?: number };
type SearchName = "frequent" | "rare" | "absent";
/** Keyword searches: a term in every record, one in about ten, one in none. */
type Searches = Record<SearchName, readonly [string, "some" | "none"]>;

/** Writes `count` created events (valid hash chains) with their projections, 2,000 per batch. */
async function bulkLoad(db: NodeD1, count: number) {
  const at = new Date().toISOString();
  const meta = { actorId: "bench", actorName: "bench", requestId: "load", ip: null, at };
  for (let start = 0; start < count; start += 2000) {
    const events: StoredEvent[] = [];
    for (let i = start; i < Math.min(count, start + 2000); i++) {
      const id = crypto.randomUUID();
      const base = { stream: `sys.sysdict:${id}`, version: 1, type: "sys.sysdict.created", data: { id, record: benchRecord(i) }, meta, at };
      events.push({ ...base, hash: createHash("sha256").update(canonicalJson(base)).digest("hex") });
    }
    await db.batch(store.statementsFor(events).map((s) => db.prepare(s.sql).bind(...s.params)));
    if (start % 100_000 === 0) log(`loaded ${start} / ${count}`);
  }
}

/** A fresh (or, with BENCH_REUSE, the previous run's) database of `rows` records; answers the copy for the floor and the load's seconds (0 when reused). */
async function load(persist: string, rows: number): Promise<{ workFloor: string; loadSeconds: number }> {
  if (!process.env.BENCH_REUSE) rmSync(persist, { recursive: true, force: true });
  const file = migrateBenchDb(persist);
  const floorFile = `${persist}/floor.sqlite`;
  let loadSeconds = 0;
  if (process.env.BENCH_REUSE && existsSync(floorFile)) {
    // the pristine copy taken right after the last load: restore it instead of loading again
    for (const suffix of ["-wal", "-shm"]) rmSync(file + suffix, { force: true });
    copyFileSync(floorFile, file);
    log("reusing the records loaded by the previous run");
  } else {
    const started = performance.now();
    const loader = new NodeD1(file);
    // the seed (an administrator for the end-to-end figures), then the records
    await loader.batch((await seedStatements({ adminPassword: demoAdminPassword })).map((st) => loader.prepare(st.sql).bind(...st.params)));
    await bulkLoad(loader, rows);
    loader.db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    loader.close();
    loadSeconds = (performance.now() - started) / 1000;
    log(`loaded ${rows} events + rows in ${loadSeconds.toFixed(1)} s`);
    copyFileSync(file, floorFile);
  }
  const workFloor = `${persist}/floor-work.sqlite`;
  copyFileSync(floorFile, workFloor);
  return { workFloor, loadSeconds };
}

const phase = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
  const t0 = performance.now();
  const result = await work();
  log(`${name}: ${((performance.now() - t0) / 1000).toFixed(1)} s`, JSON.stringify(result));
  return result;
};

/** Runs the searches one after another (never side by side: each timing must be alone on the machine). */
async function eachSearch(searches: Searches, measure: (keyword: string, expect: "some" | "none", name: string) => Promise<Timing>) {
  const out = {} as Record<SearchName, Timing>;
  for (const [name, [keyword, expect]] of Object.entries(searches)) out[name as SearchName] = await measure(keyword, expect, name);
  return out;
}

// ── Inside the Worker ────────────────────────────────────────────────────────
async function inWorker(persist: string, port: number, size: Sizes, searches: Searches) {
  const { server, base, stop } = startBenchWorker(persist, port);
  try {
    const run = Date.now().toString(36);
    const get = async <T>(path: string): Promise<T> => {
      // every request carries its own prefix, so a re-sent request can never collide with the first
      const separator = path.includes("?") ? "&" : "?";
      const response = await fetch(`${base}${path}${separator}prefix=${run}${crypto.randomUUID().slice(0, 8)}`);
      const body = (await response.json()) as T & { error?: string };
      if (!response.ok) throw new Error(`${path}: ${body.error}`);
      return body;
    };
    for (let i = 0; ; i++) {
      try {
        await get("/list?runs=1");
        break;
      } catch (error) {
        if (i > 120) throw error;
        await new Promise((r) => setTimeout(r, 500));
      }
    }
    return {
      bare: await phase("worker bare call", () => get<Timing>(`/bare?runs=${size.bareRuns}`)),
      list: await phase("worker list", () => get<ReturnType<typeof summarise>>(`/list?runs=${size.listRuns}`)),
      search: await eachSearch(searches, (keyword, expect, name) => phase(`worker search ${name}`, () => get<Timing>(`/search?runs=${size.searchRuns}&expect=${expect}&keyword=${encodeURIComponent(keyword)}`))),
      single: await phase("worker single", () => get<Rate>(`/single?count=${size.creates}`)),
      updates: await phase("worker updates", () => get<Rate>(`/updates?count=${size.updates}`)),
      grouped: await phase("worker grouped", () => get<Rate>(`/grouped?count=${size.grouped}&per=100`)),
      http: await phase("worker http", async () => {
        const t0 = performance.now();
        for (let i = 0; i < size.httpSequential; i++) await get("/command");
        const sequential = size.httpSequential / ((performance.now() - t0) / 1000);
        const t1 = performance.now();
        await Promise.all(Array.from({ length: 8 }, async () => { for (let i = 0; i < size.httpPerLane; i++) await get("/command"); }));
        return { sequential, concurrent8: (8 * size.httpPerLane) / ((performance.now() - t1) / 1000) };
      }),
      rebuild: await phase("worker rebuild", async () => {
        let from = 0, ms = 0, replayed = 0;
        for (;;) {
          const slice = await get<{ replayed: number; position: number; done: boolean; ms: number }>(`/rebuild?from=${from}&max=250000`);
          ms += slice.ms;
          replayed += slice.replayed;
          from = slice.position;
          if (slice.done) break;
        }
        return { perSecond: replayed / (ms / 1000), replayed };
      }),
      ...(await endToEnd(base, workerdPid(server.pid!), run, size.importRows)),
    };
  } finally {
    stop();
  }
}

// ── End to end through the real app: an import by chunks, streamed exports ────
/** The workerd process serving the bench (a child in wrangler's process group). */
function workerdPid(group: number): number {
  const out = execFileSync("ps", ["-o", "pid=,comm=", "-g", String(group)], { encoding: "utf8" });
  const line = out.split("\n").find((l) => l.trim().endsWith("workerd"));
  if (!line) throw new Error(`no workerd in process group ${group}`);
  return Number(line.trim().split(/\s+/)[0]);
}
/** Resident memory of a process in MB: now, and the peak since the last reset. */
function memory(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}
/** Resets the peak resident size the kernel keeps (VmHWM), so the next peak is the export's own. */
function resetPeak(pid: number) {
  writeFileSync(`/proc/${pid}/clear_refs`, "5");
}

async function endToEnd(base: string, pid: number, run: string, importRowsTotal: number) {
  const api = async (path: string, body: unknown, token?: string) => {
    const response = await fetch(`${base}/api${path}`, { method: "POST", headers: { "content-type": "application/json", ...(token ? { "x-hbi-token": token } : {}) }, body: JSON.stringify(body) });
    return response;
  };
  const signIn = (await (await api("/auth/account", { userNo: "admin", password: demoAdminPassword })).json()) as { code: number; data: { token: string } };
  if (signIn.code !== 0) throw new Error(`bench sign-in failed: ${JSON.stringify(signIn)}`);
  const token = signIn.data.token;

  const importBench = await phase("worker import (HTTP, 1,000-row chunks)", async () => {
    const importId = `bench-${run}`;
    const t0 = performance.now();
    for (let chunk = 0; chunk * 1000 < importRowsTotal; chunk++) {
      const answer = (await (await api("/sys/sysdict/excel/import", { importId, chunk, mode: "valid", rows: importRows(chunk * 1000, Math.min(1000, importRowsTotal - chunk * 1000), run) }, token)).json()) as { code: number; data: { stored: number } };
      if (answer.code !== 0 || answer.data.stored === 0) throw new Error(`import chunk ${chunk}: ${JSON.stringify(answer).slice(0, 300)}`);
    }
    return { rows: importRowsTotal, perSecond: importRowsTotal / ((performance.now() - t0) / 1000) };
  });

  const d1Count = async () => ((await (await fetch(`${base}/api/sys/sysdict/list?limit=1`, { headers: { "x-hbi-token": token } })).json()) as { total: number }).total;
  const exportOne = (format: "xlsx" | "csv") =>
    phase(`worker export ${format}`, async () => {
      const before = memory(pid);
      resetPeak(pid);
      const t0 = performance.now();
      const response = await api("/sys/sysdict/excel/export", { format, filters: {}, keyword: "", sort: null }, token);
      if (!response.ok || !response.body) throw new Error(`export ${format}: HTTP ${response.status}`);
      let bytes = 0;
      let peak = before.rss;
      const reader = response.body.getReader();
      for (let sampled = 0; ; ) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.byteLength;
        if (bytes - sampled > 4 << 20) {
          sampled = bytes;
          peak = Math.max(peak, memory(pid).rss);
        }
      }
      const seconds = (performance.now() - t0) / 1000;
      const after = memory(pid);
      const exported = await d1Count();
      return { rows: exported, seconds, perSecond: exported / seconds, megabytes: bytes / 1048576, baselineMb: before.rss, peakMb: Math.max(peak, after.peak), growthMb: Math.max(peak, after.peak) - before.rss };
    });
  return { importBench, exportXlsx: await exportOne("xlsx"), exportCsv: await exportOne("csv") };
}

// ── Floor: the same code on the same SQLite file through node:sqlite ─────────
async function onFloor(workFloor: string, size: Sizes, searches: Searches) {
  const floorDb = new NodeD1(workFloor);
  const d1 = asD1(floorDb);
  try {
    return {
      bare: await phase("floor bare call", () => bareCalls(d1, size.bareRuns)),
      list: await phase("floor list", () => listPages(d1, size.listRuns)),
      search: await eachSearch(searches, (keyword, expect, name) => phase(`floor search ${name}`, () => searchPages(d1, keyword, size.searchRuns, expect))),
      single: await phase("floor single", () => singleCreates(d1, size.creates, "ns")),
      updates: await phase("floor updates", async () => singleUpdates(d1, (await d1.prepare("SELECT id FROM sys_dict ORDER BY id LIMIT ?").bind(size.updates).all<{ id: string }>()).results.map((r) => r.id))),
      grouped: await phase("floor grouped", () => groupedCreates(d1, size.grouped, 100, "ng")),
      importBench: await phase("floor import (1,000-row chunks)", () => importChunks(d1, size.importRows, 1000, "floor")),
      rebuild: await phase("floor rebuild", async () => {
        const r = await rebuildSlice(d1, 0, Number.MAX_SAFE_INTEGER);
        return { perSecond: r.replayed / (r.ms / 1000), replayed: r.replayed };
      }),
    };
  } finally {
    floorDb.close();
  }
}

// ── The section's rows ───────────────────────────────────────────────────────
export async function recordFigures(options: BenchOptions = {}): Promise<Line[]> {
  const size = benchSizes(options).records;
  const rows = size.rows;
  const persist = benchPersist(".wrangler/bench", options);
  const searches: Searches = { frequent: ["名称", "some"], rare: [String(Math.floor(rows * 0.7) + 3), "some"], absent: ["不存在的词", "none"] };
  const { workFloor, loadSeconds } = await load(persist, rows);
  const worker = await inWorker(persist, await benchPort("BENCH_PORT"), size, searches);
  const floor = await onFloor(workFloor, size, searches);
  return [
    [`${fmt(rows)} dictionary records${loadSeconds ? " loaded (node:sqlite bulk), s" : " (reused from the previous run)"}`, loadSeconds ? fmt(loadSeconds, 1) : "", "", "", "", null],
    ["one bare D1 call (SELECT 1), median ms — the unit of every Worker figure", fmt(worker.bare.median, 2), fmt(floor.bare.median, 3), `${fmt(worker.bare.median / floor.bare.median, 1)}×`, "", null],
    [`list page (10 rows, filter 20 %, sorted, total) over ${fmt(rows)} records, median ms`, fmt(worker.list.median, 2), fmt(floor.list.median, 3), `${fmt(worker.list.median / floor.list.median, 1)}×`, "≤ 5 ms", worker.list.median <= 5],
    ["  same, p95 ms", fmt(worker.list.p95, 2), fmt(floor.list.p95, 3), `${fmt(worker.list.p95 / floor.list.p95, 1)}×`, "", null],
    ...(Object.keys(searches) as SearchName[]).map((name): Line => [
      `keyword search "${searches[name][0]}" (${name}, ${fmt(worker.search[name].total ?? 0)} matches counted), median ms (p95 ${fmt(worker.search[name].p95, 1)}; ${fmt(worker.search[name].median / worker.bare.median, 1)} bare calls)`,
      fmt(worker.search[name].median, 2),
      fmt(floor.search[name].median, 3),
      `${fmt(worker.search[name].median / floor.search[name].median, 1)}×`,
      "≤ 20 ms",
      worker.search[name].median <= 20,
    ]),
    ["one create command per batch (event + projection + counters), per s", fmt(worker.single.perSecond), fmt(floor.single.perSecond), fmt(worker.single.perSecond / floor.single.perSecond, 2), "≥ 500/s", worker.single.perSecond >= 500],
    ["one update command (read stream + batch), per s", fmt(worker.updates.perSecond), fmt(floor.updates.perSecond), fmt(worker.updates.perSecond / floor.updates.perSecond, 2), "", null],
    ["one command per HTTP request, sequential, per s", fmt(worker.http.sequential), "", "", "≥ 500/s", worker.http.sequential >= 500],
    ["one command per HTTP request, 8 concurrent, per s", fmt(worker.http.concurrent8), "", "", "", null],
    ["grouped commands (100 per batch), per s", fmt(worker.grouped.perSecond), fmt(floor.grouped.perSecond), fmt(worker.grouped.perSecond / floor.grouped.perSecond, 2), "≥ 5,000/s", worker.grouped.perSecond >= 5000],
    [`import of ${fmt(worker.importBench.rows)} rows through the chunk path (HTTP, 1,000-row chunks, validated, grouped appends), rows/s`, fmt(worker.importBench.perSecond), fmt(floor.importBench.perSecond), fmt(worker.importBench.perSecond / floor.importBench.perSecond, 2), "≥ 5,000/s", worker.importBench.perSecond >= 5000],
    ...([["xlsx", worker.exportXlsx], ["csv", worker.exportCsv]] as const).flatMap(([format, e]): Line[] => [
      [`export of ${fmt(e.rows)} rows as ${format} (streamed, ${fmt(e.megabytes, 1)} MB, ${fmt(e.seconds, 1)} s), rows/s`, fmt(e.perSecond), "", "", "", null],
      [`  workerd resident memory during that export: peak MB (baseline ${fmt(e.baselineMb)} MB)`, fmt(e.peakMb), "", "", "growth ≤ 64 MB", e.growthMb <= 64],
    ]),
    [`rebuild (${fmt(worker.rebuild.replayed)} events), events/s`, fmt(worker.rebuild.perSecond), fmt(floor.rebuild.perSecond), fmt(worker.rebuild.perSecond / floor.rebuild.perSecond, 2), "≥ 15,000/s", worker.rebuild.perSecond >= 15000],
  ];
}
