/** The side (or top) menu built from the server's tree; directories open, screens navigate. */
import { NavLink, ScrollArea } from "@mantine/core";
import { useNavigate, useRouterState } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import type { MenuEntry } from "../../core/menu.ts";
import { isExternal } from "../../core/menu.ts";
import { menuIcon } from "../../core/icons.ts";

const label = (entry: MenuEntry, lang: string) => (lang === "en-US" ? entry.enName || entry.name : entry.name);
/** Where a menu entry leads: its url without query, or its embedded-frame route. */
export const entryPath = (entry: MenuEntry) => (entry.url && isExternal(entry.url) ? `/i-${entry.menuId}` : entry.url ? entry.url : "");

function Entry({ entry, depth, collapsed }: { entry: MenuEntry; depth: number; collapsed: boolean }) {
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const Icon = menuIcon(entry.icon);
  const text = label(entry, i18n.language);
  if (entry.type < 1) {
    const children = (entry.children ?? []).filter((c) => c.type < 2);
    const active = children.some(function contains(c): boolean {
      return entryPath(c).split("?")[0] === pathname || (c.children ?? []).some(contains);
    });
    return (
      <NavLink label={collapsed && depth === 0 ? undefined : text} title={text} leftSection={<Icon size={18} />} defaultOpened={active} childrenOffset={14} data-menu-id={entry.menuId}>
        {children.map((c) => (
          <Entry key={c.menuId} entry={c} depth={depth + 1} collapsed={collapsed} />
        ))}
      </NavLink>
    );
  }
  const path = entryPath(entry);
  return (
    <NavLink
      label={collapsed && depth === 0 ? undefined : text}
      title={text}
      leftSection={<Icon size={16} />}
      active={path.split("?")[0] === pathname}
      data-menu-id={entry.menuId}
      onClick={() => {
        const [to, search = ""] = path.split("?");
        void navigate({ to: to!, search: Object.fromEntries(new URLSearchParams(search)) as never });
      }}
    />
  );
}

export function SideMenu({ menuList, collapsed }: { menuList: MenuEntry[]; collapsed: boolean }) {
  return (
    <ScrollArea h="100%" type="hover" data-testid="side-menu">
      {menuList.map((entry) => (
        <Entry key={entry.menuId} entry={entry} depth={0} collapsed={collapsed} />
      ))}
    </ScrollArea>
  );
}
