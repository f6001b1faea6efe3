/**
 * `npm run bench:startup`: the Worker's start-up budget. Bundles the Worker as `wrangler deploy` would (dry run,
 * no network), prints the bundle's raw and gzip size and how long its global scope takes to run: the median of
 * fresh imports, each in a fresh Node process, and the active time `wrangler check startup` profiles in workerd.
 * Cloudflare refuses a Worker whose global scope runs past 1 s or whose gzip bundle passes 3 MB (free plan).
 * It also traces the import (tests/bench/import-trace.ts): a heavy library or data table whose module-level
 * code ran in the global scope fails the budget like a slow start.
 *
 *   --runs N              fresh Node imports to take the median of (default 5)
 *   --max-startup-ms N    exit 1 when the Node median (or the workerd figure) passes N ms
 *   --max-gzip-kb N       exit 1 when the gzip bundle passes N KB (KiB, as wrangler counts)
 *   --max-gzip-mb N       the same in MB (MiB)
 *   --no-workerd          skip the workerd profile
 *   --profile DIR         also write a CPU profile of one Node import to DIR and list the top self times
 *   --bundle FILE         measure an existing bundle instead of building one
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { SourceMap } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { benchSizes, type BenchOptions } from "./sizes.ts";
import type { Line } from "./table.ts";
import { heavyThatRan, traceImport } from "./import-trace.ts";
import { buildBundle } from "./worker-bundle.ts";
import { stubWorkerdModules } from "./workerd-stubs.ts";

export { buildBundle };


const root = join(import.meta.dirname, "..", "..");
const log = (...args: unknown[]) => console.error("·", ...args);
const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

// ── Child mode: one fresh import of the bundle, its time on stdout ───────────
if (process.argv[2] === "--child") {
  const bundle = process.argv[3]!;
  stubWorkerdModules(readFileSync(bundle, "utf8"));
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await import(pathToFileURL(bundle).href);
  const ms = performance.now() - t0;
  // CPU time too: on a shared machine the wall time also counts the moments other processes held the cores
  const cpu = process.cpuUsage(cpu0);
  process.stdout.write(`${JSON.stringify({ ms, cpuMs: (cpu.user + cpu.system) / 1000 })}\n`);
  process.exit(0);
}

/** Raw and gzip bytes of every module wrangler would upload (the folder minus source maps and its README). */
function sizes(dir: string) {
  let raw = 0, gzip = 0;
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    const path = join(dir, name);
    if (/\.(map|form|cpuprofile)$/.test(name) || name === "README.md" || name === "package.json" || !statSync(path).isFile()) continue;
    const bytes = readFileSync(path);
    raw += bytes.length;
    gzip += gzipSync(bytes).length;
  }
  return { raw, gzip };
}

// ── Measure ──────────────────────────────────────────────────────────────────
/** One fresh Node process importing the bundle; the milliseconds around `await import(bundle)`, wall and CPU. */
function nodeImport(bundle: string, extraArgs: string[] = []): { ms: number; cpuMs: number } {
  const child = spawnSync(process.execPath, [...extraArgs, import.meta.filename, "--child", bundle], { encoding: "utf8" });
  if (child.status !== 0) throw new Error(`import of the bundle failed:\n${child.stderr}`);
  return JSON.parse(child.stdout.trim().split("\n").pop()!) as { ms: number; cpuMs: number };
}

