/**
 * `npm run bench`: every section of the bench one after another, then one table of their figures beside
 * their floors and goals (figure | worker | floor | ratio | goal | met). A section that throws is logged
 * and shows as a failed row; the others still run.
 *
 * `npm run bench -- --smoke` runs every section at the small sizes of tests/bench/sizes.ts (CI: each bench
 * still starts and prints its rows; the figures are not judged) and exits 1 when a section failed. A full
 * run always exits 0: a missed goal is a NO in the met column.
 */
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { cliOptions, type BenchOptions } from "./sizes.ts";
import { benchEnd, printTable, type Figures, type Line } from "./table.ts";
import { recordFigures } from "./records.ts";
import { benchApp, webFigures } from "./web.ts";
import { flowFigures } from "./flow.ts";
import { enterpriseFigures } from "./enterprise.ts";
import { syncFigures } from "./sync.ts";
import { startupSection } from "./startup.ts";
import { pipelineFigures } from "./pipeline.ts";
import { workreportFigures } from "./workreports.ts";
import { taskFigures } from "./tasks.ts";
import { evaluationFigures } from "./evaluation.ts";
import { conditionFigures } from "./conditions.ts";
import { policyFigures } from "./policy.ts";
import { dashboardFigures } from "./dashboard.ts";
import { contentionFigures } from "./contention.ts";
import { rebuildFigures } from "./rebuild.ts";

const log = (...args: unknown[]) => console.error("·", ...args);

/**
 * A section run in a child process (its module's `runAlone` entry with `--json`): its own memory and
 * global registries, its rows read from the child's last line of output.
 */
const inChild = (file: string): Figures => async (options: BenchOptions) => {
  const args = [join(import.meta.dirname, file), "--json", ...(options.smoke ? ["--smoke"] : [])];
  const out = execFileSync(process.execPath, args, { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], maxBuffer: 64 << 20 });
  return JSON.parse(out.trim().split("\n").pop()!) as Line[];
};

/** The sections in the order they run and print: name, module (named in a failed row), figures. */
const sections: [string, string, Figures][] = [
  ["records", "records.ts", recordFigures],
  // first-screen JS and time to a rendered list in Chromium (builds the web app first)
  ["web", "web.ts", webFigures],
  // approvals per second and the todo list with many open tasks
  ["workflow", "flow.ts", flowFigures],
  // the demo region, an enterprise's tabs and timeline, statistics, submissions
  ["enterprise", "enterprise.ts", enterpriseFigures],
  // synchronised records per second from a local enterprise-credit API
  ["sync", "sync.ts", syncFigures],
  // bundle size and the global scope's run time
  ["start-up", "startup.ts", startupSection],
  // one command per HTTP request beside one bare D1 batch per request
  ["pipeline", "pipeline.ts", pipelineFigures],
  ["work-report statistics", "workreports.ts", workreportFigures],
  // the board over many tasks and reminders for as many open tasks
  ["task", "tasks.ts", taskFigures],
  // one enterprise scored through the route, every enterprise scored
  ["evaluation", "evaluation.ts", evaluationFigures],
  // one policy matched over every enterprise, facts read in batches of 500
  ["condition", "conditions.ts", conditionFigures],
  ["policy", "policy.ts", policyFigures],
  // each dashboard method in the Worker, its first render in Chromium
  ["dashboard", "dashboard.ts", dashboardFigures],
  // one run-time model's records: lists by any field, a grouped report (a child: it registers the model's family)
  ["data-model", "datamodel.ts", inChild("datamodel.ts")],
  ["rebuild", "rebuild.ts", rebuildFigures],
  ["contention", "contention.ts", contentionFigures],
];

const options = cliOptions();
const started = performance.now();
// smoke: the app the browser sections open (a minute of migrations and seed) starts beside the first sections;
// a failure to start shows in those sections
if (options.smoke) benchApp().catch(() => {});
const lines: Line[] = [];
const failed: string[] = [];
const took: string[] = [];
for (const [name, file, figures] of sections) {
  const t0 = performance.now();
  log(`── ${name} (tests/bench/${file})`);
  try {
    lines.push(...(await figures(options)));
  } catch (error) {
    log(`${name} figures failed:`, error);
    failed.push(name);
    lines.push([`${name} figures (tests/bench/${file})`, "failed", "", "", "", false]);
  }
  took.push(`${name} ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
await benchEnd();
const seconds = (performance.now() - started) / 1000;
printTable(`qifu bench${options.smoke ? " (smoke: small sizes, figures not judged)" : ""} — ${new Date().toISOString()} — ${seconds.toFixed(0)} s`, lines);
log(`sections: ${took.join(", ")}`);
if (failed.length) log(`failed: ${failed.join(", ")}`);
// a smoke run proves every section still runs; a full run reports (its misses are NO in the met column)
process.exit(options.smoke && failed.length ? 1 : 0);
