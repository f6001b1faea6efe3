/**
 * The screens' one client for the gateway's method table (events/api/gateway.ts), through either door:
 * `POST /api/gateway` or the spec's JSON-RPC door `POST /api/wutong/v1/jsonrpc` — the same request and the
 * same envelope. Spec §8 for the gateway: code 200 is success (data, and total for a page); 401 ends the
 * sign-in as every call does; any other code (403 included, which leaves the screen where it is) rejects
 * with the server's text and field errors, for the caller to show; HTTP 500 rejects with
 * 服务器访问错误，请重试！; anything that is not the envelope rejects with the response body.
 */
import { gatewayCodes, gatewayPath, jsonRpcPath, moduleCodeHeader, type GatewayDoor } from "../../../events/api/gateway.ts";
import { readGatewayAnswer } from "./gatewayAnswer.ts";
import i18n, { currentLang } from "../i18n.ts";
import { getToken } from "../session.ts";
import { ApiError, bookmarkHeader, dispositionName, httpTimeoutMs, keepBookmark, lastBookmark, requestUrl, sessionEnded, type Query } from "./http.ts";
import type { ListAnswer } from "./records.ts";

export interface GatewayOk<T> {
  data: T;
  total: number | undefined;
  msg: string;
}

export interface GatewayOptions {
  /** which door the call goes through (default: the gateway route) */
  door?: GatewayDoor;
  moduleCode?: string;
  signal?: AbortSignal;
}

async function post(body: BodyInit, headers: Record<string, string>, options: GatewayOptions): Promise<Response> {
  const token = getToken();
  // the session's D1 bookmark, as every call sends it, so a list reads the write just made
  const bookmark = lastBookmark();
  const all: Record<string, string> = { "Accept-Language": currentLang(), ...headers, ...(token ? { "x-hbi-token": token } : {}), ...(bookmark ? { [bookmarkHeader]: bookmark } : {}) };
  const timeout = AbortSignal.timeout(httpTimeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  try {
    const response = await fetch(requestUrl(options.door === "jsonrpc" ? jsonRpcPath : gatewayPath), { method: "POST", headers: all, body, credentials: "include", signal });
    keepBookmark(response.headers.get(bookmarkHeader));
    return response;
  } catch (error) {
    if ((error as Error).name === "AbortError" && options.signal?.aborted) throw error;
    throw new ApiError(-1, i18n.t("http.networkError"));
  }
}

async function settle<T>(response: Response): Promise<GatewayOk<T>> {
  const outcome = readGatewayAnswer(response.status, await response.text());
  switch (outcome.kind) {
    case "ok":
      return { data: outcome.data as T, total: outcome.total, msg: outcome.msg };
    case "serverError":
      throw new ApiError(gatewayCodes.failed, i18n.t("http.gatewayServerError"));
    case "signedOut":
      sessionEnded(outcome.msg);
      throw new ApiError(401, outcome.msg);
    case "refused":
      throw new ApiError(outcome.code, outcome.msg, outcome.errors);
    case "body":
      throw new ApiError(outcome.status, outcome.text || i18n.t("http.networkError"));
  }
}

const jsonBody = (method: string, params: Record<string, unknown>, moduleCode: string | undefined) => JSON.stringify({ method, params, ...(moduleCode ? { moduleCode } : {}) });

/** Calls a method with its params; rejects with an ApiError carrying the §8 text. */
export async function callGateway<T>(method: string, params: Record<string, unknown> = {}, options: GatewayOptions = {}): Promise<GatewayOk<T>> {
  return settle<T>(await post(jsonBody(method, params, options.moduleCode), { "content-type": "application/json" }, options));
}

/** Calls a method answering a file: the Blob (a File named by content-disposition). */
export async function gatewayFile(method: string, params: Record<string, unknown> = {}, options: GatewayOptions = {}): Promise<Blob> {
  const response = await post(jsonBody(method, params, options.moduleCode), { "content-type": "application/json" }, options);
  if (!response.ok || (response.headers.get("content-type") ?? "").includes("application/json")) return (await settle<never>(response)).data;
  const type = response.headers.get("content-type") ?? "application/octet-stream";
  const blob = await response.blob();
  const name = dispositionName(response.headers.get("content-disposition"));
  return name ? new File([blob], name, { type }) : blob;
}

/** A multipart call: the files as `file` parts, params as JSON text, the module code in its header. */
export function uploadGateway<T>(method: string, files: File[], moduleCode: string, params: Record<string, unknown> = {}, options: Omit<GatewayOptions, "moduleCode"> = {}) {
  const form = new FormData();
  form.set("method", method);
  form.set("params", JSON.stringify(params));
  for (const file of files) form.append("file", file);
  return post(form, { [moduleCodeHeader]: moduleCode }, options).then((response) => settle<T>(response));
}

/**
 * A list kit page (page, limit, filters; its sort ignored) as a paged method's params (page, size, the
 * filters that carry a value), answered as the list kit's rows and total.
 */
export async function gatewayPage<R>(method: string, query: Query, options: GatewayOptions & { params?: (filters: Record<string, unknown>) => Record<string, unknown> } = {}): Promise<ListAnswer<R>> {
  const { page, limit, orderField: _field, order: _order, ...rest } = query;
  const filters: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(rest)) if (v !== undefined && v !== null && v !== "") filters[k] = v;
  const params = { page: Number(page ?? 1), size: Number(limit ?? 10), ...(options.params ? options.params(filters) : filters) };
  const answer = await callGateway<R[]>(method, params, options);
  return { rows: answer.data, total: answer.total ?? 0 };
}
