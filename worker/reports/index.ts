/**
 * The reports module (SPEC section 7 "Reports"): report models and files, preview and run over
 * any declared family or data model, publish, copy, xlsx export and the balance sheet. Listed before the
 * record engine's module, so its /report/model/save and update (which check the definition against the
 * source) win over the generic ones.
 */
import type { Module } from "../module.ts";
import { reportRoutes } from "./routes.ts";

export const reportsModule: Module = {
  name: "reports",
  routes: reportRoutes,
  projections: [],
};
