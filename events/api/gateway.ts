/**
 * The gateway: `POST /api/gateway`, taking `{ method, params, moduleCode? }` and answering
 * `{ code, msg, data }` — the spec's external gateway (§7 "Dashboard, credit, DID, policy, notarisation")
 * served from our own data. Its methods live in one table (worker/gateway/methods.ts) that the route, the
 * API document and the tests read; each entry is a `GatewayMethod`: its name, its params' zod schema, its
 * permission tag, whether it takes a multipart upload or answers a file, and its handler.
 *
 * Codes (spec §8): 200 success; anything else carries the error text in `msg` — 400 bad params (`errors`
 * names each field), 404 unknown method or record, 422 a refused command, 500 a failure — except 403
 * (no permission), which the client handles by itself; 502 an external service (a configured credit bureau) refused or failed. The HTTP status is 200 for every envelope except 403
 * (HTTP 403) and 500 (HTTP 500, "服务器访问错误，请重试！" on the client).
 *
 * `POST /api/wutong/v1/jsonrpc` is a second door onto the same table: the same request (plus an optional
 * call `id`, echoed) and the same envelope. A method may name the doors that reach it (`doors`; default both).
 *
 * A multipart call (declaration upload) posts form fields `method` and `params` (JSON text) and its files
 * as `file` parts; its module code comes in the `moduleCode` request header.
 */
import * as z from "zod";
import type { Text } from "../i18n.ts";
import { lazySchema } from "../lazy.ts";

export const gatewayPath = "/gateway";
/** The spec's JSON-RPC door onto the same method table (§7: named methods with a moduleCode). */
export const jsonRpcPath = "/wutong/v1/jsonrpc";
/** The doors a method is reached by: `POST /gateway` and `POST /wutong/v1/jsonrpc`. */
export const gatewayDoors = ["gateway", "jsonrpc"] as const;
export type GatewayDoor = (typeof gatewayDoors)[number];
/** The request header carrying a multipart call's module code. */
export const moduleCodeHeader = "moduleCode";

export const gatewayCodes = { ok: 200, badParams: 400, forbidden: 403, notFound: 404, refused: 422, failed: 500, upstream: 502 } as const;
export type GatewayCode = (typeof gatewayCodes)[keyof typeof gatewayCodes];

/**
 * A method name: a family prefix and the operation, "policy.matchList" — or one of the spec's own literal
 * names, a prefix and an underscore, "user_QueryDIDDoc".
 */
export const methodName = lazySchema(() => z.string().regex(/^([a-z][a-zA-Z0-9]*\.[a-z][a-zA-Z0-9]*|[a-z][a-z0-9]*_[A-Za-z][A-Za-z0-9]*)$/, "a method name such as policy.matchList or user_QueryDIDDoc"));

export const gatewayRequest = lazySchema(() => z.object({
  method: methodName,
  params: z.record(z.string(), z.unknown()).optional(),
  moduleCode: z.string().trim().max(32).optional(),
}));
export type GatewayRequest = z.infer<typeof gatewayRequest>;

/** The JSON-RPC door's request: the gateway's, with the caller's optional call id echoed in the answer. */
export const jsonRpcRequest = lazySchema(() => gatewayRequest.extend({
  id: z.union([z.string().max(64), z.number().int()]).optional(),
  jsonrpc: z.literal("2.0").optional(),
}));

export const gatewayAnswer = lazySchema(() => z.object({
  code: z.number().int(),
  msg: z.string(),
  data: z.unknown().optional(),
  /** a paged method's total */
  total: z.number().int().optional(),
  /** bad params: field → the broken rule in words */
  errors: z.record(z.string(), z.string()).optional(),
}));
export type GatewayAnswer = z.infer<typeof gatewayAnswer>;

/** A file a method answers (file download): streamed as the response body, not in the envelope. */
export interface GatewayFile {
  kind: "file";
  body: ReadableStream | ArrayBuffer | string;
  name: string;
  contentType: string;
  size?: number;
}

/** A paged result: rows and their total (the envelope carries `total` beside `data`). */
export interface GatewayPage {
  kind: "page";
  total: number;
  rows: unknown[];
}

/** What a method declares besides its handler (the API document and the tests read these). */
export interface GatewayMethodSpec<P extends z.ZodType = z.ZodType> {
  name: string;
  summary: Text;
  /** the permission tag the caller must hold (administrators hold every tag) */
  permission: string;
  params: P;
  /** the shape of `data` on success (documented; file answers have none) */
  result?: z.ZodType;
  /** takes a multipart upload (files in `file` parts, module code in the header) */
  multipart?: true;
  /** answers a file instead of the envelope */
  file?: true;
  /** the doors that reach it (default: every door) */
  doors?: readonly GatewayDoor[];
}

/** Whether a method is reached by a door. */
export const reachedBy = (spec: Pick<GatewayMethodSpec, "doors">, door: GatewayDoor) => !spec.doors || spec.doors.includes(door);
