/**
 * The route table: every API route is declared with its access rule, so the guard is applied in one place
 * and the permission matrix test can walk every route.
 */
import type { Context } from "hono";
import type { z } from "zod";
import type { Text } from "../../events/i18n.ts";
import type { Family } from "../../events/family.ts";
import type { Verb } from "../../events/api/verb.ts";
import type { AppEnv } from "./env.ts";
import { lazyProperty } from "../../events/lazy.ts";

/** "public": anyone; "signedIn": any session; otherwise a permission tag such as "sys:sysdict:list". */
export type Access = "public" | "signedIn" | (string & {});
export type Handler = (c: Context<AppEnv>) => Promise<Response>;

/**
 * What the API document (worker/openapi/) says about a route beyond what the table knows.
 * A family verb names its family and verb and the document derives the shapes from the declaration;
 * an own verb gives its summary and the zod schemas its handler parses with.
 *
 * @example
 * routes.post("/sys/user/password", "signedIn", password, { doc: { summary: l("修改密码", "Change password"), body: passwordBody } });
 */
export interface RouteDoc {
  summary?: Text;
  /** the record family this route belongs to (derived routes and family helpers such as excel/*) */
  family?: Family;
  /** the family verb: list, listAll, info, history, save, update, delete, revert, restore, deleted, excel/template… */
  verb?: string;
  /** schema of the query parameters (a zod object) */
  query?: z.ZodType;
  /** schema of the request body */
  body?: z.ZodType;
  /** how the body travels: JSON (default) or a multipart form (a file field as `z.custom<File>(…).meta({ type: "string", format: "binary" })`) */
  bodyType?: "json" | "multipart";
  /** schema of `data` in the answer's envelope */
  response?: z.ZodType;
  /** the answer is a file of this media type (a download), not the envelope */
  download?: string;
  /** envelope codes the route answers beyond those its access rule, parameters and body imply (e.g. 423) */
  errors?: number[];
  /** groups in the document; by default the path's first two segments */
  tags?: string[];
}

export interface RouteSpec {
  method: "GET" | "POST";
  /** path below /api, Hono syntax (":id") */
  path: string;
  access: Access;
  handler: Handler;
  /**
   * Also accept the token as `?token=` (downloads and uploads the browser starts by URL, as the spec's do).
   * Elsewhere only the header counts: tokens in URLs end up in logs and histories.
   */
  tokenInQuery?: boolean;
  /**
   * Also accept the web app's session cookie `x-tr-token` (pages a browser opens by URL, such as /api/docs).
   * Only for GET routes that change nothing: a cookie is sent along by the browser on its own.
   */
  tokenInCookie?: boolean;
  doc?: RouteDoc;
  /**
   * Served at its own path, not below /api: a document whose address a standard fixes (did:web resolves
   * did:web:<host> to https://<host>/.well-known/did.json). wrangler.toml's run_worker_first must list it.
   */
  root?: true;
  /**
   * A public route that does real work per call (the notarisation verify page hashes a stored file): each
   * client address gets the PUBLIC_LIMIT binding's calls a minute (wrangler.toml), then 429 until the minute
   * is out. Without the binding (a deployment that leaves it out) nothing is limited.
   */
  limitPerClient?: true;
  /** the worker module that registered the route (worker/modules.ts); the API document is served per module */
  module?: string;
}

export interface RouteOptions {
  limitPerClient?: true;
  tokenInQuery?: boolean;
  tokenInCookie?: boolean;
  doc?: RouteDoc;
  root?: true;
}

export class RouteTable {
  readonly routes: RouteSpec[] = [];
  private readonly keys = new Set<string>();
  private module: string | undefined;
  /** Registers what `register` adds as the routes of `module`. */
  within(module: string, register: (table: this) => void) {
    const outer = this.module;
    this.module = module;
    try {
      register(this);
    } finally {
      this.module = outer;
    }
  }
  get(path: string, access: Access, handler: Handler, options: RouteOptions = {}) {
    return this.add({ method: "GET", path, access, handler, ...options });
  }
  post(path: string, access: Access, handler: Handler, options: RouteOptions = {}) {
    return this.add({ method: "POST", path, access, handler, ...options });
  }
  /**
   * An own verb of the contract (events/api/): its method and path, and its query, body and answer schemas
   * in the route's `doc`, so the API document and the web app's client read the same schemas.
   */
  verb(v: Verb, access: Access, handler: Handler, options: RouteOptions = {}) {
    // read through, not copied: a verb's schemas are built by their first use (events/api/verb.ts)
    const doc: RouteDoc = { ...options.doc };
    for (const key of ["query", "body", "response"] as const) if (key in v) lazyProperty(doc, key, () => v[key] ?? options.doc?.[key]);
    return this.add({ method: v.method, path: v.path, access, handler, ...options, doc });
  }
  /** Whether a route of this method and path is registered already (an earlier module's own verb). */
  has(method: RouteSpec["method"], path: string) {
    return this.keys.has(`${method} ${path}`);
  }
  private add(route: RouteSpec) {
    this.routes.push(this.module ? { ...route, module: this.module } : route);
    this.keys.add(`${route.method} ${route.path}`);
    return this;
  }
}
