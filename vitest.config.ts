/** Tests run inside workerd (the Workers runtime) against real local D1 and R2, with the migrations applied per file. */
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

export default defineConfig(async () => ({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        bindings: {
          TEST_MIGRATIONS: await readD1Migrations("migrations"),
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
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
}));
