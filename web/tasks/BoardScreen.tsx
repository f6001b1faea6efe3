/**
 * 任务看板 (/task/board): the tasks' proportions by state (a donut from @mantine/charts and the counts), the
 * timeline of tasks due and done two weeks either side of today, and — the second tab — the manager's "today"
 * view: per staff member, the tasks whose window covers today, those due today and those overdue. Filters:
 * kind of visit and a plan.
 */
import "@mantine/charts/styles.css";
import { BarChart, DonutChart } from "@mantine/charts";
import { Card, Group, Loader, Paper, Select, SimpleGrid, Stack, Table, Tabs, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ScreenProps } from "../registry/index.ts";
import { EmptyRow } from "../core/ui/TableParts.tsx";
import { boardQueries, chinaToday, planQueries, shiftDay } from "./api.ts";
import { stateColors, stateNames } from "./StateBadge.tsx";

function Stat({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="xs" c="dimmed">{label}</Text>
      <Text fw={700} size="xl" data-testid={testId}>{value}</Text>
    </Paper>
  );
}

function Overview({ filter }: { filter: Record<string, string> }) {
  const { t } = useTranslation();
  const today = chinaToday();
  const [from, to] = [shiftDay(today, -14), shiftDay(today, 14)];
  const proportion = useQuery(boardQueries.proportion(filter));
  const timeline = useQuery(boardQueries.timeline(from, to, filter));
  if (proportion.isLoading) return <Loader size="sm" />;
  const p = proportion.data;
  if (!p) return null;
  const donut = stateNames.filter((s) => p[s] > 0).map((s) => ({ name: t(`tasks.state_${s}`), value: p[s], color: `${stateColors[s]}.6` }));
  // every day of the range, the quiet ones too, so the axis reads as a calendar
  const byDay = new Map((timeline.data ?? []).map((d) => [d.date, d]));
  const days = Array.from({ length: 29 }, (_, i) => shiftDay(from, i)).map((date) => {
    const d = byDay.get(date);
    return { date: date.slice(5), [t("tasks.due")]: d?.due ?? 0, [t("tasks.doneOnDay")]: d?.done ?? 0, [t("tasks.overdueOnDay")]: d?.overdue ?? 0 };
  });
  return (
    <Stack data-testid="board-overview">
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <Stat label={t("tasks.total")} value={p.total} testId="board-total" />
        <Stat label={t("tasks.enterprises")} value={p.enterprises} testId="board-enterprises" />
        <Stat label={t("tasks.enterprisesDone")} value={p.enterprisesDone} testId="board-enterprises-done" />
        <Stat label={t("tasks.state_overdue")} value={p.overdue} testId="board-overdue" />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder>
          <Title order={5} mb="sm">{t("tasks.byState")}</Title>
          <Group align="center" wrap="nowrap">
            <DonutChart data={donut.length ? donut : [{ name: t("tasks.noTasks"), value: 1, color: "gray.3" }]} withLabelsLine={false} size={180} thickness={28} />
            <Stack gap={6}>
              {p.states.map((s) => (
                <Group key={s.state} gap="xs" data-testid={`board-state-${s.state}`} data-count={s.count}>
                  <Text size="sm" c={`${stateColors[s.state]}.7`} fw={600} w={80}>{t(`tasks.state_${s.state}`)}</Text>
                  <Text size="sm" fw={700}>{s.count}</Text>
                  <Text size="xs" c="dimmed">{(s.ratio * 100).toFixed(1)}%</Text>
                </Group>
              ))}
            </Stack>
          </Group>
        </Card>
        <Card withBorder>
          <Title order={5} mb="sm">{t("tasks.timeline")}</Title>
          <BarChart
            h={220}
            data={days}
            dataKey="date"
            series={[
              { name: t("tasks.due"), color: "blue.6" },
              { name: t("tasks.doneOnDay"), color: "green.6" },
              { name: t("tasks.overdueOnDay"), color: "red.6" },
            ]}
            tickLine="y"
            data-testid="board-timeline"
          />
        </Card>
      </SimpleGrid>
    </Stack>
  );
}

function TeamToday({ filter }: { filter: Record<string, string> }) {
  const { t } = useTranslation();
  const today = chinaToday();
  const staff = useQuery(boardQueries.staff(today, filter));
  const rows = staff.data ?? [];
  return (
    <Card withBorder data-testid="board-today">
      <Text size="sm" c="dimmed" mb="sm">{today}</Text>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("tasks.staff")}</Table.Th>
            <Table.Th>{t("tasks.total")}</Table.Th>
            <Table.Th>{t("tasks.dueToday")}</Table.Th>
            {stateNames.slice(0, 4).map((s) => <Table.Th key={s}>{t(`tasks.state_${s}`)}</Table.Th>)}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && <EmptyRow colSpan={7} loading={staff.isLoading} />}
          {rows.map((r) => (
            <Table.Tr key={r.userId} data-testid="board-staff-row" data-user-id={r.userId}>
              <Table.Td>{r.userName ?? r.userId}</Table.Td>
              <Table.Td>{r.total}</Table.Td>
              <Table.Td fw={r.dueToday ? 700 : undefined}>{r.dueToday}</Table.Td>
              {stateNames.slice(0, 4).map((s) => (
                <Table.Td key={s} c={s === "overdue" && r.overdue ? "red" : undefined}>{r[s]}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

export default function BoardScreen(_: ScreenProps) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<string | null>(null);
  const [planId, setPlanId] = useState<string | null>(null);
  const plans = useQuery(planQueries.list({ page: 1, limit: 100 }));
  const filter: Record<string, string> = { ...(kind ? { visitKind: kind } : {}), ...(planId ? { planId } : {}) };
  return (
    <Stack data-testid="board-screen">
      <Group>
        <Select w={160} clearable placeholder={t("tasks.allKinds")} data={(["zf", "fw", "xq"] as const).map((k) => ({ value: k, label: t(`tasks.kind_${k}`) }))} value={kind} onChange={setKind} data-testid="board-kind" />
        <Select w={320} clearable searchable placeholder={t("tasks.plan")} data={(plans.data?.rows ?? []).map((p) => ({ value: p.id, label: p.title }))} value={planId} onChange={setPlanId} data-testid="board-plan" />
      </Group>
      <Tabs defaultValue="overview" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="overview" data-testid="board-tab-overview">{t("tasks.boardTab")}</Tabs.Tab>
          <Tabs.Tab value="today" data-testid="board-tab-today">{t("tasks.todayTab")}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview" pt="md">
          <Overview filter={filter} />
        </Tabs.Panel>
        <Tabs.Panel value="today" pt="md">
          <TeamToday filter={filter} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
