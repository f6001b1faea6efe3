/** The API document as a module: /openapi.json and /docs over the route table it is registered on. */
import type { Module } from "../module.ts";
import { openapiRoutes } from "./routes.ts";

export const openapiModule: Module = { name: "openapi", routes: openapiRoutes, projections: [] };
