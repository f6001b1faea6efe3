/** Open content tabs, kept in local storage: open on navigation, close current / others / all. */
import { useLocalStorage } from "@mantine/hooks";

export interface OpenTab {
  path: string;
  /** the query the screen last had ("?page=2&status=1"), so coming back to the tab shows the same list */
  search?: string;
  /** title in both languages, so a language switch relabels open tabs */
  title: { "zh-CN": string; "en-US": string };
}

export const homeTab: OpenTab = { path: "/home", title: { "zh-CN": "首页", "en-US": "Home" } };

export function useOpenTabs() {
  return useLocalStorage<OpenTab[]>({ key: "qifu.tabs", defaultValue: [homeTab], getInitialValueInEffect: false });
}

/** Pure: the tabs after opening `tab` (kept once, home always first). */
export function openTab(tabs: OpenTab[], tab: OpenTab): OpenTab[] {
  const rest = tabs.filter((t) => t.path !== homeTab.path);
  const withTab = rest.some((t) => t.path === tab.path) ? rest : [...rest, tab];
  return [homeTab, ...withTab.filter((t) => t.path !== homeTab.path)];
}

/** Pure: the tabs after the screen at `path` moved to `search` (other tabs keep theirs). */
export function rememberSearch(tabs: OpenTab[], path: string, search: string): OpenTab[] {
  const tab = tabs.find((t) => t.path === path);
  if (!tab || (tab.search ?? "") === search) return tabs;
  return tabs.map((t) => (t.path === path ? { ...t, search } : t));
}

/** Where a tab leads: its path with the query it last had. */
export const tabHref = (tab: OpenTab) => `${tab.path}${tab.search ?? ""}`;

/** Pure: the tabs after closing, and where to go when the active one went away. */
export function closeTabs(tabs: OpenTab[], which: "current" | "others" | "all", active: string): { tabs: OpenTab[]; goTo?: string } {
  if (which === "all") return { tabs: [homeTab], goTo: homeTab.path };
  if (which === "others") return { tabs: tabs.filter((t) => t.path === homeTab.path || t.path === active) };
  if (active === homeTab.path) return { tabs };
  const index = tabs.findIndex((t) => t.path === active);
  const left = tabs.filter((t) => t.path !== active);
  return { tabs: left, goTo: left[Math.max(0, index - 1)]?.path ?? homeTab.path };
}
