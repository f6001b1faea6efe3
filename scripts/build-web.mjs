// Builds the web app (Vite) into web/dist, the Worker's static assets, and copies Swagger UI there for
// /api/docs (served from our own origin: many networks it runs on have no internet).
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const result = spawnSync("vite", ["build", "--config", "web/vite.config.ts", "--logLevel", "warn"], { stdio: "inherit" });
if (result.status !== 0) process.exit(result.status ?? 1);

const swaggerUi = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
const docsAssets = join("web", "dist", "docs-assets");
mkdirSync(docsAssets, { recursive: true });
for (const file of ["swagger-ui-bundle.js", "swagger-ui.css", "LICENSE", "NOTICE"]) copyFileSync(join(swaggerUi, file), join(docsAssets, file));
