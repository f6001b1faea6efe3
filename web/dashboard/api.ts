/**
 * The dashboard's calls: its methods through the JSON-RPC door (`/wutong/v1/jsonrpc`, module code
 * "dashboard"), answered with the gateway's envelope (§8): code 200 carries the data; 401 ends the session;
 * any other code rejects with the server's text; an HTTP 500 with 服务器访问错误，请重试！. Polled every 30 s.
 */
import { queryOptions } from "@tanstack/react-query";
import i18n from "i18next";
import { dashboardMethod, type DashboardKind, type DashboardParams, type DashboardResult } from "../../events/api/dashboard.ts";
import { jsonRpcPath } from "../../events/api/gateway.ts";
import { ApiError, bookmarkHeader, httpTimeoutMs, keepBookmark, lastBookmark, requestUrl, sessionEnded } from "../core/api/http.ts";
import { currentLang } from "../core/i18n.ts";
import { getToken } from "../core/session.ts";

export const pollMs = 30_000;
export const moduleCode = "dashboard";

export async function rpc<K extends DashboardKind>(kind: K, params: DashboardParams<K>): Promise<DashboardResult<K>> {
  const headers: Record<string, string> = { "Accept-Language": currentLang(), "content-type": "application/json" };
  const token = getToken();
  if (token) headers["x-hbi-token"] = token;
  const bookmark = lastBookmark();
  if (bookmark) headers[bookmarkHeader] = bookmark;
  let response: Response;
  try {
    response = await fetch(requestUrl(jsonRpcPath), {
      method: "POST",
      headers,
      credentials: "include",
      body: JSON.stringify({ method: dashboardMethod(kind), params, moduleCode }),
      signal: AbortSignal.timeout(httpTimeoutMs),
    });
  } catch {
    throw new ApiError(-1, i18n.t("http.networkError"));
  }
  keepBookmark(response.headers.get(bookmarkHeader));
  if (response.status === 500) throw new ApiError(500, i18n.t("dashboard.serverError"));
  const envelope = (await response.json().catch(() => null)) as { code: number; msg: string; data?: unknown } | null;
  if (!envelope) throw new ApiError(response.status, i18n.t("http.networkError"));
  if (envelope.code === 200) return envelope.data as DashboardResult<K>;
  if (envelope.code === 401) sessionEnded(envelope.msg);
  throw new ApiError(envelope.code, envelope.msg);
}

/** One figure set, refreshed every 30 s while its screen is open. */
export const figuresQuery = <K extends DashboardKind>(kind: K, params: DashboardParams<K>) =>
  queryOptions({ queryKey: ["dashboard", kind, params], queryFn: () => rpc(kind, params), refetchInterval: pollMs, refetchIntervalInBackground: false, staleTime: pollMs / 2 });
