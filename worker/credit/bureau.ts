/**
 * The credit bureau adapter: a real `fetch` client for the protocol of events/api/credit.ts, used when
 * CREDIT_BUREAU_URL is configured (its key CREDIT_BUREAU_KEY a Worker secret). A timeout per attempt; one
 * more attempt after a timeout, a network error, a 5xx or a 429; none after a refusal (a non-zero code or
 * another 4xx: asking again cannot help). Failures become the gateway's 502 with the bureau's words (§8:
 * a code other than 200 carries its text).
 */
import type { z } from "zod";
import { bureauRelevanceAnswer, bureauReportAnswer, type RelevanceType, type ReportSection } from "../../events/api/credit.ts";
import { gatewayCodes } from "../../events/api/gateway.ts";
import type { Lang } from "../../events/i18n.ts";
import type { Env } from "../http/env.ts";
import { DomainError } from "../errors.ts";

export interface Bureau {
  base: string;
  name: string;
  key?: string | undefined;
  timeoutMs: number;
  attempts: number;
  fetcher: (request: Request) => Promise<Response>;
}

/** The configured bureau, or null: the credit query answers from our own data. */
export function bureauOf(env: Env): Bureau | null {
  if (!env.CREDIT_BUREAU_URL) return null;
  const base = env.CREDIT_BUREAU_URL.replace(/\/+$/, "");
  return { base, name: env.CREDIT_BUREAU_NAME || new URL(base).host, key: env.CREDIT_BUREAU_KEY, timeoutMs: Number(env.CREDIT_BUREAU_TIMEOUT_MS) || 10_000, attempts: 2, fetcher: (request) => fetch(request) };
}

const refused = (message: string) => new DomainError(gatewayCodes.upstream, "creditBureauRefused", { message });
const failed = (detail: string) => new DomainError(gatewayCodes.upstream, "creditBureauFailed", { detail });

class Retryable extends Error {}

async function once<S extends z.ZodType<{ code: number; message?: string | undefined; data?: unknown }>>(bureau: Bureau, path: string, body: unknown, schema: S): Promise<NonNullable<z.output<S>["data"]>> {
  const headers: Record<string, string> = { accept: "application/json", "content-type": "application/json" };
  if (bureau.key) headers.authorization = `Bearer ${bureau.key}`;
  let response: Response;
  try {
    response = await bureau.fetcher(new Request(`${bureau.base}${path}`, { method: "POST", headers, body: JSON.stringify(body), signal: AbortSignal.timeout(bureau.timeoutMs) }));
  } catch (error) {
    const name = (error as Error)?.name;
    throw new Retryable(name === "TimeoutError" || name === "AbortError" ? `timed out after ${bureau.timeoutMs} ms` : `network error: ${String(error)}`);
  }
  if (response.status === 429 || response.status >= 500) {
    await response.body?.cancel();
    throw new Retryable(`HTTP ${response.status}`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw refused(`HTTP ${response.status}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(await response.text());
  } catch {
    throw failed("malformed answer");
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw failed("malformed answer");
  if (parsed.data.code !== 0) throw refused(parsed.data.message || `code ${parsed.data.code}`);
  if (parsed.data.data === undefined) throw failed("malformed answer");
  return parsed.data.data as NonNullable<z.output<S>["data"]>;
}

async function ask<S extends z.ZodType<{ code: number; message?: string | undefined; data?: unknown }>>(bureau: Bureau, path: string, body: unknown, schema: S) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await once(bureau, path, body, schema);
    } catch (error) {
      if (!(error instanceof Retryable)) throw error;
      if (attempt >= bureau.attempts) throw failed(error.message);
    }
  }
}

/** The bureau's report of an enterprise. */
export const bureauReport = (bureau: Bureau, creditCode: string, lang: Lang): Promise<{ entName: string; sections: ReportSection[] }> => ask(bureau, "/reports", { creditCode, lang }, bureauReportAnswer);

/** The bureau's relevance table of an enterprise. */
export const bureauRelevance = (bureau: Bureau, creditCode: string, type: RelevanceType, lang: Lang): Promise<{ columns: string[]; rows: string[][] }> => ask(bureau, "/relevance", { creditCode, type, lang }, bureauRelevanceAnswer);
