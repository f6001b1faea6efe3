/**
 * `POST /wutong/v1/jsonrpc`: the spec's JSON-RPC door (§7) onto the one method table (./methods.ts) —
 * `{ method, params, moduleCode, id? }`, answered with the gateway's envelope (`{ code, msg, data, total? }`,
 * §8 codes) plus the call's `id` when it sent one. Every method is reached here unless it names its doors.
 */
import type { Context } from "hono";
import * as z from "zod";
import { jsonRpcPath, jsonRpcRequest } from "../../events/api/gateway.ts";
import { l } from "../../events/family.ts";
import type { AppEnv } from "../http/env.ts";
import type { RouteTable } from "../http/routes.ts";
import { documentedBody, methodsOf, serveCall } from "./routes.ts";

const rpc = (c: Context<AppEnv>) => serveCall(c, "jsonrpc", jsonRpcRequest, (request) => (request.id !== undefined ? { id: request.id } : {}));

export function jsonRpcRoutes(routes: RouteTable) {
  routes.post(jsonRpcPath, "signedIn", rpc, {
    doc: {
      get summary() {
        return l(`JSON-RPC：按方法名调用（${methodsOf("jsonrpc").map((m) => m.name).join("、")}）`, `JSON-RPC: call a method by name (${methodsOf("jsonrpc").map((m) => m.name).join(", ")})`);
      },
      get body() {
        return documentedBody("jsonrpc", { id: z.union([z.string().max(64), z.number().int()]).optional(), jsonrpc: z.literal("2.0").optional() });
      },
      tags: ["gateway"],
    },
  });
}
