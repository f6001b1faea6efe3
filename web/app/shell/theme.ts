/** Theme settings (spec section 2): menu on the side or on top, multi-tab, breadcrumb and its position, colour; kept in local storage. */
import { Badge, createTheme, type MantineColor } from "@mantine/core";
import { useLocalStorage } from "@mantine/hooks";

export interface ThemeSettings {
  /** menu layout: a vertical side bar (default) or a top menu */
  layout: "side" | "top";
  /** content tabs above the page */
  multiTab: boolean;
  breadcrumb: boolean;
  breadcrumbPosition: "header" | "content";
  color: MantineColor;
  /** side bar collapsed to icons */
  collapsed: boolean;
}

export const defaultThemeSettings: ThemeSettings = { layout: "side", multiTab: true, breadcrumb: true, breadcrumbPosition: "header", color: "blue", collapsed: false };
export const themeStorageKey = "qifu.theme";

export function useThemeSettings(): ThemeSettings {
  return useThemeSettingsState()[0];
}

export function useThemeSettingsState() {
  return useLocalStorage<ThemeSettings>({ key: themeStorageKey, defaultValue: defaultThemeSettings, getInitialValueInEffect: false });
}

export const themeColors: MantineColor[] = ["blue", "indigo", "violet", "teal", "green", "orange", "red", "dark"];

/**
 * Badges show their localized label as written ("Running", "进行中"): Mantine's default upper-cases badge
 * text, which turns a label into a shouted code (RUNNING).
 */
export const themeFromSettings = (settings: ThemeSettings) =>
  createTheme({ primaryColor: settings.color, defaultRadius: "sm", fontSizes: { md: "14px" }, components: { Badge: Badge.extend({ defaultProps: { tt: "none" } }) } });
