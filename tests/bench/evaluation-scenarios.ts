/**
 * The evaluation figures' work inside the bench Worker (tests/bench/worker.ts): every enterprise scored
 * chunk by chunk (facts loaded in one batched pass per chunk, then the pure score) without writing, and a
 * whole run that also writes every result through the command pipeline, as the Workflow runs it.
 */
import { enterprisesAfter, modelNow, runById } from "../../worker/evaluation/queries.ts";
import { scoreEnterprises } from "../../worker/evaluation/scoring.ts";
import { advanceRun, startRun } from "../../worker/evaluation/run.ts";
import type { Env } from "../../worker/http/env.ts";
import type { EventStore } from "../../worker/store/index.ts";

/** Scores every enterprise under `modelId` in chunks of `chunk`, writing nothing: facts loading + scoring. */
export async function scoreAll(db: D1Database, modelId: string, asOf: string, chunk: number) {
  const model = (await modelNow(db, modelId))!;
  const started = performance.now();
  let cursor: string | null = null;
  let scored = 0;
  let passed = 0;
  for (;;) {
    const enterprises = await enterprisesAfter(db, cursor, chunk);
    if (enterprises.length === 0) break;
    const results = await scoreEnterprises(db, model.id, model.definition!, enterprises, asOf);
    scored += results.length;
    passed += results.filter((r) => r.breakdown.passed).length;
    cursor = enterprises.at(-1)!.code;
  }
  const ms = performance.now() - started;
  return { scored, passed, ms, perSecond: scored / (ms / 1000) };
}

/** A whole run under `modelId` (results written, one command per 100-enterprise chunk), to the end. */
export async function wholeRun(env: Env, store: EventStore, modelId: string, asOf: string) {
  const model = (await modelNow(env.DB, modelId))!;
  const { run } = await startRun(env.DB, model, asOf, "bench");
  const started = performance.now();
  let status = "running";
  while (status === "running") status = await advanceRun(env, store, run.runId, Date.now() + 60_000);
  const ms = performance.now() - started;
  const done = (await runById(env.DB, run.runId))!;
  return { status, scored: done.scored, passed: done.passed, ms, perSecond: done.scored / (ms / 1000) };
}
