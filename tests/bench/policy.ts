/**
 * Policy figures (`npm run bench:policy`, and at the end of `npm run bench`): BENCH_POLICY_ENTERPRISES
 * (default 100,000) enterprises with what the policies ask of them (master record, patents, software
 * copyrights, an annual financial period, a tax grade) and BENCH_POLICIES (default 500) published policies
 * of 2–4 named conditions each, generated deterministically and loaded as events with their read models.
 * Inside the Worker: one enterprise against every published policy (goal ≤ 50 ms) and one policy against
 * every enterprise, its total and a page of 20 with reasons (goal ≤ 1 s). The floor is the same code on a
 * copy of the same SQLite file through node:sqlite.
 */
import { copyFileSync, readdirSync } from "node:fs";
import { createHash } from "node:crypto";
import { benchPort, seededBenchDb, startBenchWorker, waitForBenchWorker } from "./bench-worker.ts";
import { NodeD1, asD1 } from "./node-d1.ts";
import { canonicalJson } from "../../worker/store/canonical.ts";
import { store } from "../../worker/modules.ts";
import type { StoredEvent } from "../../worker/store/types.ts";
import type { Family } from "../../events/family.ts";
import { families } from "../../events/families/index.ts";
import type { PolicyCondition } from "../../events/policy/conditions.ts";
import { usccCheck } from "../../worker/seed/enterprise-demo/uscc.ts";
import { enterpriseMatches, policyMatches } from "./policy-scenarios.ts";
import { benchPersist, benchSizes, type BenchOptions } from "./sizes.ts";
import { runAlone, type Line } from "./table.ts";

const log = (...args: unknown[]) => console.error("·", ...args);
const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
type Timing = { median: number; p95: number; runs: number };

/** A seeded generator: the same region and policies on every run. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a * 1664525 + 1013904223) >>> 0;
    return a / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  return { next, int, pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]! };
}

const byTable = (table: string) => families.find((f) => f.table === table)! as Family;
const codeOf = (i: number) => {
  const body = `91610100MB${String(i).padStart(7, "0")}`;
  return body + usccCheck(body);
};

function enterpriseRecords(i: number): [Family, Record<string, unknown>][] {
  const r = rng(i * 7919 + 17);
  const ent = { creditCode: codeOf(i), entName: `政策压测企业${i}有限公司` };
  const out: [Family, Record<string, unknown>][] = [];
  const add = (table: string, record: Record<string, unknown>) => out.push([byTable(table), { ...ent, ...record }]);
  add("en_enterprise_basic_info", { areaCode: r.pick(["610102", "610113", "610116", "610303"]), industry: r.pick(["C", "C", "I", "M", "F"]), scale: r.pick(["2", "3", "3", "4"]), estDate: `${r.int(1998, 2025)}-0${r.int(1, 9)}-1${r.int(0, 9)}`, regCapital: r.int(10, 5000) });
  for (let n = r.int(0, 3); n > 0; n--) add("en_patent_info", { title: `一种压测装置${n}`, appNo: `CNP${i}${n}`, patentType: r.pick(["invention", "utilityModel"]), legalStatus: "granted", appDate: "2021-03-01", grantDate: `${r.int(2022, 2025)}-06-01` });
  if (r.next() < 0.5) add("en_software_copyright", { softwareName: "压测软件", regNo: `2024SRP${i}`, status: "registered", regDate: "2024-01-05" });
  const income = r.int(50, 40000);
  add("en_financial_info", { period: "2025", periodType: "annual", operatingIncome: income, rdExpense: Math.round(income * r.next() * 0.1), netProfit: Math.round(income * (r.next() * 0.2 - 0.05)), totalAssets: income * 2, employeeCount: r.int(5, 800) });
  if (r.next() < 0.6) add("en_enterprise_grade", { gradeType: "taxCredit", grade: r.pick(["A", "B", "M", "C"]), gradeYear: 2025 });
  return out;
}

/** The n-th bench policy: 2–4 named conditions over master, IP, finance and tax facts. */
function benchPolicy(n: number): Record<string, unknown> {
  const r = rng(n * 104729 + 3);
  const pool: (() => PolicyCondition["condition"])[] = [
    () => ({ fact: "regCapital", op: "gte", value: r.pick([50, 100, 500, 1000]) }),
    () => ({ fact: "inventionPatents", op: "gte", value: r.int(1, 3) }),
    () => ({ any: [{ fact: "ipClass1", op: "gte", value: 1 }, { fact: "ipClass2", op: "gte", value: r.int(2, 4) }] }),
    () => ({ fact: "revenue", op: r.pick(["gte", "lte"] as const), value: r.pick([1000, 5000, 20000]) }),
    () => ({ fact: "rdRatio", op: "gte", value: r.pick([2, 3, 5]) }),
    () => ({ fact: "scale", op: "in", values: ["2", "3", "4"] }),
    () => ({ fact: "ageYears", op: "gte", value: r.int(1, 5) }),
    () => ({ fact: "taxCreditGrade", op: "in", values: ["A", "B"] }),
    () => ({ fact: "dishonestRecords", op: "eq", value: 0 }),
  ];
  const conditions: PolicyCondition[] = [];
  const used = new Set<number>();
  for (let k = r.int(2, 4); k > 0; k--) {
    let pick = r.int(0, pool.length - 1);
    while (used.has(pick)) pick = (pick + 1) % pool.length;
    used.add(pick);
    conditions.push({ code: `c${pick}`, label: { "zh-CN": `条件${pick}`, "en-US": `Condition ${pick}` }, condition: pool[pick]!() });
  }
  return { policyName: `压测政策${n}`, policyLevel: r.pick(["national", "provincial", "municipal", "county"]), policyType: r.pick(["subsidy", "tax", "technology"]), conditions, status: "published", publishTime: "2026-01-01 00:00:00", noticedAt: "2026-01-01 00:00:00", declarable: true };
}

