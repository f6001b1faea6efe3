/**
 * The bench Worker's local database and process: migrations applied to a fresh persist directory, and
 * `wrangler dev` on tests/bench/wrangler.toml in its own process group (stopped with the bench).
 */
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { closeSync, cpSync, existsSync, openSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { NodeD1 } from "./node-d1.ts";
import { demoAdminPassword, seedStatements } from "../../worker/seed/index.ts";
import { freePort } from "../e2e/server.ts";

export const benchConfig = "tests/bench/wrangler.toml";
const root = join(import.meta.dirname, "..", "..");
const d1Dir = (persist: string) => `${persist}/v3/d1/miniflare-D1DatabaseObject`;

/**
 * A persist folder with every migration applied, made once per state of migrations/ (its name carries their
 * hash) and copied by each section: `wrangler d1 migrations apply` takes 10–20 s on a busy machine.
 */
function migratedTemplate(): string {
  const hash = createHash("sha256");
  const folder = join(root, "migrations");
  for (const name of (readdirSync(folder, { recursive: true }) as string[]).sort()) {
    const path = join(folder, name);
    if (name.endsWith(".sql")) hash.update(name).update(readFileSync(path));
  }
  const template = `.wrangler/bench-migrated/${hash.digest("hex").slice(0, 16)}`;
  if (!existsSync(template)) {
    const making = `${template}.${process.pid}`;
    rmSync(making, { recursive: true, force: true });
    execFileSync("wrangler", ["d1", "migrations", "apply", "DB", "--local", "-c", benchConfig, "--persist-to", making], { stdio: "ignore" });
    rmSync(template, { recursive: true, force: true });
    renameSync(making, template);
  }
  return template;
}

/** Applies the migrations under `persist` (a copy of the migrated template when it holds no database yet) and answers the SQLite file behind the local D1. */
export function migrateBenchDb(persist: string): string {
  if (existsSync(d1Dir(persist))) execFileSync("wrangler", ["d1", "migrations", "apply", "DB", "--local", "-c", benchConfig, "--persist-to", persist], { stdio: "ignore" });
  else cpSync(migratedTemplate(), persist, { recursive: true });
  const dir = d1Dir(persist);
  return `${dir}/${readdirSync(dir).find((f) => /^[0-9a-f]{64}\.sqlite$/.test(f))}`;
}

/** A fresh bench database under `persist`: migrated and seeded (the administrator with the demo password), open for loading more. */
export async function seededBenchDb(persist: string, at = new Date().toISOString()): Promise<NodeD1> {
  rmSync(persist, { recursive: true, force: true });
  const loader = new NodeD1(migrateBenchDb(persist));
  await loader.batch((await seedStatements({ adminPassword: demoAdminPassword, at })).map((st) => loader.prepare(st.sql).bind(...st.params)));
  return loader;
}

/**
 * The port for a section's bench Worker: its environment variable's (BENCH_FLOW_PORT, …) or one the system
 * has free, so a section never talks to a Worker left on a fixed port by another run on this machine.
 */
export async function benchPort(variable: string): Promise<number> {
  return process.env[variable] ? Number(process.env[variable]) : freePort();
}

/** What each started bench Worker writes (by its base URL): shown when it does not come up. */
const started = new Map<string, { server: ChildProcess; log: string }>();

/**
 * Starts the bench Worker on `port` (or, with `config`, another Worker such as the app's own wrangler.toml), its
 * output in `<persist>/wrangler-dev.log`; `stop` ends its whole process group (also when the bench exits).
 */
export function startBenchWorker(
  persist: string,
  port: number,
  vars: Record<string, string> = {},
  { config = benchConfig, args = [] }: { config?: string; args?: string[] } = {},
): { server: ChildProcess; base: string; stop: () => void } {
  const varArgs = Object.entries(vars).flatMap(([k, v]) => ["--var", `${k}:${v}`]);
  const log = `${persist}/wrangler-dev.log`;
  const out = openSync(log, "w");
  const server = spawn("wrangler", ["dev", "--local", "-c", config, "--persist-to", persist, "--port", String(port), "--ip", "127.0.0.1", ...args, ...varArgs], { detached: true, stdio: ["ignore", out, out] });
  closeSync(out);
  const stop = () => {
    try {
      process.kill(-server.pid!, "SIGTERM");
    } catch {}
  };
  process.on("exit", stop);
  const base = `http://127.0.0.1:${port}`;
  started.set(base, { server, log });
  return { server, base, stop };
}

/** Waits until the bench Worker answers at `path` (wrangler dev takes a while to start); when it exits or takes past 2 minutes, throws with the end of its output. */
export async function waitForBenchWorker(base: string, path = "/bare?runs=1") {
  const worker = started.get(base);
  const failure = (why: string) => {
    const tail = worker && existsSync(worker.log) ? readFileSync(worker.log, "utf8").trim().split("\n").slice(-15).join("\n") : "";
    return new Error(`bench worker ${why}${tail ? `; the end of ${worker!.log}:\n${tail}` : ""}`);
  };
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}${path}`)).ok) return;
    } catch {}
    if (worker && worker.server.exitCode !== null) throw failure(`exited (${worker.server.exitCode}) before answering on ${base}`);
    if (i > 240) throw failure(`did not answer on ${base} within 2 minutes`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Calls the API as the signed-in user once `signIn` has run; a non-zero envelope code throws. */
export function benchApi(base: string) {
  let token = "";
  const api = async <T = unknown>(path: string, body?: unknown): Promise<{ code: number; msg: string; data: T; total?: number }> => {
    const response = await fetch(`${base}/api${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { "content-type": "application/json", ...(token ? { "x-hbi-token": token } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await response.json()) as { code: number; msg: string; data: T; total?: number };
    if (answer.code !== 0) throw new Error(`${path}: ${answer.code} ${answer.msg}`);
    return answer;
  };
  const signIn = async (userNo: string, password: string) => {
    token = (await api<{ token: string }>("/auth/account", { userNo, password })).data.token;
    return token;
  };
  return { api, signIn };
}
