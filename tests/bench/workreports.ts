/**
 * Work-report statistics figures (`npm run bench:workreports`, and at the end of `npm run bench`): BENCH_VISITS
 * (default 100,000) visits of 200 staff in 10 departments over three years, with their service and demand
 * archives, trainings, roadshows and reports, written as read-model rows into a fresh local D1; then
 * statCount, jgStatCount, visitList and trainingList timed inside the Worker (the routes' own reads) over a
 * year, a month, one department and one member of staff, and statCount once over HTTP.
 */
import { benchApi, benchPort, seededBenchDb, startBenchWorker, waitForBenchWorker } from "./bench-worker.ts";
import { demoAdminPassword } from "../../worker/seed/index.ts";
import { benchPersist, benchSizes, type BenchOptions } from "./sizes.ts";
import { runAlone, type Line } from "./table.ts";
import { rollupFromVisits } from "../../worker/workreports/rollup.ts";
import { summarise } from "./scenarios.ts";

const log = (...args: unknown[]) => console.error("·", ...args);
const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** A deterministic generator, so every run measures the same rows. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0) / 2 ** 32);
}

export async function workreportFigures(options: BenchOptions = {}): Promise<Line[]> {
  const { visits, runs } = benchSizes(options).workreports;
  const port = await benchPort("BENCH_WORKREPORTS_PORT");
  const persist = benchPersist(".wrangler/bench-workreports", options);
  const loader = await seededBenchDb(persist);
  const db = loader.db;
  const random = rng(20261127);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const started = performance.now();
  const depts = Array.from({ length: 10 }, (_, i) => `bench-dept-${i}`);
  const staff = Array.from({ length: 200 }, (_, i) => ({ id: `bench-user-${i}`, dept: depts[i % depts.length]! }));
  const enterprises = Array.from({ length: 5000 }, (_, i) => `91610100BENCH${String(i).padStart(5, "0")}`);
  const day = () => new Date(Date.UTC(2024, 0, 1) + Math.floor(random() * 1062) * 86_400_000).toISOString().slice(0, 10);
  const now = "2026-11-27 12:00:00";
  db.exec("BEGIN");
  const dept = db.prepare("INSERT INTO sys_department (id, name, credit_code, org_id, sort, version) VALUES (?, ?, ?, '610100', ?, 1)");
  depts.forEach((d, i) => dept.run(d, `统计部门${i}`, `1161010000000${String(i).padStart(4, "0")}X`, i));
  const user = db.prepare("INSERT INTO sys_user (id, user_no, name, dept_id, status, version) VALUES (?, ?, ?, ?, '1', 1)");
  for (const s of staff) user.run(s.id, s.id, `人员${s.id.slice(11)}`, s.dept);
  const visit = db.prepare("INSERT INTO en_company_visit (id, credit_code, ent_name, visit_date, visitor_id, visit_type, status, version, create_time) VALUES (?, ?, '统计企业', ?, ?, ?, 'visited', 1, ?)");
  for (let i = 0; i < visits; i++) visit.run(`v${i}`, pick(enterprises), day(), pick(staff).id, pick(["onsite", "phone", "video", "meeting"]), now);
  // the rows bypass the projections: the rollup is counted from them, as the migration and a rebuild do
  db.exec(rollupFromVisits);
  const archive = db.prepare("INSERT INTO en_visit_history (id, credit_code, ent_name, archive_type, visit_date, visitor_id, status, satisfaction, version) VALUES (?, ?, '统计企业', ?, ?, ?, ?, ?, 1)");
  for (let i = 0; i < visits * 0.3; i++) archive.run(`h${i}`, pick(enterprises), pick(["zfda", "fwda", "xqda"]), day(), pick(staff).id, pick(["pending", "handling", "done"]), pick(["1", "2", "3"]));
  const training = db.prepare("INSERT INTO en_company_training (id, credit_code, ent_name, title, training_type, training_date, participant_count, recorder_user_id, version) VALUES (?, ?, '统计企业', '培训', ?, ?, ?, ?, 1)");
  for (let i = 0; i < visits * 0.1; i++) training.run(`t${i}`, pick(enterprises), pick(["policy", "listing", "financing", "management"]), day(), Math.floor(random() * 80), pick(staff).id);
  const roadshow = db.prepare("INSERT INTO tb_roadshow_pass (id, credit_code, ent_name, title, roadshow_time, status, version, create_by) VALUES (?, ?, '统计企业', '路演', ?, '1', 1, ?)");
  for (let i = 0; i < visits * 0.02; i++) roadshow.run(`r${i}`, pick(enterprises), `${day()} 10:00:00`, pick(staff).id);
  const report = db.prepare("INSERT INTO en_work_report (id, title, report_type, period, period_start, period_end, reporter_id, dept_id, content, status, version) VALUES (?, '周报', 'weekly', ?, ?, ?, ?, ?, '内容', ?, 1)");
  let reports = 0;
  for (const s of staff) {
    for (let w = 0; w < 150; w++) {
      const start = new Date(Date.UTC(2024, 0, 1) + w * 7 * 86_400_000).toISOString().slice(0, 10);
      report.run(`w${s.id}-${w}`, `P${w}`, start, start, s.id, s.dept, pick(["submitted", "reviewed", "returned"]));
      reports++;
    }
  }
  db.exec("COMMIT");
  db.exec("ANALYZE");
  db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  loader.close();
  const loadSeconds = (performance.now() - started) / 1000;
  log(`loaded ${fmt(visits)} visits, ${fmt(visits * 0.3)} archives, ${fmt(visits * 0.1)} trainings, ${fmt(visits * 0.02)} roadshows, ${fmt(reports)} reports in ${fmt(loadSeconds, 1)} s`);

  const { base, stop } = startBenchWorker(persist, port);
  try {
    await waitForBenchWorker(base);
    const filters = { "(a year)": { from: "2025-01-01", to: "2025-12-31" }, "(all three years)": {}, "(a month)": { from: "2025-06-01", to: "2025-06-30" }, "(a year, one department)": { from: "2025-01-01", to: "2025-12-31", deptId: depts[3] }, "(a year, one member of staff)": { from: "2025-01-01", to: "2025-12-31", staffId: staff[7]!.id } };
    const timings = (await (await fetch(`${base}/workreports/stats?runs=${runs}&filters=${encodeURIComponent(JSON.stringify(filters))}`)).json()) as Record<string, { median: number; p95: number }>;
    const { api, signIn } = benchApi(base);
    await signIn("admin", demoAdminPassword);
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      await api("/common/enworkreport/statCount?from=2025-01-01&to=2025-12-31");
      samples.push(performance.now() - t);
    }
    const lines: Line[] = [[`work-report statistics: ${fmt(visits)} visits and the rest loaded as read-model rows, s`, fmt(loadSeconds, 1), "", "", "", null]];
    for (const [name, { median, p95 }] of Object.entries(timings)) {
      log(`${name}: ${fmt(median, 1)} ms (p95 ${fmt(p95, 1)})`);
      lines.push([`${name} over ${fmt(visits)} visits, in the Worker, median ms (p95 ${fmt(p95, 1)})`, fmt(median, 1), "", "", "≤ 50 ms", median <= 50]);
    }
    lines.push(["statCount (a year) over HTTP (session, envelope), median ms", fmt(summarise(samples).median, 1), "", "", "", null]);
    return lines;
  } finally {
    stop();
  }
}

if (import.meta.main) await runAlone("qifu work-report statistics bench", workreportFigures);
