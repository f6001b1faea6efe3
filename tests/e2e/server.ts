/**
 * A throw-away copy of the app for browser tests and web figures: fresh D1 state in a temp folder,
 * migrations applied, the seed written, `wrangler dev` on a free port with the captcha on, as a person meets
 * it, started in its own process group and stopped by it.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureDevKey, envFileArgs } from "../../scripts/dev-key.ts";

const root = join(import.meta.dirname, "..", "..");
// wrangler's own entry, run with the Node that runs us (the project's Node 24), never the system one
const wranglerBin = join(root, "node_modules/wrangler/bin/wrangler.js");

export interface AppServer {
  baseUrl: string;
  /** the local state folder (wrangler's --persist-to), where a test reads the captcha answer a person would read off the image */
  persist: string;
  stop: () => Promise<void>;
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Runs one preparation step with the Node that runs us, without blocking this process meanwhile. */
function runStep(label: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env } });
    let stdout = "", stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
    child.once("error", reject);
    child.once("close", (status) => (status === 0 ? resolve() : reject(new Error(`${label} failed (${status}):\n${stdout}\n${stderr}`))));
  });
}

/** Migrates and seeds a fresh state folder, starts `wrangler dev` on it and waits until it answers. */
export async function startApp({ log = false }: { log?: boolean } = {}): Promise<AppServer> {
  if (!existsSync(join(root, "web/dist/index.html"))) throw new Error("web/dist is missing: run `npm run build` first");
  const persist = mkdtempSync(join(tmpdir(), "qifu-e2e-"));
  await runStep("migrations", [wranglerBin, "d1", "migrations", "apply", "DB", "--local", "--persist-to", persist]);
  await runStep("seed", ["scripts/seed.ts"], { QIFU_PERSIST: persist });

  const port = await freePort();
  ensureDevKey();
  const server = spawn(
    process.execPath,
    [wranglerBin, "dev", "--local", "--persist-to", persist, "--port", String(port), "--ip", "127.0.0.1", "--show-interactive-dev-session=false", ...envFileArgs(), "--var", `DID_HOST:127.0.0.1:${port}`],
    { cwd: root, detached: true, stdio: log ? "inherit" : "ignore", env: { ...process.env, BROWSER: "none" } },
  );
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  let alive = true;
  void exited.then(() => (alive = false));

  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-server.pid!, name);
    } catch {
      // the group is already gone
    }
  };
  const stop = async () => {
    if (alive) {
      signal("SIGTERM");
      const timeout = new Promise<"timeout">((r) => setTimeout(() => r("timeout"), 10_000).unref());
      if ((await Promise.race([exited, timeout])) === "timeout") signal("SIGKILL");
    }
    signal("SIGKILL"); // whatever the group may have left behind (workerd)
    rmSync(persist, { recursive: true, force: true });
  };

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (!alive) {
      await stop();
      throw new Error("wrangler dev exited before answering");
    }
    try {
      const answer = await fetch(`${baseUrl}/api/auth/captcha.jpg?uuid=probe`, { signal: AbortSignal.timeout(5_000) });
      const page = await fetch(`${baseUrl}/login`, { signal: AbortSignal.timeout(5_000) });
      if (answer.status < 500 && page.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`wrangler dev did not answer on ${baseUrl} within 120 s`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return { baseUrl, persist, stop };
}
