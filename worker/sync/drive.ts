/** Moving sync runs on: handing a started run to durable execution, and the cron trigger's advance of running runs. */
import type { Env } from "../http/env.ts";
import type { EventStore } from "../store/index.ts";
import { listsByFamily } from "./lists.ts";
import { advanceRun } from "./run.ts";
import { sourceClient } from "./source.ts";

/**
 * Hands a started run to durable execution: a Workflow instance named by the run (Cloudflare Workflows), or,
 * where the binding is absent, the first pages within `waitUntil`; the cron trigger moves it on either way.
 */
export async function driveRun(env: Env, store: EventStore, runId: string, waitUntil: (work: Promise<unknown>) => void) {
  if (env.SYNC_WORKFLOW) {
    try {
      await env.SYNC_WORKFLOW.create({ id: runId, params: { runId } });
      return;
    } catch (error) {
      // an instance of that run exists already (a second click on a running run): it goes on by itself
      if (/already exists|duplicate/i.test(String((error as Error)?.message ?? error))) return;
      console.error("sync workflow not started; the cron trigger will advance the run", error);
    }
  }
  waitUntil(advanceRun(env, store, sourceClient(env), listsByFamily, runId, { maxPages: 1000, deadline: Date.now() + 20_000 }).catch((e) => console.error("sync advance failed", e)));
}

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

