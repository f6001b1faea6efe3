/**
 * What the tests' local HTTP sources share (tests/sync-source, tests/policy-source, tests/credit-bureau): JSON answers and
 * bodies, listening on a free port, per-key scenarios posted by each test with the requests per page
 * counted, and the global setup that starts a source and hands the workerd tests its URL.
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";

export function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
}

export async function readJson<T>(req: IncomingMessage): Promise<T> {
  let text = "";
  for await (const chunk of req) text += chunk;
  return JSON.parse(text) as T;
}

/** Scenarios by key, and how many requests each page of a key got. */
export function scenarioBook<S>(keyOf: (scenario: S) => string) {
  const scenarios = new Map<string, S>();
  const hits = new Map<string, Record<number, number>>();
  return {
    get: (key: string) => scenarios.get(key),
    set(scenario: S) {
      scenarios.set(keyOf(scenario), scenario);
      hits.delete(keyOf(scenario));
    },
    hitsOf: (key: string) => hits.get(key) ?? {},
    /** counts a request of `page` and answers how many came before it */
    hit(key: string, page: number) {
      const before = (hits.get(key) ?? {})[page] ?? 0;
      hits.set(key, { ...(hits.get(key) ?? {}), [page]: before + 1 });
      return before;
    },
  };
}

export const listen = (server: Server, port: number, path = ""): Promise<{ url: string; server: Server }> =>
  new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`, server })));

/** A global setup body: starts the source, provides its URL under `key`, and closes it at the end. */
export async function provideSource(project: TestProject, key: "syncSourceUrl" | "policySourceUrl" | "creditBureauUrl", start: () => Promise<{ url: string; server: Server }>) {
  const { url, server } = await start();
  project.provide(key, url);
  return () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}

/**
 * Answers a fault every protocol has alike — "timeout" (never answers: the client's timeout fires), "500",
 * "429" — and answers true; false leaves the fault (malformed, refusals) to the protocol's own answer.
 */
export function transportFault(res: ServerResponse, kind: string): boolean {
  if (kind === "timeout") return true;
  if (kind === "500") json(res, 500, { error: "upstream exploded" });
  else if (kind === "429") json(res, 429, { error: "slow down" });
  else return false;
  return true;
}
