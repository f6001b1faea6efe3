/** Sign-in as a module: captcha, accounts, portal single sign-on, sessions, and the passwords read model. */
import type { Module } from "../module.ts";
import { credentialProjection } from "./credential.ts";
import { authRoutes } from "./routes.ts";

export const authModule: Module = { name: "auth", routes: authRoutes, projections: [credentialProjection] };
