/**
 * Browser tests (tests/e2e/**\/*.e2e.ts) in plain Node, not the workers pool: one throw-away app server
 * (wrangler dev on fresh local D1, see tests/e2e/global-setup.ts) and Debian's Chromium through
 * playwright-core. Files run one after another; timeouts are long for a 2-core machine.
 */
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.e2e.ts"],
    environment: "node",
    globalSetup: ["./tests/e2e/global-setup.ts"],
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});
