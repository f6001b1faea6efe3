/**
 * Evaluation figures (`npm run bench:evaluation`, and at the end of `npm run bench`): BENCH_EVAL_ENTERPRISES
 * (default 100,000) enterprises with what a model reads (master record, patents, software copyrights, two
 * annual financial periods) loaded as events with their read models, a model saved through the API, then
 * inside the Worker: one enterprise scored through the route (HTTP, result written; goal ≤ 20 ms), every
 * enterprise scored in chunks of 500 — facts loading + scoring, no results written (goal ≥ 1,000/s) — and
 * a whole run that also writes every result through the command pipeline (reported, no goal).
 */
import { createHash } from "node:crypto";
import { existsSync, writeFileSync } from "node:fs";
import { benchApi, benchPort, seededBenchDb, startBenchWorker, waitForBenchWorker } from "./bench-worker.ts";
import { canonicalJson } from "../../worker/store/canonical.ts";
import { store } from "../../worker/modules.ts";
import type { StoredEvent } from "../../worker/store/types.ts";
import type { Family } from "../../events/family.ts";
import { enterpriseBasicInfo, financialInfo, patentInfo, softwareCopyright } from "../../events/families/enterprise.ts";
import { usccCheck } from "../../worker/seed/enterprise-demo/uscc.ts";
import { demoAdminPassword } from "../../worker/seed/index.ts";
import type { Definition } from "../../events/evaluation/definition.ts";
import { benchPersist, benchSizes, type BenchOptions } from "./sizes.ts";
import { runAlone, type Line } from "./table.ts";
import { chunkSize } from "../../worker/evaluation/run.ts";
import { timed } from "./scenarios.ts";

const log = (...args: unknown[]) => console.error("·", ...args);
const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
const asOf = "2026-11-27";
const t = (zh: string) => ({ "zh-CN": zh, "en-US": zh });

/** A model reading master fields, IP counts and finance ratios: entry, a direct pass, bands, best-of, items. */
const definition: Definition = {
  totalScore: 100,
  entry: { all: [{ fact: "regStatus", op: "in", values: ["existing", "inBusiness"] }, { fact: "ageYears", op: "gte", value: 1 }] },
  directPass: [{ label: t("有效发明专利3项以上"), when: { fact: "inventionPatents", op: "gte", value: 3 } }],
  metrics: [
    { key: "capital", name: t("注册资本"), weight: 20, scoring: { kind: "bands", measure: { fact: "regCapital" }, bands: [{ min: null, max: 100, points: 0 }, { min: 100, max: 1000, points: 10 }, { min: 1000, max: null, points: 20 }] } },
    {
      key: "rd", name: t("研发投入"), weight: 40,
      scoring: {
        kind: "best",
        alternatives: [
          { label: t("研发费用占比"), measure: { ratio: ["rdExpense", "revenue"], percent: true }, bands: [{ min: null, max: 3, points: 0 }, { min: 3, max: 6, points: 20 }, { min: 6, max: null, points: 40 }] },
          { label: t("研发费用总额"), measure: { fact: "rdExpense" }, bands: [{ min: null, max: 100, points: 0 }, { min: 100, max: 1000, points: 25 }, { min: 1000, max: null, points: 40 }] },
        ],
      },
    },
    { key: "ip", name: t("知识产权"), weight: 40, scoring: { kind: "items", items: [{ label: t("发明专利"), when: { fact: "inventionPatents", op: "gte", value: 1 }, points: 25 }, { label: t("实用新型或软著"), when: { any: [{ fact: "utilityPatents", op: "gte", value: 1 }, { fact: "softwareCopyrights", op: "gte", value: 1 }] }, points: 15 }] } },
  ],
  passLine: 60,
  passRequires: [{ metric: "rd", above: 0 }],
  grades: [{ code: "C", label: t("一般"), min: 0 }, { code: "B", label: t("良好"), min: 60 }, { code: "A", label: t("优秀"), min: 80 }],
};

/** The i-th enterprise's records (deterministic): master, 0–3 patents, 0–2 software copyrights, two annual periods. */
function records(i: number): [Family, Record<string, unknown>][] {
  let seed = i + 7;
  const next = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const body = `91610100MB${String(i).padStart(7, "0")}`;
  const ent = { creditCode: body + usccCheck(body), entName: `评价压测企业${i}有限公司` };
  const out: [Family, Record<string, unknown>][] = [[enterpriseBasicInfo as unknown as Family, { ...ent, areaCode: "610113", regStatus: next() < 0.9 ? "existing" : "cancelled", estDate: `${int(2000, 2025)}-03-01`, regCapital: int(10, 5000) }]];
  for (let n = int(0, 3); n > 0; n--) out.push([patentInfo as unknown as Family, { ...ent, title: `压测装置${n}`, appNo: `CN${i}${n}`, patentType: next() < 0.5 ? "invention" : "utilityModel", legalStatus: "granted", appDate: "2021-01-10", grantDate: "2022-05-06" }]);
  for (let n = int(0, 2); n > 0; n--) out.push([softwareCopyright as unknown as Family, { ...ent, softwareName: `压测软件${n}`, regNo: `2024SR${i}${n}`, status: "registered", regDate: "2024-03-01" }]);
  const income = int(50, 40000);
  for (const year of [2024, 2025]) out.push([financialInfo as unknown as Family, { ...ent, period: String(year), periodType: "annual", operatingIncome: income, rdExpense: Math.round(income * next() * 0.1), employeeCount: int(5, 800) }]);
  return out;
}

