/**
 * The credit module: authorisations an enterprise grants to read its credit report, every read checked
 * against a live one and logged, the report assembled from our read models (or a configured bureau's,
 * ./bureau.ts) as a printable page, and the credit methods of the gateway's table (./methods.ts).
 */
import type { Module } from "../module.ts";
import { creditProjection } from "./projection.ts";
import { creditRoutes } from "./routes.ts";

export const creditModule: Module = { name: "credit", routes: creditRoutes, projections: [creditProjection] };
