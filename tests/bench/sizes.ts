/**
 * The bench's sizes, every section's in one table: the full run's (`npm run bench`, the figures judged
 * against their goals) and the smoke run's (`npm run bench -- --smoke`, in CI: small enough that every
 * section starts, measures and prints its rows within a few minutes on two cores; its figures mean
 * nothing). A size with an environment variable takes that variable's value in either mode when it is set.
 * Each section reads its own part: `benchSizes(options).flow`.
 */

/** What every bench section is handed. */
export type BenchOptions = { smoke?: boolean };

type Size = { full: number; smoke: number; env?: string };
type Flag = { full: boolean; smoke: boolean };
const size = (full: number, smoke: number, env?: string): Size => ({ full, smoke, env });
const flag = (full: boolean, smoke: boolean): Flag => ({ full, smoke });

const table = {
  /** tests/bench/run.ts: dictionary records loaded, then scenarios inside the Worker and on the floor */
  records: {
    // list pages spread over the first 300 pages of a 20 % filter: 15,000 records at least
    rows: size(1_000_000, 20_000, "BENCH_ROWS"),
    importRows: size(100_000, 2_000, "BENCH_IMPORT_ROWS"),
    bareRuns: size(500, 50),
    listRuns: size(300, 20),
    searchRuns: size(50, 5),
    creates: size(500, 50),
    updates: size(300, 30),
    grouped: size(10_000, 1_000),
    httpSequential: size(300, 30),
    /** requests of each of the 8 concurrent lanes */
    httpPerLane: size(60, 5),
  },
  web: { runs: size(5, 1, "BENCH_WEB_RUNS") },
  flow: {
    // the HTTP todo figure reads pages 1–20 and wants each full: 200 open tasks at least
    openTasks: size(100_000, 200, "BENCH_OPEN_TASKS"),
    approvals: size(300, 4, "BENCH_APPROVALS"),
    todoRuns: size(200, 20),
    todoHttpRuns: size(100, 20),
  },
  enterprise: { applications: size(200, 5, "BENCH_APPLICATIONS"), readRuns: size(50, 3) },
  sync: {
    enterprises: size(10, 2, "BENCH_SYNC_ENTERPRISES"),
    // the source pages by 100
    perEnterprise: size(2_000, 200, "BENCH_SYNC_RECORDS"),
  },
  startup: {
    runs: size(5, 1),
    /** `wrangler check startup` (workerd's start-up profile): slow, left out of the smoke run */
    workerd: flag(true, false),
  },
  pipeline: { count: size(1_000, 20, "BENCH_PIPELINE_COUNT") },
  workreports: { visits: size(100_000, 2_000, "BENCH_VISITS"), runs: size(30, 3) },
  tasks: { tasks: size(100_000, 1_000, "BENCH_TASKS"), boardRuns: size(30, 3) },
  evaluation: { enterprises: size(100_000, 500, "BENCH_EVAL_ENTERPRISES"), routeRuns: size(60, 5) },
  conditions: { enterprises: size(100_000, 500, "BENCH_ENTERPRISES"), matchRuns: size(10, 2), factBatches: size(20, 1) },
  policy: {
    enterprises: size(100_000, 500, "BENCH_POLICY_ENTERPRISES"),
    policies: size(500, 20, "BENCH_POLICIES"),
    enterpriseRuns: size(50, 5),
    policyRuns: size(10, 2),
  },
  rebuild: {
    /** enterprises of the demo region whose mixed log is rebuilt (more: a longer log) */
    enterprises: size(300, 12, "BENCH_REBUILD_ENTERPRISES"),
    /** events per slice, as a caller of POST /api/sys/store/rebuild passes `maxEvents` */
    sliceEvents: size(50_000, 50_000, "BENCH_REBUILD_SLICE"),
    /** rebuilds of the same log (the median counts) */
    runs: size(3, 1, "BENCH_REBUILD_RUNS"),
  },
  contention: {
    /** enterprises made for the smoke run (the full run syncs the seeded demo region's 300) */
    enterprises: size(0, 8),
    quietSeconds: size(20, 3),
    /** whether the demo region is seeded (300 enterprises) */
    demoRegion: flag(true, false),
  },
  dashboard: { runs: size(20, 2, "BENCH_DASHBOARD_RUNS"), renders: size(3, 1, "BENCH_DASHBOARD_RENDERS") },
  datamodel: {
    // every list filter must match something: 2,000 records at least (the day filter's cycle)
    rows: size(1_000_000, 5_000, "BENCH_DM_ROWS"),
    bareRuns: size(300, 20),
    listRuns: size(200, 10),
    groupedRuns: size(3, 1),
    httpRuns: size(100, 10),
    /** requests before the timed ones (JIT, statement caches) */
    warmUp: size(20, 2),
  },
} satisfies Record<string, Record<string, Size | Flag>>;

type Resolved<T> = { [S in keyof T]: { [K in keyof T[S]]: T[S][K] extends Flag ? boolean : number } };
export type BenchSizes = Resolved<typeof table>;

/** The sizes of the run `options` describe (smoke or full), environment overrides applied. */
export function benchSizes({ smoke = false }: BenchOptions = {}): BenchSizes {
  const pick = (entry: Size | Flag) => {
    const value = smoke ? entry.smoke : entry.full;
    if (typeof value === "number" && "env" in entry && entry.env && process.env[entry.env]) return Number(process.env[entry.env]);
    return value;
  };
  return Object.fromEntries(Object.entries(table).map(([section, entries]) => [section, Object.fromEntries(Object.entries(entries).map(([key, entry]) => [key, pick(entry)]))])) as BenchSizes;
}

/** Reads `--smoke` from the command line (`npm run bench -- --smoke`, `npm run bench:flow -- --smoke`). */
export const cliOptions = (argv = process.argv.slice(2)): BenchOptions => ({ smoke: argv.includes("--smoke") });

/** A section's local state folder: the smoke run keeps its own, so it never wipes a full run's loaded data (BENCH_REUSE). */
export const benchPersist = (folder: string, { smoke = false }: BenchOptions = {}): string => (smoke ? `${folder}-smoke` : folder);
