/** Top bar: menu toggle, breadcrumb (header position), the command palette (Ctrl+K), language, fullscreen, lock, theme settings, user menu. */
import { ActionIcon, Burger, Group, Menu, Text, Tooltip, UnstyledButton } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconLanguage, IconLock, IconLogout, IconMaximize, IconPalette, IconUser } from "@tabler/icons-react";
import { useNavigate } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { switchLanguage } from "../../core/i18n.ts";
import { leaveOnPurpose, readCookie, usernameCookie } from "../../core/session.ts";
import { signOut } from "../../core/signOut.ts";
import { PaletteLauncher } from "../palette/PaletteLauncher.tsx";

export function toggleFullscreen(unsupported: string) {
  if (!document.fullscreenEnabled) {
    notifications.show({ color: "orange", message: unsupported });
    return;
  }
  if (document.fullscreenElement) void document.exitFullscreen();
  else void document.documentElement.requestFullscreen();
}

export function HeaderBar({ menuOpened, onToggleMenu, onSettings, breadcrumb }: { menuOpened: boolean; onToggleMenu?: () => void; onSettings: () => void; breadcrumb?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const username = readCookie(usernameCookie) ?? "";
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        {onToggleMenu && <Burger opened={menuOpened} onClick={onToggleMenu} size="sm" aria-label={t("shell.toggleMenu")} />}
        <Text fw={700} data-testid="product-title">{t("app.title")}</Text>
        {breadcrumb}
      </Group>
      <Group gap={6} wrap="nowrap">
        <PaletteLauncher />
        <Menu>
          <Menu.Target>
            <Tooltip label={t("shell.language")}>
              <ActionIcon variant="subtle" aria-label={t("shell.language")} data-testid="language-switch">
                <IconLanguage size={18} />
              </ActionIcon>
            </Tooltip>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => switchLanguage("zh-CN")} disabled={i18n.language === "zh-CN"} data-testid="lang-zh-CN">简体中文</Menu.Item>
            <Menu.Item onClick={() => switchLanguage("en-US")} disabled={i18n.language === "en-US"} data-testid="lang-en-US">English</Menu.Item>
          </Menu.Dropdown>
        </Menu>
        <Tooltip label={t("shell.fullscreen")}>
          <ActionIcon variant="subtle" aria-label={t("shell.fullscreen")} onClick={() => toggleFullscreen(t("notice.fullscreenUnsupported"))}>
            <IconMaximize size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t("shell.lock")}>
          <ActionIcon variant="subtle" aria-label={t("shell.lock")} data-testid="lock-screen" onClick={() => { localStorage.setItem("qifu.locked", "true"); void navigate({ to: "/lock" }); }}>
            <IconLock size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t("shell.settings")}>
          <ActionIcon variant="subtle" aria-label={t("shell.settings")} onClick={onSettings} data-testid="theme-settings">
            <IconPalette size={18} />
          </ActionIcon>
        </Tooltip>
        <Menu>
          <Menu.Target>
            <UnstyledButton data-testid="user-menu">
              <Group gap={4}>
                <IconUser size={18} />
                <Text size="sm">{username}</Text>
              </Group>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconUser size={14} />} onClick={() => void navigate({ to: "/userinfo" })}>{t("shell.userInfo")}</Menu.Item>
            <Menu.Item
              leftSection={<IconLogout size={14} />}
              data-testid="logout"
              onClick={async () => {
                await signOut();
                leaveOnPurpose();
                window.location.assign("/login");
              }}
            >
              {t("shell.logout")}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Group>
  );
}
