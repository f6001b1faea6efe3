/**
 * Which source the adapter talks to: the external API when SYN_SOURCE_URL is configured (its key a Worker
 * secret), otherwise the built-in offline source — the same protocol either way.
 */
import type { Env } from "../http/env.ts";
import { builtinBase, builtinFetcher } from "./builtin.ts";
import { defaultBackoff, realSleep, type SourceClient } from "./client.ts";

export function sourceClient(env: Env): SourceClient {
  const timeoutMs = Number(env.SYN_SOURCE_TIMEOUT_MS) || 10_000;
  // larger pages are fewer, larger batches: a page of 500 writes at about twice the rate of one of 100
  const pageSize = Math.min(500, Number(env.SYN_SOURCE_PAGE_SIZE) || 500);
  const common = { timeoutMs, pageSize, attempts: 4, backoff: defaultBackoff, sleep: realSleep };
  if (env.SYN_SOURCE_URL) return { ...common, sourceCode: "cisp", base: env.SYN_SOURCE_URL, key: env.SYN_SOURCE_KEY, fetcher: (request) => fetch(request) };
  return { ...common, sourceCode: "builtin", base: builtinBase, fetcher: builtinFetcher };
}
