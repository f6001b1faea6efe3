/**
 * The work-report screens, registered by the componentUrl the seeded menu gives them (events/seed/menus.ts).
 * Each is its own lazily loaded chunk; the chart library comes with the statistics chunks only.
 */
import { registerScreens } from "../registry/index.ts";

registerScreens({
  "workreport/report/index": () => import("./ReportScreen.tsx"),
  "workreport/review/index": () => import("./ReviewScreen.tsx"),
  "workreport/visitstat/index": () => import("./VisitStatScreen.tsx"),
  "workreport/servicestat/index": () => import("./ServiceStatScreen.tsx"),
  "workreport/otherstat/index": () => import("./OtherStatScreen.tsx"),
  "workreport/datastat/index": () => import("./DataStatScreen.tsx"),
});
