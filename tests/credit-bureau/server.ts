/**
 * A local HTTP server speaking the credit bureau protocol (events/api/credit.ts) for the adapter's tests.
 * Each test posts its own bureau (`POST /__bureau` with JSON `Bureau`) and calls it under `/b/<name>`, so
 * tests side by side do not meet. A fault answers the first `times` requests of a path:
 *   fault: { path: "/reports" | "/relevance", kind: "500" | "429" | "timeout" | "malformed" | "refuse" | "404", times }
 * `GET /__hits?name=` answers how many requests each path got, and the last body it was sent.
 */
import { createServer, type Server } from "node:http";
import { json as answer, listen, readJson, scenarioBook, transportFault } from "../local-http.ts";

export interface Bureau {
  name: string;
  key?: string;
  /** credit code → the enterprise's report as the bureau holds it */
  reports: Record<string, { entName: string; sections: unknown[] }>;
  relevance?: { columns: string[]; rows: string[][] };
  fault?: { path: "/reports" | "/relevance"; kind: "500" | "429" | "timeout" | "malformed" | "refuse" | "404"; times: number };
}

export function startCreditBureau(port = 0): Promise<{ url: string; server: Server }> {
  const book = scenarioBook<Bureau>((b) => b.name);
  const lastBody = new Map<string, unknown>();
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const json = (status: number, body: unknown) => answer(res, status, body);
    if (req.method === "POST" && url.pathname === "/__bureau") {
      book.set(await readJson<Bureau>(req));
      return json(200, { ok: true });
    }
    if (url.pathname === "/__hits") {
      const name = url.searchParams.get("name") ?? "";
      return json(200, { hits: book.hitsOf(name), lastBody: lastBody.get(name) ?? null });
    }
    const match = /^\/b\/([^/]+)(\/reports|\/relevance)$/.exec(url.pathname);
    const bureau = match ? book.get(match[1]!) : undefined;
    if (!bureau || req.method !== "POST") return json(404, { code: 404, message: "no such bureau" });
    const path = match![2] as "/reports" | "/relevance";
    const count = book.hit(bureau.name, path === "/reports" ? 1 : 2);
    const body = await readJson<{ creditCode?: string; type?: string }>(req);
    lastBody.set(bureau.name, { path, body, authorization: req.headers.authorization ?? null });
    if (bureau.key && req.headers.authorization !== `Bearer ${bureau.key}`) return json(200, { code: 4010, message: "invalid key" });
    const fault = bureau.fault;
    if (fault && fault.path === path && count < fault.times) {
      if (transportFault(res, fault.kind)) return;
      if (fault.kind === "malformed") {
        res.writeHead(200, { "content-type": "application/json" });
        return res.end("{ not json");
      }
      if (fault.kind === "404") return json(404, { code: 404, message: "gone" });
      return json(200, { code: 5003, message: "bureau closed for maintenance" });
    }
    if (path === "/relevance") return json(200, { code: 0, data: bureau.relevance ?? { columns: [], rows: [] } });
    const report = body.creditCode ? bureau.reports[body.creditCode] : undefined;
    if (!report) return json(200, { code: 4040, message: `no record of ${body.creditCode}` });
    return json(200, { code: 0, data: report });
  });
  return listen(server, port);
}
