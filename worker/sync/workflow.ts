/**
 * A sync run on Cloudflare Workflows (the platform's durable execution): each step applies a batch of pages
 * through `advanceRun`, so the platform retries a failed step with backoff and resumes after a crash from the
 * last completed step, while the run's cursor and the (run, step) guard in D1 keep every page exactly once —
 * the cron trigger's advance of running runs stays as the safety net and the two never apply a page twice.
 * Imported only by the Worker's entry (worker/index.ts): Node scripts never load `cloudflare:workers`. The
 * entry hands it the event store (the composition root's), so nothing here imports the composition.
 */
import { WorkflowEntrypoint, type WorkflowEvent, type WorkflowStep } from "cloudflare:workers";
import type { Env } from "../http/env.ts";
import type { EventStore } from "../store/index.ts";
import { listsByFamily } from "./lists.ts";
import { advanceRun, runById } from "./run.ts";
import { sourceClient } from "./source.ts";

export interface SyncParams {
  runId: string;
}

/** Steps of one instance at most (each applies up to 50 pages): a run longer than that continues on the cron trigger. */
const maxSteps = 500;

/**
 * The workflow class over `store`; the entry exports it under the binding's class name.
 *
 * @example
 * export const SyncWorkflow = syncWorkflow(store);
 */
export const syncWorkflow = (store: EventStore) =>
  class SyncWorkflow extends WorkflowEntrypoint<Env, SyncParams> {
    override async run(event: WorkflowEvent<SyncParams>, step: WorkflowStep) {
      const { runId } = event.payload;
      for (let n = 1; n <= maxSteps; n++) {
        const status = await step.do(`pages ${n}`, { retries: { limit: 5, delay: "5 seconds", backoff: "exponential" }, timeout: "2 minutes" }, async () => {
          const result = await advanceRun(this.env, store, sourceClient(this.env), listsByFamily, runId, { maxPages: 50, deadline: Date.now() + 25_000 });
          return result.status;
        });
        if (status === "done" || status === "failed") return status;
        // a page that failed waits in the run (retry_at), another advancer may hold it: sleep, then go on
        const waitMs = await step.do(`wait ${n}`, async () => {
          const run = await runById(this.env.DB, runId);
          return run?.retryAt ? Math.max(1_000, run.retryAt - Date.now()) : status === "busy" ? 5_000 : 0;
        });
        if (waitMs > 0) await step.sleep(`sleep ${n}`, waitMs);
      }
      return "running";
    }
  };
