/**
 * The visits area: 企业分配 (/task/allocation) as its own screen, the check-in button on the check-in records
 * list (/task/checkin), the visit form on each task of the task list, and the enterprise profile's visits
 * tab. Each loads on first use.
 */
import { lazy } from "react";
import { hasPermission } from "../core/session.ts";
import { registerListToolbar, registerProfilePanel, registerRowAction, registerScreens } from "../registry/index.ts";
import { checkInPath, taskPath } from "./paths.ts";

registerScreens({ "task/allocation/index": () => import("./AllocationScreen.tsx") });
registerListToolbar(checkInPath, lazy(() => import("./CheckInButton.tsx")));
registerRowAction({ path: taskPath, when: () => hasPermission("common:encompanyvisit:save"), component: lazy(() => import("./VisitForm.tsx")) });
registerProfilePanel({ key: "visit-timeline", label: (t) => t("visits.tab.timeline"), when: () => hasPermission("common:encompanyvisit:list"), component: lazy(() => import("./VisitsPanel.tsx")) });
