/** The project schedule screen: its own lazily loaded chunk (the Gantt library comes with it, never with the first screen). */
import { registerScreens } from "../registry/index.ts";

registerScreens({
  "enterprise/gantt/index": () => import("./GanttScreen.tsx"),
});
