/** Starts the local policy source for the workerd tests and hands them its URL (`inject("policySourceUrl")`). */
import type { TestProject } from "vitest/node";
import { startPolicySource } from "./server.ts";

export default async function setup(project: TestProject) {
  const { url, server } = await startPolicySource();
  project.provide("policySourceUrl", url);
  return () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}

declare module "vitest" {
  export interface ProvidedContext {
    policySourceUrl: string;
  }
}
