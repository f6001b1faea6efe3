/**
 * The work reports module: writing, reading (with read receipts) and reviewing daily, weekly and monthly
 * reports, and the statistics of visits, services, trainings, roadshows and reports. Listed in
 * worker/modules.ts before the record engine, so its paths of `/common/enworkreport` are matched first.
 */
import type { Module } from "../module.ts";
import { reportRoutes } from "./routes.ts";
import { statisticsRoutes } from "./stat-routes.ts";
import { readerProjection } from "./projection.ts";
import { visitRollupProjection } from "./rollup.ts";

export const workreportsModule: Module = {
  name: "workreports",
  routes(table) {
    reportRoutes(table);
    statisticsRoutes(table);
  },
  projections: [readerProjection, visitRollupProjection],
};
