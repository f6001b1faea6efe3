/**
 * Command-pipeline figures (`npm run bench:pipeline`, and in `npm run bench`): what one command costs through
 * the real app over HTTP, beside the unit it is made of — a trivial Worker route doing one D1 batch. A create
 * names a new stream, so the pipeline reads nothing before its one batch; an update reads its stream first.
 * Sequential requests from this process against `wrangler dev` on a freshly seeded local D1.
 */
import { benchApi, benchPort, seededBenchDb, startBenchWorker, waitForBenchWorker } from "./bench-worker.ts";
import { benchRecord } from "./scenarios.ts";
import { demoAdminPassword } from "../../worker/seed/index.ts";
import { benchPersist, benchSizes, type BenchOptions } from "./sizes.ts";
import { runAlone, type Line } from "./table.ts";

const log = (...args: unknown[]) => console.error("·", ...args);
const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });

export async function pipelineFigures(options: BenchOptions = {}): Promise<Line[]> {
  const { count } = benchSizes(options).pipeline;
  const port = await benchPort("BENCH_PIPELINE_PORT");
  const persist = benchPersist(".wrangler/bench-pipeline", options);
  const loader = await seededBenchDb(persist);
  loader.db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  loader.close();

  const { base, stop } = startBenchWorker(persist, port);
  try {
    await waitForBenchWorker(base);
    const { api, signIn } = benchApi(base);
    await signIn("admin", demoAdminPassword);
    const rate = async (name: string, n: number, one: (i: number) => Promise<unknown>) => {
      for (let i = 0; i < Math.min(50, n); i++) await one(-1 - i); // warm-up: JIT, statement caches
      const started = performance.now();
      for (let i = 0; i < n; i++) await one(i);
      const perSecond = n / ((performance.now() - started) / 1000);
      log(`${name}: ${fmt(perSecond)}/s`);
      return perSecond;
    };
    const bare = await rate("bare D1 batch per request", count, async () => {
      const response = await fetch(`${base}/bare-batch`);
      if (!response.ok) throw new Error(`bare-batch: HTTP ${response.status}`);
      await response.json();
    });
    const ids: string[] = [];
    const create = await rate("create per request", count, async (i) => {
      const { data } = await api<{ id: string }>("/sys/sysdict/save", benchRecord(i < 0 ? 1_000_000 - i : i, "p"));
      if (i >= 0) ids.push(String(data.id));
    });
    const update = await rate("update per request", count, async (i) => {
      const id = ids[i < 0 ? -1 - i : i]!;
      await api("/sys/sysdict/update", { id, name: `改${i}`, status: i % 2 ? "1" : "0" });
    });
    return [
      ["one trivial Worker route doing one D1 batch (the unit), requests/s", fmt(bare), "", "", "", null],
      ["one create per HTTP request (session + one D1 batch: no stream read), sequential, per s", fmt(create), "", `${fmt(create / bare, 2)} of bare`, "≥ 500/s and ≥ 0.6 of bare", create >= 500 && create / bare >= 0.6],
      ["one update per HTTP request (session + stream read + one D1 batch), sequential, per s", fmt(update), "", `${fmt(update / bare, 2)} of bare`, "", null],
    ];
  } finally {
    stop();
  }
}

if (import.meta.main) await runAlone("qifu pipeline bench", pipelineFigures);
