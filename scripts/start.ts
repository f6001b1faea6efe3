/** `npm start` (after build and migrations): seeds the local database if empty and serves on localhost:$PORT (8787). */
import { spawn } from "node:child_process";
import { ensureDevKey, envFileArgs } from "./dev-key.ts";

const port = process.env.PORT || "8787";
const seed = spawn(process.execPath, ["scripts/seed.ts"], { stdio: "inherit" });
const seeded = await new Promise<number>((resolve) => seed.on("exit", (code) => resolve(code ?? 1)));
if (seeded !== 0) process.exit(seeded);
console.log(`\nqifu: http://localhost:${port}  (API under /api; demo login admin / Admin@123456)\n`);
// the local did:web signing key (.dev.vars.local, made once) beside the committed demo secrets of .dev.vars
if (ensureDevKey()) console.log("generated the local DID signing key into .dev.vars.local");
const server = spawn("wrangler", ["dev", "--local", "--test-scheduled", "--port", port, "--ip", "127.0.0.1", ...envFileArgs(), "--var", `DID_HOST:localhost:${port}`], { stdio: "inherit" });
// wrangler dev does not fire cron triggers: fire the every-minute one as the platform would (scheduled jobs, sync)
const tick = setInterval(() => {
  fetch(`http://127.0.0.1:${port}/__scheduled?cron=${encodeURIComponent("* * * * *")}`).then((r) => r.body?.cancel(), () => {});
}, 60_000);
server.on("exit", () => clearInterval(tick));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
