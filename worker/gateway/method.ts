/**
 * What a gateway method is (events/api/gateway.ts declares the envelope and the spec): its declaration
 * and its handler. `gatewayMethod({...}, handler)` is one entry of the table in ./methods.ts; the route
 * parses `params` with the entry's schema and checks its permission before the handler runs, so a
 * handler receives parsed params from a caller allowed to call it.
 */
import type { Context } from "hono";
import type { z } from "zod";
import type { GatewayFile, GatewayMethodSpec, GatewayPage } from "../../events/api/gateway.ts";
import type { Lang } from "../../events/i18n.ts";
import type { AppEnv } from "../http/env.ts";

export interface GatewayCall {
  c: Context<AppEnv>;
  db: D1Database;
  lang: Lang;
  /** the envelope's moduleCode (for a multipart call, the request header's) */
  moduleCode: string | undefined;
  /** a multipart call's files (the `file` parts), else none */
  files: File[];
}

export type GatewayResult = GatewayPage | GatewayFile | Record<string, unknown> | unknown[] | null;

export interface GatewayMethod<P extends z.ZodType = z.ZodType> extends GatewayMethodSpec<P> {
  handle(call: GatewayCall, params: z.output<P>): Promise<GatewayResult>;
}

/** One entry of the method table, its handler typed by its params schema. */
export const gatewayMethod = <P extends z.ZodType>(spec: GatewayMethodSpec<P>, handle: (call: GatewayCall, params: z.output<P>) => Promise<GatewayResult>): GatewayMethod =>
  ({ ...spec, handle }) as unknown as GatewayMethod;

/** The rows a paged method skips: its `page` (from 1) and `size`. */
export const offsetOf = (p: { page: number; size: number }) => (p.page - 1) * p.size;
export const pageOf = (total: number, rows: unknown[]): GatewayPage => ({ kind: "page", total, rows });
export const isPage = (r: GatewayResult): r is GatewayPage => !!r && typeof r === "object" && (r as { kind?: unknown }).kind === "page";
export const isFile = (r: GatewayResult): r is GatewayFile => !!r && typeof r === "object" && (r as { kind?: unknown }).kind === "file";
