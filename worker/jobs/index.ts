/**
 * The scheduled-jobs module: `/job/*` routes and the trigger projection. Its handler list is
 * read lazily, since the composition root builds it from every module (this one included).
 */
import type { Module } from "../module.ts";
import type { RegisteredHandler } from "./handler.ts";
import { jobRoutes } from "./routes.ts";
import { triggerProjection } from "./trigger.ts";

export function jobsModule(handlers: () => readonly RegisteredHandler[]): Module {
  return { name: "jobs", routes: jobRoutes(handlers), projections: [triggerProjection] };
}
