/**
 * The server's menu tree turned into routes, by the spec's rules (section 2): a type below 1 is a
 * directory and is walked; types 2 and 3 are skipped; an entry without URL is skipped; an external URL
 * becomes an embedded-frame route named `i-` + menu id; anything else loads its screen from componentUrl,
 * and a query string on the URL becomes the route's query values. Pure, so the rules are unit-tested.
 */
import type { sys } from "../../events/api/sys.ts";
import type { Answer } from "../../events/api/verb.ts";

type NavEntry = Answer<typeof sys.nav>["menuList"][number];
/** A menu entry as the rules read it: the navigation's node (events/api/sys.ts), its optional columns maybe absent. */
export type MenuEntry = Pick<NavEntry, "menuId" | "parentId" | "name" | "type"> &
  Partial<Pick<NavEntry, "enName" | "url" | "componentUrl" | "routeName" | "icon" | "perms">> & { children?: MenuEntry[] };

export interface DynamicRoute {
  /** path without query, e.g. "/sys/dict" or "/i-<menuId>" */
  path: string;
  /** route name: routeName, or i-<menuId> for embedded frames */
  name: string;
  menuId: string;
  title: { "zh-CN": string; "en-US": string };
  /** the screen to load (absent for embedded frames) */
  componentUrl?: string;
  /** the external page shown in an iframe */
  iframe?: string;
  query: Record<string, string>;
  perms: string;
  /** the directories above the screen, outermost first ("系统管理"): where it sits in the menu */
  section?: { "zh-CN": string; "en-US": string }[];
}

export const isExternal = (url: string) => /^(https?:)?\/\//i.test(url);

export function menuRoutes(menuList: MenuEntry[]): DynamicRoute[] {
  const routes: DynamicRoute[] = [];
  const titleOf = (entry: MenuEntry) => ({ "zh-CN": entry.name, "en-US": entry.enName || entry.name });
  const walk = (entries: MenuEntry[], section: DynamicRoute["section"] & {} = []) => {
    for (const entry of entries) {
      if (entry.type < 1) {
        walk(entry.children ?? [], [...section, titleOf(entry)]);
        continue;
      }
      if (entry.type === 2 || entry.type === 3 || !entry.url) continue;
      const title = titleOf(entry);
      const perms = collectPerms(entry);
      if (isExternal(entry.url)) {
        routes.push({ path: `/i-${entry.menuId}`, name: `i-${entry.menuId}`, menuId: entry.menuId, title, iframe: entry.url, query: {}, perms, ...(section.length ? { section } : {}) });
        continue;
      }
      const [path, search = ""] = entry.url.split("?");
      routes.push({
        path: path!.startsWith("/") ? path! : `/${path}`,
        name: entry.routeName || path!,
        menuId: entry.menuId,
        title,
        componentUrl: entry.componentUrl ?? undefined,
        query: Object.fromEntries(new URLSearchParams(search)),
        perms,
        ...(section.length ? { section } : {}),
      });
    }
  };
  walk(menuList);
  return routes;
}

/** The tags of a screen and its buttons. */
function collectPerms(entry: MenuEntry): string {
  return [entry.perms, ...(entry.children ?? []).map((c) => c.perms)].filter(Boolean).join(",");
}
