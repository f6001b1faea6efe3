/**
 * What the command palette offers, from what the shell already holds: every screen of the user's menu,
 * the records opened lately, and the actions the user's tags allow ("new <record>" on each family screen
 * whose save tag is held, switch language, lock, sign out). Pure, so it is tested without a browser.
 *
 * @example
 * paletteEntries({ routes, has: hasPermission, recents: recentRecords(), lang, familyLabel, text });
 */
import type { Lang, Text } from "../../../events/i18n.ts";
import type { DynamicRoute } from "../../core/menu.ts";
import type { RecentRecord } from "../../core/recent.ts";

export type PaletteGroup = "recent" | "screens" | "actions";
export type PaletteCommand = "language" | "lock" | "signOut";
export type PaletteTarget = { to: string; search?: Record<string, string | number> } | { command: PaletteCommand };

export interface PaletteEntry {
  id: string;
  group: PaletteGroup;
  /** shown, in the current language */
  label: string;
  description?: string;
  /** what a query is matched with (both languages) */
  texts: string[];
  target: PaletteTarget;
}

/** The search that opens a record from the palette's recent list (the list page opens its edit dialog). */
export const recentSearch = (id: string) => ({ edit: id });
/** The search that opens a list screen's add dialog. */
export const newSearch = { new: 1 } as const;

export interface EntryTexts {
  /** "新增{{name}}" in a language */
  newRecord: (name: string, lang: Lang) => string;
  /** label of a palette text (palette.switchLanguage, palette.lock, palette.signOut, shell.userInfo, actions.home) in a language */
  label: (key: string, lang: Lang) => string;
}

export interface EntryInput {
  routes: DynamicRoute[];
  lang: Lang;
  /** whether the user holds a permission tag */
  has: (tag: string) => boolean;
  recents: RecentRecord[];
  /** the label of the family whose list tag this is (undefined: not a declared family) */
  familyLabel: (listTag: string) => Text | undefined;
  text: EntryTexts;
}

const both = (fn: (lang: Lang) => string) => [fn("zh-CN"), fn("en-US")];

export function paletteEntries({ routes, lang, has, recents, familyLabel, text }: EntryInput): PaletteEntry[] {
  const entries: PaletteEntry[] = [];
  const seen = new Set<string>();
  const titleOf = new Map<string, Text>();

  // screens: home, the menu's screens, personal information
  const fixed: { path: string; key: string }[] = [{ path: "/home", key: "actions.home" }];
  for (const { path, key } of fixed) {
    seen.add(path);
    entries.push({ id: `screen:${path}`, group: "screens", label: text.label(key, lang), texts: both((l) => text.label(key, l)), target: { to: path } });
  }
  for (const route of routes) {
    if (seen.has(route.path)) continue;
    seen.add(route.path);
    titleOf.set(route.path, route.title);
    // the subtitle is where the screen sits in the menu, in the current language (the other language's
    // title still finds it: it is among the matched texts)
    const section = route.section?.map((title) => title[lang]).join(" / ");
    entries.push({
      id: `screen:${route.path}`,
      group: "screens",
      label: route.title[lang],
      description: section || undefined,
      texts: [route.title["zh-CN"], route.title["en-US"], route.path],
      target: { to: route.path },
    });
  }
  entries.push({ id: "screen:/userinfo", group: "screens", label: text.label("shell.userInfo", lang), texts: both((l) => text.label("shell.userInfo", l)), target: { to: "/userinfo" } });

  // records opened lately, on screens the menu still allows
  const recent: PaletteEntry[] = recents
    .filter((r) => titleOf.has(r.path))
    .map((r) => ({
      id: `recent:${r.familyPath}:${r.id}`,
      group: "recent",
      label: r.label || r.id,
      description: titleOf.get(r.path)![lang],
      texts: [r.label, r.id],
      target: { to: r.path, search: recentSearch(r.id) },
    }));

  // actions: a new record on each family screen whose save tag is held
  const actions: PaletteEntry[] = [];
  for (const route of routes) {
    const listTag = route.perms.split(",").map((t) => t.trim()).find((t) => t.endsWith(":list"));
    if (!listTag) continue;
    const label = familyLabel(listTag);
    if (!label || !has(`${listTag.slice(0, -":list".length)}:save`)) continue;
    actions.push({
      id: `new:${route.path}`,
      group: "actions",
      label: text.newRecord(label[lang], lang),
      description: route.title[lang],
      texts: [text.newRecord(label["zh-CN"], "zh-CN"), text.newRecord(label["en-US"], "en-US")],
      target: { to: route.path, search: newSearch },
    });
  }
  // the shell's commands first: a few, always wanted, never cut off by the cap on a long list of "new" actions
  const command = (id: PaletteCommand, key: string): PaletteEntry => ({ id: `command:${id}`, group: "actions", label: text.label(key, lang), texts: both((l) => text.label(key, l)), target: { command: id } });
  const commands = [command("language", "palette.switchLanguage"), command("lock", "palette.lock"), command("signOut", "palette.signOut")];

  return [...recent, ...entries, ...commands, ...actions];
}
