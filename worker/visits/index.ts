/**
 * The visits module: visits recorded against their tasks with their archives (走访 zfda, 服务 fwda,
 * 需求 xqda), the demands they raise, the allocation of enterprises to staff (confirm, commit once) and
 * check-ins. Writes go through the command pipeline; the read models are the families' own, so the
 * module adds no projection. Listed before the record engine, so its paths win over the generic ones.
 */
import type { Module } from "../module.ts";
import type { RouteTable } from "../http/routes.ts";
import { visitRoutes } from "./routes/visits.ts";
import { archiveRoutes } from "./routes/archives.ts";
import { allocationRoutes } from "./routes/allocation.ts";
import { checkInRoutes } from "./routes/checkins.ts";

export const visitsModule: Module = {
  name: "visits",
  routes(table: RouteTable) {
    visitRoutes(table);
    archiveRoutes(table);
    allocationRoutes(table);
    checkInRoutes(table);
  },
  projections: [],
};