export async function evaluationFigures(options: BenchOptions = {}): Promise<Line[]> {
  const { enterprises: count, routeRuns } = benchSizes(options).evaluation;
  const port = await benchPort("BENCH_EVALUATION_PORT");
  const persist = benchPersist(".wrangler/bench-evaluation", options);
  // BENCH_EVAL_REUSE=1: the enterprises loaded by the last run (a marker file records how many)
  const marker = `${persist}/loaded-${count}`;
  if (process.env.BENCH_EVAL_REUSE && existsSync(marker)) log(`reusing the ${fmt(count)} enterprises loaded before`);
  else await load(persist, count, marker);
  return measure(persist, port, count, routeRuns);
}

async function load(persist: string, count: number, marker: string) {
  const loader = await seededBenchDb(persist);
  const at = new Date().toISOString();
  const meta = { actorId: "bench", actorName: "bench", requestId: "load", ip: null, at };
  const started = performance.now();
  for (let start = 0; start < count; start += 1000) {
    const events: StoredEvent[] = [];
    for (let i = start; i < Math.min(count, start + 1000); i++) {
      for (const [family, record] of records(i)) {
        const id = crypto.randomUUID();
        const base = { stream: `${family.name}:${id}`, version: 1, type: family.events.created, data: { id, record }, meta, at };
        events.push({ ...base, hash: createHash("sha256").update(canonicalJson(base)).digest("hex") });
      }
    }
    await loader.batch(store.statementsFor(events).map((s) => loader.prepare(s.sql).bind(...s.params)));
    if (start % 20_000 === 0) log(`evaluation enterprises loaded ${start} / ${count}`);
  }
  loader.db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  loader.close();
  log(`loaded ${fmt(count)} enterprises in ${fmt((performance.now() - started) / 1000, 1)} s`);
  writeFileSync(marker, "");
}

async function measure(persist: string, port: number, count: number, runs: number): Promise<Line[]> {
  const { base, stop } = startBenchWorker(persist, port);
  try {
    await waitForBenchWorker(base);
    const { api, signIn } = benchApi(base);
    await signIn("admin", demoAdminPassword);
    const modelId = (await api<{ id: string }>("/common/tbevaluationmodel/save", { name: "压测评价模型", code: `BENCH${Date.now().toString(36)}`, modelType: "comprehensive", status: "1", totalScore: 100, definition })).data.id;
    const codeOf = (i: number) => records(i)[0]![1].creditCode as string;
    const one = await timed(runs, (i) => api("/common/tbevaluationmodel/evaluation", { modelId, creditCode: codeOf((i * 7919) % count), asOf }));
    const preview = await timed(runs, (i) => api("/common/tbevaluationmodel/evaluation/preview", { modelId, creditCode: codeOf((i * 104729) % count), asOf }));
    const bare = await timed(runs, () => fetch(`${base}/bare-batch`).then((r) => r.arrayBuffer()));
    log(`one enterprise through the route: median ${fmt(one.median, 1)} ms`);
    const scoring = (await (await fetch(`${base}/evaluation/score?modelId=${modelId}&asOf=${asOf}&chunk=500`)).json()) as { scored: number; passed: number; ms: number; perSecond: number };
    log(`scored ${fmt(scoring.scored)} in ${fmt(scoring.ms)} ms`);
    const run = (await (await fetch(`${base}/evaluation/run?modelId=${modelId}&asOf=${asOf}`)).json()) as { status: string; scored: number; passed: number; ms: number; perSecond: number };
    log(`whole run: ${run.status}, ${fmt(run.scored)} in ${fmt(run.ms)} ms`);
    return [
      [`one enterprise scored through POST /common/tbevaluationmodel/evaluation (facts, score, result written), median ms (p95 ${fmt(one.p95, 1)})`, fmt(one.median, 1), "", "", "≤ 20 ms", one.median <= 20],
      [`  the same without writing the result (the preview route), median ms (p95 ${fmt(preview.p95, 1)}); one bare D1 batch per request on this machine now: ${fmt(bare.median, 1)} ms`, fmt(preview.median, 1), "", "", "", null],
      [`${fmt(scoring.scored)} enterprises scored in the Worker (facts loading + scoring, 500 per chunk, results not written; ${fmt(scoring.passed)} passed), per s`, fmt(scoring.perSecond), "", "", "≥ 1,000/s", scoring.perSecond >= 1000 && scoring.scored === count],
      [`  a whole run with every result written through the command pipeline (${chunkSize} per chunk, ${run.status}, ${fmt(run.ms / 1000, 1)} s), per s`, fmt(run.perSecond), "", "", "", run.status === "done" && run.scored === count ? null : false],
    ];
  } finally {
    stop();
  }
}

if (import.meta.main) await runAlone("qifu evaluation bench", evaluationFigures);
