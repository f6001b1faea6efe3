/**
 * The notarisation module: applications for notarisation (存证) and rights confirmation (确权) as the
 * `notary:<applicationNo>` streams, anchored in the event store's own hash chain; the gateway methods
 * (./methods.ts, spread into worker/gateway/methods.ts), the public verify page and the explorer summary.
 */
import type { Module } from "../module.ts";
import { notaryProjection } from "./projection.ts";
import { notaryRoutes } from "./routes.ts";

export const notaryModule: Module = { name: "notary", routes: notaryRoutes, projections: [notaryProjection] };
