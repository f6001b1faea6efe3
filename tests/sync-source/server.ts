/**
 * A local HTTP server speaking the enterprise-credit API's protocol (events/syn/protocol.ts) for the sync
 * tests and the sync benchmark. What it holds for an enterprise, and the faults it injects, are set per
 * credit code through `POST /__scenario` (JSON `Scenario`), so tests running in parallel do not meet.
 *   faults: { "<pageNo>": { kind: "timeout" | "500" | "429" | "malformed" | "refuse" | "401", times: n } }
 * `GET /__hits?creditCode=` answers how many requests each page got.
 */
import { createServer, type Server } from "node:http";
import { json as answer, listen, readJson, scenarioBook, transportFault } from "../local-http.ts";
import { synLists } from "../../events/families/syn-lists.ts";
import { envelope, noDataCode, parsePageUrl } from "../../events/syn/protocol.ts";
import { sampleItem } from "../../events/syn/sample.ts";

export interface Scenario {
  creditCode: string;
  /** items the source holds for the enterprise (in every list) */
  total: number;
  /** > 0: every item's first text field reads differently (the source corrected its data) */
  revision?: number;
  /** indexes the source stopped sending */
  removed?: number[];
  faults?: Record<string, { kind: "timeout" | "500" | "429" | "malformed" | "refuse" | "401"; times: number }>;
  /** an app key the requests must carry */
  key?: string;
}

const byArray = new Map(synLists.map((l) => [`${l.source.product}/${l.source.array}`, l]));

export function startSyncSource(port = 0): Promise<{ url: string; server: Server }> {
  const book = scenarioBook<Scenario>((s) => s.creditCode);
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const json = (status: number, body: unknown) => answer(res, status, body);
    if (req.method === "POST" && url.pathname === "/__scenario") {
      book.set(await readJson<Scenario>(req));
      return json(200, { ok: true });
    }
    if (url.pathname === "/__hits") return json(200, book.hitsOf(url.searchParams.get("creditCode") ?? ""));
    const page = parsePageUrl(url);
    const list = page && byArray.get(`${page.product}/${page.array}`);
    if (!page || !list) return json(404, { resultCode: "4004", resultMsg: "unknown product" });
    const scenario = book.get(page.creditCode);
    const count = book.hit(page.creditCode, page.pageNo);
    if (!scenario) return json(200, { resultCode: noDataCode, resultMsg: "查询无数据" });
    if (scenario.key && req.headers.authorization !== `AppKey ${scenario.key}`) return json(401, { resultCode: "4010", resultMsg: "bad key" });
    const fault = scenario.faults?.[String(page.pageNo)];
    if (fault && count < fault.times) {
      if (transportFault(res, fault.kind)) return;
      switch (fault.kind) {
        case "malformed":
          res.writeHead(200, { "content-type": "application/json" });
          return res.end('{"resultCode":"0000","resultData":{');
        case "refuse":
          return json(200, { resultCode: "9001", resultMsg: "账户余额不足" });
        case "401":
          return json(401, { resultCode: "4010", resultMsg: "bad key" });
      }
    }
    const removed = new Set(scenario.removed ?? []);
    const indexes = Array.from({ length: scenario.total }, (_, i) => i).filter((i) => !removed.has(i));
    const slice = indexes.slice((page.pageNo - 1) * page.range, page.pageNo * page.range);
    const items = slice.map((i) => sampleItem(list, page.creditCode, page.entName, i, scenario.revision ?? 0));
    return json(200, envelope(page, items, indexes.length));
  });
  return listen(server, port, "/cisp");
}
