/** The project schedule screen: its own lazily loaded chunk (the Gantt library comes with it, never with the first screen). */
import { withTexts } from "../core/i18n.ts";
import { registerScreens } from "../registry/index.ts";

const screen = withTexts(() => import("../core/locales/gantt.ts"));

registerScreens({
  "enterprise/gantt/index": screen(() => import("./GanttScreen.tsx")),
});
