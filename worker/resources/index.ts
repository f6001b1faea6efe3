/**
 * The record engine as a module: for each family declaration, its derived routes and its read model.
 * Declarations come from events/families today and from run-time data models later: one engine, two
 * sources of declarations.
 */
import type { Family } from "../../events/family.ts";
import { lazyProperty } from "../../events/lazy.ts";
import type { Module } from "../module.ts";
import { familyProjection } from "./projection.ts";
import { familyRoutes } from "./routes.ts";

/** The families' projections (about a hundred, each with its SQL) are built when the event store first lists them. */
export function recordsModule(families: Family[]): Module {
  const module: Module = {
    name: "records",
    routes: (table) => {
      for (const family of families) familyRoutes(table, family);
    },
    projections: [],
  };
  return lazyProperty(module, "projections", () => families.map(familyProjection));
}
