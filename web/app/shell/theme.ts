/** Theme settings (spec section 2): menu on the side or on top, multi-tab, breadcrumb and its position, colour; kept in local storage. */
import { createTheme, type MantineColor, type MantineThemeComponents } from "@mantine/core";
import type { Lang } from "../../../events/i18n.ts";
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
 * Components are set up by name with plain objects, not `Component.extend`: importing the pickers here would put
 * them (and the dates package) on the first screen, which shows none of them.
 *
 * Badges show their localized label as written ("Running", "进行中"): Mantine's default upper-cases badge
 * text, which turns a label into a shouted code (RUNNING).
 */
export const themeFromSettings = (settings: ThemeSettings, lang: Lang) =>
  createTheme({
    primaryColor: settings.color,
    defaultRadius: "sm",
    fontSizes: { md: "14px" },
    components: { Badge: { defaultProps: { tt: "none" } }, ...quietPickers, ...calendarComponents(lang) },
  });

/**
 * Pickers open on a click or on typing, not on focus: a failed save focuses its first invalid field, and a
 * list opened there would cover the error text it is meant to show.
 */
const quiet = { defaultProps: { openOnFocus: false } };
const quietPickers: MantineThemeComponents = { Select: quiet, MultiSelect: quiet, Autocomplete: quiet, TagsInput: quiet };

/**
 * A calendar's headers as a reader of the language writes them: "2026年11月" and "2026年" in Chinese
 * ("November 2026" in English). Mantine's default "MMMM YYYY" reads "十一月 2026" under dayjs's zh-cn.
 */
export const calendarLabels = (lang: Lang) =>
  lang === "zh-CN" ? { monthLabelFormat: "YYYY年M月", yearLabelFormat: "YYYY年", decadeLabelFormat: "YYYY年" } : { monthLabelFormat: "MMMM YYYY", yearLabelFormat: "YYYY", decadeLabelFormat: "YYYY" };

function calendarComponents(lang: Lang): MantineThemeComponents {
  const defaultProps = calendarLabels(lang);
  const calendar = { defaultProps };
  return {
    DatePicker: calendar,
    DatePickerInput: calendar,
    DateInput: calendar,
    DateTimePicker: calendar,
    MonthPickerInput: { defaultProps: { yearLabelFormat: defaultProps.yearLabelFormat, decadeLabelFormat: defaultProps.decadeLabelFormat } },
  };
}
