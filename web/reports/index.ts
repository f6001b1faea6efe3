/**
 * The report screens, registered by the componentUrl the seeded menu gives them
 * (events/seed/menus.ts). Each is its own lazily loaded chunk, and the chart library is loaded by those
 * chunks only (ReportChart.tsx), so the first screen does not carry it.
 */
import { registerScreens } from "../registry/index.ts";

registerScreens({
  "report/design/index": () => import("./DesignScreen.tsx"),
  "report/view/index": () => import("./ViewScreen.tsx"),
});
