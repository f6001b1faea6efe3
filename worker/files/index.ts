/** Uploads as a module: R2 objects whose metadata is a record of the file family. */
import type { Module } from "../module.ts";
import { fileRoutes } from "./routes.ts";

export const filesModule: Module = { name: "files", routes: fileRoutes, projections: [] };
