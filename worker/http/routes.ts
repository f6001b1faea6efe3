/**
 * The route table: every API route is declared with its access rule, so the guard is applied in one place
 * and the permission matrix test can walk every route.
 */
import type { Context } from "hono";
import type { AppEnv } from "./env.ts";

/** "public": anyone; "signedIn": any session; otherwise a permission tag such as "sys:sysdict:list". */
export type Access = "public" | "signedIn" | (string & {});
export type Handler = (c: Context<AppEnv>) => Promise<Response>;

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
}

export interface RouteOptions {
  tokenInQuery?: boolean;
}

export class RouteTable {
  readonly routes: RouteSpec[] = [];
  get(path: string, access: Access, handler: Handler, options: RouteOptions = {}) {
    this.routes.push({ method: "GET", path, access, handler, ...options });
    return this;
  }
  post(path: string, access: Access, handler: Handler, options: RouteOptions = {}) {
    this.routes.push({ method: "POST", path, access, handler, ...options });
    return this;
  }
}
