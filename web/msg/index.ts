/**
 * The message centre's screens, registered by the componentUrl the seeded menu gives them
 * (events/seed/menus.ts); each is its own lazily loaded chunk. Templates and types stay on the generic
 * family screen (their declarations are in events/families/msg.ts).
 */
import { registerScreens } from "../registry/index.ts";

registerScreens({
  "msg/pending/index": () => import("./PendingScreen.tsx"),
  "msg/approved/index": () => import("./ApprovedScreen.tsx"),
  "msg/mine/index": () => import("./MineScreen.tsx"),
  "msg/initiated/index": () => import("./InitiatedScreen.tsx"),
});
