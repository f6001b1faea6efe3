/**
 * GET /openapi.json, GET /openapi/<module>.json with its index GET /openapi/index.json, and GET /docs: the
 * API document of the route table they are registered on (built when first asked, so every route
 * registered after them is in it), whole or one module's, and its interactive reference, which loads one
 * module's document at a time. Administrators
 * hold every tag, so `sys:apidoc:view` admits them (and whoever an administrator grants it to); the
 * session also comes from the web app's cookie, as a browser opening /api/docs sends no header.
 */
import type { Context } from "hono";
import * as z from "zod";
import { l } from "../../events/family.ts";
import type { AppEnv } from "../http/env.ts";
import { ok } from "../http/envelope.ts";
import { RouteTable } from "../http/routes.ts";
import { notFound } from "../errors.ts";
import { documentIndex, documentJson } from "./document.ts";
import { contentSecurityPolicy, docsPage } from "./page.ts";
import { texts } from "./texts.ts";

export const apiDocTag = "sys:apidoc:view";

const jsonHeaders = { "content-type": "application/json; charset=UTF-8", "cache-control": "private, no-cache", vary: "Cookie, Accept-Language" };

export function openapiRoutes(routes: RouteTable) {
  const moduleDocument = (c: Context<AppEnv>) => {
    const name = /^([\w-]+)\.json$/.exec(c.req.param("file") ?? "")?.[1];
    if (!name || !documentIndex(routes, c.get("lang")).some((m) => m.name === name)) throw notFound(texts.module);
    return c.body(documentJson(routes, c.get("lang"), name), 200, jsonHeaders);
  };
  routes
    .get("/openapi.json", apiDocTag, async (c) => c.body(documentJson(routes, c.get("lang")), 200, jsonHeaders), {
      tokenInCookie: true,
      doc: { summary: l("API 文档：全部模块（OpenAPI 3.1，请求语言）", "The API document, every module (OpenAPI 3.1, in the request's language)"), tags: ["openapi"] },
    })
    .get("/openapi/index.json", apiDocTag, async (c) => ok(c, documentIndex(routes, c.get("lang"))), {
      tokenInCookie: true,
      doc: {
        summary: l("API 文档的模块：名称、标题、文档地址与接口数", "The API document's modules: name, title, document URL and operation count"),
        tags: ["openapi"],
        response: z.array(z.object({ name: z.string(), title: z.string(), url: z.string(), operations: z.number().int() })),
      },
    })
    .get("/openapi/:file", apiDocTag, async (c) => moduleDocument(c), {
      tokenInCookie: true,
      doc: { summary: l("一个模块的 API 文档（如 sys.json；OpenAPI 3.1，请求语言）", "One module's API document (e.g. sys.json; OpenAPI 3.1, in the request's language)"), tags: ["openapi"], download: "application/json" },
    })
    .get(
      "/docs",
      apiDocTag,
      async (c) =>
        c.body(docsPage(c.get("lang"), documentIndex(routes, c.get("lang"))), 200, {
          "content-type": "text/html; charset=UTF-8",
          "content-security-policy": await contentSecurityPolicy(),
          "cache-control": "no-store",
          "x-content-type-options": "nosniff",
          "x-frame-options": "DENY",
          "referrer-policy": "no-referrer",
        }),
      { tokenInCookie: true, doc: { summary: l("交互式 API 参考（网页）", "Interactive API reference (web page)"), tags: ["openapi"], download: "text/html" } },
    );
}
