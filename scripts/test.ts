/**
 * `npm test`: type-checks worker and web, builds the web app (the Worker's assets must exist), runs every vitest suite inside workerd,
 * then the browser tests (vitest.e2e.config.ts: wrangler dev + Debian's Chromium), and ends with one plain
 * "N passed, N failed" line summing both runs; exits non-zero when either run failed.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

const run = (command: string, args: string[]) => spawnSync(command, args, { stdio: "inherit" }).status ?? 1;

// types first (worker and web): a cheap guard before the slower suites
if (run("npm", ["run", "typecheck"]) !== 0) {
  console.log("\n0 passed, 1 failed");
  process.exit(1);
}
if (run("npm", ["run", "build"]) !== 0) process.exit(1);
mkdirSync("test-artifacts", { recursive: true });
const filters = process.argv.slice(2);

/** Runs one vitest config with its own JSON report; counts a run that failed without a failed test (setup, crash) as one failure. */
function suite(report: string, config: string[]) {
  rmSync(report, { force: true });
  const code = run("vitest", ["run", ...config, "--reporter=default", "--reporter=json", `--outputFile=${report}`, ...(filters.length ? ["--passWithNoTests", ...filters] : [])]);
  let passed = 0, failed = 0, skipped = 0;
  if (existsSync(report)) {
    const r = JSON.parse(readFileSync(report, "utf8"));
    passed = r.numPassedTests;
    failed = r.numFailedTests;
    skipped = r.numPendingTests + (r.numTodoTests ?? 0);
  }
  if (code !== 0 && failed === 0) failed = 1;
  return { code, passed, failed, skipped };
}

const workers = suite("test-artifacts/vitest.json", []);
const browser = suite("test-artifacts/vitest-e2e.json", ["--config", "vitest.e2e.config.ts"]);
const skipped = workers.skipped + browser.skipped;
console.log(`\nworkers pool: ${workers.passed} passed, ${workers.failed} failed · browser: ${browser.passed} passed, ${browser.failed} failed${skipped ? ` · ${skipped} skipped` : ""}`);
console.log(`${workers.passed + browser.passed} passed, ${workers.failed + browser.failed} failed`);
process.exit(workers.code || browser.code);
