/**
 * Web figures for the first screen: the JS it ships (gzip sizes of what index.html references, what the login
 * page loads, what a list page loads) and the time to a rendered list of 10 rows in Chromium on localhost.
 * Called at the end of `npm run bench`; on its own: `npm run bench:web`.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, type BrowserContext } from "playwright-core";
import { startApp, type AppServer } from "../e2e/server.ts";
import { chromiumArgs, chromiumPath, signIn } from "../e2e/browser.ts";
import { benchSizes, type BenchOptions } from "./sizes.ts";
import { atBenchEnd, runAlone, type Line } from "./table.ts";


const root = join(import.meta.dirname, "..", "..");
const dist = join(root, "web/dist");
const log = (...args: unknown[]) => console.error("·", ...args);
const kb = (bytes: number) => bytes / 1024;
const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });

const gzipCache = new Map<string, number>();
/** gzip (level 6, what servers use on the fly) size of a built file, by its URL path ("/assets/x.js"). */
function gzipSize(urlPath: string): number {
  let size = gzipCache.get(urlPath);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(dist, decodeURIComponent(urlPath))), { level: 6 }).length;
    gzipCache.set(urlPath, size);
  }
  return size;
}

/**
 * The JS the first screen needs: index.html's module entry, every modulepreload, and the larger of the two
 * one-language text chunks (`virtual:first-screen-texts/<lang>`, web/vite.config.ts) the entry imports at start.
 */
export function firstScreenScripts(html = readFileSync(join(dist, "index.html"), "utf8")): string[] {
  const entry = [...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!);
  const preloads = [...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]!);
  const texts = readdirSync(join(dist, "assets"))
    .filter((f) => /^first-screen-texts\.(zh-CN|en-US)-[\w-]+\.js$/.test(f))
    .map((f) => `/assets/${f}`)
    .sort((x, y) => gzipSize(y) - gzipSize(x))
    .slice(0, 1);
  if (!texts.length) throw new Error("web/dist has no first-screen-texts.<lang> chunk: the figure would leave the texts out");
  return [...new Set([...entry, ...preloads, ...texts])];
}

async function freshContext(baseUrl: string): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), "qifu-bench-chromium-"));
  const context = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath, args: chromiumArgs, baseURL: baseUrl, viewport: { width: 1440, height: 900 } });
  context.setDefaultTimeout(30_000);
  context.on("page", (p) => p.on("dialog", (d) => void d.accept().catch(() => {})));
  for (const p of context.pages()) p.on("dialog", (d) => void d.accept().catch(() => {}));
  return { context, close: async () => { await context.close().catch(() => {}); rmSync(profile, { recursive: true, force: true }); } };
}

/** In the page: the time (ms since navigation start) of the first frame showing at least 10 visible list rows. */
const rowsProbe = `(() => {
  let seen = false;
  const check = () => {
    if (seen) return;
    let visible = 0;
    for (const row of document.querySelectorAll('[data-testid="record-row"]')) if (row.checkVisibility()) visible++;
    if (visible >= 10) {
      seen = true;
      observer.disconnect();
      requestAnimationFrame(() => { window.__qifuRows10 = performance.now(); });
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, attributes: true });
})();`;

/** The same-origin scripts a page fetched, as URL paths. */
function scriptRecorder(context: BrowserContext, baseUrl: string) {
  const seen = new Set<string>();
  context.on("request", (request) => {
    if (request.resourceType() === "script" && request.url().startsWith(baseUrl)) seen.add(new URL(request.url()).pathname);
  });
  return seen;
}

const sum = (paths: Iterable<string>) => [...paths].reduce((total, p) => total + gzipSize(p), 0);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** One cold run: sign in, empty the HTTP cache, open /sys/dict and wait for 10 visible rows. */
async function timeToRows(baseUrl: string, persist: string): Promise<{ ms: number; scripts: Set<string> }> {
  const { context, close } = await freshContext(baseUrl);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await signIn(page, undefined, persist);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.clearBrowserCache");
    await context.addInitScript(rowsProbe);
    const scripts = scriptRecorder(context, baseUrl);
    await page.goto("/sys/dict");
    await page.waitForFunction("window.__qifuRows10 !== undefined", undefined, { timeout: 30_000 });
    const ms = await page.evaluate<number>("window.__qifuRows10");
    return { ms, scripts };
  } finally {
    await close();
  }
}

