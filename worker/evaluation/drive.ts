/** Moving evaluation runs on: handing a started run to durable execution, and the cron trigger's safety net. */
import type { Env } from "../http/env.ts";
import type { EventStore } from "../store/index.ts";
import { advanceRun } from "./run.ts";
import { runningRunIds } from "./queries.ts";

/**
 * Hands a started run to a Workflow instance named by the run; where the binding is absent (tests without
 * it, a bare local run) the first chunks go within `waitUntil` and the cron trigger moves the rest on.
 */
export async function driveRun(env: Env, store: EventStore, runId: string, waitUntil: (work: Promise<unknown>) => void) {
  if (env.EVALUATION_WORKFLOW) {
    try {
      await env.EVALUATION_WORKFLOW.create({ id: runId, params: { runId } });
      return;
    } catch (error) {
      if (/already exists|duplicate/i.test(String((error as Error)?.message ?? error))) return;
      console.error("evaluation workflow not started; the cron trigger will advance the run", error);
    }
  }
  waitUntil(advanceRun(env, store, runId, Date.now() + 20_000).catch((e) => console.error("evaluation advance failed", e)));
}

/**
 * The cron trigger's advance of running runs where no Workflow drives them (no binding): one after another
 * until `budgetMs` is spent. With the binding the Workflow owns the run (retries included).
 */
export async function advanceRunning(env: Env, store: EventStore, budgetMs: number) {
  if (env.EVALUATION_WORKFLOW) return;
  const deadline = Date.now() + budgetMs;
  for (const runId of await runningRunIds(env.DB)) {
    if (Date.now() >= deadline) break;
    await advanceRun(env, store, runId, deadline);
  }
}
