/**
 * The webhook module: the portals' signed intake of demands and enterprise registrations, the
 * outcome read, and the administrator's replay. Listed before the record engine's module, so the refusal
 * of the generic writes on deliveries wins over the engine's verbs.
 */
import type { Module } from "../module.ts";
import { webhookRoutes } from "./routes.ts";

export const webhooksModule: Module = { name: "webhooks", routes: webhookRoutes, projections: [] };
