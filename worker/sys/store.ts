/** Administrator calls over the event store: rebuild read models, a stream's history, chain verification. */
import { z } from "zod";
import { t } from "../../events/i18n.ts";
import { RouteTable } from "../http/routes.ts";
import { ok, readJson } from "../http/envelope.ts";
import { requireParam } from "../resources/validate.ts";
import { rebuild } from "../store/rebuild.ts";
import { history, verifyStream } from "../store/history.ts";

const streamLabel = { "zh-CN": "事件流", "en-US": "Stream" };
const streamParam = (value: unknown) => requireParam(value, z.string().min(3).max(200).regex(/^[\w.]+:[\w-]+$/), "stream", streamLabel);

export function storeRoutes(routes: RouteTable) {
  routes
    .post("/sys/store/rebuild", "sys:store:rebuild", async (c) => {
      const body = z.object({ from: z.number().int().min(0).default(0), maxEvents: z.number().int().min(1).max(200_000).default(50_000) }).catch({ from: 0, maxEvents: 50_000 }).parse(await readJson(c));
      const progress = await rebuild(c.env.DB, body);
      return c.json({ code: 0, msg: t(progress.done ? "rebuildDone" : "ok", c.get("lang")), data: progress });
    })
    .get("/sys/store/history", "sys:store:verify", async (c) => ok(c, await history(c.env.DB, streamParam(c.req.query("stream"))), "fetched"))
    .get("/sys/store/verify", "sys:store:verify", async (c) => ok(c, await verifyStream(c.env.DB, streamParam(c.req.query("stream"))), "fetched"));
}
