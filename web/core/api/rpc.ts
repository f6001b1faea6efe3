/**
 * The gateway's JSON-RPC door (`POST /api/wutong/v1/jsonrpc`, events/api/gateway.ts) for screens: one call
 * by method name with its params and module code. Its answers follow spec §8's gateway rows: code 200 is
 * success (data, and total for a page); 403 is the permission refusal, rejected with its text without a
 * toast of its own; any other code rejects with the server's text (the caller shows it); HTTP 500
 * rejects with 服务器访问错误，请重试！; any other failure with the response body. 401 ends the sign-in
 * as every call does. A file answer comes back as a Blob (a File carrying its name).
 */
import { jsonRpcPath } from "../../../events/api/gateway.ts";
import i18n, { currentLang } from "../i18n.ts";
import { getToken } from "../session.ts";
import { ApiError, bookmarkHeader, dispositionName, httpTimeoutMs, keepBookmark, lastBookmark, requestUrl, sessionEnded } from "./http.ts";

export interface RpcAnswer<T> {
  data: T;
  total?: number;
  msg: string;
}

async function send(method: string, params: unknown, moduleCode: string | undefined, signal?: AbortSignal): Promise<Response> {
  const headers: Record<string, string> = { "Accept-Language": currentLang(), "content-type": "application/json" };
  const token = getToken();
  if (token) headers["x-hbi-token"] = token;
  const bookmark = lastBookmark();
  if (bookmark) headers[bookmarkHeader] = bookmark;
  const timeout = AbortSignal.timeout(httpTimeoutMs);
  try {
    const response = await fetch(requestUrl(jsonRpcPath), { method: "POST", headers, credentials: "include", body: JSON.stringify({ method, params, ...(moduleCode ? { moduleCode } : {}) }), signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    keepBookmark(response.headers.get(bookmarkHeader));
    return response;
  } catch (error) {
    if ((error as Error).name === "AbortError" && signal?.aborted) throw error;
    throw new ApiError(-1, i18n.t("http.networkError"));
  }
}

async function envelopeOf<T>(response: Response): Promise<RpcAnswer<T>> {
  if (response.status === 500) throw new ApiError(500, i18n.t("http.gatewayServerError"));
  const text = await response.text();
  let body: { code?: number; msg?: string; data?: T; total?: number; errors?: Record<string, string> };
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError(response.status, text || i18n.t("http.networkError"));
  }
  if (body.code === 200) return { data: body.data as T, msg: body.msg ?? "", ...(body.total !== undefined ? { total: body.total } : {}) };
  if (body.code === 401) sessionEnded(body.msg);
  throw new ApiError(body.code ?? response.status, body.msg || text, body.errors);
}

/** Calls a method of the gateway's table; rejects with an ApiError carrying the §8 text. */
export async function rpc<T>(method: string, params: Record<string, unknown> = {}, options: { moduleCode?: string; signal?: AbortSignal } = {}): Promise<RpcAnswer<T>> {
  return envelopeOf<T>(await send(method, params, options.moduleCode, options.signal));
}

/** Calls a method answering a file: the Blob (a File named by content-disposition). */
export async function rpcFile(method: string, params: Record<string, unknown> = {}, options: { moduleCode?: string } = {}): Promise<Blob> {
  const response = await send(method, params, options.moduleCode);
  if (!response.ok || (response.headers.get("content-type") ?? "").includes("application/json")) return (await envelopeOf<never>(response)).data;
  const type = response.headers.get("content-type") ?? "application/octet-stream";
  const blob = await response.blob();
  const name = dispositionName(response.headers.get("content-disposition"));
  return name ? new File([blob], name, { type }) : blob;
}
