/**
 * What a module contributes to the worker (emmett's `{ api, projections }`): its routes, registered on the
 * route table, and its read models, handed to the event store. worker/modules.ts composes them; nothing
 * below a module knows which modules exist.
 */
import type { z } from "zod";
import type { Text } from "../events/i18n.ts";
import type { Env } from "./http/env.ts";
import type { RouteTable } from "./http/routes.ts";
import type { EventStore } from "./store/index.ts";
import type { Projection } from "./store/types.ts";

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

/** A housekeeping handler the cron trigger runs every minute: the bindings, the trigger's time and the event store bound to every module's projections. */
export type JobHandler = (env: Env, now: number, store: EventStore) => Promise<void>;

/**
 * The registered handlers a scheduled job may name (bean name + method name, as the seed's job form has
 * them). A job never runs arbitrary code: saving a job whose bean/method is not registered is refused, and
 * its parameters are parsed by the handler's own schema both at save and at run.
 */
export interface JobContext {
  env: Env;
  store: EventStore;
  /** the trigger's time (ms) */
  now: number;
  /** the run's log row; a handler answering "continues" finishes it later with completeJobLog (worker/jobs/log.ts) */
  logId: string;
  /** the scheduled job, or null for a run of a handler without a saved job (runSource, POST /syn/{name}/run) */
  jobId: string | null;
}

export interface JobOutcome {
  read: number;
  written: number;
  /** a short human summary for the log, e.g. "3 pages, 1 marked removed at source" */
  message?: string;
}

export interface RegisteredHandler<P extends z.ZodType = z.ZodType> {
  bean: string;
  method: string;
  label: Text;
  params: P;
  /**
   * Runs once. Either finishes within the request (an outcome for the log) or hands long work to durable
   * execution and answers "continues": the log then stays running until that work completes it.
   */
  run(ctx: JobContext, params: z.infer<P>): Promise<JobOutcome | "continues">;
}

