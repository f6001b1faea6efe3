/**
 * The synchronisation module: `POST /syn/{name}/run` and the runs' progress, the cron trigger's
 * advance of running runs, and the `synService.run` handler scheduled jobs name. Listed before the record
 * engine's module; the lists themselves are the engine's families (events/families/syn-lists.ts).
 */
import * as z from "zod";
import { l } from "../../events/family.ts";
import { synLists } from "../../events/families/syn-lists.ts";
import type { Module, RegisteredHandler } from "../module.ts";
import { startRuns } from "./run.ts";
import { listsByName } from "./lists.ts";
import { advanceRunning, driveRuns } from "./drive.ts";
import { sourceClient } from "./source.ts";
import { catalogued } from "../jobs/log.ts";
import { syncRoutes } from "./routes.ts";
import { lazySchema } from "../../events/lazy.ts";

const runParams = lazySchema(() => z.object({
  /** list names (synjuddoclist…); none: every list */
  lists: z.array(z.string().max(64)).max(60).optional(),
  creditCodes: z.array(z.string().regex(/^[0-9A-HJ-NPQRTUWXY]{18}$/)).max(500).optional(),
}));

/** `synService.run`: starts a run of each named list (or all) and leaves the log running until they end. */
export const synRunHandler: RegisteredHandler<typeof runParams> = {
  bean: "synService",
  method: "run",
  label: l("同步外部数据（企业信用数据接口）", "Synchronise external lists (enterprise-credit API)"),
  params: runParams,
  async run(ctx, params) {
    const unknown = (params.lists ?? []).filter((n) => !listsByName.has(n.toLowerCase()));
    if (unknown.length) throw new Error(`unknown lists: ${unknown.join(", ")}`);
    const lists = params.lists ? params.lists.map((n) => listsByName.get(n.toLowerCase())!) : synLists;
    // a deployment without a configured source synchronises nothing (generated records never stand in for one)
    if (!sourceClient(ctx.env)) return { read: 0, written: 0, message: catalogued("syncNoSource") };
    const runs = await startRuns(ctx.env.DB, lists, { creditCodes: params.creditCodes, logId: ctx.logId, startedBy: "scheduler", now: ctx.now });
    const started = runs.filter((r) => r.started).map((r) => r.runId);
    if (started.length === 0) return { read: 0, written: 0, message: catalogued("syncAlreadyRunning") };
    // one Workflow instance moves the lists on one after another; the scheduled handler returns at once
    // (without the binding, the cron trigger's advance moves them)
    await driveRuns(ctx.env, ctx.store, started, () => {});
    return "continues";
  },
};

export const syncModule: Module = {
  name: "sync",
  routes: syncRoutes,
  projections: [],
  // each minute the cron trigger hands on runs whose Workflow stopped (without the binding it moves them on itself, within a budget)
  jobs: { syncAdvance: (env, now, store) => advanceRunning(env, store, now, 20_000) },
  handlers: [synRunHandler as unknown as RegisteredHandler],
};
