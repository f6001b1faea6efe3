/** Starts the local enterprise-credit API for the workerd tests and hands them its URL (`inject("syncSourceUrl")`). */
import type { TestProject } from "vitest/node";
import { startSyncSource } from "./server.ts";

export default async function setup(project: TestProject) {
  const { url, server } = await startSyncSource();
  project.provide("syncSourceUrl", url);
  return () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}

declare module "vitest" {
  export interface ProvidedContext {
    syncSourceUrl: string;
  }
}
