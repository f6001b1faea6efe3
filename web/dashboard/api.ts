/**
 * The dashboard's calls: its methods through the JSON-RPC door (`/wutong/v1/jsonrpc`, module code
 * "dashboard"), answered with the gateway's envelope (§8): code 200 carries the data; 401 ends the session;
 * any other code rejects with the server's text; an HTTP 500 with 服务器访问错误，请重试！. Polled every 30 s.
 */
import { queryOptions } from "@tanstack/react-query";
import { dashboardMethod, type DashboardKind, type DashboardParams, type DashboardResult } from "../../events/api/dashboard.ts";
import { callGateway } from "../core/api/gateway.ts";

export const pollMs = 30_000;
export const moduleCode = "dashboard";

const figures = async <K extends DashboardKind>(kind: K, params: DashboardParams<K>, signal?: AbortSignal) =>
  (await callGateway<DashboardResult<K>>(dashboardMethod(kind), params as Record<string, unknown>, { door: "jsonrpc", moduleCode, signal })).data;

/** One figure set, refreshed every 30 s while its screen is open. */
export const figuresQuery = <K extends DashboardKind>(kind: K, params: DashboardParams<K>) =>
  queryOptions({ queryKey: ["dashboard", kind, params], queryFn: ({ signal }) => figures(kind, params, signal), refetchInterval: pollMs, refetchIntervalInBackground: false, staleTime: pollMs / 2 });
