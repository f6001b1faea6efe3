/**
 * The workflow screens, registered by the componentUrl the seeded menu gives them (events/seed/menus.ts);
 * each is its own lazily loaded chunk, so bpmn-js and the designer stay off the first screen.
 */
import { registerApprovalRecord, registerRoute, registerScreens } from "../registry/index.ts";

// designer, models, diagram
registerScreens({
  "flowable/model/index": () => import("./models/ModelsScreen.tsx"),
});

// approvals and monitor
registerScreens({
  "flowable/todo/index": () => import("./tasks/TodoScreen.tsx"),
  "flowable/done/index": () => import("./tasks/DoneScreen.tsx"),
  "flowable/myprocess/index": () => import("./tasks/MyProcessScreen.tsx"),
  "flowable/instance/index": () => import("./tasks/InstanceScreen.tsx"),
  "flowable/monitor/index": () => import("./monitor/MonitorScreen.tsx"),
});

// the approval record of an application in any list whose family goes through the workflow
registerApprovalRecord(() => import("./tasks/ApprovalRecord.tsx"));

// one approval, opened from a message or mail link: without a session, sign in first and come back
registerRoute({ path: "/todoCheck", place: "public", signIn: true, load: () => import("./tasks/TodoCheck.tsx") });
