/** Starts one throw-away app server for all browser tests and hands its address to them (inject("baseUrl"), inject("persist") for the captcha). */
import type { TestProject } from "vitest/node";
import { startApp } from "./server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    persist: string;
  }
}

export default async function setup(project: TestProject) {
  const app = await startApp({ log: process.env.E2E_SERVER_LOG === "1" });
  project.provide("baseUrl", app.baseUrl);
  project.provide("persist", app.persist);
  return async () => {
    await app.stop();
  };
}
