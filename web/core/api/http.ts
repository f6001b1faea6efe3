/**
 * The one HTTP layer: every call goes through `request`. Credentials included, 30 s timeout, the token
 * from cookie x-tr-token in header x-hbi-token, a `t` timestamp, success is code 0. Codes 400/401 show the
 * server's message (or the "not signed in" text) once, clear the sign-in and go to /login.
 */
import { notifications } from "@mantine/notifications";
import i18n, { currentLang } from "../i18n.ts";
import { clearSession, getToken, keepBookmark, lastBookmark, leaveOnPurpose, leaveSignInNotice } from "../session.ts";

export const httpTimeoutMs = 30_000;

/** A non-zero answer: its code, the server's message and per-field messages. */
export class ApiError extends Error {
  readonly code: number;
  readonly errors: Record<string, string>;
  constructor(code: number, message: string, errors: Record<string, string> = {}) {
    super(message);
    this.code = code;
    this.errors = errors;
  }
}

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
  total?: number;
  errors?: Record<string, string>;
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: "GET" | "POST";
  query?: Query;
  body?: unknown;
  /** multipart uploads pass FormData as is */
  form?: FormData;
  signal?: AbortSignal;
  /** answer as a Blob (exports, downloads); a `File` carrying the name when content-disposition gives one */
  blob?: boolean;
  /** bytes of a blob answer received so far, as they stream in (total from content-length, else null) */
  onProgress?: (received: number, total: number | null) => void;
  /** gives up after this long @default httpTimeoutMs (30 s) */
  timeoutMs?: number;
  /** further request headers a call names (the explorer's chain-info) */
  headers?: Record<string, string>;
}

/** The file name of a content-disposition header: `filename*=UTF-8''…` first, else `filename="…"`. */
export function dispositionName(header: string | null): string | undefined {
  if (!header) return undefined;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)?''([^;]+)/.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim().replace(/^"|"$/g, ""));
    } catch {
      // a badly encoded name: fall back to the plain one
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  return plain ? (plain[2] ?? plain[1]!).trim() : undefined;
}

/** Reads a file answer, reporting the bytes as they arrive. */
async function readBlob(response: Response, onProgress?: RequestOptions["onProgress"]): Promise<Blob> {
  const type = response.headers.get("content-type") ?? "application/octet-stream";
  const name = dispositionName(response.headers.get("content-disposition"));
  let blob: Blob;
  if (onProgress && response.body) {
    const length = Number(response.headers.get("content-length"));
    const total = Number.isFinite(length) && length > 0 ? length : null;
    const parts: Uint8Array<ArrayBuffer>[] = [];
    let received = 0;
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      received += value.byteLength;
      onProgress(received, total);
    }
    blob = new Blob(parts, { type });
  } else blob = await response.blob();
  return name ? new File([blob], name, { type }) : blob;
}

const searchOf = (query: Query) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== "") params.set(k, String(v));
  return params;
};

/**
 * A stable address of the API for links and images built during render (captcha, downloads, exports): the
 * same inputs give the same URL, so a re-render never makes the browser fetch it again.
 */
export function apiUrl(path: string, query: Query = {}): string {
  const params = searchOf(query).toString();
  return params ? `/api${path}?${params}` : `/api${path}`;
}

/** The address of one request as it is sent: the spec's `t` timestamp is drawn here, by the action that sends it. */
export function requestUrl(path: string, query: Query = {}): string {
  const params = searchOf(query);
  params.set("t", String(Date.now()));
  return `/api${path}?${params}`;
}

/** The header the server answers its D1 session's bookmark in, and the browser sends the newest one back in (core/session.ts keeps it). */
export const bookmarkHeader = "x-d1-bookmark";
export { keepBookmark, lastBookmark } from "../session.ts";

let signingOut = false;

/** Shows the message, clears the sign-in and goes to /login — once, however many calls fail together. */
export function sessionEnded(message: string | undefined) {
  if (signingOut) return;
  signingOut = true;
  const reason = message || i18n.t("http.notLoggedIn");
  notifications.show({ color: "red", message: reason });
  clearSession();
  // the reload to /login drops the notification: the sign-in screen shows the reason instead
  leaveSignInNotice(reason);
  leaveOnPurpose();
  window.location.assign("/login");
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  // the server answers in the page's language, whatever the browser's own preference
  const headers: Record<string, string> = { ...options.headers, "Accept-Language": currentLang() };
  const token = getToken();
  if (token) headers["x-hbi-token"] = token;
  const bookmark = lastBookmark();
  if (bookmark) headers[bookmarkHeader] = bookmark;
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  const timeout = AbortSignal.timeout(options.timeoutMs ?? httpTimeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(requestUrl(path, options.query), { method: options.method ?? (body === undefined ? "GET" : "POST"), headers, body, credentials: "include", signal });
  } catch (error) {
    if ((error as Error).name === "AbortError" && options.signal?.aborted) throw error;
    throw new ApiError(-1, i18n.t("http.networkError"));
  }
  keepBookmark(response.headers.get(bookmarkHeader));
  if (options.blob && response.ok && !(response.headers.get("content-type") ?? "").includes("application/json")) {
    try {
      return { code: 0, msg: "", data: (await readBlob(response, options.onProgress)) as T };
    } catch (error) {
      if ((error as Error).name === "AbortError" && options.signal?.aborted) throw error;
      throw new ApiError(-1, i18n.t("http.networkError"));
    }
  }
  let envelope: Envelope<T>;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    throw new ApiError(response.status, i18n.t("http.networkError"));
  }
  if (envelope.code === 0) return envelope;
  if (envelope.code === 400 || envelope.code === 401) sessionEnded(envelope.msg);
  throw new ApiError(envelope.code, envelope.msg || i18n.t("http.failed"), envelope.errors);
}

export const get = <T>(path: string, query?: Query) => request<T>(path, { query });
export const post = <T>(path: string, body?: unknown, query?: Query) => request<T>(path, { method: "POST", body, query });
