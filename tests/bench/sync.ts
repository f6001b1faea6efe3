/**
 * Sync figures (`npm run bench:sync`, and at the end of `npm run bench`): synchronised records per second end
 * to end — the local enterprise-credit API (tests/sync-source, a real HTTP server in this process) read by the
 * Worker under `wrangler dev` through the adapter's HTTP client, mapped, upserted as grouped events with the
 * cursor, from `POST /syn/synjuddoclist/run` until the run reports done. A second run over the unchanged
 * source measures the no-change pass (reads only, no events).
 */
import { benchApi, benchPort, seededBenchDb, startBenchWorker, waitForBenchWorker } from "./bench-worker.ts";
import { demoAdminPassword } from "../../worker/seed/index.ts";
import { orgCodeCheck, usccCheck } from "../../worker/seed/enterprise-demo/uscc.ts";
import { startSyncSource } from "../sync-source/server.ts";
import { benchPersist, benchSizes, type BenchOptions } from "./sizes.ts";
import { runAlone, type Line } from "./table.ts";

const log = (...args: unknown[]) => console.error("·", ...args);
const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });

export async function syncFigures(options: BenchOptions = {}): Promise<Line[]> {
  const { enterprises, perEnterprise } = benchSizes(options).sync;
  const port = await benchPort("BENCH_SYNC_PORT");
  const persist = benchPersist(".wrangler/bench-sync", options);
  const loader = await seededBenchDb(persist);
  loader.db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  loader.close();

  const source = await startSyncSource();
  const { base, stop } = startBenchWorker(persist, port, { SYN_SOURCE_URL: source.url });
  try {
    await waitForBenchWorker(base);
    const { api, signIn } = benchApi(base);
    await signIn("admin", demoAdminPassword);
    const codes: string[] = [];
    for (let i = 0; i < enterprises; i++) {
      const org = `MA${String(700000 + i)}`;
      const first17 = `91610113${org}${orgCodeCheck(org)}`;
      const creditCode = first17 + usccCheck(first17);
      await api("/common/enenterprisebasicinfo/save", { creditCode, entName: `西安同步基准${i}有限公司`, areaCode: "610100" });
      await fetch(`${source.url.replace(/\/cisp$/, "")}/__scenario`, { method: "POST", body: JSON.stringify({ creditCode, total: perEnterprise }) });
      codes.push(creditCode);
    }
    const pass = async () => {
      const started = performance.now();
      const { data } = await api<{ runId: string }>("/syn/synjuddoclist/run", { creditCodes: codes });
      for (;;) {
        const run = (await api<{ status: string; read: number; created: number; unchanged: number }>(`/syn/runs/${data.runId}`)).data;
        if (run.status !== "running") return { ...run, seconds: (performance.now() - started) / 1000 };
        await fetch(`${base}/sync/advance?budget=20000`);
      }
    };
    const first = await pass();
    if (first.status !== "done" || first.created !== enterprises * perEnterprise) throw new Error(`sync run ended ${first.status} with ${first.created} created`);
    const rate = first.read / first.seconds;
    log(`first pass: ${fmt(first.read)} records in ${fmt(first.seconds, 1)} s = ${fmt(rate)}/s`);
    const second = await pass();
    const unchangedRate = second.read / second.seconds;
    log(`unchanged pass: ${fmt(second.read)} records in ${fmt(second.seconds, 1)} s = ${fmt(unchangedRate)}/s (${second.unchanged} unchanged)`);
    return [
      [`synchronised records per s end to end (local HTTP source → adapter → grouped events, ${fmt(first.read)} records, ${enterprises} enterprises × ${perEnterprise / 100} pages)`, fmt(rate), "", "", "≥ 2,000/s", rate >= 2000],
      ["  a second pass over the unchanged source (no events written), records per s", fmt(unchangedRate), "", "", "", null],
    ];
  } finally {
    stop();
    source.server.closeAllConnections();
    source.server.close();
  }
}

if (import.meta.main) await runAlone("qifu sync bench", syncFigures);
