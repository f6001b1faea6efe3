/** Tests run inside workerd (the Workers runtime) against real local D1 and R2, with the migrations applied per file. */
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The BPMN conformance suite is read where it lives, ../shared/bpmn-conformance beside the checkout (never
 * copied into the project), and handed to the workerd tests as a binding: workerd has no file system.
 */
function bpmnConformance() {
  const dir = join(import.meta.dirname, "..", "shared", "bpmn-conformance");
  const names = readdirSync(dir).filter((f) => f.endsWith(".bpmn") || f === "MANIFEST.tsv");
  return Object.fromEntries(names.map((f): [string, string] => [f, readFileSync(join(dir, f), "utf8")]));
}

/**
 * The Worker's and the scripts' TypeScript sources (path → text), for the structure test
 * (tests/pipeline.test.ts): which files may append events, which may import what. workerd has no file system.
 */
function sourceFiles() {
  const root = import.meta.dirname;
  const out: Record<string, string> = {};
  for (const top of ["worker", "scripts"]) {
    for (const entry of readdirSync(join(root, top), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith(".ts")) continue;
      const path = join(entry.parentPath, entry.name);
      out[path.slice(root.length + 1)] = readFileSync(path, "utf8");
    }
  }
  return out;
}

export default defineConfig(async () => ({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        bindings: {
          TEST_MIGRATIONS: await readD1Migrations("migrations"),
          BPMN_CONFORMANCE: bpmnConformance(),
          SOURCE_FILES: sourceFiles(),
          // test-only portal secrets (the local demo ones live in .dev.vars)
          PORTAL_OA_SECRET: "test-oa-portal-secret",
          PORTAL_PF_SECRET: "test-pf-portal-secret",
        },
      },
    }),
  ],
  test: {
    include: ["tests/**/*.test.ts"],
    setupFiles: ["./tests/setup.ts"],
    // the local enterprise-credit API the sync tests read (a real HTTP server in this process)
    globalSetup: ["./tests/sync-source/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
}));
