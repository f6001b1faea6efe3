/**
 * Dashboard figures (`npm run bench:dashboard`, and at the end of `npm run bench`):
 * - inside the Worker, each dashboard method over the demo region (the region's own builder, the
 *   families the dashboard reads, loaded with their read models): median and p95 of 20 calls, goal ≤ 50 ms
 *   each; the floor is the same code on a copy of the same SQLite file through node:sqlite;
 * - the first render of the dashboard in Chromium on localhost (the app seeded with the demo region,
 *   signed in, cold cache): from navigation to the map drawn with its prefectures filled and the KPI
 *   figures shown, median of 3, goal ≤ 1.5 s.
 */
import { copyFileSync, readdirSync } from "node:fs";
import { benchPort, seededBenchDb, startBenchWorker, waitForBenchWorker } from "./bench-worker.ts";
import { NodeD1, asD1 } from "./node-d1.ts";
import { dashboardCalls } from "./dashboard-scenarios.ts";
import { benchPersist, benchSizes, type BenchOptions } from "./sizes.ts";
import { runAlone, type Line } from "./table.ts";
import { families } from "../../events/families/index.ts";
import type { Family } from "../../events/family.ts";
import { buildEnterpriseDemo } from "../../worker/seed/enterprise-demo/index.ts";
import { seedId, seedMeta } from "../../worker/seed/index.ts";
import { seal } from "../../worker/store/append.ts";
import { store } from "../../worker/modules.ts";
import { openBrowser, signIn } from "../e2e/browser.ts";
import { benchApp } from "./web.ts";

const log = (...args: unknown[]) => console.error("·", ...args);
const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
const tables = ["en_enterprise_basic_info", "en_enterprise_basic_info_szt", "portal_pledge_info", "portal_freeze_info", "tb_financ", "tb_financ_application", "tb_listing", "tb_listing_application"];
type Timing = { name: string; params: Record<string, unknown>; median: number; p95: number };

async function inWorker(persist: string, port: number, runs: number): Promise<{ worker: Timing[]; floor: Timing[]; records: number }> {
  const at = new Date().toISOString();
  const loader = await seededBenchDb(persist, at);
  const demo = await buildEnterpriseDemo(seedId, at, { families: families.filter((f) => tables.includes(f.table)) as Family[] });
  const meta = seedMeta(at);
  for (let i = 0; i < demo.writes.length; i += 1000) {
    const sealed = (await Promise.all(demo.writes.slice(i, i + 1000).map((w) => seal(w, meta)))).flat();
    await loader.batch(store.statementsFor(sealed).map((s) => loader.prepare(s.sql).bind(...s.params)));
  }
  loader.db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  loader.close();
  const records = demo.writes.length;
  log(`dashboard: demo region loaded (${fmt(records)} records of ${tables.length} families)`);
  const dir = `${persist}/v3/d1/miniflare-D1DatabaseObject`;
  const floorFile = `${persist}/floor.sqlite`;
  copyFileSync(`${dir}/${readdirSync(dir).find((f) => /^[0-9a-f]{64}\.sqlite$/.test(f))}`, floorFile);
  const { base, stop } = startBenchWorker(persist, port);
  let worker: Timing[];
  try {
    await waitForBenchWorker(base);
    const answer = (await (await fetch(`${base}/dashboard?runs=${runs}`)).json()) as Timing[] & { error?: string };
    if (!Array.isArray(answer)) throw new Error(`/dashboard: ${JSON.stringify(answer).slice(0, 300)}`);
    worker = answer;
  } finally {
    stop();
  }
  const floorDb = new NodeD1(floorFile);
  const floor = await dashboardCalls(asD1(floorDb), runs);
  floorDb.close();
  return { worker, floor, records };
}

/** Navigation to the dashboard's map drawn (prefectures filled, label points known) with its KPI figures, in ms. */
const drawn = `(() => {
  const map = document.querySelector('[data-testid="dashboard-map"]');
  return !!map && Number(map.getAttribute('data-filled')) > 0 && (map.getAttribute('data-points') || '{}') !== '{}' && !!document.querySelector('[data-kpi]');
})()`;

async function firstRenders(count: number): Promise<number[]> {
  const app = await benchApp();
  const times: number[] = [];
  for (let i = 0; i <= count; i++) {
    const browser = await openBrowser(app.baseUrl);
    try {
      const page = browser.page;
      await signIn(page, undefined, app.persist);
      const cdp = await browser.context.newCDPSession(page);
      await cdp.send("Network.clearBrowserCache");
      await page.goto("/bt/dashboard/map");
      await page.waitForFunction(drawn, undefined, { timeout: 30_000, polling: "raf" });
      const ms = await page.evaluate<number>("performance.now()");
      // the first run warms the server up; it is not counted
      if (i > 0) times.push(ms);
      log(`dashboard: first render ${i === 0 ? "(warm-up)" : `${i}/${count}`}: ${fmt(ms)} ms`);
    } finally {
      await browser.close();
    }
  }
  return times;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function dashboardFigures(options: BenchOptions = {}): Promise<Line[]> {
  const { runs, renders: count } = benchSizes(options).dashboard;
  const { worker, floor, records } = await inWorker(benchPersist(".wrangler/bench-dashboard", options), await benchPort("BENCH_DASHBOARD_PORT"), runs);
  const lines: Line[] = [[`dashboard: demo region (${fmt(records)} records of the families it reads)`, "", "", "", "", null]];
  for (const [i, w] of worker.entries()) {
    const f = floor[i]!;
    const params = Object.keys(w.params).length ? ` ${JSON.stringify(w.params)}` : "";
    lines.push([`${w.name}${params}, median ms (p95 ${fmt(w.p95, 1)})`, fmt(w.median, 1), fmt(f.median, 1), `${fmt(w.median / Math.max(f.median, 0.01), 1)}×`, "≤ 50 ms", w.median <= 50]);
  }
  const renders = await firstRenders(count);
  const mid = median(renders);
  lines.push([`dashboard first render (/bt/dashboard/map, signed in, cold cache, Chromium, map filled and KPIs shown), median of ${renders.length}, ms`, fmt(mid), "", "", "≤ 1,500 ms", mid <= 1500]);
  lines.push(["  same, fastest – slowest ms", `${fmt(Math.min(...renders))} – ${fmt(Math.max(...renders))}`, "", "", "", null]);
  return lines;
}

if (import.meta.main) await runAlone("qifu dashboard bench", dashboardFigures);
