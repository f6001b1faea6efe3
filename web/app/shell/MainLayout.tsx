/**
 * The main layout: header, menu (side or top), content tabs, breadcrumb, the current screen, and the
 * scroll-to-top button after 100 px. Closing the page asks for confirmation.
 */
import { ActionIcon, Affix, AppShell, Breadcrumbs, Button, Group, Menu, Tabs, Text, Tooltip, Transition } from "@mantine/core";
import { useDisclosure, useWindowEvent, useWindowScroll } from "@mantine/hooks";
import { IconArrowUp, IconChevronDown } from "@tabler/icons-react";
import { Outlet, useNavigate, useRouteContext, useRouter, useRouterState } from "@tanstack/react-router";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { Navigation } from "../../core/navigation.ts";
import type { MenuEntry } from "../../core/menu.ts";
import { setTitle } from "../../core/i18n.ts";
import { isLeavingOnPurpose } from "../../core/session.ts";
import { HeaderBar } from "./HeaderBar.tsx";
import { SettingsDrawer } from "./SettingsDrawer.tsx";
import { SideMenu, entryPath } from "./SideMenu.tsx";
import { TopMenu } from "./TopMenu.tsx";
import { closeTabs, homeTab, openTab, rememberSearch, tabHref, useOpenTabs, type OpenTab } from "./tabs.ts";
import { useThemeSettings } from "./theme.ts";

/** Fixed screens of the layout with their titles (menu screens take theirs from the menu). */
const fixedTitles: Record<string, OpenTab["title"]> = {
  "/home": homeTab.title,
  "/wel/index": homeTab.title,
  "/hbi/app": { "zh-CN": "应用首页", "en-US": "App home" },
  "/userinfo": { "zh-CN": "个人信息", "en-US": "Personal information" },
  "/bt/policy/detail": { "zh-CN": "政策匹配结果", "en-US": "Matched policies" },
  "/bt/declare": { "zh-CN": "政策申报", "en-US": "Policy declaration" },
  "/common/servicefiles/xqdalist": { "zh-CN": "走访任务", "en-US": "Visit tasks" },
  "/common/enterprisebasicinfo/index": { "zh-CN": "企业信息", "en-US": "Enterprise information" },
};

/** The chain of menu entries leading to `path` (for the breadcrumb). */
function trail(menuList: MenuEntry[], path: string): MenuEntry[] {
  for (const entry of menuList) {
    if (entry.type >= 1 && entryPath(entry).split("?")[0] === path) return [entry];
    const below = trail(entry.children ?? [], path);
    if (below.length) return [entry, ...below];
  }
  return [];
}

export function MainLayout() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as "zh-CN" | "en-US";
  const settings = useThemeSettings();
  const [menuOpened, menu] = useDisclosure(true);
  const [settingsOpened, settingsDrawer] = useDisclosure(false);
  const [scroll, scrollTo] = useWindowScroll();
  const navigate = useNavigate();
  const { navigation } = useRouteContext({ from: "/main" as never }) as { navigation: Navigation };
  const location = useRouterState({ select: (s) => s.location });
  const [tabs, setTabs] = useOpenTabs();

  const crumbs = useMemo(() => trail(navigation.menuList, location.pathname), [navigation.menuList, location.pathname]);
  const title = fixedTitles[location.pathname] ?? (crumbs.length ? { "zh-CN": crumbs.at(-1)!.name, "en-US": crumbs.at(-1)!.enName || crumbs.at(-1)!.name } : undefined);

  useEffect(() => {
    if (!title) return;
    setTabs((current) => openTab(current, { path: location.pathname, title }));
    setTitle(title[lang]);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname, lang]);

  // each tab keeps the query its screen last had (a list's filters, page and sort live there)
  useEffect(() => {
    setTabs((current) => rememberSearch(current, location.pathname, location.searchStr));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname, location.searchStr]);

  // menus edited on the menu screen: reload navigation, so the side menu shows them at once
  const router = useRouter();
  useWindowEvent("qifu:navigation-changed" as keyof WindowEventMap, () => void router.invalidate());

  // closing the page asks for confirmation (browsers show their own text where they do not let a page set one)
  useWindowEvent("beforeunload", (event) => {
    if (isLeavingOnPurpose()) return;
    event.preventDefault();
    event.returnValue = t("app.confirmClose");
  });

  const close = (which: "current" | "others" | "all") => {
    const result = closeTabs(tabs, which, location.pathname);
    setTabs(result.tabs);
    if (result.goTo) void navigate({ to: result.goTo });
  };

  const breadcrumb = settings.breadcrumb && crumbs.length > 0 && (
    <Breadcrumbs data-testid="breadcrumb">
      {crumbs.map((c) => (
        <Text key={c.menuId} size="sm" c="dimmed">{lang === "en-US" ? c.enName || c.name : c.name}</Text>
      ))}
    </Breadcrumbs>
  );

  const top = settings.layout === "top";
  return (
    <AppShell header={{ height: 56 }} navbar={top ? undefined : { width: settings.collapsed ? 64 : 240, breakpoint: "sm", collapsed: { mobile: !menuOpened, desktop: !menuOpened } }} padding="md">
      <AppShell.Header>
        <HeaderBar menuOpened={menuOpened} onToggleMenu={top ? undefined : menu.toggle} onSettings={settingsDrawer.open} breadcrumb={settings.breadcrumbPosition === "header" ? breadcrumb : null} />
      </AppShell.Header>
      {!top && (
        <AppShell.Navbar p="xs">
          <SideMenu menuList={navigation.menuList} collapsed={settings.collapsed} />
        </AppShell.Navbar>
      )}
      <AppShell.Main>
        {top && <TopMenu menuList={navigation.menuList} />}
        {settings.multiTab && (
          <Group gap={0} wrap="nowrap" mb="sm" data-testid="content-tabs">
            <Tabs value={location.pathname} onChange={(path) => path && void navigate({ href: tabHref(tabs.find((t) => t.path === path) ?? { path, title: homeTab.title }) })} style={{ flex: 1, overflow: "hidden" }}>
              <Tabs.List style={{ flexWrap: "nowrap", overflowX: "auto" }}>
                {tabs.map((tab) => (
                  <Tabs.Tab key={tab.path} value={tab.path} data-tab-path={tab.path}>
                    {tab.title[lang]}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
            </Tabs>
            <Menu position="bottom-end">
              <Menu.Target>
                <Button variant="subtle" size="xs" rightSection={<IconChevronDown size={14} />} data-testid="tabs-menu">
                  {t("shell.tabs")}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => close("current")} data-testid="close-current">{t("shell.closeCurrent")}</Menu.Item>
                <Menu.Item onClick={() => close("others")} data-testid="close-others">{t("shell.closeOthers")}</Menu.Item>
                <Menu.Item onClick={() => close("all")} data-testid="close-all">{t("shell.closeAll")}</Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        )}
        {settings.breadcrumbPosition === "content" && breadcrumb && <Group mb="sm">{breadcrumb}</Group>}
        <Outlet />
      </AppShell.Main>
      <SettingsDrawer opened={settingsOpened} onClose={settingsDrawer.close} />
      <Affix position={{ bottom: 72, right: 20 }}>
        <Transition transition="slide-up" mounted={scroll.y > 100}>
          {(styles) => (
            <Tooltip label={t("shell.scrollTop")}>
              <ActionIcon style={styles} size="lg" radius="xl" variant="filled" aria-label={t("shell.scrollTop")} onClick={() => scrollTo({ y: 0 })} data-testid="scroll-top">
                <IconArrowUp size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Transition>
      </Affix>
    </AppShell>
  );
}
