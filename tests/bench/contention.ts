/**
 * `npm run bench:contention`: what people feel while every synchronised list syncs. The real Worker
 * (wrangler.toml: assets, the sync Workflow, the scheduled handler) serves a seeded database; a client asks
 * for the sign-in page (a static asset), an enterprise list page and a command (a dictionary entry saved)
 * every 250 ms each, first on a quiet server, then during a full sync of every list from the built-in source
 * (the first fill), then during a second full sync over the unchanged source. It prints p50 / p95 / max of
 * each call in each phase, each run's duration and records per second, and the longest stall: the slowest
 * static asset of a run (workerd serves assets without the app, so only a blocked process delays one).
 *
 *   --smoke   a few enterprises and a short quiet phase: proves the bench starts and prints its table
 *             (sizes in tests/bench/sizes.ts)
 */
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { benchRecord } from "./scenarios.ts";
import { demoAdminPassword } from "../../worker/seed/index.ts";
import { orgCodeCheck, usccCheck } from "../../worker/seed/enterprise-demo/uscc.ts";
import { benchPort, startBenchWorker, waitForBenchWorker } from "./bench-worker.ts";
import { benchPersist, benchSizes, type BenchOptions } from "./sizes.ts";
import { runAlone, type Line } from "./table.ts";

const log = (...args: unknown[]) => console.error("·", ...args);
const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** One probe's timings in a phase, ms. */
interface Timings {
  p50: number;
  p95: number;
  max: number;
  count: number;
  failed: number;
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))]! : 0);
function summary(samples: { ms: number; ok: boolean }[]): Timings {
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  return { p50: percentile(ms, 0.5), p95: percentile(ms, 0.95), max: ms.at(-1) ?? 0, count: ms.length, failed: samples.filter((s) => !s.ok).length };
}

const probeNames = ["sign-in page (static asset)", "enterprise list page", "command (dictionary entry saved)"] as const;
type Probe = (typeof probeNames)[number];

/** Fires each probe every `everyMs`, never waiting for the previous one: a frozen server shows as piled-up latency. */
function startProbes(base: string, token: string, everyMs: number) {
  let phase: string | null = null;
  const samples = new Map<string, { ms: number; ok: boolean }[]>();
  const pending = new Set<Promise<void>>();
  let serial = 0;
  const calls: Record<Probe, () => Promise<Response>> = {
    "sign-in page (static asset)": () => fetch(`${base}/login`),
    "enterprise list page": () => fetch(`${base}/api/common/enenterprisebasicinfo/list?page=1&limit=10`, { headers: { "x-hbi-token": token } }),
    "command (dictionary entry saved)": () =>
      fetch(`${base}/api/sys/sysdict/save`, { method: "POST", headers: { "content-type": "application/json", "x-hbi-token": token }, body: JSON.stringify(benchRecord(9_000_000 + ++serial, `c${Date.now().toString(36)}`)) }),
  };
  const fire = (name: Probe) => {
    if (!phase) return;
    const key = `${phase}|${name}`;
    const t0 = performance.now();
    const call = calls[name]()
      .then(async (response) => {
        const text = await response.text();
        const ok = response.ok && (name === "sign-in page (static asset)" || (JSON.parse(text) as { code: number }).code === 0);
        (samples.get(key) ?? samples.set(key, []).get(key)!).push({ ms: performance.now() - t0, ok });
      })
      .catch(() => {
        (samples.get(key) ?? samples.set(key, []).get(key)!).push({ ms: performance.now() - t0, ok: false });
      })
      .finally(() => pending.delete(call));
    pending.add(call);
  };
  const timers = probeNames.map((name, i) => setTimeout(() => timers.push(setInterval(() => fire(name), everyMs)), (everyMs / probeNames.length) * i));
  return {
    phase: (name: string | null) => (phase = name),
    timings: (name: string, probe: Probe) => summary(samples.get(`${name}|${probe}`) ?? []),
    async stop() {
      phase = null;
      for (const t of timers) clearInterval(t);
      await Promise.all(pending);
    },
  };
}

async function json<T>(response: Response): Promise<T> {
  const body = (await response.json()) as { code: number; msg: string; data: T };
  if (body.code !== 0) throw new Error(`${response.url}: ${body.code} ${body.msg}`);
  return body.data;
}

