/**
 * Calling `POST /api/gateway` (events/api/gateway.ts): a method by name with its params, or a multipart
 * upload with the module code in the request header. Errors as spec §8 has them for the gateway: a code
 * other than 200 carries its text and rejects (403 too, without leaving the screen); HTTP 500 answers
 * 服务器访问错误，请重试！; any other failure shows the response body; 401 ends the session as every call does.
 */
import { gatewayAnswer, gatewayCodes, gatewayPath, moduleCodeHeader } from "../../events/api/gateway.ts";
import { ApiError, httpTimeoutMs, requestUrl, sessionEnded } from "../core/api/http.ts";
import i18n, { currentLang } from "../core/i18n.ts";
import { getToken } from "../core/session.ts";

export interface GatewayOk<T> {
  data: T;
  total: number | undefined;
  msg: string;
}

async function send<T>(body: BodyInit, headers: Record<string, string>): Promise<GatewayOk<T>> {
  const token = getToken();
  const all: Record<string, string> = { "Accept-Language": currentLang(), ...headers, ...(token ? { "x-hbi-token": token } : {}) };
  let response: Response;
  try {
    response = await fetch(requestUrl(gatewayPath), { method: "POST", headers: all, body, credentials: "include", signal: AbortSignal.timeout(httpTimeoutMs) });
  } catch {
    throw new ApiError(-1, i18n.t("http.networkError"));
  }
  if (response.status === 500) throw new ApiError(gatewayCodes.failed, i18n.t("notary.gatewayServerError"));
  const text = await response.text();
  const parsed = (() => {
    try {
      return gatewayAnswer.safeParse(JSON.parse(text));
    } catch {
      return null;
    }
  })();
  if (!parsed?.success) throw new ApiError(response.status, text || i18n.t("http.networkError"));
  const answer = parsed.data;
  if (answer.code === 401) {
    sessionEnded(answer.msg);
    throw new ApiError(401, answer.msg);
  }
  if (answer.code !== gatewayCodes.ok) throw new ApiError(answer.code, answer.msg, answer.errors ?? {});
  return { data: answer.data as T, total: answer.total, msg: answer.msg };
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
