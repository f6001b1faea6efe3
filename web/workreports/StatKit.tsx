/**
 * What the four statistics screens are made of: the filter bar (period, department, member of staff), a
 * card holding a chart (@mantine/charts, loaded with these screens' chunks only) and the table behind it
 * on the list kit, exported as xlsx or csv. A table derived from a statistics answer pages that answer in
 * the browser (the answer is fetched once per filter and shared with the chart).
 */
import "@mantine/charts/styles.css";
import { BarChart, LineChart, PieChart } from "@mantine/charts";
import { Card, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { DatePickerInput } from "@mantine/dates";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Query } from "../core/api/http.ts";
import { dictName as dictionaryName, entryName, useDictionary } from "../core/api/dictionaries.ts";
import { currentLang } from "../core/i18n.ts";
import { useSeededName } from "../core/seeded.ts";
import { ListScreen, type ListColumn, type ListSpec } from "../crud/ListScreen.tsx";
import { userTreeQuery } from "../flow/designer/pickers/candidates.ts";
import { reportPath, statFilterOf, statQueries, type JgRow, type StatCount, type StatFilter } from "./api.ts";

const pad = (n: number) => String(n).padStart(2, "0");
const dayOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The screen's filters: this year so far unless the user picks another period. */
export function useStatFilter(): [StatFilter, (f: StatFilter) => void] {
  const [filter, setFilter] = useState<StatFilter>(() => {
    const now = new Date();
    return { from: `${now.getFullYear()}-01-01`, to: dayOf(now) };
  });
  return [filter, setFilter];
}

export function StatFilterBar({ value, onChange }: { value: StatFilter; onChange: (f: StatFilter) => void }) {
  const { t } = useTranslation();
  const named = useSeededName();
  const tree = useQuery(userTreeQuery);
  const depts = (tree.data ?? []).filter((d) => d.id && d.type === "department");
  const staff = useMemo(() => {
    const seen = new Set<string>();
    return depts
      .filter((d) => !value.deptId || d.id === value.deptId)
      .flatMap((d) => (d.children ?? []).filter((u) => u.type === "user" && !seen.has(u.id) && seen.add(u.id)))
      .map((u) => ({ value: u.id, label: named(u.name) }));
  }, [depts, value.deptId, named]);
  const range: [string | null, string | null] = [value.from ?? null, value.to ?? null];
  return (
    <Paper withBorder p="sm" data-testid="stat-filters">
      <Group gap="sm" wrap="wrap">
        <DatePickerInput
          type="range"
          label={t("workreports.stat.period")}
          valueFormat="YYYY-MM-DD"
          value={range}
          onChange={(v) => {
            const [from, to] = v as [string | null, string | null];
            if ((from && to) || (!from && !to)) onChange({ ...value, from: from ?? undefined, to: to ?? undefined });
          }}
          clearable
          w={260}
          data-testid="stat-period"
        />
        <Select
          label={t("workreports.dept")}
          placeholder={t("workreports.stat.dept")}
          data={depts.map((d) => ({ value: d.id, label: named(d.name) }))}
          value={value.deptId ?? null}
          onChange={(v) => onChange({ ...value, deptId: v ?? undefined, staffId: undefined })}
          clearable
          searchable
          w={260}
          data-testid="stat-dept"
        />
        <Select
          label={t("workreports.stat.staffName")}
          placeholder={t("workreports.stat.staff")}
          data={staff}
          value={value.staffId ?? null}
          onChange={(v) => onChange({ ...value, staffId: v ?? undefined })}
          clearable
          searchable
          w={200}
          data-testid="stat-staff"
        />
      </Group>
    </Paper>
  );
}

