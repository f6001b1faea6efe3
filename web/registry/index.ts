/**
 * The one screen registry: componentUrl → a lazily loaded, code-split screen. Screens that are more than a
 * generic list register here; any other menu screen whose tags name a declared family gets the generic
 * family screen (web/crud), which finds its declaration from the route's tags.
 */
import type { ComponentType } from "react";
import type { DynamicRoute } from "../core/menu.ts";

export interface ScreenProps {
  route: DynamicRoute;
}
export type ScreenLoader = () => Promise<{ default: ComponentType<ScreenProps> }>;

/** Own screens, by componentUrl (the sys area registers its screens in web/sys/index.ts). */
export const ownScreens: Record<string, ScreenLoader> = {};

export function registerScreens(screens: Record<string, ScreenLoader>) {
  Object.assign(ownScreens, screens);
}

const familyScreen: ScreenLoader = () => import("../crud/FamilyScreen.tsx");

/** The loader for a route's screen: its own, else the generic family screen when the route names a list tag. */
export function resolveScreen(route: DynamicRoute): ScreenLoader | null {
  if (route.componentUrl && ownScreens[route.componentUrl]) return ownScreens[route.componentUrl]!;
  if (route.perms.split(",").some((tag) => tag.trim().endsWith(":list"))) return familyScreen;
  return null;
}
