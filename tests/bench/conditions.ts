/**
 * Condition figures (`npm run bench:conditions`, and at the end of `npm run bench`): BENCH_ENTERPRISES
 * (default 100,000) enterprises with the tab and list records the facts read (patents, software
 * copyrights, two annual financial periods, social insurance, honours, high-tech certificates, tax grades,
 * enforcement, dishonesty, penalties and judgments), generated in bulk and loaded as events with their read
 * models; then inside the Worker: one policy-like condition (8 leaves, aggregates among them) matched over
 * every enterprise through enterprisesMeeting (goal ≤ 1 s), and loadFacts in batches of 500. The floor is
 * the same code on the same SQLite file through node:sqlite.
 */
import { copyFileSync, existsSync, readdirSync } from "node:fs";
import { createHash } from "node:crypto";
import { benchPort, seededBenchDb, startBenchWorker, waitForBenchWorker } from "./bench-worker.ts";
import { NodeD1, asD1 } from "./node-d1.ts";
import { canonicalJson } from "../../worker/store/canonical.ts";
import { store } from "../../worker/modules.ts";
import type { StoredEvent } from "../../worker/store/types.ts";
import type { Family } from "../../events/family.ts";
import { families } from "../../events/families/index.ts";
import { usccCheck } from "../../worker/seed/enterprise-demo/uscc.ts";
import { Rng } from "../../worker/seed/enterprise-demo/random.ts";
import { factBatches, matchPolicy } from "./conditions-scenarios.ts";
import { benchPersist, benchSizes, type BenchOptions } from "./sizes.ts";
import { runAlone, type Line } from "./table.ts";

const log = (...args: unknown[]) => console.error("·", ...args);
const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
type Timing = { median: number; p95: number; runs: number };

/** A day between two years (the 28th at the latest: every month has it). */
const dayIn = (r: Rng, from: number, to: number) => `${r.int(from, to)}-${String(r.int(1, 12)).padStart(2, "0")}-${String(r.int(1, 28)).padStart(2, "0")}`;

const byTable = (table: string) => families.find((f) => f.table === table)! as Family;

/** The i-th enterprise's records, family by family: master first, then what its facts read. */
function enterpriseRecords(i: number): [Family, Record<string, unknown>][] {
  const r = new Rng(i + 1);
  const body = `91610100MA${String(i).padStart(7, "0")}`;
  const ent = { creditCode: body + usccCheck(body), entName: `压测企业${i}有限公司` };
  const out: [Family, Record<string, unknown>][] = [];
  const add = (table: string, record: Record<string, unknown>) => out.push([byTable(table), { ...ent, ...record }]);
  add("en_enterprise_basic_info", {
    areaCode: r.pick(["610102", "610113", "610116", "610303", "610402"]),
    industry: r.pick(["A", "C", "C", "C", "E", "F", "I", "I", "L", "M"]),
    scale: r.pick(["2", "3", "3", "4"]),
    regStatus: r.next() < 0.9 ? "existing" : r.pick(["cancelled", "revoked"]),
    estDate: dayIn(r, 1995, 2026),
    regCapital: r.int(10, 5000),
  });
  for (let n = r.int(0, 4); n > 0; n--) {
    const type = r.pick(["invention", "utilityModel", "utilityModel", "design"]);
    const appDate = dayIn(r, 2012, 2025);
    add("en_patent_info", { title: `一种压测装置${n}`, appNo: `CN${i}${n}`, patentType: type, legalStatus: r.next() < 0.7 ? "granted" : r.pick(["examining", "terminated"]), appDate, grantDate: `${Number(appDate.slice(0, 4)) + 1}${appDate.slice(4)}` });
  }
  for (let n = r.int(0, 2); n > 0; n--) add("en_software_copyright", { softwareName: `压测软件${n}`, regNo: `2024SR${i}${n}`, status: "registered", regDate: dayIn(r, 2015, 2025) });
  let income = r.int(50, 40000);
  for (const year of [2024, 2025]) {
    const employees = r.int(5, 800);
    add("en_financial_info", { period: String(year), periodType: "annual", operatingIncome: income, rdExpense: Math.round(income * r.next() * 0.1), netProfit: Math.round(income * (r.next() * 0.2 - 0.05)), taxPaid: Math.round(income * 0.03), totalAssets: income * 2, totalLiabilities: Math.round(income * r.next()), employeeCount: employees });
    income = Math.round(income * (0.8 + r.next() * 0.5));
  }
  add("en_social_security_info", { reportYear: 2025, pensionCount: r.int(3, 600) });
  if (r.next() < 0.5) add("en_honorary_qualifications", { honorName: "专精特新中小企业", level: r.pick(["national", "provincial", "municipal"]), status: "valid", year: 2024 });
  if (r.next() < 0.2) {
    const issue = dayIn(r, 2020, 2025);
    add("hitech", { certificateNo: `GR${i}`, issueDate: issue, validUntil: `${Number(issue.slice(0, 4)) + 3}${issue.slice(4)}`, status: "valid" });
  }
  if (r.next() < 0.5) add("en_enterprise_grade", { gradeType: "taxCredit", grade: r.pick(["A", "B", "M", "C"]), gradeYear: 2025 });
  if (r.next() < 0.05) add("syn_performer_list", { caseNo: `(2025)陕0113执${i}号`, executedName: ent.entName, filingDate: dayIn(r, 2020, 2026) });
  if (r.next() < 0.02) add("syn_dis_sxbzxr_list", { caseNo: `(2025)陕0113执${i}号`, debtorName: ent.entName, publishDate: dayIn(r, 2020, 2026) });
  if (r.next() < 0.05) add("syn_detail_list_penalty", { penaltyDocNo: `西市监罚〔2025〕${i}号`, decisionDate: dayIn(r, 2020, 2026) });
  if (r.next() < 0.1) add("syn_jud_doc_list", { title: "合同纠纷", caseNo: `(2025)陕0113民初${i}号`, judgeDate: dayIn(r, 2020, 2026) });
  return out;
}

