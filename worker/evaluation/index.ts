/**
 * The evaluation module: scoring enterprises under a model's definition (events/evaluation/score.ts) with
 * results kept as records of the result family (each with its self-contained breakdown), runs over every
 * enterprise on a Workflow with their progress, the preview on one enterprise, and the star lists read out
 * of results. Listed before the record engine, so its paths win over the generic ones.
 */
import type { Module } from "../module.ts";
import { evaluationRoutes } from "./routes.ts";
import { advanceRunning } from "./drive.ts";

export const evaluationModule: Module = {
  name: "evaluation",
  routes: evaluationRoutes,
  projections: [],
  jobs: { evaluationAdvance: (env, _now, store) => advanceRunning(env, store, 20_000) },
};
