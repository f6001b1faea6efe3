/**
 * The command palette (Mantine Spotlight), loaded on first use with pinyin-pro and the family declarations:
 * screens, recent records and permitted actions, matched by name in either language and by pinyin; the
 * best match is selected as the query changes, so typing then Enter is enough. Arrows move, Escape closes.
 */
import { Group, Kbd, Text } from "@mantine/core";
import { createSpotlight, Spotlight, useSpotlight } from "@mantine/spotlight";
import { IconBolt, IconClock, IconLayoutList, IconSearch } from "@tabler/icons-react";
import { useNavigate, useRouteContext } from "@tanstack/react-router";
import { useEffect, useLayoutEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { families } from "../../../events/families/index.ts";
import type { Lang } from "../../../events/i18n.ts";
import i18n, { switchLanguage } from "../../core/i18n.ts";
import type { Navigation } from "../../core/navigation.ts";
import { hasPermission, leaveOnPurpose } from "../../core/session.ts";
import { signOut } from "../../core/signOut.ts";
import { paletteEntries, type PaletteEntry, type PaletteGroup, type PaletteTarget } from "./entries.ts";
import { rank, searchKeys } from "./match.ts";
import { recentRecords } from "../../core/recent.ts";

const [store, palette] = createSpotlight();

/** Marks the first action selected, as Spotlight's own arrow keys do (its store helper is not exported). */
function selectFirst(): boolean {
  const { listId } = store.getState();
  const list = listId ? document.getElementById(listId) : null;
  if (!list) return false;
  list.querySelector("[data-selected]")?.removeAttribute("data-selected");
  const first = list.querySelector("[data-action]");
  first?.setAttribute("data-selected", "true");
  first?.scrollIntoView({ block: "nearest" });
  store.updateState((state) => ({ ...state, selected: first ? 0 : -1 }));
  return true;
}

const groupOrder: PaletteGroup[] = ["recent", "screens", "actions"];
const icons = { recent: IconClock, screens: IconLayoutList, actions: IconBolt } as const;
/** Items shown at most per group (the list scrolls; a query narrows it quickly). */
const limits: Record<PaletteGroup, number> = { recent: 8, screens: 150, actions: 150 };

const labelByListTag = new Map(families.map((f) => [f.tags.list, f.label]));

export interface PaletteProps {
  /** each change toggles the palette (the header's button and Ctrl+K count up) */
  requests: number;
}

export default function Palette({ requests }: PaletteProps) {
  const { t } = useTranslation();
  const lang = i18n.language as Lang;
  const navigate = useNavigate();
  const { navigation } = useRouteContext({ from: "/main" as never }) as { navigation: Navigation };
  const { opened } = useSpotlight(store);
  const [query, setQuery] = useState("");
  const [recents, setRecents] = useState(recentRecords);

  useEffect(() => {
    if (requests > 0) palette.toggle();
  }, [requests]);

  const keyed = useMemo(() => {
    const entries = paletteEntries({
      routes: navigation.routes,
      lang,
      has: hasPermission,
      recents,
      familyLabel: (tag) => labelByListTag.get(tag),
      text: {
        newRecord: (name, lng) => i18n.t("palette.newRecord", { name, lng }),
        label: (key, lng) => i18n.t(key, { lng }),
      },
    });
    return entries.map((item) => ({ item, keys: searchKeys(item.texts) }));
  }, [navigation.routes, lang, recents]);

  const run = (target: PaletteTarget) => {
    if ("to" in target) {
      void navigate({ to: target.to, search: target.search } as never);
      return;
    }
    switch (target.command) {
      case "language":
        switchLanguage(lang === "zh-CN" ? "en-US" : "zh-CN");
        break;
      case "lock":
        localStorage.setItem("qifu.locked", "true");
        void navigate({ to: "/lock" } as never);
        break;
      case "signOut":
        void signOut().then(() => {
          leaveOnPurpose();
          window.location.assign("/login");
        });
        break;
      default: {
        const _never: never = target.command;
        return _never;
      }
    }
  };

  const groups = useMemo(() => {
    // groups in the order of their best match, so the first item is the best one
    const byGroup = new Map<PaletteGroup, PaletteEntry[]>();
    if (query.trim() === "") for (const g of groupOrder) byGroup.set(g, []);
    for (const { item } of rank(query, keyed)) {
      const items = byGroup.get(item.group) ?? [];
      if (items.length < limits[item.group]) byGroup.set(item.group, [...items, item]);
    }
    return [...byGroup].filter(([, items]) => items.length > 0);
  }, [query, keyed]);

  // keep the best match selected as the query changes: typing then Enter opens it. In a layout effect, so the
  // selection is reset as the new list is committed, before any key pressed after typing can be handled (a
  // reset deferred to a timer could land after an ArrowDown and undo it)
  // (only right after opening is the list not mounted yet: then it waits for the next tick)
  useLayoutEffect(() => {
    if (!opened || selectFirst()) return;
    const id = setTimeout(selectFirst, 0);
    return () => clearTimeout(id);
  }, [opened, groups]);

  return (
    <Spotlight.Root store={store} query={query} onQueryChange={setQuery} shortcut={null} scrollable maxHeight={440} onSpotlightOpen={() => setRecents(recentRecords())} onSpotlightClose={() => setQuery("")} data-testid="palette">
      <Spotlight.Search leftSection={<IconSearch size={18} stroke={1.5} />} placeholder={t("palette.placeholder")} aria-label={t("palette.open")} data-testid="palette-search" />
      <Spotlight.ActionsList>
        {groups.map(([group, items]) => (
          <Spotlight.ActionsGroup key={group} label={t(`palette.${group}`)}>
            {items.map((entry) => {
              const Icon = icons[entry.group];
              return (
                <Spotlight.Action
                  key={entry.id}
                  label={entry.label}
                  description={entry.description}
                  leftSection={<Icon size={18} stroke={1.5} />}
                  onClick={() => run(entry.target)}
                  data-testid="palette-item"
                  data-entry={entry.id}
                />
              );
            })}
          </Spotlight.ActionsGroup>
        ))}
        {groups.length === 0 && <Spotlight.Empty>{t("palette.nothingFound")}</Spotlight.Empty>}
      </Spotlight.ActionsList>
      <Spotlight.Footer>
        <Group justify="space-between">
          <Text size="xs" c="dimmed">{t("palette.hint")}</Text>
          <Kbd size="xs">Esc</Kbd>
        </Group>
      </Spotlight.Footer>
    </Spotlight.Root>
  );
}
