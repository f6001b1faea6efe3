/**
 * The record engine as a module: for each family declaration, its derived routes and its read model.
 * Declarations come from events/families today and from run-time data models later: one engine, two
 * sources of declarations.
 */
import type { Family } from "../../events/family.ts";
import type { Module } from "../module.ts";
import { familyProjection } from "./projection.ts";
import { familyRoutes } from "./routes.ts";

export function recordsModule(families: Family[]): Module {
  return {
    name: "records",
    routes: (table) => {
      for (const family of families) familyRoutes(table, family);
    },
    projections: families.map(familyProjection),
  };
}
