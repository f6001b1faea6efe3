/**
 * The Worker bundled as `wrangler deploy` would upload it (dry run, no network), into a fresh temp folder:
 * read by the start-up bench and the import trace.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = join(import.meta.dirname, "..", "..");

/** Bundles the Worker into a fresh temp folder (`wrangler deploy --dry-run --outdir`); returns the entry and the folder. */
export function buildBundle(): { bundle: string; dir: string; form: string | null; wranglerSizes: string | null } {
  const dir = mkdtempSync(join(tmpdir(), "qifu-startup-"));
  // wrangler checks that the assets folder exists even on a dry run; an empty one is enough to bundle
  mkdirSync(join(root, "web/dist"), { recursive: true });
  // --outfile also writes the upload itself (multipart form), which `wrangler check startup --worker` reads
  const form = join(dir, "worker.form");
  const built = spawnSync("npx", ["wrangler", "deploy", "--dry-run", "--outdir", dir, "--outfile", form], { cwd: root, encoding: "utf8" });
  if (built.status !== 0) throw new Error(`wrangler deploy --dry-run failed:\n${built.stdout}\n${built.stderr}`);
  const wranglerSizes = /Total Upload: ([^\n]+)/.exec(built.stdout + built.stderr)?.[1]?.trim() ?? null;
  // workerd knows the bundle is a module; Node would otherwise sniff it (a failed CommonJS parse) on each import
  writeFileSync(join(dir, "package.json"), '{ "type": "module" }\n');
  return { bundle: join(dir, "index.js"), dir, form, wranglerSizes };
}

