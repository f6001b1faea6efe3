/**
 * The system-administration screens that are more than a generic list, registered by the componentUrl
 * the seeded menu gives them (events/seed/menus.ts); each is its own lazily loaded chunk. Users,
 * dictionaries, zoning, departments, posts, members and WeCom users stay on the generic family screen.
 */
import type { NameKind } from "../core/api/names.ts";
import { registerRecordCache, registerScreens } from "../registry/index.ts";

registerScreens({
  "sys/role/index": () => import("./role/RoleScreen.tsx"),
  "sys/menu/index": () => import("./menu/MenuScreen.tsx"),
  "sys/config/index": () => import("./config/ConfigScreen.tsx"),
  "sys/org/index": () => import("./org/OrgScreen.tsx"),
  "sys/log/index": () => import("./log/LogScreen.tsx"),
  "sys/file/index": () => import("./file/FileScreen.tsx"),
  "sys/webhook/index": () => import("./webhook/DeliveryScreen.tsx"), // portal deliveries, replay
});

// Caches other screens keep of these families' records, forgotten when a list changes them. The cache modules
// load with the list that calls these (never with the first screen), so the import resolves at once.
registerRecordCache("/sys/sysdict", (_ids, queryClient) => {
  void import("../core/api/dictionaries.ts").then(({ forgetDictionaries }) => {
    forgetDictionaries();
    void queryClient.invalidateQueries({ queryKey: ["dict"] });
  });
});
const named: [path: string, kind: NameKind][] = [["/sys/user", "user"], ["/sys/department", "department"], ["/sys/organization", "organisation"]];
for (const [path, kind] of named) {
  registerRecordCache(path, (ids, queryClient) => {
    void import("../core/api/names.ts").then(({ forgetName }) => {
      for (const id of ids) forgetName(kind, id);
      void queryClient.invalidateQueries({ queryKey: ["names", kind] });
    });
  });
}
