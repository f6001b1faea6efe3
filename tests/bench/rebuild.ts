/**
 * Rebuild figures (`npm run bench:rebuild`; `npm run bench -- --smoke` runs the small size): a mixed log
 * (the local seed: records of every enterprise tab and its timeline, workflow instances and their tasks,
 * messages, task plans, policies, a run-time data model) written into a fresh bench database, then rebuilt
 * by the Worker under `wrangler dev` in the slices `POST /api/sys/store/rebuild` takes, until done; three
 * times, the median counting (one for smoke). Figures: events per second end to end, the longest slice, and
 * the peak memory (high-water RSS) of the workerd process during the first rebuild. The floor is the same
 * rebuild over Node's SQLite on the same file.
 */
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { asD1, NodeD1 } from "./node-d1.ts";
import { benchPort, migrateBenchDb, startBenchWorker, waitForBenchWorker } from "./bench-worker.ts";
import { seedLocal } from "../../worker/seed/local.ts";
import { store } from "../../worker/modules.ts";
import { benchPersist, benchSizes } from "./sizes.ts";
import { runAlone, type Line } from "./table.ts";

const log = (...args: unknown[]) => console.error("·", ...args);
const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
const mb = (kb: number) => kb / 1024;

export interface RebuildBenchOptions {
  /** a few thousand events, well under a minute (CI) */
  smoke?: boolean;
  /** enterprises of the demo region (300 by default, 12 for smoke; more for a longer log) */
  enterprises?: number;
  /** events per slice, as a caller of POST /api/sys/store/rebuild would pass `maxEvents` */
  sliceEvents?: number;
  /** the time after which a slice stops at a step boundary, as the admin call's (worker/sys/store.ts) */
  sliceBudgetMs?: number;
  /** rebuilds of the same log, one after the other (the median counts: the machine is shared and noisy) */
  runs?: number;
  port?: number;
}

/** High-water resident memory in kB of the workerd processes in a process group (the Worker's runtime), from /proc. */
function workerdPeakKb(group: number): number {
  let peak = 0;
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      // fields after the command name: state, ppid, pgrp…
      const pgrp = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
      if (pgrp !== group || !stat.includes("(workerd)")) continue;
      const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
      peak = Math.max(peak, Number(hwm?.[1] ?? 0));
    } catch {
      // the process ended meanwhile
    }
  }
  return peak;
}

interface Slice {
  position: number;
  done: boolean;
  ms: number;
}

interface Run {
  seconds: number;
  slices: number;
  longest: number;
}

/** A whole rebuild, slice after slice from position 0 as a caller of the admin call would go. */
async function timedRebuild(slice: (from: number) => Promise<Slice>): Promise<Run> {
  const started = performance.now();
  let from = 0;
  let slices = 0;
  let longest = 0;
  for (;;) {
    const answer = await slice(from);
    slices++;
    longest = Math.max(longest, answer.ms);
    from = answer.position;
    if (answer.done) break;
  }
  return { seconds: (performance.now() - started) / 1000, slices, longest };
}

const median = (runs: Run[]): Run => [...runs].sort((a, b) => a.seconds - b.seconds)[Math.floor(runs.length / 2)]!;

/** True while any process of the group is running. */
function alive(group: number): boolean {
  try {
    process.kill(-group, 0);
    return true;
  } catch {
    return false;
  }
}