/** The policy every "one policy against all" run matches: capital, invention patents and R&D share. */
const headline: Record<string, unknown> = {
  policyName: "压测基准政策",
  policyLevel: "provincial",
  policyType: "technology",
  status: "published",
  conditions: [
    { code: "capital", label: { "zh-CN": "注册资本不低于 100 万元", "en-US": "Capital ≥ 1m" }, condition: { fact: "regCapital", op: "gte", value: 100 } },
    { code: "ip", label: { "zh-CN": "拥有发明专利", "en-US": "An invention patent" }, condition: { fact: "inventionPatents", op: "gte", value: 1 } },
    { code: "rd", label: { "zh-CN": "研发投入占比不低于 3%", "en-US": "R&D ≥ 3%" }, condition: { fact: "rdRatio", op: "gte", value: 3 } },
    { code: "tax", label: { "zh-CN": "纳税信用 A 或 B", "en-US": "Tax grade A or B" }, condition: { fact: "taxCreditGrade", op: "in", values: ["A", "B"] } },
  ],
};
const headlineId = "bench-policy-headline";

export async function policyFigures(options: BenchOptions = {}): Promise<Line[]> {
  const { enterprises: count, policies, enterpriseRuns, policyRuns } = benchSizes(options).policy;
  const port = await benchPort("BENCH_POLICY_PORT");
  const asOf = "2026-11-27";
  const persist = benchPersist(".wrangler/bench-policy", options);
  const loader = await seededBenchDb(persist);
  const at = new Date().toISOString();
  const meta = { actorId: "bench", actorName: "bench", requestId: "load", ip: null, at };
  const event = (family: Family, id: string, record: Record<string, unknown>): StoredEvent => {
    const base = { stream: `${family.name}:${id}`, version: 1, type: family.events.created, data: { id, record }, meta, at };
    return { ...base, hash: createHash("sha256").update(canonicalJson(base)).digest("hex") };
  };
  const started = performance.now();
  let records = 0;
  for (let start = 0; start < count; start += 1000) {
    const events: StoredEvent[] = [];
    for (let i = start; i < Math.min(count, start + 1000); i++) for (const [family, record] of enterpriseRecords(i)) events.push(event(family, crypto.randomUUID(), record));
    records += events.length;
    await loader.batch(store.statementsFor(events).map((s) => loader.prepare(s.sql).bind(...s.params)));
    if (start % 20_000 === 0) log(`enterprises loaded ${start} / ${count}`);
  }
  const policyFamily = byTable("policy_pac_list");
  const policyEvents = [event(policyFamily, headlineId, headline), ...Array.from({ length: policies }, (_, n) => event(policyFamily, `bench-policy-${n}`, benchPolicy(n)))];
  await loader.batch(store.statementsFor(policyEvents).map((s) => loader.prepare(s.sql).bind(...s.params)));
  loader.db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  loader.close();
  const loadSeconds = (performance.now() - started) / 1000;
  log(`loaded ${fmt(count)} enterprises (${fmt(records)} records) and ${policies + 1} policies in ${fmt(loadSeconds, 1)} s`);
  const dir = `${persist}/v3/d1/miniflare-D1DatabaseObject`;
  const floorFile = `${persist}/floor.sqlite`;
  copyFileSync(`${dir}/${readdirSync(dir).find((f) => /^[0-9a-f]{64}\.sqlite$/.test(f))}`, floorFile);

  const codes = Array.from({ length: 50 }, (_, k) => codeOf((k * 1999) % count));
  const { base, stop } = startBenchWorker(persist, port);
  let worker: { enterprise: Timing & { met: number; near: number }; policy: Timing & { total: number; rows: number } };
  try {
    await waitForBenchWorker(base);
    const get = async <T>(path: string, body?: unknown) => {
      const answer = (await (await fetch(`${base}${path}`, body ? { method: "POST", body: JSON.stringify(body) } : {})).json()) as T & { error?: string };
      if (answer.error) throw new Error(`${path}: ${answer.error}`);
      return answer;
    };
    worker = {
      enterprise: await get(`/policy/enterprise?asOf=${asOf}&runs=${enterpriseRuns}`, codes),
      policy: await get(`/policy/policy?asOf=${asOf}&runs=${policyRuns}&policyId=${headlineId}`),
    };
  } finally {
    stop();
  }
  const floorDb = new NodeD1(floorFile);
  const floor = { enterprise: await enterpriseMatches(asD1(floorDb), codes, asOf, enterpriseRuns), policy: await policyMatches(asD1(floorDb), headlineId, asOf, policyRuns) };
  floorDb.close();
  log(`one enterprise × ${policies + 1} policies: ${fmt(worker.enterprise.median, 1)} ms (floor ${fmt(floor.enterprise.median, 1)}); one policy × ${fmt(count)}: ${fmt(worker.policy.median, 1)} ms, ${fmt(worker.policy.total)} meet it`);
  if (worker.policy.total !== floor.policy.total || worker.policy.total === 0) throw new Error(`the policy matched ${worker.policy.total} in the Worker and ${floor.policy.total} on the floor`);
  return [
    [`policy: ${fmt(count)} enterprises (${fmt(records)} records) and ${fmt(policies + 1)} published policies loaded (node:sqlite bulk), s`, fmt(loadSeconds, 1), "", "", "", null],
    [`one enterprise against ${fmt(policies + 1)} published policies (met ${worker.enterprise.met}, near ${worker.enterprise.near} for the last), median ms (p95 ${fmt(worker.enterprise.p95, 1)})`, fmt(worker.enterprise.median, 1), fmt(floor.enterprise.median, 1), `${fmt(worker.enterprise.median / floor.enterprise.median, 1)}×`, "≤ 50 ms", worker.enterprise.median <= 50],
    [`one policy (4 conditions) against ${fmt(count)} enterprises (${fmt(worker.policy.total)} meet it; total and a page of 20 with reasons), median ms (p95 ${fmt(worker.policy.p95, 1)})`, fmt(worker.policy.median, 1), fmt(floor.policy.median, 1), `${fmt(worker.policy.median / floor.policy.median, 1)}×`, "≤ 1,000 ms", worker.policy.median <= 1000],
  ];
}

if (import.meta.main) await runAlone("qifu policy bench", policyFigures);
