/** Tests run inside workerd (the Workers runtime) against real local D1 and R2, with the migrations applied per file. */
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { generateKeyPairSync } from "node:crypto";

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
 * The project's own sources (worker/, events/, web/, scripts/: every .ts and .tsx file, path relative to the root →
 * text) for tests that check the code's structure: workerd has no file system.
 */
function sourceFiles() {
  const root = import.meta.dirname;
  const files: [string, string][] = [];
  for (const top of ["worker", "events", "web", "scripts"]) {
    for (const entry of readdirSync(join(root, top), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
      const path = join(entry.parentPath, entry.name);
      const name = relative(root, path).split("\\").join("/");
      if (/(^|\/)(node_modules|dist)\//.test(name)) continue;
      files.push([name, readFileSync(path, "utf8")]);
    }
  }
  return Object.fromEntries(files.sort(([a], [b]) => (a < b ? -1 : 1)));
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
          FORM_LINK_SECRET: "test-form-link-secret",
          // the built-in sample sync source, as locally (a deployment has none unless SYN_SOURCE_URL is set)
          SYN_SOURCE: "builtin",
          // a throw-away did:web signing key per run: tests verify with the public key of /.well-known/did.json
          DID_SIGNING_KEY: JSON.stringify(generateKeyPairSync("ed25519").privateKey.export({ format: "jwk" })),
        },
      },
    }),
  ],
  test: {
    include: ["tests/**/*.test.ts"],
    setupFiles: ["./tests/setup.ts"],
    // the local enterprise-credit API the sync tests read (a real HTTP server in this process)
    globalSetup: ["./tests/sync-source/global-setup.ts", "./tests/policy-source/global-setup.ts", "./tests/credit-bureau/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
}));
