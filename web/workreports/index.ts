/**
 * The work-report screens, registered by the componentUrl the seeded menu gives them (events/seed/menus.ts).
 * Each is its own lazily loaded chunk; the chart library comes with the statistics chunks only.
 */
import { withTexts } from "../core/i18n.ts";
import { registerScreens } from "../registry/index.ts";

const screen = withTexts(() => import("../core/locales/workreports.ts"));

registerScreens({
  "workreport/report/index": screen(() => import("./ReportScreen.tsx")),
  "workreport/review/index": screen(() => import("./ReviewScreen.tsx")),
  "workreport/visitstat/index": screen(() => import("./VisitStatScreen.tsx")),
  "workreport/servicestat/index": screen(() => import("./ServiceStatScreen.tsx")),
  "workreport/otherstat/index": screen(() => import("./OtherStatScreen.tsx")),
  "workreport/datastat/index": screen(() => import("./DataStatScreen.tsx")),
});
