/**
 * The system-administration screens that are more than a generic list, registered by the componentUrl
 * the seeded menu gives them (events/seed/menus.ts); each is its own lazily loaded chunk. Users,
 * dictionaries, zoning, departments, posts, members and WeCom users stay on the generic family screen.
 */
import { registerScreens } from "../registry/index.ts";

registerScreens({
  "sys/role/index": () => import("./role/RoleScreen.tsx"),
  "sys/menu/index": () => import("./menu/MenuScreen.tsx"),
  "sys/config/index": () => import("./config/ConfigScreen.tsx"),
  "sys/org/index": () => import("./org/OrgScreen.tsx"),
  "sys/log/index": () => import("./log/LogScreen.tsx"),
  "sys/file/index": () => import("./file/FileScreen.tsx"),
  "sys/webhook/index": () => import("./webhook/DeliveryScreen.tsx"), // portal deliveries, replay
});
