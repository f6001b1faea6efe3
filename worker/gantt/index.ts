/**
 * The project schedule module: a project's plan on the Gantt chart (read and saved whole through the command
 * pipeline as projectprodscheduleplan records), its xlsx and MS Project XML import and export, and the
 * project's picture settings. Its records are the engine's (projections come with the families).
 */
import type { Module } from "../module.ts";
import { ganttRoutes } from "./routes.ts";

export const ganttModule: Module = {
  name: "gantt",
  routes: ganttRoutes,
  projections: [],
};
