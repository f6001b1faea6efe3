/**
 * Which source the adapter talks to: the external API when SYN_SOURCE_URL is configured (its key a Worker
 * secret); the built-in offline source only where SYN_SOURCE is "builtin" (local runs, tests, benches: set in
 * .dev.vars and the test configuration, never in wrangler.toml); otherwise none, and nothing is synchronised.
 */
import type { Env } from "../http/env.ts";
import { defaultBackoff, realSleep, type SourceClient } from "./client.ts";
import { lazy } from "../../events/lazy.ts";

export const builtinBase = "https://builtin.sync.invalid/cisp";

/** The sample generator and its dictionaries, loaded with the first page asked for (never at start-up), then kept. */
const builtin = lazy(() => import("./builtin.ts"));

export function sourceClient(env: Env): SourceClient | null {
  const timeoutMs = Number(env.SYN_SOURCE_TIMEOUT_MS) || 10_000;
  // larger pages are fewer, larger batches: a page of 500 writes at about twice the rate of one of 100
  const pageSize = Math.min(500, Number(env.SYN_SOURCE_PAGE_SIZE) || 500);
  const common = { timeoutMs, pageSize, attempts: 4, backoff: defaultBackoff, sleep: realSleep };
  if (env.SYN_SOURCE_URL) return { ...common, sourceCode: "cisp", base: env.SYN_SOURCE_URL, key: env.SYN_SOURCE_KEY, fetcher: (request) => fetch(request) };
  if (env.SYN_SOURCE !== "builtin") return null;
  return {
    ...common,
    sourceCode: "builtin",
    base: builtinBase,
    fetcher: async (request) => (await builtin()).builtinFetcher(request),
    read: async (request) => (await builtin()).builtinPage(request),
  };
}
