/** Starts the local enterprise-credit API for the workerd tests and hands them its URL (`inject("syncSourceUrl")`). */
import type { TestProject } from "vitest/node";
import { provideSource } from "../local-http.ts";
import { startSyncSource } from "./server.ts";

export default (project: TestProject) => provideSource(project, "syncSourceUrl", () => startSyncSource());

declare module "vitest" {
  export interface ProvidedContext {
    syncSourceUrl: string;
  }
}
