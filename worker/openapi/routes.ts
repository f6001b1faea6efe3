/**
 * GET /openapi.json and GET /docs: the API document of the route table they are registered on (read when
 * asked, so every route registered after them is in it) and its interactive reference. Administrators
 * hold every tag, so `sys:apidoc:view` admits them (and whoever an administrator grants it to); the
 * session also comes from the web app's cookie, as a browser opening /api/docs sends no header.
 */
import { l } from "../../events/family.ts";
import { RouteTable } from "../http/routes.ts";
import { documentJson } from "./document.ts";
import { contentSecurityPolicy, docsPage } from "./page.ts";

export const apiDocTag = "sys:apidoc:view";

export function openapiRoutes(routes: RouteTable) {
  routes
    .get(
      "/openapi.json",
      apiDocTag,
      async (c) =>
        c.body(documentJson(routes, c.get("lang")), 200, {
          "content-type": "application/json; charset=UTF-8",
          "cache-control": "private, no-cache",
          vary: "Cookie, Accept-Language",
        }),
      { tokenInCookie: true, doc: { summary: l("API 文档（OpenAPI 3.1，请求语言）", "The API document (OpenAPI 3.1, in the request's language)"), tags: ["openapi"] } },
    )
    .get(
      "/docs",
      apiDocTag,
      async (c) =>
        c.body(docsPage(c.get("lang")), 200, {
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
