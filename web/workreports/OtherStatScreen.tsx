/**
 * 其他统计 (/workreport/otherstat): the period's trainings by type and by recorder, and its roadshows by
 * month with their list — each chart with its table and export.
 */
import { SimpleGrid, Stack } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { ListSpec } from "../crud/ListScreen.tsx";
import type { ScreenProps } from "../registry/index.ts";
import { reportPath, statQueries, type RoadshowStatRow, type StatCount, type TrainingStatRow } from "./api.ts";
import { derivedSpec, dictColumn, Figures, staffColumns, StatCard, StatChart, StatFilterBar, StatTable, useDictNames, useStatFilter } from "./StatKit.tsx";

type Month = StatCount["months"][number];
type Counted = StatCount["trainingTypes"][number];

const types = derivedSpec<Counted, "count">("trainingtypes", "count", (a) => a.trainingTypes, [dictColumn<Counted>("trainingType"), { key: "count", title: (t) => t("workreports.stat.trainings") }], (t) => t("workreports.stat.trainingsByType"), (r) => String(r.value));
const roadshowMonths = derivedSpec<Month, "count">("roadshowmonths", "count", (a) => a.months, [
  { key: "month", title: (t) => t("workreports.stat.month") },
  { key: "roadshows", title: (t) => t("workreports.stat.roadshows") },
  { key: "trainings", title: (t) => t("workreports.stat.trainings") },
], (t) => t("workreports.stat.roadshowsByMonth"), (r) => r.month);

const trainers: ListSpec<TrainingStatRow> = {
  name: "trainingstaff",
  path: `${reportPath}/trainingList`,
  local: true,
  columnChooser: false,
  // beside its chart in half the width
  minWidth: 400,
  query: (params) => statQueries.trainings(params),
  rowKey: (r) => r.staffId ?? "",
  columns: [
    ...staffColumns<TrainingStatRow>(),
    { key: "trainings", title: (t) => t("workreports.stat.trainings") },
    { key: "participants", title: (t) => t("workreports.stat.participants") },
  ],
  export: { fileName: (t) => t("workreports.stat.trainingsByStaff") },
};

const roadshows: ListSpec<RoadshowStatRow> = {
  name: "roadshowlist",
  path: `${reportPath}/roadshowList`,
  local: true,
  columnChooser: false,
  query: (params) => statQueries.roadshows(params),
  rowKey: (r) => r.id,
  columns: [
    { key: "title", title: (t) => t("workreports.stat.roadshowTitle"), render: (r) => r.title ?? "—" },
    { key: "entName", title: (t) => t("workreports.stat.entName"), render: (r) => r.entName ?? "—" },
    { key: "roadshowTime", title: (t) => t("workreports.stat.roadshowTime"), width: 170, render: (r) => r.roadshowTime ?? "—" },
    { key: "venue", title: (t) => t("workreports.stat.venue"), render: (r) => r.venue ?? "—" },
    { key: "staffName", title: (t) => t("workreports.stat.enteredBy"), render: (r) => r.staffName ?? "—" },
  ],
  export: { fileName: (t) => t("workreports.stat.roadshowList") },
};

export default function OtherStatScreen(_: ScreenProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useStatFilter();
  const a = useQuery(statQueries.count(filter)).data;
  const top = useQuery(statQueries.trainings({ ...filter, page: 1, limit: 20 }));
  const typeName = useDictNames("trainingType");
  return (
    <Stack data-testid="otherstat-screen">
      <StatFilterBar value={filter} onChange={setFilter} />
      <Figures items={[
        { key: "trainings", label: t("workreports.stat.trainings"), value: a?.trainings },
        { key: "trainingParticipants", label: t("workreports.stat.participants"), value: a?.trainingParticipants },
        { key: "roadshows", label: t("workreports.stat.roadshows"), value: a?.roadshows },
      ]} />
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <StatCard title={t("workreports.stat.trainingsByType")} testId="stat-trainings-type">
          <StatChart testId="chart-trainings-type" rows={(a?.trainingTypes ?? []).map((r) => ({ name: typeName(r.value), count: r.count }))} spec={{ type: "pie", x: "name", series: [{ key: "count", label: t("workreports.stat.trainings") }] }} />
          <StatTable spec={types} filter={filter} />
        </StatCard>
        <StatCard title={t("workreports.stat.trainingsByStaff")} testId="stat-trainings-staff">
          <StatChart testId="chart-trainings-staff" rows={(top.data?.rows ?? []).map((r) => ({ name: r.staffName ?? r.staffId ?? "—", trainings: r.trainings }))} spec={{ type: "bar", x: "name", series: [{ key: "trainings", label: t("workreports.stat.trainings") }] }} />
          <StatTable spec={trainers} filter={filter} />
        </StatCard>
      </SimpleGrid>
      <StatCard title={t("workreports.stat.roadshowsByMonth")} testId="stat-roadshows-month">
        <StatChart testId="chart-roadshows-month" rows={a?.months ?? []} spec={{ type: "bar", x: "month", series: [{ key: "roadshows", label: t("workreports.stat.roadshows") }, { key: "trainings", label: t("workreports.stat.trainings") }] }} />
        <StatTable spec={roadshowMonths} filter={filter} />
        <StatTable spec={roadshows} filter={filter} />
      </StatCard>
    </Stack>
  );
}
