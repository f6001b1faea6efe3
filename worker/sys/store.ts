/** Administrator calls over the event store: rebuild read models, a stream's history, chain verification. */
import * as z from "zod";
import { t } from "../../events/i18n.ts";
import { l } from "../../events/family.ts";
import { RouteTable } from "../http/routes.ts";
import { ok, readJson } from "../http/envelope.ts";
import { requireParam } from "../resources/validate.ts";
import { history, verifyStream } from "../store/history.ts";
import { lazySchema } from "../../events/lazy.ts";

const streamLabel = { "zh-CN": "事件流", "en-US": "Stream" };
const streamSchema = lazySchema(() => z.string().min(3).max(200).regex(/^[\w.]+:[\w-]+$/));
const streamParam = (value: unknown) => requireParam(value, streamSchema, "stream", streamLabel);
const streamQuery = lazySchema(() => z.object({ stream: streamSchema.describe("<module>.<family>:<id>") }));
/** A slice of the rebuild; anything unreadable rebuilds the first slice. */
/**
 * Each slice stops at the first step boundary after this long (a step is a page of the replay or of a pass,
 * a few indexes, a few after-statements), well inside a request's 30 s of CPU; the caller calls again.
 */
const sliceBudgetMs = 10_000;
const rebuildBody = lazySchema(() => z.object({ from: z.number().int().min(0).default(0), maxEvents: z.number().int().min(1).max(200_000).default(50_000) }));

export function storeRoutes(routes: RouteTable) {
  routes
    .post("/sys/store/rebuild", "sys:store:rebuild", async (c) => {
      const body = rebuildBody.catch({ from: 0, maxEvents: 50_000 }).parse(await readJson(c));
      const progress = await c.get("store").rebuild(c.env.DB, { ...body, budgetMs: sliceBudgetMs });
      return c.json({ code: 0, msg: t(progress.done ? "rebuildDone" : "ok", c.get("lang")), data: progress });
    }, { doc: { summary: l("重建读模型（可分段续做）", "Rebuild the read models (in resumable slices)"), body: rebuildBody } })
    .get("/sys/store/history", "sys:store:verify", async (c) => ok(c, await history(c.env.DB, streamParam(c.req.query("stream"))), "fetched"), {
      doc: { summary: l("事件流的历史", "A stream's history"), query: streamQuery },
    })
    .get("/sys/store/verify", "sys:store:verify", async (c) => ok(c, await verifyStream(c.env.DB, streamParam(c.req.query("stream"))), "fetched"), {
      doc: { summary: l("校验事件流的哈希链", "Verify a stream's hash chain"), query: streamQuery },
    });
}
