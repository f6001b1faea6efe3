/** The scheduled-job screens, each its own lazily loaded chunk; 异常记录 stays a generic list. */
import { registerScreens } from "../registry/index.ts";

registerScreens({
  "job/schedule/index": () => import("./JobScreen.tsx"),
  "job/schedulelog/index": () => import("./LogScreen.tsx"),
});
