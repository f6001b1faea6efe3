/** The menu as a top bar (theme setting "top menu"): one dropdown per directory listing its screens. */
import { Button, Group, Menu } from "@mantine/core";
import { IconChevronDown } from "@tabler/icons-react";
import { useNavigate } from "@tanstack/react-router";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import type { MenuEntry } from "../../core/menu.ts";
import { menuIcon } from "../../core/icons.ts";
import { entryPath } from "./SideMenu.tsx";

const label = (entry: MenuEntry, lang: string) => (lang === "en-US" ? entry.enName || entry.name : entry.name);

export function TopMenu({ menuList }: { menuList: MenuEntry[] }) {
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const go = (entry: MenuEntry) => {
    const [to, search = ""] = entryPath(entry).split("?");
    void navigate({ to: to!, search: Object.fromEntries(new URLSearchParams(search)) as never });
  };
  /** Screens below a directory, sub-directories as labelled groups. */
  const items = (entries: MenuEntry[]): React.ReactNode =>
    entries.map((entry) =>
      entry.type < 1 ? (
        <Fragment key={entry.menuId}>
          <Menu.Label>{label(entry, i18n.language)}</Menu.Label>
          {items(entry.children ?? [])}
        </Fragment>
      ) : entry.type === 1 ? (
        <Menu.Item key={entry.menuId} onClick={() => go(entry)} data-menu-id={entry.menuId}>
          {label(entry, i18n.language)}
        </Menu.Item>
      ) : null,
    );
  return (
    <Group gap={4} mb="sm" data-testid="top-menu">
        {menuList.map((entry) => {
          const Icon = menuIcon(entry.icon);
          if (entry.type >= 1) return <Button key={entry.menuId} variant="subtle" size="xs" leftSection={<Icon size={14} />} onClick={() => go(entry)}>{label(entry, i18n.language)}</Button>;
          return (
            <Menu key={entry.menuId} trigger="click-hover" position="bottom-start" withinPortal>
              <Menu.Target>
                <Button variant="subtle" size="xs" style={{ flexShrink: 0 }} leftSection={<Icon size={14} />} rightSection={<IconChevronDown size={12} />} data-menu-id={entry.menuId}>
                  {label(entry, i18n.language)}
                </Button>
              </Menu.Target>
              <Menu.Dropdown mah={420} style={{ overflowY: "auto" }}>{items(entry.children ?? [])}</Menu.Dropdown>
            </Menu>
          );
        })}
    </Group>
  );
}
