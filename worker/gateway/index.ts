/**
 * The gateway module: `POST /gateway`, the JSON-RPC door `POST /wutong/v1/jsonrpc`, and their one method table (./methods.ts) — the spec's external
 * gateway operations (policy now; credit, DID and notarisation join the same table) served from our data.
 */
import type { Module } from "../module.ts";
import { jsonRpcRoutes } from "./rpc.ts";
import { gatewayRoutes } from "./routes.ts";

export const gatewayModule: Module = {
  name: "gateway",
  routes: (table) => {
    gatewayRoutes(table);
    jsonRpcRoutes(table);
  },
  projections: [],
};
