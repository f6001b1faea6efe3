// Builds the web app (Vite) into web/dist, the Worker's static assets.
import { spawnSync } from "node:child_process";
const result = spawnSync("vite", ["build", "--config", "web/vite.config.ts", "--logLevel", "warn"], { stdio: "inherit" });
process.exit(result.status ?? 1);
