/**
 * What a module contributes to the worker (emmett's `{ api, projections }`): its routes, registered on the
 * route table, and its read models, handed to the event store. worker/modules.ts composes them; nothing
 * below a module knows which modules exist.
 */
import type { RouteTable } from "./http/routes.ts";
import type { Projection } from "./store/types.ts";
import type { JobHandler } from "./jobs/scheduler.ts";
import type { RegisteredHandler } from "./jobs/handler.ts";

export interface Module {
  name: string;
  /** registers the module's routes (specific paths of earlier modules win over later generic ones) */
  routes(table: RouteTable): void;
  projections: Projection[];
  /** handlers the cron trigger runs every minute (only registered handlers ever run) */
  jobs?: Record<string, JobHandler>;
  /** handlers a scheduled job may name (bean + method); a job naming anything else is refused at save */
  handlers?: RegisteredHandler[];
}
