/**
 * The enterprise area: an enterprise's profile and the demand files, as routes of the signed-in layout, and
 * the enterprise list's "profile" action (with the master's info tag). Each loads on first use.
 */
import { lazy } from "react";
import { hasPermission } from "../core/session.ts";
import { registerRoute, registerRowAction } from "../registry/index.ts";
import { demandFilesPath, masterPath, profilePath } from "./paths.ts";

registerRoute({ path: demandFilesPath, load: () => import("./DemandFiles.tsx") });
// one enterprise's profile, ?creditCode=…
registerRoute({ path: profilePath, load: () => import("./EnterpriseProfile.tsx") });

registerRowAction({ path: masterPath, when: (family) => hasPermission(family.tags.info), component: lazy(() => import("./ProfileAction.tsx")) });
