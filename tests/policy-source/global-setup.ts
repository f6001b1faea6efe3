/** Starts the local policy source for the workerd tests and hands them its URL (`inject("policySourceUrl")`). */
import type { TestProject } from "vitest/node";
import { provideSource } from "../local-http.ts";
import { startPolicySource } from "./server.ts";

export default (project: TestProject) => provideSource(project, "policySourceUrl", startPolicySource);

declare module "vitest" {
  export interface ProvidedContext {
    policySourceUrl: string;
  }
}
