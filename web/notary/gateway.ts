/**
 * Calling `POST /api/gateway` (events/api/gateway.ts): a method by name with its params, or a multipart
 * upload with the module code in the request header. Errors as spec §8 has them for the gateway: a code
 * other than 200 carries its text and rejects (403 too, without leaving the screen); HTTP 500 answers
 * 服务器访问错误，请重试！; any other failure shows the response body; 401 ends the session as every call does.
 */
import { gatewayCodes, gatewayPath, moduleCodeHeader } from "../../events/api/gateway.ts";
import { readGatewayAnswer } from "./answer.ts";
import { ApiError, bookmarkHeader, httpTimeoutMs, keepBookmark, lastBookmark, requestUrl, sessionEnded } from "../core/api/http.ts";
import i18n, { currentLang } from "../core/i18n.ts";
import { getToken } from "../core/session.ts";

export interface GatewayOk<T> {
  data: T;
  total: number | undefined;
  msg: string;
}

async function send<T>(body: BodyInit, headers: Record<string, string>): Promise<GatewayOk<T>> {
  const token = getToken();
  const bookmark = lastBookmark();
  // the session's D1 bookmark, as every call sends it, so a list reads the write just made
  const all: Record<string, string> = { "Accept-Language": currentLang(), ...headers, ...(token ? { "x-hbi-token": token } : {}), ...(bookmark ? { [bookmarkHeader]: bookmark } : {}) };
  let response: Response;
  try {
    response = await fetch(requestUrl(gatewayPath), { method: "POST", headers: all, body, credentials: "include", signal: AbortSignal.timeout(httpTimeoutMs) });
  } catch {
    throw new ApiError(-1, i18n.t("http.networkError"));
  }
  keepBookmark(response.headers.get(bookmarkHeader));
  const outcome = readGatewayAnswer(response.status, await response.text());
  switch (outcome.kind) {
    case "ok":
      return { data: outcome.data as T, total: outcome.total, msg: outcome.msg };
    case "serverError":
      throw new ApiError(gatewayCodes.failed, i18n.t("notary.gatewayServerError"));
    case "signedOut":
      sessionEnded(outcome.msg);
      throw new ApiError(401, outcome.msg);
    case "refused":
      throw new ApiError(outcome.code, outcome.msg, outcome.errors);
    case "body":
      throw new ApiError(outcome.status, outcome.text || i18n.t("http.networkError"));
  }
}

/** Calls a method with its params (and the envelope's module code). */
export const callGateway = <T>(method: string, params: Record<string, unknown>, moduleCode?: string) =>
  send<T>(JSON.stringify({ method, params, ...(moduleCode ? { moduleCode } : {}) }), { "content-type": "application/json" });

/** A multipart call: the files as `file` parts, the module code in its header. */
export function uploadGateway<T>(method: string, files: File[], moduleCode: string, params: Record<string, unknown> = {}) {
  const form = new FormData();
  form.set("method", method);
  form.set("params", JSON.stringify(params));
  for (const file of files) form.append("file", file);
  return send<T>(form, { [moduleCodeHeader]: moduleCode });
}
