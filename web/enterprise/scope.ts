/**
 * The tabs of an enterprise's profile a user sees (pure): the groups declared in
 * events/families/profile-groups.ts, each tab keeping the lists the user may open, a tab or group without any
 * left out. Counts come from one answer (family name → records of the enterprise): a tab's count is the sum of its
 * lists', a group's the sum of its tabs', so a group's badge always adds up to what its tabs show.
 */
import { enterprise } from "../../events/api/enterprise.ts";
import type { Answer } from "../../events/api/verb.ts";
import type { Family } from "../../events/family.ts";
import type { Text } from "../../events/i18n.ts";
import { masterName } from "../../events/families/enterprise.ts";
import { profileGroups, type ProfileGroupId } from "../../events/families/profile-groups.ts";

export { masterName };
export { profilePath } from "./paths.ts";

export interface ShownTab {
  /** the tab's key in the URL: its first list's family name */
  key: string;
  label: Text;
  lists: Family[];
}

export interface ShownGroup {
  id: ProfileGroupId;
  label: Text;
  tabs: ShownTab[];
}

/** Records per list (family name → count), as the enterprise verb answers them. */
export type Counts = Answer<typeof enterprise.tabCounts>;

/** The groups and tabs shown to a user who may open the lists `may` allows. */
export function shownGroups(all: readonly Family[], may: (family: Family) => boolean): ShownGroup[] {
  return profileGroups(all)
    .map((group) => ({
      id: group.id,
      label: group.label,
      tabs: group.tabs
        .map((lists) => lists.filter(may))
        .filter((lists) => lists.length > 0)
        .map((lists) => ({ key: lists[0]!.name, label: lists[0]!.label, lists })),
    }))
    .filter((group) => group.tabs.length > 0);
}

/** A tab's records: the sum of its lists' counts (undefined until the counts have answered). */
export function tabCount(tab: ShownTab, counts: Counts | undefined): number | undefined {
  return counts ? tab.lists.reduce((sum, f) => sum + (counts[f.name] ?? 0), 0) : undefined;
}

/** A group's records: the sum of its tabs' counts. */
export function groupCount(group: ShownGroup, counts: Counts | undefined): number | undefined {
  return counts ? group.tabs.reduce((sum, tab) => sum + tabCount(tab, counts)!, 0) : undefined;
}

/** The tab a group opens on: its first tab holding records, else its first. */
export function openingTab(group: ShownGroup, counts: Counts | undefined): ShownTab {
  return group.tabs.find((tab) => (tabCount(tab, counts) ?? 0) > 0) ?? group.tabs[0]!;
}

/** The group and tab that show a family (a tab is found by any of its lists). */
export function findTab(groups: ShownGroup[], familyName: string): { group: ShownGroup; tab: ShownTab } | undefined {
  for (const group of groups) {
    const tab = group.tabs.find((t) => t.lists.some((f) => f.name === familyName));
    if (tab) return { group, tab };
  }
  return undefined;
}
