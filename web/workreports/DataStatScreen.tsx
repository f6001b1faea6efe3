/**
 * 数据统计 (/workreport/datastat): every figure of the period by institution (department), and the work
 * reports by type and by month — each chart with its table and export.
 */
import { SimpleGrid, Stack } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useSeededName } from "../core/seeded.ts";
import type { ListColumn } from "../crud/ListScreen.tsx";
import type { ScreenProps } from "../registry/index.ts";
import { statQueries, type JgRow, type StatCount } from "./api.ts";
import { derivedSpec, dictColumn, Figures, StatCard, StatChart, StatFilterBar, StatTable, useDictNames, useStatFilter } from "./StatKit.tsx";

type Month = StatCount["months"][number];
type Counted = StatCount["reportTypes"][number];

const figures = ["visits", "visitedEnterprises", "services", "demands", "trainings", "roadshows", "reports"] as const;

const byDept = derivedSpec<JgRow, "jg">("jgstat", "jg", (rows) => rows, [
  { key: "deptName", title: (t) => t("workreports.dept"), render: (r, t) => r.deptName ?? t("workreports.stat.noDept") },
  { key: "staff", title: (t) => t("workreports.stat.staffCount") },
  ...figures.map((k): ListColumn<JgRow> => ({ key: k, title: (t) => t(`workreports.stat.${k}`) })),
], (t) => t("workreports.stat.byDept"), (r) => r.deptId ?? "none");

const reportTypes = derivedSpec<Counted, "count">("reporttypes", "count", (a) => a.reportTypes, [dictColumn<Counted>("workReportType"), { key: "count", title: (t) => t("workreports.stat.reports") }], (t) => t("workreports.stat.reportsByType"), (r) => String(r.value));
const reportMonths = derivedSpec<Month, "count">("reportmonths", "count", (a) => a.months, [
  { key: "month", title: (t) => t("workreports.stat.month") },
  { key: "reports", title: (t) => t("workreports.stat.reports") },
], (t) => t("workreports.stat.reportsByMonth"), (r) => r.month);

export default function DataStatScreen(_: ScreenProps) {
  const { t } = useTranslation();
  const named = useSeededName();
  const [filter, setFilter] = useStatFilter();
  const a = useQuery(statQueries.count(filter)).data;
  const jg = useQuery(statQueries.jg(filter)).data;
  const typeName = useDictNames("workReportType");
  return (
    <Stack data-testid="datastat-screen">
      <StatFilterBar value={filter} onChange={setFilter} />
      <Figures items={[
        { key: "reports", label: t("workreports.stat.reports"), value: a?.reports },
        { key: "reviewedReports", label: t("workreports.stat.reviewedReports"), value: a?.reviewedReports },
        { key: "visits", label: t("workreports.stat.visits"), value: a?.visits },
        { key: "trainings", label: t("workreports.stat.trainings"), value: a?.trainings },
        { key: "roadshows", label: t("workreports.stat.roadshows"), value: a?.roadshows },
      ]} />
      <StatCard title={t("workreports.stat.byDept")} testId="stat-by-dept">
        <StatChart testId="chart-by-dept" rows={(jg ?? []).map((r) => ({ ...r, name: r.deptName ? named(r.deptName) : t("workreports.stat.noDept") }))} spec={{ type: "bar", x: "name", series: figures.filter((k) => k !== "visitedEnterprises").map((k) => ({ key: k, label: t(`workreports.stat.${k}`) })) }} />
        <StatTable spec={byDept} filter={filter} />
      </StatCard>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <StatCard title={t("workreports.stat.reportsByType")} testId="stat-reports-type">
          <StatChart testId="chart-reports-type" rows={(a?.reportTypes ?? []).map((r) => ({ name: typeName(r.value), count: r.count }))} spec={{ type: "pie", x: "name", series: [{ key: "count", label: t("workreports.stat.reports") }] }} />
          <StatTable spec={reportTypes} filter={filter} />
        </StatCard>
        <StatCard title={t("workreports.stat.reportsByMonth")} testId="stat-reports-month">
          <StatChart testId="chart-reports-month" rows={a?.months ?? []} spec={{ type: "bar", x: "month", series: [{ key: "reports", label: t("workreports.stat.reports") }] }} />
          <StatTable spec={reportMonths} filter={filter} />
        </StatCard>
      </SimpleGrid>
    </Stack>
  );
}
