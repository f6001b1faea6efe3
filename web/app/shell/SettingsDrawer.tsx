/** Theme settings: top-menu layout, multi-tab, breadcrumb and its position, theme colour; kept in local storage. */
import { ColorSwatch, Drawer, Group, SegmentedControl, Stack, Switch, Text, useMantineTheme } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { themeColors, useThemeSettingsState } from "./theme.ts";

export function SettingsDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const theme = useMantineTheme();
  const [settings, setSettings] = useThemeSettingsState();
  const set = (patch: Partial<typeof settings>) => setSettings({ ...settings, ...patch });
  return (
    <Drawer opened={opened} onClose={onClose} position="right" title={t("shell.settings")} size="sm">
      <Stack>
        <Text size="sm" fw={500}>{t("shell.menuLayout")}</Text>
        <SegmentedControl value={settings.layout} onChange={(v) => set({ layout: v as "side" | "top" })} data={[{ value: "side", label: t("shell.sideMenu") }, { value: "top", label: t("shell.topMenu") }]} />
        <Switch label={t("shell.multiTab")} checked={settings.multiTab} onChange={(e) => set({ multiTab: e.currentTarget.checked })} data-testid="setting-multitab" />
        <Switch label={t("shell.breadcrumb")} checked={settings.breadcrumb} onChange={(e) => set({ breadcrumb: e.currentTarget.checked })} />
        <SegmentedControl
          disabled={!settings.breadcrumb}
          value={settings.breadcrumbPosition}
          onChange={(v) => set({ breadcrumbPosition: v as "header" | "content" })}
          data={[{ value: "header", label: t("shell.breadcrumbInHeader") }, { value: "content", label: t("shell.breadcrumbInContent") }]}
        />
        <Text size="sm" fw={500}>{t("shell.themeColor")}</Text>
        <Group gap="xs">
          {themeColors.map((color) => (
            <ColorSwatch key={color} component="button" color={theme.colors[color]![6]} onClick={() => set({ color })} aria-label={color} style={{ cursor: "pointer", outline: settings.color === color ? "2px solid black" : undefined }} />
          ))}
        </Group>
      </Stack>
    </Drawer>
  );
}
