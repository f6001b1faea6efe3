/** Moving sync runs on: handing a started run to durable execution, and the cron trigger's advance of running runs. */
import type { Env } from "../http/env.ts";
import type { EventStore } from "../store/index.ts";
import { listsByFamily } from "./lists.ts";
import { advanceRun } from "./run.ts";
import { sourceClient } from "./source.ts";
import { startDurableRun } from "../durable.ts";

/** Hands a started run to its Workflow instance, or moves its first pages on within the request; the cron trigger moves it on either way. */
export const driveRun = (env: Env, store: EventStore, runId: string, waitUntil: (work: Promise<unknown>) => void) =>
  startDurableRun(env.SYNC_WORKFLOW, runId, "sync", () => advanceRun(env, store, sourceClient(env), listsByFamily, runId, { maxPages: 1000, deadline: Date.now() + 20_000 }), waitUntil);

/** Advances every running run whose wait is over, one after another, until `budgetMs` is spent. */
export async function advanceRunning(env: Env, store: EventStore, now: number, budgetMs: number) {
  const deadline = Date.now() + budgetMs;
  const { results } = await env.DB.prepare("SELECT run_id FROM sync_run WHERE status = 'running' AND COALESCE(retry_at, 0) <= ? ORDER BY started_at LIMIT 50").bind(now).all<{ run_id: string }>();
  const client = sourceClient(env);
  for (const { run_id } of results) {
    if (Date.now() >= deadline) break;
    await advanceRun(env, store, client, listsByFamily, run_id, { maxPages: 10_000, deadline });
  }
}

