/**
 * Enterprise figures (`npm run bench:enterprise`, and at the end of `npm run bench`): the demo region
 * (300 enterprises, about 22,000 records) written into a fresh local D1 the way `npm run seed` writes it,
 * then over HTTP through its own `wrangler dev`: an enterprise tab (the generic list scoped by credit
 * code), the enterprise's timeline, the master found by code, a keyword search of the master, the
 * statistics, and applications saved and submitted into their approval flow per second.
 */
import { benchApi, benchPort, seededBenchDb, startBenchWorker, waitForBenchWorker } from "./bench-worker.ts";
import { demoAdminPassword, seedId, seedMeta } from "../../worker/seed/index.ts";
import { buildEnterpriseDemo, showcaseEnterprise } from "../../worker/seed/enterprise-demo/index.ts";
import { seal } from "../../worker/store/append.ts";
import { store } from "../../worker/modules.ts";
import { timed } from "./scenarios.ts";
import { benchPersist, benchSizes, type BenchOptions } from "./sizes.ts";
import { runAlone, type Line } from "./table.ts";

const log = (...args: unknown[]) => console.error("·", ...args);
const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });

export async function enterpriseFigures(options: BenchOptions = {}): Promise<Line[]> {
  const { applications, readRuns } = benchSizes(options).enterprise;
  const port = await benchPort("BENCH_ENTERPRISE_PORT");
  const persist = benchPersist(".wrangler/bench-enterprise", options);
  const at = new Date().toISOString();
  const loader = await seededBenchDb(persist, at);
  const seeding = performance.now();
  let records = 0;
  await buildEnterpriseDemo(seedId, at, {
    onFamily: async (writes) => {
      const sealed = (await Promise.all(writes.map((w) => seal(w, seedMeta(at))))).flat();
      await loader.batch(store.statementsFor(sealed).map((st) => loader.prepare(st.sql).bind(...st.params)));
      records += writes.length;
    },
  });
  const seedSeconds = (performance.now() - seeding) / 1000;
  log(`demo region: ${fmt(records)} records in ${fmt(seedSeconds, 1)} s`);
  loader.db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  loader.close();

  const { base, stop } = startBenchWorker(persist, port);
  try {
    await waitForBenchWorker(base);
    const { api, signIn } = benchApi(base);
    await signIn("admin", demoAdminPassword);
    const code = showcaseEnterprise.creditCode;
    const reads: [string, string][] = [
      ["an enterprise tab: patents of one enterprise (10 rows and the total)", `/common/enpatentinfo/list?creditCode=${code}&page=1&limit=10`],
      ["  its financing applications", `/common/tbfinancapplication/list?creditCode=${code}&page=1&limit=10`],
      ["  its timeline (20 rows of every family's changes)", `/common/enenterprisebasicinfo/timeline?creditCode=${code}&page=1&limit=20`],
      ["  the master record by credit code", `/common/enenterprisebasicinfo/byCreditCode/${code}`],
      ["enterprise keyword search (科技), first page", `/common/enenterprisebasicinfo/list?page=1&limit=10&keyword=${encodeURIComponent("科技")}`],
      ["home statistics (homeQYCount)", "/common/enenterprisebasicinfo/homeQYCount"],
      ["/common/adapter/getIndexStatisticsInfo", "/common/adapter/getIndexStatisticsInfo"],
      ["/common/adapter/getCityListingAndShowAmountList", "/common/adapter/getCityListingAndShowAmountList"],
    ];
    const lines: Line[] = [[`demo region written (${fmt(records)} records, events and read models), s`, fmt(seedSeconds, 1), "", "", "", null]];
    for (const [name, path] of reads) {
      const { median, p95 } = await timed(readRuns, () => api(path));
      log(`${name}: ${fmt(median, 1)} ms (p95 ${fmt(p95, 1)})`);
      lines.push([`${name}, over HTTP, median ms (p95 ${fmt(p95, 1)})`, fmt(median, 1), "", "", "", null]);
    }
    const t0 = performance.now();
    for (let i = 0; i < applications; i++) {
      await api("/common/tbfinancapplication/pcSave", { creditCode: code, entName: showcaseEnterprise.entName, demandAmount: 100 + i, submit: true });
    }
    const submitted = applications / ((performance.now() - t0) / 1000);
    log(`applications saved and submitted: ${fmt(submitted, 1)}/s`);
    lines.push(["applications saved and submitted into their flow (record and instance in one append), sequential over HTTP, per s", fmt(submitted, 1), "", "", "", null]);
    return lines;
  } finally {
    stop();
  }
}

if (import.meta.main) await runAlone("qifu enterprise bench", enterpriseFigures);
