/**
 * The visits area: 企业分配 (/task/allocation) as its own screen, the check-in button on the check-in records
 * list (/task/checkin), "record visit" and "check in" on each task row (registered on the task family's path:
 * the generic list and the tasks screens such as 消息任务 render them), and the enterprise profile's visits
 * tab. Each loads on first use.
 */
import { lazy } from "react";
import { hasPermission } from "../core/session.ts";
import { registerListToolbar, registerProfilePanel, registerRowAction, registerScreens } from "../registry/index.ts";
import { checkInPath, taskPath } from "./paths.ts";

registerScreens({ "task/allocation/index": () => import("./AllocationScreen.tsx") });
registerListToolbar(checkInPath, lazy(() => import("./CheckInButton.tsx")));
registerRowAction({ path: taskPath, when: () => hasPermission("common:encheckinrecord:save"), component: lazy(() => import("./CheckInButton.tsx").then((m) => ({ default: m.TaskCheckIn }))) });
registerRowAction({ path: taskPath, when: () => hasPermission("common:encompanyvisit:save"), component: lazy(() => import("./VisitForm.tsx")) });
registerProfilePanel({ key: "visit-timeline", label: (t) => t("visits.tab.timeline"), when: () => hasPermission("common:encompanyvisit:list"), component: lazy(() => import("./VisitsPanel.tsx")) });
