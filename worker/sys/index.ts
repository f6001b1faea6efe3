/** System administration as a module: the extra verbs of the system families (their standard verbs come from the record engine). */
import type { Module } from "../module.ts";
import { sys } from "../../events/api/sys.ts";
import { nav, navDoc } from "./nav.ts";
import { dictionaryRoutes } from "./dictionary.ts";
import { passwordRoutes } from "./password.ts";
import { storeRoutes } from "./store.ts";
import { userRoutes } from "./users.ts";
import { roleRoutes } from "./roles.ts";
import { menuRoutes } from "./menus.ts";
import { organisationRoutes } from "./organisation.ts";
import { wechatWorkRoutes } from "./wechat-work.ts";
import { logRoutes } from "./log.ts";
import { listSettingsRoutes } from "./list-settings.ts";

export const sysModule: Module = {
  name: "sys",
  routes: (routes) => {
    routes.verb(sys.nav, "signedIn", nav, { doc: navDoc });
    dictionaryRoutes(routes);
    passwordRoutes(routes);
    storeRoutes(routes);
    userRoutes(routes);
    roleRoutes(routes);
    menuRoutes(routes);
    organisationRoutes(routes);
    wechatWorkRoutes(routes);
    logRoutes(routes);
    listSettingsRoutes(routes);
  },
  projections: [],
};