export async function contentionFigures(options: BenchOptions = {}): Promise<Line[]> {
  const smoke = options.smoke ?? false;
  const sizes = benchSizes(options).contention;
  const port = await benchPort("BENCH_CONTENTION_PORT");
  const persist = benchPersist(".wrangler/bench-contention", options);
  const quietSeconds = sizes.quietSeconds;
  rmSync(persist, { recursive: true, force: true });
  execFileSync("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persist], { stdio: "ignore" });
  // the demo region (300 enterprises, their lists empty until the first sync) or, for the smoke run, none
  execFileSync(process.execPath, ["scripts/seed.ts"], { stdio: "ignore", env: { ...process.env, QIFU_PERSIST: persist, QIFU_ENTERPRISE_DEMO: sizes.demoRegion ? "1" : "0", QIFU_DATAMODEL_DEMO: "0" } });
  // the app's own Worker (wrangler.toml: assets, the sync Workflow, the scheduled handler)
  const { base, stop: stopServer } = startBenchWorker(persist, port, { CAPTCHA_ENABLED: "false", SYN_SOURCE: "builtin" }, { config: "wrangler.toml", args: ["--test-scheduled"] });
  try {
    await waitForBenchWorker(base, "/login");
    const signIn = await json<{ token: string }>(await fetch(`${base}/api/auth/account`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ userNo: "admin", password: demoAdminPassword }) }));
    const token = signIn.token;
    const api = async <T>(path: string, body?: unknown) =>
      json<T>(await fetch(`${base}/api${path}`, { method: body === undefined ? "GET" : "POST", headers: { "content-type": "application/json", "x-hbi-token": token }, body: body === undefined ? undefined : JSON.stringify(body) }));
    // the smoke run's enterprises (the full run syncs the seeded region's)
    for (let i = 0; i < sizes.enterprises; i++) {
      const org = `MA${String(710000 + i)}`;
      const first17 = `91610113${org}${orgCodeCheck(org)}`;
      await api("/common/enenterprisebasicinfo/save", { creditCode: first17 + usccCheck(first17), entName: `西安争用基准${i}有限公司`, areaCode: "610100" });
    }
    const jobs = await api<{ jobId: string; beanName: string; methodName: string }[]>("/job/schedule/list?page=1&limit=100");
    const syncJob = jobs.find((j) => j.beanName === "synService" && j.methodName === "run");
    if (!syncJob) throw new Error("no synService.run job in the seed");

    const probes = startProbes(base, token, 250);
    probes.phase("quiet");
    await new Promise((r) => setTimeout(r, quietSeconds * 1000));

    /** One full sync through the scheduled job, the cron trigger fired every minute as the platform would. */
    const pass = async (name: string) => {
      probes.phase(name);
      const started = performance.now();
      const [run] = await api<{ logId: string; status: string; error: string | null }[]>("/job/schedule/run", { ids: [syncJob.jobId] });
      if (!run) throw new Error("the job did not run");
      const tick = setInterval(() => void fetch(`${base}/__scheduled?cron=${encodeURIComponent("* * * * *")}`).then((r) => r.body?.cancel(), () => {}), 60_000);
      try {
        for (;;) {
          const entry = await api<{ status: string; read: number | null; written: number | null; error: string | null }>(`/job/scheduleLog/info/${run.logId}`);
          if (entry.status === "failure") throw new Error(`sync failed: ${entry.error}`);
          if (entry.status === "success") {
            const seconds = (performance.now() - started) / 1000;
            log(`${name}: ${fmt(entry.read ?? 0)} read, ${fmt(entry.written ?? 0)} written in ${fmt(seconds, 1)} s`);
            return { seconds, read: entry.read ?? 0, written: entry.written ?? 0 };
          }
          await new Promise((r) => setTimeout(r, 100));
        }
      } finally {
        clearInterval(tick);
      }
    };
    const first = await pass("first fill");
    const unchanged = await pass("unchanged pass");
    await probes.stop();

    const lines: Line[] = [];
    const quietP95 = Object.fromEntries(probeNames.map((p) => [p, probes.timings("quiet", p).p95]));
    for (const phase of ["quiet", "first fill", "unchanged pass"]) {
      for (const probe of probeNames) {
        const t = probes.timings(phase, probe);
        const during = phase !== "quiet";
        const met = during ? t.max <= 1000 && t.p95 <= 2 * Math.max(quietP95[probe]!, 5) && t.failed === 0 : null;
        lines.push([
          `${phase}: ${probe}, p50 / p95 / max ms (${t.count} calls${t.failed ? `, ${t.failed} failed` : ""})`,
          `${fmt(t.p50, 1)} / ${fmt(t.p95, 1)} / ${fmt(t.max)}`,
          "",
          "",
          during ? `max ≤ 1,000, p95 ≤ 2 × quiet (${fmt(2 * Math.max(quietP95[probe]!, 5), 1)})` : "",
          met,
        ]);
      }
    }
    const stall = (phase: string) => probes.timings(phase, "sign-in page (static asset)").max;
    const rate = first.read / first.seconds;
    lines.push(
      [`first fill of every list: ${fmt(first.read)} read, ${fmt(first.written)} written, s`, fmt(first.seconds, 1), "", "", "", null],
      ["  first fill, records per s", fmt(rate), "", "", "≥ 2,000/s", smoke ? null : rate >= 2000],
      [`unchanged pass: ${fmt(unchanged.read)} read, ${fmt(unchanged.written)} written, s (share of the first fill's time)`, `${fmt(unchanged.seconds, 1)} (${fmt((100 * unchanged.seconds) / first.seconds)} %)`, "", "", "≤ 10 %", smoke ? null : unchanged.seconds <= first.seconds * 0.1],
      ["longest stall during a run (slowest static asset), ms", fmt(Math.max(stall("first fill"), stall("unchanged pass"))), "", "", "≤ 1,000", Math.max(stall("first fill"), stall("unchanged pass")) <= 1000],
    );
    return lines;
  } finally {
    stopServer();
  }
}

if (import.meta.main) await runAlone("qifu contention bench", contentionFigures);
