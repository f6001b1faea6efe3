/**
 * The Hono app over the composition (worker/modules.ts): every route of the route table under /api, each
 * behind the guard its access rule names, on a D1 session that reads from the nearest replica
 * (worker/http/replica.ts), one onError that renders the envelope in the request's language, and HTTP 404 for unknown API paths.
 */
import { Hono, type MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { getCookie } from "hono/cookie";
import { pickLang, t } from "../events/i18n.ts";
import type { AppEnv } from "./http/env.ts";
import type { RouteSpec } from "./http/routes.ts";
import { requirePermission } from "./http/envelope.ts";
import { nearestReplica } from "./http/replica.ts";
import { DomainError, codes } from "./errors.ts";
import { resolveActor } from "./auth/session.ts";
import { buildRoutes, store } from "./modules.ts";
import { lazy } from "../events/lazy.ts";

export { buildRoutes };

const context: MiddlewareHandler<AppEnv> = async function context(c, next) {
  c.set("lang", pickLang(c.req.header("cookie"), c.req.header("accept-language")));
  c.set("requestId", c.req.header("cf-ray") ?? crypto.randomUUID());
  c.set("actor", null);
  c.set("store", store);
  await next();
};

/**
 * Resolves the session (x-hbi-token header; `token` in the query or the web app's `x-tr-token` cookie only
 * where the route allows it) and applies the access rule.
 */
const guard = ({ access, tokenInQuery, tokenInCookie, limitPerClient, path }: RouteSpec): MiddlewareHandler<AppEnv> =>
  async function guard(c, next) {
    if (limitPerClient && c.env.PUBLIC_LIMIT) {
      const client = c.req.header("cf-connecting-ip") ?? "unknown";
      const { success } = await c.env.PUBLIC_LIMIT.limit({ key: `${path} ${client}` });
      if (!success) return c.json({ code: codes.tooManyRequests, msg: t("tooManyRequests", c.get("lang")) }, 429, { "retry-after": "60" });
    }
    if (access !== "public") {
      const token = c.req.header("x-hbi-token") || (tokenInQuery ? c.req.query("token") : undefined) || (tokenInCookie ? getCookie(c, "x-tr-token") : undefined);
      const actor = token ? await resolveActor(c.env, token, (p) => c.executionCtx.waitUntil(p)) : null;
      if (!actor) throw new DomainError(codes.unauthorized, "notLoggedIn");
      c.set("actor", actor);
      if (access !== "signedIn") requirePermission(c, access);
    }
    await next();
  };

export function createApp(routes = buildRoutes()) {
  const app = new Hono<AppEnv>();
  app.use("/api/*", context, nearestReplica);
  for (const r of routes.routes) {
    if (r.root) app.on(r.method, r.path, context, nearestReplica, guard(r), r.handler);
    else app.on(r.method, `/api${r.path}`, guard(r), r.handler);
  }
  app.notFound((c) => c.json({ code: 404, msg: t("pathNotFound", c.get("lang") ?? "zh-CN") }, 404));
  app.onError((error, c) => {
    const lang = c.get("lang") ?? "zh-CN";
    if (error instanceof DomainError) return c.json({ code: error.code, ...error.render(lang) });
    if (error instanceof HTTPException) return c.json({ code: error.status, msg: error.message }, error.status);
    console.error("unhandled", c.req.method, c.req.path, error);
    return c.json({ code: codes.internal, msg: t("internal", lang) });
  });
  return app;
}

/**
 * The app over the whole route table, built by the isolate's first request and kept: registering every
 * module's routes (and the zod schemas some build on the way) is no part of the global scope's start-up budget.
 */
const built = lazy(() => createApp());
export const app: Pick<Hono<AppEnv>, "fetch"> = { fetch: (request, env, ctx) => built().fetch(request, env, ctx) };