/** The headline figures of the period. */
export function Figures({ items }: { items: { key: string; label: string; value: number | undefined }[] }) {
  return (
    <SimpleGrid cols={{ base: 2, md: items.length }} data-testid="stat-figures">
      {items.map((i) => (
        <Paper key={i.key} withBorder p="sm" data-figure={i.key}>
          <Text size="xs" c="dimmed">{i.label}</Text>
          <Text fw={700} size="xl" data-testid={`stat-figure-${i.key}`}>{i.value ?? "—"}</Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

const palette = ["blue.6", "teal.6", "orange.6", "violet.6", "red.6", "cyan.6", "lime.7", "pink.6"];

export interface ChartSpec {
  type: "bar" | "line" | "pie";
  /** the category key of each row */
  x: string;
  series: { key: string; label: string }[];
}

/** A chart of rows (category under `x`, numbers under the series' keys); a pie draws the first series. */
export function StatChart({ rows, spec, testId }: { rows: Record<string, unknown>[]; spec: ChartSpec; testId: string }) {
  const { t } = useTranslation();
  if (!rows.length) return <Text c="dimmed" size="sm" data-testid={`${testId}-empty`}>{t("crud.noData", { defaultValue: "—" })}</Text>;
  if (spec.type === "pie") {
    const y = spec.series[0]!.key;
    const cells = rows.map((r, i) => ({ name: String(r[spec.x] ?? ""), value: Number(r[y] ?? 0), color: palette[i % palette.length]! }));
    return (
      <div data-testid={testId} data-chart="pie">
        <PieChart data={cells} withLabels withLabelsLine withTooltip labelsType="percent" size={200} h={240} />
      </div>
    );
  }
  const Chart = spec.type === "line" ? LineChart : BarChart;
  const data = rows.map((r) => ({ ...Object.fromEntries(spec.series.map((s) => [s.key, Number(r[s.key] ?? 0)])), [spec.x]: String(r[spec.x] ?? "") }));
  return (
    <div data-testid={testId} data-chart={spec.type}>
      <Chart h={260} data={data} dataKey={spec.x} series={spec.series.map((s, i) => ({ name: s.key, label: s.label, color: palette[i % palette.length]! }))} withLegend={spec.series.length > 1} tickLine="y" xAxisProps={{ interval: 0 }} />
    </div>
  );
}

/** A titled card: the chart above the table behind it. */
export function StatCard({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Card withBorder data-testid={testId}>
      <Stack gap="sm">
        <Title order={5}>{title}</Title>
        {children}
      </Stack>
    </Card>
  );
}

/** The table behind a chart on the list kit (local state, the screen's filters preset, xlsx/csv export). */
export function StatTable<R>({ spec, filter }: { spec: ListSpec<R>; filter: StatFilter }) {
  return <ListScreen list={spec} preset={{ from: filter.from, to: filter.to, deptId: filter.deptId, staffId: filter.staffId }} />;
}

type Source = "count" | "jg";
const sourceQuery = { count: statQueries.count, jg: statQueries.jg } as const;

/**
 * A table whose rows are derived from a statistics answer (statCount or jgStatCount) of the preset filters,
 * paged in the browser; the answer is the chart's own cached one.
 */
export function derivedSpec<R, S extends Source>(
  name: string,
  source: S,
  derive: (answer: S extends "count" ? StatCount : JgRow[]) => R[],
  columns: ListColumn<R>[],
  fileName: (t: TFunction) => string,
  rowKey: (r: R) => string,
): ListSpec<R> {
  return {
    name,
    path: `${reportPath}/${name}`,
    local: true,
    columnChooser: false,
    pageSize: 10,
    minWidth: 400,
    query: (params: Query) =>
      queryOptions({
        queryKey: [reportPath, "derived", name, params] as const,
        queryFn: async ({ client }) => {
          const answer = await client.fetchQuery(sourceQuery[source](statFilterOf(params)) as never);
          const rows = derive(answer as never);
          const page = Number(params.page ?? 1);
          const limit = Number(params.limit ?? 10);
          return { rows: rows.slice((page - 1) * limit, page * limit), total: rows.length };
        },
      }),
    rowKey,
    columns,
    export: { fileName },
  };
}

/** A dictionary value's name (the value itself when the dictionary lacks it; "(empty)" for none). */
export function useDictNames(type: string): (value: string | null) => string {
  const { t } = useTranslation();
  const { entries } = useDictionary(type);
  const lang = currentLang();
  return (value) => {
    if (value === null || value === "") return t("workreports.stat.empty");
    const entry = entries.find((e) => String(e.value) === value);
    return entry ? entryName(entry, lang) : value;
  };
}

/** The same name for a file. */
const dictName = async (type: string, value: string | null, t: TFunction) => (value === null || value === "" ? t("workreports.stat.empty") : dictionaryName(type, value, currentLang()));

/** The dictionary cell of a table: its name on screen and in the file. */
export function dictColumn<R extends { value: string | null }>(type: string): ListColumn<R> {
  return { key: "value", title: (t) => t("workreports.stat.value"), render: (r) => <DictName type={type} value={r.value} />, value: (r, t) => dictName(type, r.value, t) };
}

function DictName({ type, value }: { type: string; value: string | null }) {
  return <>{useDictNames(type)(value)}</>;
}

/** The member of staff and their department, first in every per-staff table. */
export function staffColumns<R extends { staffId: string | null; staffName: string | null; deptName: string | null }>(): ListColumn<R>[] {
  return [
    { key: "staffName", title: (t) => t("workreports.stat.staffName"), render: (r) => r.staffName ?? r.staffId ?? "—" },
    { key: "deptName", title: (t) => t("workreports.dept"), render: (r, t) => r.deptName ?? t("workreports.stat.noDept") },
  ];
}
