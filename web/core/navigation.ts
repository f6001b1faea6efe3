/**
 * Menu and permissions for the session: the first navigation with a token fetches /sys/menu/nav; code 0
 * stores them and marks the dynamic routes loaded; anything else clears them and sends the user to /login.
 */
import type { sys } from "../../events/api/sys.ts";
import type { Answer } from "../../events/api/verb.ts";
import { get } from "./api/http.ts";
import { menuRoutes, type DynamicRoute, type MenuEntry } from "./menu.ts";
import { readJson, storageKeys } from "./session.ts";

export interface Navigation {
  menuList: MenuEntry[];
  permissions: string[];
  routes: DynamicRoute[];
}

let cached: Navigation | null = null;

function fromStorage(): Navigation | null {
  if (sessionStorage.getItem(storageKeys.dynamicMenuRoutes) !== "true") return null;
  const menuList = readJson<MenuEntry[]>(sessionStorage, storageKeys.menuList);
  const permissions = readJson<string[]>(sessionStorage, storageKeys.permissions);
  return menuList && permissions ? { menuList, permissions, routes: menuRoutes(menuList) } : null;
}

/** Loads the navigation once per session (reused from session storage on reloads). Throws when it cannot. */
export async function ensureNavigation(): Promise<Navigation> {
  if (cached) return cached;
  const stored = fromStorage();
  if (stored) return (cached = stored);
  try {
    const answer = await get<Answer<typeof sys.nav>>("/sys/menu/nav");
    const { menuList, permissions } = answer.data;
    sessionStorage.setItem(storageKeys.menuList, JSON.stringify(menuList));
    sessionStorage.setItem(storageKeys.permissions, JSON.stringify(permissions));
    sessionStorage.setItem(storageKeys.dynamicMenuRoutes, "true");
    return (cached = { menuList, permissions, routes: menuRoutes(menuList) });
  } catch (error) {
    forgetNavigation();
    throw error;
  }
}

export function forgetNavigation() {
  cached = null;
  sessionStorage.removeItem(storageKeys.menuList);
  sessionStorage.removeItem(storageKeys.permissions);
  sessionStorage.removeItem(storageKeys.dynamicMenuRoutes);
}

window.addEventListener("qifu:signed-out", () => {
  cached = null;
});

export const currentNavigation = () => cached;

/** After menus change: forget the loaded navigation; the layout reloads it (and the side menu) at once. */
export function navigationChanged() {
  forgetNavigation();
  window.dispatchEvent(new Event("qifu:navigation-changed"));
}
