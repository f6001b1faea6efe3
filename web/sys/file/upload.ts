/**
 * One file to /api/file/upload with progress (XMLHttpRequest reports upload progress; fetch does not),
 * the same token header, replica bookmark and `t` stamp as every call, and the spec's checks before sending.
 *
 * @example
 * const problem = checkFile(file, lang); if (problem) return notify(problem);
 * const answer = await uploadFile(file, (p) => setProgress(p));
 */
import { ApiError, bookmarkHeader, keepBookmark, lastBookmark, requestUrl, httpTimeoutMs, sessionEnded, type Envelope } from "../../core/api/http.ts";
import i18n from "../../core/i18n.ts";
import { getToken } from "../../core/session.ts";
import type { files } from "../../../events/api/files.ts";
import type { Answer } from "../../../events/api/verb.ts";
import { t, type Lang } from "../../../events/i18n.ts";
import { allowedExtensions, extensionOf, maxUploadBytes } from "../../../events/uploads.ts";

export type UploadedFile = Answer<typeof files.upload>;

/** The server's message for a file it would refuse on type or size, or null. */
export function checkFile(file: { name: string; size: number }, lang: Lang): string | null {
  if (!file.name.includes(".") || !(allowedExtensions as readonly string[]).includes(extensionOf(file.name))) return t("uploadType", lang);
  if (file.size > maxUploadBytes) return t("uploadTooLarge", lang);
  if (file.size === 0) return t("uploadEmpty", lang);
  return null;
}

/** What the file input accepts (the browser's picker filter; the check above still applies). */
export const acceptAttribute = allowedExtensions.map((ext) => `.${ext}`).join(",");

export function uploadFile(file: File, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<Envelope<UploadedFile>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", requestUrl("/file/upload"));
    xhr.withCredentials = true;
    xhr.timeout = Math.max(httpTimeoutMs, 10 * 60_000);
    const token = getToken();
    if (token) xhr.setRequestHeader("x-hbi-token", token);
    const bookmark = lastBookmark();
    if (bookmark) xhr.setRequestHeader(bookmarkHeader, bookmark);
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(Math.round((event.loaded / event.total) * 100));
    const failed = () => reject(new ApiError(-1, i18n.t("http.networkError")));
    xhr.onerror = failed;
    xhr.ontimeout = failed;
    xhr.onabort = () => reject(new DOMException("aborted", "AbortError"));
    xhr.onload = () => {
      keepBookmark(xhr.getResponseHeader(bookmarkHeader));
      let envelope: Envelope<UploadedFile>;
      try {
        envelope = JSON.parse(xhr.responseText) as Envelope<UploadedFile>;
      } catch {
        return reject(new ApiError(xhr.status, i18n.t("http.networkError")));
      }
      if (envelope.code === 0) return resolve(envelope);
      // like every other call: a lost sign-in goes back to /login
      if (envelope.code === 400 || envelope.code === 401) sessionEnded(envelope.msg);
      reject(new ApiError(envelope.code, envelope.msg || i18n.t("http.failed"), envelope.errors));
    };
    signal?.addEventListener("abort", () => xhr.abort());
    const form = new FormData();
    form.append("file", file, file.name);
    xhr.send(form);
  });
}
