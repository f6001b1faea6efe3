/**
 * The condition figures' work (tests/bench/worker.ts inside workerd; tests/bench/conditions.ts on
 * node:sqlite for the floor): one policy-like condition matched over every enterprise, and the facts of
 * enterprises read in batches of 500 for the evaluator.
 */
import type { Condition } from "../../events/conditions/tree.ts";
import { enterprisesMeeting, loadFacts } from "../../worker/conditions/index.ts";
import { summarise } from "./scenarios.ts";

/**
 * A policy's conditions split out of its text, as a 科技型中小企业 or 专精特新 notice reads: registered and
 * operating, in an eligible industry, a year in business, an invention patent or four class II IP items,
 * R&D at least 3 % of revenue under 20,000 (10k CNY), no dishonesty record, at most 500 employees.
 */
export const policyCondition: Condition = {
  all: [
    { fact: "regStatus", op: "in", values: ["existing", "inBusiness"] },
    { fact: "industry", op: "in", values: ["C", "I", "M"] },
    { fact: "ageYears", op: "gte", value: 1 },
    { any: [{ fact: "inventionPatents", op: "gte", value: 1 }, { fact: "ipClass2", op: "gte", value: 4 }] },
    { fact: "rdRatio", op: "gte", value: 3 },
    { fact: "revenue", op: "between", max: 20000 },
    { fact: "dishonestRecords", op: "eq", value: 0 },
    { fact: "employees", op: "lte", value: 500 },
  ],
};

/** `runs` matches of the policy over every enterprise (first page of 20 and the total), timed one by one. */
export async function matchPolicy(db: D1Database, asOf: string, runs: number) {
  const samples: number[] = [];
  let total = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const page = await enterprisesMeeting(db, policyCondition, asOf, { limit: 20, offset: 0 });
    samples.push(performance.now() - started);
    total = page.total;
  }
  return { ...summarise(samples), total };
}

/** Every fact of `batches` × 500 enterprises (spread over the table), one loadFacts call per batch. */
export async function factBatches(db: D1Database, asOf: string, batches: number) {
  const { results } = await db.prepare("SELECT credit_code AS c FROM en_enterprise_basic_info ORDER BY id LIMIT ?").bind(batches * 500).all<{ c: string }>();
  const codes = results.map((r) => r.c);
  const samples: number[] = [];
  let enterprises = 0;
  let values = 0;
  for (let i = 0; i < codes.length; i += 500) {
    const started = performance.now();
    const facts = await loadFacts(db, codes.slice(i, i + 500), asOf);
    samples.push(performance.now() - started);
    enterprises += facts.size;
    for (const f of facts.values()) values += Object.keys(f).length;
  }
  const seconds = samples.reduce((a, b) => a + b, 0) / 1000;
  return { ...summarise(samples), enterprises, values, enterprisesPerSecond: enterprises / seconds, valuesPerSecond: values / seconds };
}
