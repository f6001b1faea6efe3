/** The task screens (menu 任务管理), each its own lazily loaded chunk; the board's charts load with the board only. */
import { registerScreens } from "../registry/index.ts";

registerScreens({
  "task/plan/index": () => import("./PlanScreen.tsx"),
  "task/distribution/index": () => import("./DistributionScreen.tsx"),
  "task/board/index": () => import("./BoardScreen.tsx"),
  "task/message/index": () => import("./MessageScreen.tsx"),
  "task/other/index": () => import("./OtherScreen.tsx"),
});
