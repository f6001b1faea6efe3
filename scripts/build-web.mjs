// Builds the web app into web/dist (the Worker's static assets). Until the web shell lands (issue 4),
// this writes a placeholder page so the assets directory exists on a fresh checkout.
import { mkdirSync, writeFileSync } from "node:fs";
mkdirSync(new URL("../web/dist/", import.meta.url), { recursive: true });
writeFileSync(
  new URL("../web/dist/index.html", import.meta.url),
  `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>企服管理平台</title></head>` +
    `<body><h1>企服管理平台 qifu</h1><p>API: <code>/api</code>. The web shell arrives with its own issue.</p></body></html>\n`,
);
console.log("web/dist ready");
