/**
 * Sync runs on Cloudflare Workflows (the platform's durable execution): one instance moves the runs it is
 * given on one after another, each step a turn of at most 25 s through `advanceInTurn`, so the platform
 * retries a failed step with backoff and resumes after a crash from the last completed step, while each run's
 * cursor and the (run, step) guard in D1 keep every page exactly once. When every run waits to retry a page,
 * the instance sleeps until the first may. Imported only by the Worker's entry (worker/index.ts): Node
 * scripts never load `cloudflare:workers`. The entry hands it the event store.
 */
import { WorkflowEntrypoint, type WorkflowEvent, type WorkflowStep } from "cloudflare:workers";
import type { Env } from "../http/env.ts";
import type { EventStore } from "../store/index.ts";
import { advanceInTurn } from "./drive.ts";

export interface SyncParams {
  runIds: string[];
}

/** Turns of one instance at most: a run longer than that is handed to a new instance by the cron trigger. */
const maxTurns = 500;

/**
 * The workflow class over `store`; the entry exports it under the binding's class name.
 *
 * @example
 * export const SyncWorkflow = syncWorkflow(store);
 */
export const syncWorkflow = (store: EventStore) =>
  class SyncWorkflow extends WorkflowEntrypoint<Env, SyncParams> {
    override async run(event: WorkflowEvent<SyncParams>, step: WorkflowStep) {
      const { runIds } = event.payload;
      for (let n = 1; n <= maxTurns; n++) {
        const turn = await step.do(`turn ${n}`, { retries: { limit: 5, delay: "5 seconds", backoff: "exponential" }, timeout: "2 minutes" }, () => advanceInTurn(this.env, store, runIds, Date.now() + 25_000));
        if (turn.pending === 0) return "done";
        if (turn.waitMs > 0) await step.sleep(`sleep ${n}`, turn.waitMs);
      }
      return "running";
    }
  };
