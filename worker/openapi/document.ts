/**
 * The OpenAPI 3.1 document of a route table: every route with its method, path, permission, parameters,
 * request and answer shapes and envelope codes, texts in the request's language. Family routes are
 * described from their declaration, own verbs from the zod schemas of their `doc`.
 *
 * @example
 * const doc = buildDocument(buildRoutes(), "en-US");
 * doc.paths["/sys/sysdict/list"].get["x-permission"]; // "sys:sysdict:list"
 */
import type { Family } from "../../events/family.ts";
import type { Lang } from "../../events/i18n.ts";
import type { RouteSpec, RouteTable } from "../http/routes.ts";
import pkg from "../../package.json" with { type: "json" };
import { familyOperation, normalVerb, type DocContext, type OperationParts } from "./family.ts";
import { familyOf, moduleOf, moduleTitles } from "./modules.ts";
import { Schemas, ref, type JsonSchema } from "./schema.ts";
import { errorCodes, say, texts, verbSummaries } from "./texts.ts";

/** Hono path → OpenAPI path and its parameter names: "/info/:id" → "/info/{id}". */
export function openApiPath(path: string): { path: string; params: string[] } {
  const params: string[] = [];
  const converted = path.replace(/:(\w+)(\{[^}]*\})?\??/g, (_, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return { path: converted, params };
}

/** "GET /sys/sysdict/info/:id" → "getSysSysdictInfoById". */
export function operationId(method: string, path: string): string {
  const words = path.split(/[/._-]+/).filter(Boolean).map((w) => (w.startsWith(":") ? `By${cap(w.slice(1).replace(/\{.*$/, ""))}` : cap(w)));
  return method.toLowerCase() + words.join("");
}
const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

/** The group a route is listed under: its family's path, else the path's first two segments (one for short paths). */
function tagOf(route: RouteSpec, families: Family[]): string {
  const family = familyOf(route, families);
  if (family) return family.path.slice(1);
  const segments = route.path.split("/").filter(Boolean);
  return segments.slice(0, segments.length > 2 ? 2 : 1).join("/");
}

/** The route's `doc.query` (a zod object) as query parameters. */
function queryParameters(route: RouteSpec, ctx: DocContext, name: string): JsonSchema[] {
  if (!route.doc?.query) return [];
  const schema = ctx.schemas.fromZod(route.doc.query, "input", name);
  const properties = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema?.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, s]) => ({ name, in: "query", required: required.has(name), ...(s.description ? { description: s.description } : {}), schema: s }));
}

/** The operation's parts; `id` (its operationId) names the schemas its zod schemas need in components. */
function operationParts(route: RouteSpec, ctx: DocContext, id: string): OperationParts {
  const doc = route.doc ?? {};
  const parts = doc.family ? familyOperation(doc.family, doc.verb ?? "", ctx) : { parameters: [], codes: [] };
  if (doc.query) parts.parameters = [...parts.parameters.filter((p) => p.in !== "query"), ...queryParameters(route, ctx, `${cap(id)}Query`)];
  if (doc.body) {
    // the route's schema replaces the derived one of its media type (a derived multipart form stays beside a JSON body)
    const schema = ctx.schemas.fromZod(doc.body, "input", `${cap(id)}Body`) ?? {};
    const content = { ...((parts.requestBody?.content as JsonSchema | undefined) ?? {}), [doc.bodyType === "multipart" ? "multipart/form-data" : "application/json"]: { schema } };
    parts.requestBody = { ...parts.requestBody, required: true, content };
  }
  if (doc.response) parts.data = ctx.schemas.fromZod(doc.response, "output", `${cap(id)}Response`) ?? {};
  if (doc.download) parts.download = [doc.download];
  return parts;
}

function summaryOf(route: RouteSpec, lang: Lang): string {
  const doc = route.doc;
  if (doc?.summary) return doc.summary[lang];
  const verb = doc?.verb ? verbSummaries[normalVerb(doc.verb)] : undefined;
  if (doc?.family && verb) return say(verb, lang, { label: doc.family.label[lang] });
  return `${route.method} ${route.path}`;
}

function accessText(route: RouteSpec, lang: Lang): string {
  if (route.access === "public") return say(texts.public, lang);
  if (route.access === "signedIn") return say(texts.signedIn, lang);
  return `${say(texts.permission, lang)}: \`${route.access}\``;
}

function security(route: RouteSpec): JsonSchema[] {
  if (route.access === "public") return [];
  return [{ token: [] }, ...(route.tokenInQuery ? [{ tokenQuery: [] }] : []), ...(route.tokenInCookie ? [{ tokenCookie: [] }] : [])];
}

