/**
 * The gateway module: `POST /gateway` and its method table (./methods.ts) — the spec's external
 * gateway operations (policy now; credit, DID and notarisation join the same table) served from our data.
 */
import type { Module } from "../module.ts";
import { gatewayRoutes } from "./routes.ts";

export const gatewayModule: Module = { name: "gateway", routes: gatewayRoutes, projections: [] };
