/**
 * A bench-only Worker (never deployed): runs the scenarios inside workerd against local D1, and serves the
 * real app under /api for the end-to-end figures (imports by chunk, streamed exports).
 */
import { app } from "../../worker/app.ts";
import type { Env } from "../../worker/http/env.ts";
import { bareCalls, groupedCreates, listPages, rebuildSlice, searchPages, singleCreates, singleUpdates } from "./scenarios.ts";
import { approvalsInWorker, loadOpenTasks, todoPages } from "./flow-scenarios.ts";
import { groupedAggregates, groupedReports, modelListPages } from "./datamodel-scenarios.ts";
import { statTimings } from "./workreports-scenarios.ts";
import { advanceRunning } from "../../worker/sync/drive.ts";
import { store } from "../../worker/modules.ts";
import { boardCalls, remindersPass } from "./tasks-scenarios.ts";
import { scoreAll, wholeRun } from "./evaluation-scenarios.ts";
import { factBatches, matchPolicy } from "./conditions-scenarios.ts";
import { enterpriseMatches, policyMatches } from "./policy-scenarios.ts";
import { dashboardCalls } from "./dashboard-scenarios.ts";

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname.startsWith("/api/")) return app.fetch(request, env, ctx);
    const n = (name: string, fallback: number) => Number(url.searchParams.get(name) ?? fallback);
    const prefix = url.searchParams.get("prefix") ?? "w";
    try {
      switch (url.pathname) {
        case "/sync/advance":
          // what the cron trigger does each minute (wrangler dev fires no cron): move running sync runs on
          await advanceRunning(env, store, Date.now(), n("budget", 20_000));
          return Response.json({ ok: true });
        case "/list":
          return Response.json(await listPages(env.DB, n("runs", 200)));
        case "/single":
          return Response.json(await singleCreates(env.DB, n("count", 500), prefix));
        case "/command":
          return Response.json(await singleCreates(env.DB, 1, `${prefix}${crypto.randomUUID()}`));
        case "/updates": {
          const { results } = await env.DB.prepare("SELECT id FROM sys_dict ORDER BY id LIMIT ?").bind(n("count", 300)).all<{ id: string }>();
          return Response.json(await singleUpdates(env.DB, results.map((r) => r.id)));
        }
        case "/grouped":
          return Response.json(await groupedCreates(env.DB, n("count", 5000), n("per", 100), prefix));
        case "/search":
          return Response.json(await searchPages(env.DB, url.searchParams.get("keyword") ?? "", n("runs", 50), url.searchParams.get("expect") === "none" ? "none" : "some"));
        case "/flow/load":
          return Response.json(await loadOpenTasks(env.DB, url.searchParams.get("deployId") ?? "", n("count", 1000), n("offset", 0)));
        case "/flow/approvals":
          return Response.json(await approvalsInWorker(env, url.searchParams.get("token") ?? "", n("count", 100)));
        case "/flow/todo":
          return Response.json(await todoPages(env.DB, n("runs", 200)));
        case "/datamodel/list":
          return Response.json(await modelListPages(env.DB, url.searchParams.get("model") ?? "", n("which", 0), n("runs", 200)));
        case "/datamodel/report":
          return Response.json(await groupedReports(env.DB, url.searchParams.get("model") ?? "", n("runs", 10), url.searchParams.get("summary") !== "0"));
        case "/datamodel/grouped":
          return Response.json(await groupedAggregates(env.DB, url.searchParams.get("table") ?? "", n("runs", 10)));
        case "/workreports/stats":
          return Response.json(await statTimings(env.DB, n("runs", 30), JSON.parse(url.searchParams.get("filters") ?? "{}")));
        case "/tasks/board":
          return Response.json(await boardCalls(env.DB, n("runs", 30)));
        case "/tasks/remind":
          return Response.json(await remindersPass(env.DB, store, n("chunk", 1000), n("budget", 8_000)));
        case "/evaluation/score":
          return Response.json(await scoreAll(env.DB, url.searchParams.get("modelId") ?? "", url.searchParams.get("asOf") ?? "", n("chunk", 500)));
        case "/evaluation/run":
          return Response.json(await wholeRun(env, store, url.searchParams.get("modelId") ?? "", url.searchParams.get("asOf") ?? ""));
        case "/conditions/match":
          return Response.json(await matchPolicy(env.DB, url.searchParams.get("asOf") ?? "2026-11-27", n("runs", 10)));
        case "/conditions/facts":
          return Response.json(await factBatches(env.DB, url.searchParams.get("asOf") ?? "2026-11-27", n("batches", 20)));
        case "/policy/enterprise":
          return Response.json(await enterpriseMatches(env.DB, (await request.json()) as string[], url.searchParams.get("asOf") ?? "", n("runs", 50)));
        case "/policy/policy":
          return Response.json(await policyMatches(env.DB, url.searchParams.get("policyId") ?? "", url.searchParams.get("asOf") ?? "", n("runs", 10)));
        case "/dashboard":
          return Response.json(await dashboardCalls(env.DB, n("runs", 20)));
        case "/bare-batch":
          // the unit of the per-request figures: a route that only makes one D1 batch
          await env.DB.batch([env.DB.prepare("SELECT 1 AS one")]);
          return Response.json({ ok: true });
        case "/bare":
          return Response.json(await bareCalls(env.DB, n("runs", 500)));
        case "/rebuild":
          return Response.json(await rebuildSlice(env.DB, n("from", 0), n("max", 200_000), url.searchParams.has("budget") ? n("budget", 0) : undefined));
        default:
          return new Response("not found", { status: 404 });
      }
    } catch (error) {
      const cause = (error as Error).cause;
      return Response.json({ error: String((error as Error).stack ?? error), cause: cause ? String((cause as Error).message ?? cause) : undefined }, { status: 500 });
    }
  },
};