function operation(route: RouteSpec, ctx: DocContext, tag: string, ids: Set<string>): JsonSchema {
  const { lang } = ctx;
  const { params } = openApiPath(route.path);
  let id = operationId(route.method, route.path);
  while (ids.has(id)) id += "_";
  ids.add(id);
  const parts = operationParts(route, ctx, id);
  const pathParameters = params.map((name) => ({
    name,
    in: "path",
    required: true,
    description: route.doc?.family ? say(texts.recordId, lang, { idKey: route.doc.family.idKey }) : say(texts.pathParam, lang),
    schema: { type: "string" },
  }));
  const codes = new Set<number>([...parts.codes, ...(route.doc?.errors ?? [])]);
  if (route.access !== "public") codes.add(401);
  if (route.access !== "public" && route.access !== "signedIn") codes.add(403);
  if (params.length) codes.add(404);
  if (parts.requestBody || parts.parameters.some((p) => p.in === "query")) codes.add(422);
  codes.add(500);
  const sorted = [...codes].sort((a, b) => a - b);
  const success: JsonSchema = parts.list
    ? { type: "object", properties: { code: { const: 0 }, msg: { type: "string" }, total: { type: "integer" }, totalCapped: { type: "boolean" }, data: parts.data ?? { type: "array" } }, required: ["code", "msg", "total", "data"] }
    : { type: "object", properties: { code: { const: 0 }, msg: { type: "string" }, data: parts.data ?? {} }, required: ["code", "msg"] };
  const answer = parts.download
    ? { ...Object.fromEntries(parts.download.map((type) => [type, { schema: { type: "string", format: "binary" } }])), "application/json": { schema: ref("Error") } }
    : { "application/json": { schema: { oneOf: [success, ref("Error")] } } };
  return {
    operationId: id,
    summary: summaryOf(route, lang),
    description: accessText(route, lang),
    tags: route.doc?.tags ?? [tag],
    "x-permission": route.access,
    "x-error-codes": sorted,
    security: security(route),
    parameters: [...pathParameters, ...parts.parameters],
    ...(parts.requestBody ? { requestBody: parts.requestBody } : {}),
    responses: {
      "200": {
        description: `${parts.download ? say(texts.file, lang) : say(texts.success, lang)} ${sorted.map((c) => `${c} ${errorCodes[c]?.[lang] ?? ""}`).join("; ")}`,
        content: answer,
      },
    },
  };
}

function envelopeSchemas(schemas: Schemas, lang: Lang) {
  const codes = Object.keys(errorCodes).map(Number);
  schemas.add("Error", {
    type: "object",
    description: codes.map((c) => `${c}: ${errorCodes[c]![lang]}`).join("\n"),
    properties: {
      code: { type: "integer", enum: codes, description: codes.map((c) => `${c} ${errorCodes[c]![lang]}`).join("; ") },
      msg: { type: "string" },
      errors: { type: "object", additionalProperties: { type: "string" }, description: say(errorCodes[422]!, lang) },
    },
    required: ["code", "msg"],
  });
}

const served = new WeakMap<RouteTable, { route: RouteSpec; module: string }[]>();

/**
 * The routes the table serves (the first registration of a method and path; later ones are shadowed), each with
 * its module: worked out once per table, on the first request (the table is complete by then).
 */
function servedRoutes(table: RouteTable): { route: RouteSpec; module: string }[] {
  let list = served.get(table);
  if (!list) {
    const families = familiesOf(table);
    const seen = new Set<string>();
    list = table.routes.flatMap((route) => {
      const key = `${route.method} ${openApiPath(route.path).path}`;
      if (seen.has(key)) return [];
      seen.add(key);
      return [{ route, module: moduleOf(route, families) }];
    });
    served.set(table, list);
  }
  return list;
}

const familiesOf = (table: RouteTable) => [...new Set(table.routes.flatMap((r) => (r.doc?.family ? [r.doc.family] : [])))];

/** The document's modules in registration order: name, title, its document's URL (below /api) and how many operations it holds. */
export function documentIndex(table: RouteTable, lang: Lang) {
  const counts = new Map<string, number>();
  for (const { module } of servedRoutes(table)) counts.set(module, (counts.get(module) ?? 0) + 1);
  return [...counts].map(([name, operations]) => ({ name, title: moduleTitles[name]?.[lang] ?? name, url: `/api/openapi/${name}.json`, operations }));
}

/** Builds the document of every route in `table`, or of one module's routes, texts in `lang`. */
export function buildDocument(table: RouteTable, lang: Lang, module?: string): JsonSchema {
  const ctx: DocContext = { lang, schemas: new Schemas() };
  envelopeSchemas(ctx.schemas, lang);
  const families = familiesOf(table);
  const tags = new Map<string, string | undefined>();
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const ids = new Set<string>();
  for (const served of servedRoutes(table)) {
    if (module !== undefined && served.module !== module) continue;
    const route = served.route;
    const path = openApiPath(route.path).path;
    const method = route.method.toLowerCase();
    const tag = route.doc?.tags?.[0] ?? tagOf(route, families);
    if (!tags.has(tag)) tags.set(tag, families.find((f) => f.path === `/${tag}`)?.label[lang]);
    (paths[path] ??= {})[method] = operation(route, ctx, tag, ids);
    // a route outside /api (a did:web document) names its own server
    if (route.root) (paths[path] as Record<string, unknown>).servers = [{ url: "/" }];
  }
  const title = module === undefined ? say(texts.title, lang) : `${say(texts.title, lang)}: ${moduleTitles[module]?.[lang] ?? module}`;
  return {
    openapi: "3.1.0",
    info: { title, version: pkg.version, description: say(texts.description, lang) },
    servers: [{ url: "/api" }],
    tags: [...tags].map(([name, description]) => ({ name, ...(description ? { description } : {}) })),
    paths,
    components: {
      schemas: ctx.schemas.all,
      securitySchemes: {
        token: { type: "apiKey", in: "header", name: "x-hbi-token" },
        tokenQuery: { type: "apiKey", in: "query", name: "token" },
        tokenCookie: { type: "apiKey", in: "cookie", name: "x-tr-token" },
      },
    },
    security: [{ token: [] }],
  };
}

const cache = new WeakMap<RouteTable, Map<string, string>>();

/** The document (of every route, or of one module's) as JSON text, built once per table, module and language. */
export function documentJson(table: RouteTable, lang: Lang, module?: string): string {
  let built = cache.get(table);
  if (!built) cache.set(table, (built = new Map()));
  const key = `${lang} ${module ?? ""}`;
  let text = built.get(key);
  if (!text) built.set(key, (text = JSON.stringify(buildDocument(table, lang, module))));
  return text;
}
