/** Worker entry: the API (and, through the assets binding, the web app), the cron trigger and the sync workflow. */
import { app } from "./app.ts";
import type { Env } from "./http/env.ts";
import { runScheduled } from "./jobs/scheduler.ts";
import { runDueJobs } from "./jobs/run.ts";
import { jobHandlers, registeredJobHandlers, store } from "./modules.ts";

import { syncWorkflow } from "./sync/workflow.ts";
import { evaluationWorkflow } from "./evaluation/workflow.ts";

/** The sync runs' Workflow class (the binding's class_name), over the composition's event store. */
export const SyncWorkflow = syncWorkflow(store);
/** The evaluation runs' Workflow class (scoring every enterprise under a model). */
export const EvaluationWorkflow = evaluationWorkflow(store);

export default {
  fetch: app.fetch,
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduled(env, controller.scheduledTime, store, jobHandlers));
    // scheduled jobs due by their cron expressions (each claimed once, however many ticks overlap)
    ctx.waitUntil(runDueJobs(env, store, controller.scheduledTime, registeredJobHandlers));
  },
} satisfies ExportedHandler<Env>;
