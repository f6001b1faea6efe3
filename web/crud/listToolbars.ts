/**
 * Extra toolbar actions for the generic family screen, registered by path prefix (e.g. "/syn/" for the
 * synchronised lists' "sync now"), so an area can add its verbs to a list without a screen of its own and
 * without web/crud knowing the area. Register lazily loaded components: they render inside a Suspense.
 */
import type { ComponentType } from "react";
import type { Family } from "../../events/family.ts";

export type ListToolbar = ComponentType<{ family: Family }>;

const toolbars: { prefix: string; component: ListToolbar }[] = [];

export function registerListToolbar(prefix: string, component: ListToolbar) {
  toolbars.push({ prefix, component });
}

/** The toolbars registered for a family's API path, in registration order. */
export function toolbarsFor(path: string): ListToolbar[] {
  return toolbars.filter((t) => path.startsWith(t.prefix)).map((t) => t.component);
}
