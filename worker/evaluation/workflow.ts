/**
 * An evaluation run on Cloudflare Workflows (the platform's durable execution): each step scores and writes
 * a few chunks through `advanceChunk`, so the platform retries a failed step with backoff and resumes after
 * a crash from the last completed step; the chunks' result ids (run + enterprise) keep each written once.
 * Imported only by the Worker's entry (worker/index.ts), which hands it the composition's event store.
 */
import { WorkflowEntrypoint, type WorkflowEvent, type WorkflowStep } from "cloudflare:workers";
import type { Env } from "../http/env.ts";
import type { EventStore } from "../store/index.ts";
import { finishRun } from "./queries.ts";
import { advanceChunk } from "./run.ts";
import { giveWay } from "../background.ts";

export interface EvaluationParams {
  runId: string;
}

/** Steps of one instance at most (each scores up to 20 chunks of 100): 1,000,000 enterprises. */
const maxSteps = 500;
const chunksPerStep = 20;

export const evaluationWorkflow = (store: EventStore) =>
  class EvaluationWorkflow extends WorkflowEntrypoint<Env, EvaluationParams> {
    override async run(event: WorkflowEvent<EvaluationParams>, step: WorkflowStep) {
      const { runId } = event.payload;
      for (let n = 1; n <= maxSteps; n++) {
        let status: string;
        try {
          status = await step.do(`chunks ${n}`, { retries: { limit: 5, delay: "5 seconds", backoff: "exponential" }, timeout: "5 minutes" }, async () => {
            let s = "running";
            const deadline = Date.now() + 20_000;
            for (let i = 0; i < chunksPerStep && s === "running" && Date.now() < deadline; i++) {
              s = await advanceChunk(this.env, store, runId);
              await giveWay();
            }
            return s;
          });
        } catch (error) {
          await step.do(`failed ${n}`, () => finishRun(this.env.DB, runId, "failed", String((error as Error)?.message ?? error).slice(0, 500), Date.now()).then(() => null));
          return "failed";
        }
        if (status !== "running") return status;
      }
      return "running";
    }
  };