/** `wrangler check startup` over the built upload: the active (non-idle) time of workerd's start-up profile. */
function workerdStartup(form: string | null, dir: string): { activeMs: number; gcMs: number } | string {
  if (!form) return "not timed in workerd (a bundle handed in with --bundle has no upload form to profile)";
  const check = spawnSync("npx", ["wrangler", "check", "startup", "--worker", form, "--outfile", join(dir, "workerd.cpuprofile")], { cwd: root, encoding: "utf8" });
  const out = check.stdout + check.stderr;
  const active = /Active: ([\d.]+) ms(?: \(including ([\d.]+) ms garbage collection\))?/.exec(out);
  if (check.status !== 0 || !active) return `not timed in workerd (wrangler check startup: ${out.trim().split("\n").slice(-3).join(" ").slice(0, 300)})`;
  return { activeMs: Number(active[1]), gcMs: Number(active[2] ?? 0) };
}

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; hitCount?: number; children?: number[] };
/** Self time by function of a `--cpu-prof` profile, the heaviest first; bundle positions read through its source map. */
function topSelfTimes(file: string, bundle: string, count = 20): string[] {
  const profile = JSON.parse(readFileSync(file, "utf8")) as { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
  const map = existsSync(`${bundle}.map`) ? new SourceMap(JSON.parse(readFileSync(`${bundle}.map`, "utf8"))) : null;
  const original = (line: number, column: number) => {
    const entry = map?.findEntry(line, column);
    return entry && "originalSource" in entry ? `${relative(root, resolve(dirname(bundle), entry.originalSource)).replace(/^.*node_modules\//, "")}:${entry.originalLine + 1}` : `bundle:${line + 1}`;
  };
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const byFrame = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const where = url.endsWith(bundle) ? original(lineNumber, columnNumber) : url.replace(/^.*\//, "") || "(native)";
    const key = `${functionName || "(anonymous)"} ${where}`;
    byFrame.set(key, (byFrame.get(key) ?? 0) + (self.get(node.id) ?? 0));
  }
  return [...byFrame].sort((a, b) => b[1] - a[1]).slice(0, count).map(([key, ms]) => `${fmt(ms, 1).padStart(8)} ms  ${key}`);
}

export type StartupOptions = { runs?: number; workerd?: boolean; profileDir?: string; bundle?: string; maxStartupMs?: number; maxGzipKb?: number };
export type StartupFigures = { raw: number; gzip: number; wranglerSizes: string | null; times: number[]; cpuTimes: number[]; medianMs: number; workerd: { activeMs: number; gcMs: number } | string | null; lines: Line[]; ok: boolean };

/** Builds (unless handed a bundle) and measures; `lines` are rows of the bench's table. */
export async function startupFigures({ runs = 5, workerd = true, profileDir, bundle: given, maxStartupMs = 500, maxGzipKb = 3 * 1024 }: StartupOptions = {}): Promise<StartupFigures> {
  log("startup: bundling (wrangler deploy --dry-run)");
  const built = given ? { bundle: resolve(given), dir: resolve(given, ".."), form: null, wranglerSizes: null } : buildBundle();
  try {
    const { raw, gzip } = sizes(built.dir);
    const times: number[] = [];
    const cpuTimes: number[] = [];
    for (let i = 0; i < runs; i++) {
      const run = nodeImport(built.bundle);
      times.push(run.ms);
      cpuTimes.push(run.cpuMs);
      log(`startup: Node import ${i + 1}/${runs}: ${fmt(run.ms, 1)} ms (CPU ${fmt(run.cpuMs, 1)} ms)`);
    }
    const medianMs = median(times);
    if (profileDir) {
      mkdirSync(profileDir, { recursive: true });
      const before = new Set(readdirSync(profileDir));
      nodeImport(built.bundle, ["--cpu-prof", "--cpu-prof-dir", profileDir]);
      const written = readdirSync(profileDir).find((f) => f.endsWith(".cpuprofile") && !before.has(f));
      if (written) {
        log(`startup: CPU profile ${join(profileDir, written)}; top self times:`);
        for (const line of topSelfTimes(join(profileDir, written), built.bundle)) console.error(line);
      }
    }
    log("startup: tracing the module-level code that runs at import");
    const failing = heavyThatRan(traceImport(built.bundle));
    for (const h of failing) log(`startup: HEAVY at import: ${h.what}: ${h.files.map((f) => f.source).join(", ")}`);
    const inWorkerd = workerd ? (log("startup: profiling in workerd (wrangler check startup)"), workerdStartup(built.form, built.dir)) : null;
    const gzipOk = gzip / 1024 <= maxGzipKb;
    const nodeOk = medianMs <= maxStartupMs;
    const workerdOk = typeof inWorkerd !== "object" || inWorkerd === null || inWorkerd.activeMs <= maxStartupMs;
    const lines: Line[] = [
      ["Worker bundle (wrangler deploy --dry-run), raw KiB", fmt(raw / 1024, 1), "", "", "", null],
      ["Worker bundle, gzip KiB", fmt(gzip / 1024, 1), "", "", `≤ ${fmt(maxGzipKb)} KiB`, gzipOk],
      [`Worker global scope in Node (fresh process, await import), median of ${runs}, ms`, fmt(medianMs, 1), "", "", `≤ ${fmt(maxStartupMs)} ms`, nodeOk],
      ["  same, fastest – slowest ms", `${fmt(Math.min(...times), 1)} – ${fmt(Math.max(...times), 1)}`, "", "", "", null],
      ["  same, CPU time (user + system) of the import, median ms", fmt(median(cpuTimes), 1), "", "", "", null],
      typeof inWorkerd === "object" && inWorkerd
        ? [`Worker start-up in workerd (wrangler check startup, active time incl. ${fmt(inWorkerd.gcMs, 1)} ms GC), ms`, fmt(inWorkerd.activeMs, 1), "", "", `≤ ${fmt(maxStartupMs)} ms`, workerdOk]
        : ["Worker start-up in workerd", inWorkerd ?? "skipped (--no-workerd)", "", "", "", null],
      ["Heavy libraries and data tables whose module-level code ran at import", failing.map((h) => h.what).join("; ") || "none", "", "", "none", failing.length === 0],
    ];
    return { raw, gzip, wranglerSizes: built.wranglerSizes, times, cpuTimes, medianMs, workerd: inWorkerd, lines, ok: gzipOk && nodeOk && workerdOk && failing.length === 0 };
  } finally {
    if (!given) rmSync(built.dir, { recursive: true, force: true });
  }
}

/** The start-up rows of `npm run bench` (the smoke run leaves out the workerd profile: tests/bench/sizes.ts). */
export async function startupSection(options: BenchOptions = {}): Promise<Line[]> {
  const { runs, workerd } = benchSizes(options).startup;
  return (await startupFigures({ runs, workerd })).lines;
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const value = (flag: string) => {
    const i = args.indexOf(flag);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const number = (flag: string) => (value(flag) === undefined ? undefined : Number(value(flag)));
  const figures = await startupFigures({
    runs: number("--runs"),
    workerd: !args.includes("--no-workerd"),
    profileDir: value("--profile"),
    bundle: value("--bundle"),
    maxStartupMs: number("--max-startup-ms"),
    maxGzipKb: number("--max-gzip-kb") ?? (number("--max-gzip-mb") === undefined ? undefined : number("--max-gzip-mb")! * 1024),
  });
  console.log(`\nqifu start-up budget — ${new Date().toISOString()}${figures.wranglerSizes ? ` — wrangler: ${figures.wranglerSizes}` : ""}\n`);
  console.log(["figure", "value", "goal", "met"].join(" | "));
  for (const [name, v, , , goal, met] of figures.lines) console.log([name, v, goal, met === null ? "" : met ? "yes" : "NO"].join(" | "));
  const guarded = ["--max-startup-ms", "--max-gzip-kb", "--max-gzip-mb"].some((flag) => args.includes(flag));
  if (guarded && !figures.ok) console.error("\nstart-up budget exceeded");
  process.exit(guarded && !figures.ok ? 1 : 0);
}
