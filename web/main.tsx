/** Web entry: Mantine, notifications and modals, TanStack Query and Router, i18n. */
import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import "@mantine/dates/styles.css";
import "@mantine/spotlight/styles.css";
import { MantineProvider } from "@mantine/core";
import { DatesProvider } from "@mantine/dates";
import "dayjs/locale/zh-cn";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode, useMemo } from "react";
import { createRoot } from "react-dom/client";
import { useTranslation } from "react-i18next";
import type { Lang } from "../events/i18n.ts";
import { currentLang, i18nReady } from "./core/i18n.ts";
import { makeRouter } from "./app/router.tsx";
import { themeFromSettings, useThemeSettings } from "./app/shell/theme.ts";
import "./crud/index.ts"; // the generic list screen of every declared family
import "./sys/index.ts";
import "./flow/index.ts";
import "./enterprise/index.ts"; // enterprise profile, demand files
import "./msg/index.ts"; // message centre screens
import "./datamodel/index.ts"; // data-model screens
import "./reports/index.ts"; // report designer and viewer
import "./forms/index.ts"; // form designer, filled forms, process forms
import "./jobs/index.ts"; // scheduled jobs and their logs
import "./tasks/index.ts"; // task plans, distribution, board, my and others' tasks
import "./sync/index.ts"; // "sync now" and sync runs on the synchronised lists
import "./policy/index.ts"; // policy matching, the matched result, declaring, the policy editor
import "./credit/index.ts"; // credit query: reports under authorisations, authorisations, query records
import "./workreports/index.ts"; // work reports, their review and the statistics screens
import "./visits/index.ts"; // allocation, check-ins, the visit form on tasks, the profile's visits tab
import "./gantt/index.ts"; // project schedules on a Gantt chart
import "./did/index.ts"; // DID documents, credentials, verify and revoke
import "./dashboard/index.ts"; // the equity-exchange dashboard: its eight large screens with the map
import "./evaluation/index.ts"; // model designer, result explanations, the enterprise evaluation tab, star lists
import "./notary/index.ts"; // notarisation and rights confirmation, with the public verify page

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, staleTime: 10_000, refetchOnWindowFocus: false } } });
const router = makeRouter(queryClient);

function App() {
  const settings = useThemeSettings();
  const { t, i18n } = useTranslation();
  const lang = (i18n.language || currentLang()) as Lang;
  const theme = useMemo(() => themeFromSettings(settings, lang), [settings, lang]);
  return (
    <MantineProvider theme={theme}>
      <DatesProvider settings={{ locale: lang === "zh-CN" ? "zh-cn" : "en", firstDayOfWeek: 1 }}>
        <ModalsProvider labels={{ confirm: t("actions.confirm"), cancel: t("actions.cancel") }}>
          <Notifications position="top-center" />
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </ModalsProvider>
      </DatesProvider>
    </MantineProvider>
  );
}

// the first render waits for the reader's texts (one small chunk), so no screen ever shows a bare key
void i18nReady.then(() =>
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
