import type { D1Migration } from "cloudflare:test";
import type { Env as WorkerEnv } from "../worker/http/env.ts";

declare global {
  namespace Cloudflare {
    interface Env extends WorkerEnv {
      TEST_MIGRATIONS: D1Migration[];
      /** ../shared/bpmn-conformance: file name → text (the .bpmn files and MANIFEST.tsv) */
      BPMN_CONFORMANCE: Record<string, string>;
      /** the project's sources for structure checks: path from the root (worker/, events/, web/, scripts/; .ts and .tsx) → text */
      SOURCE_FILES: Record<string, string>;
    }
  }
}
