/**
 * 服务统计 (/workreport/servicestat): the period's service and demand archives of visits by month, services
 * by handling status and by the enterprises' satisfaction — each chart with its table and export.
 */
import { SimpleGrid, Stack } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { ScreenProps } from "../registry/index.ts";
import { statQueries, type StatCount } from "./api.ts";
import { derivedSpec, dictColumn, Figures, StatCard, StatChart, StatFilterBar, StatTable, useDictNames, useStatFilter } from "./StatKit.tsx";

type Month = StatCount["months"][number];
type Counted = StatCount["serviceStatuses"][number];

const months = derivedSpec<Month, "count">("servicemonths", "count", (a) => a.months, [
  { key: "month", title: (t) => t("workreports.stat.month") },
  { key: "services", title: (t) => t("workreports.stat.services") },
  { key: "demands", title: (t) => t("workreports.stat.demands") },
], (t) => t("workreports.stat.servicesByMonth"), (r) => r.month);

const statuses = derivedSpec<Counted, "count">("servicestatuses", "count", (a) => a.serviceStatuses, [dictColumn<Counted>("visitHandleStatus"), { key: "count", title: (t) => t("workreports.stat.services") }], (t) => t("workreports.stat.serviceStatuses"), (r) => String(r.value));
const satisfaction = derivedSpec<Counted, "count">("servicesatisfaction", "count", (a) => a.satisfaction, [dictColumn<Counted>("visitSatisfaction"), { key: "count", title: (t) => t("workreports.stat.services") }], (t) => t("workreports.stat.satisfaction"), (r) => String(r.value));

export default function ServiceStatScreen(_: ScreenProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useStatFilter();
  const a = useQuery(statQueries.count(filter)).data;
  const statusName = useDictNames("visitHandleStatus");
  const satisfactionName = useDictNames("visitSatisfaction");
  return (
    <Stack data-testid="servicestat-screen">
      <StatFilterBar value={filter} onChange={setFilter} />
      <Figures items={[
        { key: "services", label: t("workreports.stat.services"), value: a?.services },
        { key: "demands", label: t("workreports.stat.demands"), value: a?.demands },
        { key: "visits", label: t("workreports.stat.visits"), value: a?.visits },
      ]} />
      <StatCard title={t("workreports.stat.servicesByMonth")} testId="stat-services-month">
        <StatChart testId="chart-services-month" rows={a?.months ?? []} spec={{ type: "line", x: "month", series: [{ key: "services", label: t("workreports.stat.services") }, { key: "demands", label: t("workreports.stat.demands") }] }} />
        <StatTable spec={months} filter={filter} />
      </StatCard>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <StatCard title={t("workreports.stat.serviceStatuses")} testId="stat-services-status">
          <StatChart testId="chart-services-status" rows={(a?.serviceStatuses ?? []).map((r) => ({ name: statusName(r.value), count: r.count }))} spec={{ type: "pie", x: "name", series: [{ key: "count", label: t("workreports.stat.services") }] }} />
          <StatTable spec={statuses} filter={filter} />
        </StatCard>
        <StatCard title={t("workreports.stat.satisfaction")} testId="stat-services-satisfaction">
          <StatChart testId="chart-services-satisfaction" rows={(a?.satisfaction ?? []).map((r) => ({ name: satisfactionName(r.value), count: r.count }))} spec={{ type: "bar", x: "name", series: [{ key: "count", label: t("workreports.stat.services") }] }} />
          <StatTable spec={satisfaction} filter={filter} />
        </StatCard>
      </SimpleGrid>
    </Stack>
  );
}