export async function rebuildFigures(options: RebuildBenchOptions = {}): Promise<Line[]> {
  const smoke = options.smoke ?? false;
  const sizes = benchSizes(options).rebuild;
  const enterprises = options.enterprises ?? sizes.enterprises;
  const sliceEvents = options.sliceEvents ?? sizes.sliceEvents;
  const sliceBudgetMs = options.sliceBudgetMs ?? 10_000;
  const runs = options.runs ?? sizes.runs;
  const port = options.port ?? (await benchPort("BENCH_REBUILD_PORT"));
  const persist = benchPersist(".wrangler/bench-rebuild", options);

  const loadStarted = performance.now();
  rmSync(persist, { recursive: true, force: true });
  const file = migrateBenchDb(persist);
  const loader = new NodeD1(file);
  const events = await seedLocal(asD1(loader), store, { at: "2026-11-27T02:00:00.000Z", enterprises });
  const { n: logged } = loader.db.prepare("SELECT COUNT(*) AS n FROM events").get() as { n: number };
  loader.db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  loader.close();
  log(`mixed log: ${fmt(logged)} events (${fmt(events)} sealed by the seed, the rest by commands) in ${fmt((performance.now() - loadStarted) / 1000, 1)} s`);

  const { server, base, stop } = startBenchWorker(persist, port);
  const workerRuns: Run[] = [];
  let peakKb = 0;
  let lastPeakKb = 0;
  try {
    await waitForBenchWorker(base);
    const startKb = workerdPeakKb(server.pid!);
    for (let i = 0; i < runs; i++) {
      workerRuns.push(
        await timedRebuild(async (from) => {
          const response = await fetch(`${base}/rebuild?from=${from}&max=${sliceEvents}&budget=${sliceBudgetMs}`);
          const slice = (await response.json()) as Slice & { error?: string };
          if (slice.error) throw new Error(slice.error);
          return slice;
        }),
      );
      // one rebuild's peak; later rebuilds in the same process add what the runtime keeps of the earlier ones
      if (i === 0) peakKb = workerdPeakKb(server.pid!);
    }
    lastPeakKb = workerdPeakKb(server.pid!);
    log(`worker: ${fmt(logged)} events in ${workerRuns.map((r) => fmt(r.seconds, 2)).join(", ")} s (${workerRuns[0]!.slices} slices, the longest ${fmt(Math.max(...workerRuns.map((r) => r.longest)))} ms); workerd peak ${fmt(mb(peakKb))} MB in the first rebuild, ${fmt(mb(lastPeakKb))} MB after ${runs} (${fmt(mb(startKb))} MB once started)`);
  } finally {
    stop();
  }
  // the floor opens the same file: wait until workerd has let go of it
  for (let i = 0; i < 100 && alive(server.pid!); i++) await new Promise((r) => setTimeout(r, 100));

  // the floor: the same rebuild over Node's SQLite on the same file
  const floorDb = new NodeD1(file);
  const floorRuns: Run[] = [];
  for (let i = 0; i < runs; i++) {
    floorRuns.push(await timedRebuild(async (from) => ({ ...(await store.rebuild(asD1(floorDb), { from, maxEvents: sliceEvents, budgetMs: sliceBudgetMs })), ms: 0 })));
  }
  floorDb.close();
  log(`floor (Node's SQLite): ${floorRuns.map((r) => fmt(r.seconds, 2)).join(", ")} s`);

  const worker = median(workerRuns);
  const floorSeconds = median(floorRuns).seconds;
  const rate = logged / worker.seconds;
  const floorRate = logged / floorSeconds;
  const peak = mb(peakKb);
  // a smoke log is mostly the rebuild's fixed cost (every read model emptied, a statement per projection
  // and range, a pass per searchable family): its rate is shown, the goal is the full region's
  return [
    [`rebuild of a mixed log (${fmt(logged)} events: records, timeline, workflow, messages, tasks…), events/s, median of ${runs}`, fmt(rate), fmt(floorRate), fmt(rate / floorRate, 2), smoke ? "≥ 15,000/s at full size" : "≥ 15,000/s", smoke ? null : rate >= 15_000],
    [`  peak memory of the Worker's runtime during a rebuild (workerd high-water RSS; ${fmt(mb(lastPeakKb))} MB after ${runs} in a row), MB`, fmt(peak), "", "", "≤ 256 MB", peak <= 256],
    [`  longest slice of ${fmt(sliceEvents)} events (${worker.slices} slices), ms`, fmt(worker.longest), "", "", "", null],
  ];
}

if (import.meta.main) await runAlone("qifu rebuild bench", rebuildFigures);