/** A fresh bench database with `count` enterprises and their records, as events with their read models; answers how many records. */
async function loadRegion(persist: string, count: number): Promise<number> {
  const loader = await seededBenchDb(persist);
  const at = new Date().toISOString();
  const meta = { actorId: "bench", actorName: "bench", requestId: "load", ip: null, at };
  let records = 0;
  for (let start = 0; start < count; start += 1000) {
    const events: StoredEvent[] = [];
    for (let i = start; i < Math.min(count, start + 1000); i++) {
      for (const [family, record] of enterpriseRecords(i)) {
        const id = crypto.randomUUID();
        const base = { stream: `${family.name}:${id}`, version: 1, type: family.events.created, data: { id, record }, meta, at };
        events.push({ ...base, hash: createHash("sha256").update(canonicalJson(base)).digest("hex") });
      }
    }
    records += events.length;
    await loader.batch(store.statementsFor(events).map((s) => loader.prepare(s.sql).bind(...s.params)));
    if (start % 20_000 === 0) log(`enterprises loaded ${start} / ${count}`);
  }
  loader.db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  loader.close();
  return records;
}

export async function conditionFigures(options: BenchOptions = {}): Promise<Line[]> {
  const { enterprises: count, matchRuns, factBatches: batches } = benchSizes(options).conditions;
  const port = await benchPort("BENCH_CONDITIONS_PORT");
  const asOf = "2026-11-27";
  const persist = benchPersist(".wrangler/bench-conditions", options);
  const floorFile = `${persist}/floor.sqlite`;
  // BENCH_REUSE keeps the region the last run loaded (the bench only reads it)
  const reuse = !!process.env.BENCH_REUSE && existsSync(floorFile);
  const started = performance.now();
  const records = reuse ? null : await loadRegion(persist, count);
  const loadSeconds = (performance.now() - started) / 1000;
  if (records === null) log("reusing the region loaded by the previous run");
  else {
    log(`loaded ${fmt(count)} enterprises, ${fmt(records)} records in ${fmt(loadSeconds, 1)} s`);
    const dir = `${persist}/v3/d1/miniflare-D1DatabaseObject`;
    copyFileSync(`${dir}/${readdirSync(dir).find((f) => /^[0-9a-f]{64}\.sqlite$/.test(f))}`, floorFile);
  }

  const { base, stop } = startBenchWorker(persist, port);
  let worker: { match: Timing & { total: number }; facts: Timing & { enterprisesPerSecond: number; valuesPerSecond: number } };
  try {
    await waitForBenchWorker(base);
    const get = async <T>(path: string) => {
      const answer = (await (await fetch(`${base}${path}`)).json()) as T & { error?: string };
      if (answer.error) throw new Error(`${path}: ${answer.error}`);
      return answer;
    };
    worker = {
      match: await get(`/conditions/match?asOf=${asOf}&runs=${matchRuns}`),
      facts: await get(`/conditions/facts?asOf=${asOf}&batches=${batches}`),
    };
  } finally {
    stop();
  }
  const floorDb = new NodeD1(floorFile);
  const floor = { match: await matchPolicy(asD1(floorDb), asOf, matchRuns), facts: await factBatches(asD1(floorDb), asOf, batches) };
  floorDb.close();
  log(`policy matched: ${fmt(worker.match.median, 1)} ms (floor ${fmt(floor.match.median, 1)}), ${fmt(worker.match.total)} enterprises meet it`);
  log(`facts: ${fmt(worker.facts.enterprisesPerSecond)} enterprises/s, ${fmt(worker.facts.valuesPerSecond)} values/s (floor ${fmt(floor.facts.enterprisesPerSecond)})`);
  if (worker.match.total !== floor.match.total || worker.match.total === 0) throw new Error(`the policy matched ${worker.match.total} in the Worker and ${floor.match.total} on the floor`);
  return [
    [`conditions: ${fmt(count)} enterprises with ${records === null ? "the previous run's" : fmt(records)} tab and list records${records === null ? " (reused)" : " loaded (node:sqlite bulk), s"}`, records === null ? "" : fmt(loadSeconds, 1), "", "", "", null],
    [`one policy (8 leaves, 5 of them aggregates) matched over ${fmt(count)} enterprises (${fmt(worker.match.total)} meet it; page of 20 and total), median ms (p95 ${fmt(worker.match.p95, 1)})`, fmt(worker.match.median, 1), fmt(floor.match.median, 1), `${fmt(worker.match.median / floor.match.median, 1)}×`, "≤ 1,000 ms", worker.match.median <= 1000],
    [`  loadFacts, batches of 500 enterprises (every fact: ${fmt(worker.facts.valuesPerSecond)} values/s), enterprises/s (batch median ${fmt(worker.facts.median, 1)} ms)`, fmt(worker.facts.enterprisesPerSecond), fmt(floor.facts.enterprisesPerSecond), fmt(worker.facts.enterprisesPerSecond / floor.facts.enterprisesPerSecond, 2), "", null],
  ];
}

if (import.meta.main) await runAlone("qifu condition bench", conditionFigures);
