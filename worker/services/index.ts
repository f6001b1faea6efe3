/**
 * The services module: the state commands of every family that declares a lifecycle — publish and revoke,
 * examine and show on the portal, applications submitted into approval flows — and the business links that
 * keep applications in step with their flows. The families themselves are plain declarations.
 */
import type { Family } from "../../events/family.ts";
import type { Module } from "../module.ts";
import type { BusinessLink } from "../flow/business.ts";
import { publishingRoutes } from "./publishing.ts";
import { applicationLink, applicationRoutes } from "./applications.ts";
import { roadshowRoutes } from "./roadshow.ts";
import { adviceRoutes } from "./advice.ts";

export function servicesModule(families: Family[]): Module & { businessLinks: () => BusinessLink[] } {
  const withLifecycle = families.filter((f) => f.lifecycle);
  return {
    name: "services",
    routes: (table) => {
      roadshowRoutes(table);
      adviceRoutes(table);
      for (const family of withLifecycle) {
        publishingRoutes(table, family);
        if (family.lifecycle?.apply) applicationRoutes(table, family);
      }
    },
    projections: [],
    businessLinks: () => withLifecycle.filter((f) => f.lifecycle?.apply).map(applicationLink),
  };
}
