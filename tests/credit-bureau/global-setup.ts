/** Starts the local credit bureau for the workerd tests and hands them its URL (`inject("creditBureauUrl")`). */
import type { TestProject } from "vitest/node";
import { provideSource } from "../local-http.ts";
import { startCreditBureau } from "./server.ts";

export default (project: TestProject) => provideSource(project, "creditBureauUrl", startCreditBureau);

declare module "vitest" {
  export interface ProvidedContext {
    creditBureauUrl: string;
  }
}
