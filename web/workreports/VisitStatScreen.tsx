/**
 * 走访统计 (/workreport/visitstat): the period's visits and enterprises visited, visits by month, by visit
 * type and by member of staff — each chart with its table and export.
 */
import { SimpleGrid, Stack } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { ListSpec } from "../crud/ListScreen.tsx";
import type { ScreenProps } from "../registry/index.ts";
import { reportPath, statQueries, type StatCount, type VisitStatRow } from "./api.ts";
import { derivedSpec, dictColumn, Figures, staffColumns, StatCard, StatChart, StatFilterBar, StatTable, useDictNames, useStatFilter } from "./StatKit.tsx";

type Month = StatCount["months"][number];
type Counted = StatCount["visitTypes"][number];

const months = derivedSpec<Month, "count">("visitmonths", "count", (a) => a.months, [
  { key: "month", title: (t) => t("workreports.stat.month") },
  { key: "visits", title: (t) => t("workreports.stat.visits") },
], (t) => t("workreports.stat.visitsByMonth"), (r) => r.month);

const types = derivedSpec<Counted, "count">("visittypes", "count", (a) => a.visitTypes, [dictColumn<Counted>("visitType"), { key: "count", title: (t) => t("workreports.stat.visits") }], (t) => t("workreports.stat.visitsByType"), (r) => String(r.value));

const staff: ListSpec<VisitStatRow> = {
  name: "visitstaff",
  path: `${reportPath}/visitList`,
  local: true,
  columnChooser: false,
  query: (params) => statQueries.visits(params),
  rowKey: (r) => r.staffId ?? "",
  columns: [
    ...staffColumns<VisitStatRow>(),
    { key: "visits", title: (t) => t("workreports.stat.visits") },
    { key: "enterprises", title: (t) => t("workreports.stat.enterprises") },
    { key: "services", title: (t) => t("workreports.stat.services") },
    { key: "demands", title: (t) => t("workreports.stat.demands") },
  ],
  export: { fileName: (t) => t("workreports.stat.visitsByStaff") },
};

export default function VisitStatScreen(_: ScreenProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useStatFilter();
  const count = useQuery(statQueries.count(filter));
  const top = useQuery(statQueries.visits({ ...filter, page: 1, limit: 20 }));
  const typeName = useDictNames("visitType");
  const a = count.data;
  return (
    <Stack data-testid="visitstat-screen">
      <StatFilterBar value={filter} onChange={setFilter} />
      <Figures items={[
        { key: "visits", label: t("workreports.stat.visits"), value: a?.visits },
        { key: "visitedEnterprises", label: t("workreports.stat.visitedEnterprises"), value: a?.visitedEnterprises },
        { key: "services", label: t("workreports.stat.services"), value: a?.services },
        { key: "demands", label: t("workreports.stat.demands"), value: a?.demands },
      ]} />
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <StatCard title={t("workreports.stat.visitsByMonth")} testId="stat-visits-month">
          <StatChart testId="chart-visits-month" rows={a?.months ?? []} spec={{ type: "bar", x: "month", series: [{ key: "visits", label: t("workreports.stat.visits") }] }} />
          <StatTable spec={months} filter={filter} />
        </StatCard>
        <StatCard title={t("workreports.stat.visitsByType")} testId="stat-visits-type">
          <StatChart testId="chart-visits-type" rows={(a?.visitTypes ?? []).map((r) => ({ name: typeName(r.value), count: r.count }))} spec={{ type: "pie", x: "name", series: [{ key: "count", label: t("workreports.stat.visits") }] }} />
          <StatTable spec={types} filter={filter} />
        </StatCard>
      </SimpleGrid>
      <StatCard title={t("workreports.stat.visitsByStaff")} testId="stat-visits-staff">
        <StatChart testId="chart-visits-staff" rows={(top.data?.rows ?? []).map((r) => ({ name: r.staffName ?? r.staffId ?? "—", visits: r.visits, enterprises: r.enterprises }))} spec={{ type: "bar", x: "name", series: [{ key: "visits", label: t("workreports.stat.visits") }, { key: "enterprises", label: t("workreports.stat.enterprises") }] }} />
        <StatTable spec={staff} filter={filter} />
      </StatCard>
    </Stack>
  );
}
