/**
 * The enterprise module: the enterprise master's own verbs (lists, assignments, statistics, timeline), the
 * spec's extra verbs of the service and casework families, and the enterprise timeline projection. Listed
 * in worker/modules.ts before the record engine, so its specific paths are matched first.
 */
import type { Module } from "../module.ts";
import type { RouteTable } from "../http/routes.ts";
import { creditCodeFamilies } from "./families.ts";
import { masterRoutes } from "./master.ts";
import { statisticsRoutes } from "./statistics.ts";
import { importRoutes } from "./imports.ts";
import { serviceRoutes } from "./services.ts";
import { evaluationRoutes } from "./evaluation.ts";
import { timelineProjection } from "./timeline.ts";

export const enterpriseModule: Module = {
  name: "enterprise",
  routes(table: RouteTable) {
    masterRoutes(table);
    statisticsRoutes(table);
    importRoutes(table);
    serviceRoutes(table);
    evaluationRoutes(table);
  },
  projections: [timelineProjection(creditCodeFamilies())],
};
