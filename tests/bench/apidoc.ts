/**
 * `node tests/bench/apidoc.ts`: the API document's size. Builds the whole document (/api/openapi.json) and each
 * module's (/api/openapi/<module>.json) from the route table, printing bytes, gzip bytes, operations and build
 * time, and the component schema names no one gave (`Schema<n>`, zod's `__schema<n>`).
 */
import { gzipSync } from "node:zlib";
import { buildRoutes } from "../../worker/modules.ts";
import { documentIndex, documentJson } from "../../worker/openapi/document.ts";

const kb = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
const table = buildRoutes();
const row = (name: string, module?: string) => {
  const t0 = performance.now();
  const text = documentJson(table, "zh-CN", module);
  const ms = performance.now() - t0;
  const doc = JSON.parse(text) as { paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, unknown> } };
  const operations = Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0);
  const unnamed = Object.keys(doc.components.schemas).filter((s) => /^Schema\d+|_?_schema\d+/.test(s));
  console.log([name.padEnd(12), kb(Buffer.byteLength(text)).padStart(10), `gzip ${kb(gzipSync(text).length)}`.padStart(14), `${operations} ops`.padStart(10), `${ms.toFixed(0)} ms`.padStart(8), unnamed.length ? `unnamed: ${unnamed.join(" ")}` : ""].join(" "));
};
row("(whole)");
for (const m of documentIndex(table, "zh-CN")) row(m.name, m.name);
