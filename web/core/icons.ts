/** Menu icons by the names the menu stores; unknown names fall back to a neutral one (the full set would bloat the first screen). */
import {
  IconAppWindow, IconBook, IconBriefcase, IconBuildingSkyscraper, IconChartRadar, IconChecklist, IconDashboard, IconDatabase,
  IconDeviceMobile, IconFileText, IconGitBranch, IconMessage, IconRefresh, IconReport, IconReportAnalytics, IconSettings,
  IconShieldCheck, IconUsers, IconWorld, IconSitemap, IconUserShield, IconList, IconHistory, IconFileUpload, IconBrandWechat, IconAdjustments, IconMapPin,
  type Icon,
} from "@tabler/icons-react";

const icons: Record<string, Icon> = {
  settings: IconSettings,
  "git-branch": IconGitBranch,
  database: IconDatabase,
  message: IconMessage,
  "building-skyscraper": IconBuildingSkyscraper,
  briefcase: IconBriefcase,
  "chart-radar": IconChartRadar,
  checklist: IconChecklist,
  report: IconReport,
  "shield-check": IconShieldCheck,
  dashboard: IconDashboard,
  "report-analytics": IconReportAnalytics,
  refresh: IconRefresh,
  "device-mobile": IconDeviceMobile,
  users: IconUsers,
  book: IconBook,
  world: IconWorld,
  sitemap: IconSitemap,
  "user-shield": IconUserShield,
  list: IconList,
  history: IconHistory,
  "file-upload": IconFileUpload,
  "brand-wechat": IconBrandWechat,
  adjustments: IconAdjustments,
  "map-pin": IconMapPin,
};

export const menuIcon = (name?: string | null): Icon => (name && icons[name]) || (name ? IconFileText : IconAppWindow);