let built = false;
/**
 * Builds the web app once per process (`npm run build`, a few seconds: the browser figures measure the
 * current code, and a fresh clone has no web/dist); BENCH_WEB_BUILD=0 uses the last build.
 */
export function ensureWebBuilt() {
  if (!built && process.env.BENCH_WEB_BUILD !== "0") {
    log("web: building");
    if (spawnSync("npm", ["run", "--silent", "build"], { cwd: root, stdio: "inherit" }).status !== 0) throw new Error("web build failed");
    built = true;
  }
  if (!existsSync(join(dist, "index.html"))) throw new Error("web/dist is missing: run `npm run build`");
}

let app: Promise<AppServer> | undefined;
/**
 * The app the browser figures open (web, dashboard): the built web app under `wrangler dev` on a fresh local
 * D1 with the seed (startApp: about a minute on a busy machine), started once per bench process, stopped at
 * its end. The figures only read from it.
 */
export async function benchApp(): Promise<AppServer> {
  ensureWebBuilt();
  if (!app) {
    log("web: starting the app on fresh local D1");
    const starting = startApp();
    // the sections await it (a failure to start shows there); the end of the run stops it
    starting.catch(() => {});
    atBenchEnd(() => starting.then((started) => started.stop(), () => {}));
    app = starting;
  }
  return app;
}

/** The web figures as rows of the bench's table. Builds the web app first (BENCH_WEB_BUILD=0: not). */
export async function webFigures(options: BenchOptions = {}): Promise<Line[]> {
  const { runs } = benchSizes(options).web;
  ensureWebBuilt();
  gzipCache.clear();
  const firstScreen = firstScreenScripts();
  const shipped = sum(firstScreen);

  const app = await benchApp();
  // what the login page loads, cold
  const login = await freshContext(app.baseUrl);
  const loginScripts = scriptRecorder(login.context, app.baseUrl);
  try {
    const page = login.context.pages()[0] ?? (await login.context.newPage());
    await page.goto("/login", { waitUntil: "networkidle" });
    await page.getByTestId("login-form").waitFor();
  } finally {
    await login.close();
  }

  log("web: warm-up run (server side only, not counted)");
  await timeToRows(app.baseUrl, app.persist);
  const times: number[] = [];
  let listScripts = new Set<string>();
  for (let i = 0; i < runs; i++) {
    const run = await timeToRows(app.baseUrl, app.persist);
    times.push(run.ms);
    listScripts = run.scripts;
    log(`web: run ${i + 1}/${runs}: ${fmt(run.ms, 0)} ms to 10 rows`);
  }
  const mid = median(times);
  return [
    [`first-screen JS shipped (index.html entry, its modulepreloads and the larger language's texts: ${firstScreen.length} files), gzip KB`, fmt(kb(shipped), 1), "", "", "≤ 300 KB", kb(shipped) <= 300],
    [`  JS the login page loads (${loginScripts.size} files), gzip KB`, fmt(kb(sum(loginScripts)), 1), "", "", "", null],
    [`  JS loaded until /sys/dict shows its list (${listScripts.size} files), gzip KB`, fmt(kb(sum(listScripts)), 1), "", "", "", null],
    [`time to a rendered list of 10 rows (/sys/dict, signed in, cold cache, Chromium), median of ${runs}, ms`, fmt(mid, 0), "", "", "≤ 1,000 ms", mid <= 1000],
    ["  same, fastest – slowest ms", `${fmt(Math.min(...times), 0)} – ${fmt(Math.max(...times), 0)}`, "", "", "", null],
  ];
}

if (import.meta.main) await runAlone("qifu web figures", webFigures);
