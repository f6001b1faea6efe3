/**
 * A local HTTP server speaking the policy source protocol (events/policy/source.ts) for the import tests.
 * Each test posts its own library (`POST /__library` with JSON `Library`) and reads it under
 * `/lib/<name>/policies`, so tests running side by side do not meet. Faults are injected per page:
 *   faults: { "<page>": { kind: "500" | "429" | "timeout" | "malformed" | "refuse", times: n } }
 * `GET /__hits?name=` answers how many requests each page got.
 */
import { createServer, type Server } from "node:http";
import { json as answer, listen, readJson, scenarioBook, transportFault } from "../local-http.ts";

export interface Library {
  name: string;
  items: unknown[];
  key?: string;
  faults?: Record<string, { kind: "500" | "429" | "timeout" | "malformed" | "refuse"; times: number }>;
}

export function startPolicySource(port = 0): Promise<{ url: string; server: Server }> {
  const book = scenarioBook<Library>((l) => l.name);
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const json = (status: number, body: unknown) => answer(res, status, body);
    if (req.method === "POST" && url.pathname === "/__library") {
      book.set(await readJson<Library>(req));
      return json(200, { ok: true });
    }
    if (url.pathname === "/__hits") return json(200, book.hitsOf(url.searchParams.get("name") ?? ""));
    const match = /^\/lib\/([^/]+)\/policies$/.exec(url.pathname);
    const library = match ? book.get(match[1]!) : undefined;
    if (!library) return json(404, { code: 404, message: "no such library" });
    const page = Number(url.searchParams.get("page"));
    const size = Number(url.searchParams.get("size"));
    if (!Number.isInteger(page) || page < 1 || !Number.isInteger(size) || size < 1 || size > 100) return json(200, { code: 4001, message: "bad page or size" });
    const count = book.hit(library.name, page);
    if (library.key && req.headers.authorization !== `Bearer ${library.key}`) return json(200, { code: 4010, message: "invalid key" });
    const fault = library.faults?.[String(page)];
    if (fault && count < fault.times) {
      if (transportFault(res, fault.kind)) return;
      switch (fault.kind) {
        case "malformed":
          res.writeHead(200, { "content-type": "application/json" });
          return res.end("{ not json");
        case "refuse":
          return json(200, { code: 5003, message: "library closed for maintenance" });
      }
    }
    const since = url.searchParams.get("updatedSince");
    const items = library.items.filter((i) => !since || String((i as { updatedAt?: string }).updatedAt ?? "") > since);
    return json(200, { code: 0, message: "ok", data: { page, size, total: items.length, items: items.slice((page - 1) * size, page * size) } });
  });
  return listen(server, port);
}
