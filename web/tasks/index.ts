/** The task screens (menu 任务管理), each its own lazily loaded chunk; the board's charts load with the board only. */
import { withTexts } from "../core/i18n.ts";
import { registerScreens } from "../registry/index.ts";

const screen = withTexts(() => import("../core/locales/tasks.ts"));

registerScreens({
  "task/plan/index": screen(() => import("./PlanScreen.tsx")),
  "task/distribution/index": screen(() => import("./DistributionScreen.tsx")),
  "task/board/index": screen(() => import("./BoardScreen.tsx")),
  "task/message/index": screen(() => import("./MessageScreen.tsx")),
  "task/other/index": screen(() => import("./OtherScreen.tsx")),
});
