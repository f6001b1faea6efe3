/**
 * `POST /syn/{name}/run` for every list (its own `syn:{name}:run` tag), and the runs' progress for the lists'
 * screens: `GET /syn/runs?list=` and `GET /syn/runs/{runId}`, each under the list's list tag.
 */
import type { Context } from "hono";
import * as z from "zod";
import { l } from "../../events/family.ts";
import { runStarted, runsQuery, sync } from "../../events/api/sync.ts";
import { synLists } from "../../events/families/syn-lists.ts";
import type { AppEnv } from "../http/env.ts";
import { ok, page, readJson, requirePermission } from "../http/envelope.ts";
import { parseInput } from "../http/input.ts";
import type { RouteTable } from "../http/routes.ts";
import { listsByFamily, listsByName, shortName } from "./lists.ts";
import { recentRuns, runById, startRun, type RunRow } from "./run.ts";
import { driveRuns } from "./drive.ts";
import { sourceClient } from "./source.ts";
import { DomainError, codes, notFound } from "../errors.ts";
import { lazySchema } from "../../events/lazy.ts";

const runBody = lazySchema(() => z.object({ creditCodes: z.array(z.string().regex(/^[0-9A-HJ-NPQRTUWXY]{18}$/)).min(1).max(500).optional() }));

const runLabel = l("同步运行", "Sync run");

/** A run as the screens read it: its list's short name and the times in China time. */
function shown(run: RunRow) {
  const list = listsByFamily.get(run.list);
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace("T", " "));
  return { ...run, name: list ? shortName(list) : run.list, rejections: JSON.parse(run.rejections ?? "[]"), startedAt: iso(run.startedAt), finishedAt: iso(run.finishedAt), retryAt: iso(run.retryAt) };
}

export function syncRoutes(routes: RouteTable) {
  for (const list of synLists) {
    routes.post(
      `${list.family.path}/run`,
      `${list.family.perm}:run`,
      async (c: Context<AppEnv>) => {
        const body = parseInput(runBody, await readJson(c));
        const actor = c.get("actor");
        if (!sourceClient(c.env)) throw new DomainError(codes.validation, "syncNoSource");
        const started = await startRun(c.env.DB, list, { creditCodes: body.creditCodes, startedBy: actor?.name ?? null });
        if (started.started) await driveRuns(c.env, c.get("store"), [started.runId], (work) => c.executionCtx.waitUntil(work));
        return ok(c, started);
      },
      { doc: { summary: l(`立即同步：${list.family.label["zh-CN"]}`, `Synchronise now: ${list.family.label["en-US"]}`), body: runBody, response: runStarted, tags: ["syn"] } },
    );
  }
  routes
    .verb(sync.runs, "signedIn", async (c) => {
      const q = parseInput(runsQuery, c.req.query());
      const list = listsByName.get(q.list.toLowerCase());
      if (!list) throw notFound(runLabel);
      requirePermission(c, list.family.tags.list!);
      const { rows, total } = await recentRuns(c.env.DB, list.family.name, q.pageSize, (q.pageNum - 1) * q.pageSize);
      return page(c, total, rows.map(shown));
    }, { doc: { summary: l("同步运行记录（某一同步列表）", "Sync runs of a list"), tags: ["syn"] } })
    .verb(sync.run, "signedIn", async (c) => {
      const run = await runById(c.env.DB, (c.req.param("runId") ?? "").slice(0, 64));
      const list = run && listsByFamily.get(run.list);
      if (!run || !list) throw notFound(runLabel);
      requirePermission(c, list.family.tags.list!);
      return ok(c, shown(run));
    }, { doc: { summary: l("同步运行进度", "A sync run's progress"), tags: ["syn"] } });
}
