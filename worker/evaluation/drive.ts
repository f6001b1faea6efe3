/** Moving evaluation runs on: handing a started run to durable execution, and the cron trigger's safety net. */
import type { Env } from "../http/env.ts";
import type { EventStore } from "../store/index.ts";
import { advanceRun } from "./run.ts";
import { runningRunIds } from "./queries.ts";
import { startDurableRun } from "../durable.ts";

/** Hands a started run to its Workflow instance, or moves its first chunks on within the request. */
export const driveRun = (env: Env, store: EventStore, runId: string, waitUntil: (work: Promise<unknown>) => void) =>
  startDurableRun(env.EVALUATION_WORKFLOW, runId, { runId }, "evaluation", () => advanceRun(env, store, runId, Date.now() + 20_000), waitUntil);

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
