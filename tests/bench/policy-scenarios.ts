/**
 * The policy figures' work inside the bench Worker (tests/bench/worker.ts): one enterprise matched against
 * every published policy (policiesForEnterprise: facts loaded once, each policy evaluated), and one policy
 * matched against every enterprise (enterprisesForPolicy: SQL candidates, a page of 20 traced).
 */
import { enterprisesForPolicy, policiesForEnterprise } from "../../worker/policy/match.ts";
import { policyById } from "../../worker/policy/queries.ts";
import { summarise } from "./scenarios.ts";

async function timed<T>(runs: number, work: (i: number) => Promise<T>) {
  const samples: number[] = [];
  let last: T | undefined;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    last = await work(i);
    samples.push(performance.now() - started);
  }
  return { ...summarise(samples), last: last! };
}

/** Enterprise `codes[i]` against every published policy, `runs` times (a different enterprise each run). */
export async function enterpriseMatches(db: D1Database, codes: string[], asOf: string, runs: number) {
  const { last, ...timing } = await timed(runs, (i) => policiesForEnterprise(db, codes[i % codes.length]!, { asOf, lang: "zh-CN" }));
  return { ...timing, met: last.filter((r) => r.kind === "met").length, near: last.filter((r) => r.kind === "near").length };
}

/** One policy against every enterprise: the total and the first page of 20 with reasons, `runs` times. */
export async function policyMatches(db: D1Database, policyId: string, asOf: string, runs: number) {
  const policy = await policyById(db, policyId);
  if (!policy) throw new Error(`no policy ${policyId}`);
  const { last, ...timing } = await timed(runs, (i) => enterprisesForPolicy(db, policy, { asOf, lang: "zh-CN", limit: 20, offset: (i % 5) * 20 }));
  return { ...timing, total: last.total, rows: last.rows.length };
}
