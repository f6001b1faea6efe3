/**
 * The workflow as a module: models and versions, starting, task work, the monitor and opinions as routes;
 * the instance and deployment read models as projections; due timers as a cron job. The engine itself
 * (worker/flow/engine) is pure: decide/evolve over the instance stream.
 */
import type { Module } from "../module.ts";
import { deploymentProjection, instanceProjection } from "./projection.ts";
import { modelRoutes } from "./routes/models.ts";
import { taskRoutes } from "./routes/tasks.ts";
import { monitorRoutes } from "./routes/monitor.ts";
import { opinionRoutes } from "./routes/opinion.ts";
import { flowTimers } from "./timers.ts";

export const flowModule: Module = {
  name: "flow",
  routes: (routes) => {
    modelRoutes(routes);
    taskRoutes(routes);
    monitorRoutes(routes);
    opinionRoutes(routes);
  },
  projections: [deploymentProjection, instanceProjection],
  jobs: { flowTimers },
};
