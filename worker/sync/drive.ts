/**
 * Moving sync runs on. Started runs are handed to one Workflow instance, which moves them on one after
 * another (one writer at a time, however many lists a job starts); without the binding, the request's
 * `waitUntil` moves the first part and the cron trigger the rest. With the binding, the cron trigger only
 * hands on the runs whose instance has stopped.
 */
import type { Env } from "../http/env.ts";
import type { EventStore } from "../store/index.ts";
import { listsByFamily } from "./lists.ts";
import { advanceRun, finishUnsourced } from "./run.ts";
import { sourceClient } from "./source.ts";
import { startDurableRun } from "../durable.ts";

/** What is left after a turn: runs still running, and how long to wait when none of them could move (ms). */
export interface Turn {
  pending: number;
  waitMs: number;
}

/** Moves `runIds` on in order until `deadline`: a run waiting to retry a page lets the next one go first. */
export async function advanceInTurn(env: Env, store: EventStore, runIds: readonly string[], deadline: number): Promise<Turn> {
  const client = sourceClient(env);
  if (!client) {
    for (const runId of runIds) await finishUnsourced(env, store, runId);
    return { pending: 0, waitMs: 0 };
  }
  let pending = 0;
  let moved = false;
  for (const runId of runIds) {
    let status: string = "running";
    let pages = 0;
    while (status === "running" && Date.now() < deadline) {
      const step = await advanceRun(env, store, client, listsByFamily, runId, { maxPages: 10_000, deadline });
      status = step.status;
      pages += step.pages;
      // a page waiting for its retry, or another advancer holding the run: go on with the next run
      if (step.pages === 0 && status === "running") break;
    }
    if (pages > 0) moved = true;
    if (status === "running" || status === "busy") pending++;
  }
  if (pending === 0 || moved) return { pending, waitMs: 0 };
  const { results } = await env.DB.prepare("SELECT MIN(retry_at) AS at FROM sync_run WHERE run_id IN (SELECT value FROM json_each(?)) AND status = 'running'").bind(JSON.stringify(runIds)).all<{ at: number | null }>();
  return { pending, waitMs: Math.max(1_000, Math.min(60_000, (results[0]?.at ?? 0) - Date.now())) };
}

/** Hands started runs to one Workflow instance (or, without the binding, moves them on within the request for 20 s). */
export async function driveRuns(env: Env, store: EventStore, runIds: string[], waitUntil: (work: Promise<unknown>) => void, instanceId = `sync-${runIds[0]}`) {
  if (runIds.length === 0) return;
  await env.DB.prepare("UPDATE sync_run SET workflow_id = ? WHERE run_id IN (SELECT value FROM json_each(?))").bind(instanceId, JSON.stringify(runIds)).run();
  await startDurableRun(env.SYNC_WORKFLOW, instanceId, { runIds }, "sync", () => advanceInTurn(env, store, runIds, Date.now() + 20_000), waitUntil);
}

/** Workflow statuses after which an instance moves nothing on any more. */
const stopped = new Set(["errored", "terminated", "complete", "unknown"]);

/**
 * The cron trigger's part, every minute: with the Workflow binding, runs whose instance has stopped (or was
 * never started) go to a new instance; without it, running runs move on here until `budgetMs` is spent.
 */
export async function advanceRunning(env: Env, store: EventStore, now: number, budgetMs: number) {
  const { results } = await env.DB.prepare("SELECT run_id AS runId, workflow_id AS workflowId FROM sync_run WHERE status = 'running' AND COALESCE(retry_at, 0) <= ? ORDER BY started_at LIMIT 50")
    .bind(now)
    .all<{ runId: string; workflowId: string | null }>();
  if (results.length === 0) return;
  const binding = env.SYNC_WORKFLOW;
  if (!binding) {
    await advanceInTurn(env, store, results.map((r) => r.runId), Date.now() + budgetMs);
    return;
  }
  const orphans: string[] = [];
  const statuses = new Map<string, string>();
  for (const { runId, workflowId } of results) {
    if (workflowId && !statuses.has(workflowId)) statuses.set(workflowId, await binding.get(workflowId).then((i) => i.status()).then((s) => s.status, () => "unknown"));
    if (!workflowId || stopped.has(statuses.get(workflowId)!)) orphans.push(runId);
  }
  if (orphans.length) await driveRuns(env, store, orphans, () => {}, `sync-${orphans[0]}-${now}`);
}
