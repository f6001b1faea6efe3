/**
 * The equity-exchange dashboard (数据大屏): the eight /bt/dashboard/* menu entries, each the large screen
 * with its focus. ECharts, the Shaanxi boundaries and the texts (web/core/locales/dashboard.ts) load with
 * the first of them, never with the first screen.
 */
import { withTexts } from "../core/i18n.ts";
import { registerScreens } from "../registry/index.ts";
import type { Focus } from "./DashboardScreen.tsx";

const screen = withTexts(() => import("../core/locales/dashboard.ts"));
const focusNames: Focus[] = ["financing", "listing", "trusteeship", "member", "enterprise", "peers", "institutions", "map"];

registerScreens(Object.fromEntries(focusNames.map((focus) => [`bt/dashboard/${focus}/index`, screen(() => import("./DashboardScreen.tsx").then((m) => ({ default: m.screenOf(focus) })))])));
