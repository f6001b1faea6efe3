/**
 * 任务日志 (/job/schedulelog): the runs of scheduled jobs, newest first, filtered by job (`?jobId=` from the
 * job screen's Logs action), status and time range; status badges, read/written, duration; a drawer with the
 * parameters, message and error. While a listed run is still running the page refreshes every 3 s.
 */
import { Button, Card, Group, Select, Stack, Table, Text } from "@mantine/core";
import { DatePickerInput, DatesProvider, type DatesRangeValue } from "@mantine/dates";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useSearch } from "@tanstack/react-router";
import { IconCalendar, IconSearch } from "@tabler/icons-react";
import "dayjs/locale/zh-cn";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { currentLang } from "../core/i18n.ts";
import type { ScreenProps } from "../registry/index.ts";
import { EmptyRow } from "../core/ui/TableParts.tsx";
import { PageBar } from "../widgets/PageBar/index.ts";
import { jobQueries, logQueries } from "./api.ts";
import { duration } from "./format.ts";
import { LogDrawer } from "./LogDrawer.tsx";
import { LogStatusBadge } from "./StatusBadges.tsx";

interface LogFilter {
  jobId: string | null;
  status: string | null;
  range: DatesRangeValue<string>;
}

export default function LogScreen(_: ScreenProps) {
  const { t } = useTranslation();
  const lang = currentLang();
  const search = useSearch({ strict: false }) as { jobId?: string | number };
  const initial: LogFilter = { jobId: search.jobId !== undefined ? String(search.jobId) : null, status: null, range: [null, null] };
  const [draft, setDraft] = useState<LogFilter>(initial);
  const [filter, setFilter] = useState<LogFilter>(initial);
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const [openId, setOpenId] = useState<string | null>(null);
  // the job screen's Logs action on an already open log tab: the new job's runs replace the filter
  const linkedJob = search.jobId !== undefined ? String(search.jobId) : null;
  useEffect(() => {
    if (linkedJob === null) return;
    const next = { jobId: linkedJob, status: null, range: [null, null] as DatesRangeValue<string> };
    setDraft(next);
    setFilter(next);
    setPaging((p) => ({ ...p, page: 1 }));
  }, [linkedJob]);
  // the job picker: the first 100 jobs by name is plenty for a scheduler's handful
  const jobs = useQuery(jobQueries.list({ page: 1, limit: 100 }));
  const list = useQuery({
    ...logQueries.list({
      ...paging,
      jobId: filter.jobId ?? undefined,
      status: filter.status ?? undefined,
      from: filter.range[0] ?? undefined,
      to: filter.range[1] ?? undefined,
    }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.rows.some((r) => r.status === "running") ? 3_000 : false),
  });
  const rows = list.data?.rows ?? [];
  const apply = () => (setFilter(draft), setPaging((p) => ({ ...p, page: 1 })));
  const empty: LogFilter = { jobId: null, status: null, range: [null, null] };

  return (
    <Card withBorder data-testid="joblog-screen">
      <Stack>
        <DatesProvider settings={{ locale: lang === "en-US" ? "en" : "zh-cn", firstDayOfWeek: lang === "en-US" ? 0 : 1 }}>
          <Group gap="sm">
            <Select
              placeholder={t("jobLog.allJobs")}
              data={(jobs.data?.rows ?? []).map((j) => ({ value: j.jobId, label: j.jobName }))}
              searchable
              clearable
              value={draft.jobId}
              onChange={(v) => setDraft({ ...draft, jobId: v })}
              w={200}
              data-testid="joblog-job"
            />
            <Select
              placeholder={t("jobLog.allStatus")}
              data={(["running", "success", "failure"] as const).map((s) => ({ value: s, label: t(`jobLog.${s}`) }))}
              clearable
              value={draft.status}
              onChange={(v) => setDraft({ ...draft, status: v })}
              w={140}
              data-testid="joblog-status"
            />
            <DatePickerInput
              type="range"
              allowSingleDateInRange
              clearable
              valueFormat="YYYY-MM-DD"
              placeholder={t("jobLog.range")}
              leftSection={<IconCalendar size={16} />}
              value={draft.range}
              onChange={(range) => setDraft({ ...draft, range: range as DatesRangeValue<string> })}
              w={260}
              data-testid="joblog-range"
            />
            <Button leftSection={<IconSearch size={16} />} onClick={apply} data-testid="joblog-search">{t("actions.search")}</Button>
            <Button variant="default" onClick={() => (setDraft(empty), setFilter(empty), setPaging((p) => ({ ...p, page: 1 })))}>{t("actions.reset")}</Button>
          </Group>
        </DatesProvider>
        <Table.ScrollContainer minWidth={1000}>
          <Table striped highlightOnHover withTableBorder data-testid="joblog-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("jobLog.job")}</Table.Th>
                <Table.Th>{t("jobLog.handler")}</Table.Th>
                <Table.Th>{t("jobLog.trigger")}</Table.Th>
                <Table.Th w={90}>{t("jobLog.status")}</Table.Th>
                <Table.Th w={110}>{t("jobLog.read")} / {t("jobLog.written")}</Table.Th>
                <Table.Th w={100}>{t("jobLog.duration")}</Table.Th>
                <Table.Th w={170}>{t("jobLog.startTime")}</Table.Th>
                <Table.Th>{t("jobLog.message")}</Table.Th>
                <Table.Th w={80} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.logId} data-testid="joblog-row" data-log-id={r.logId}>
                  <Table.Td>{r.jobName ?? "—"}</Table.Td>
                  <Table.Td><Text size="xs" ff="monospace">{r.beanName}.{r.methodName}</Text></Table.Td>
                  <Table.Td>{t(`jobLog.trigger_${r.trigger}`, { defaultValue: r.trigger })}</Table.Td>
                  <Table.Td><LogStatusBadge status={r.status} /></Table.Td>
                  <Table.Td>{r.read ?? 0} / {r.written ?? 0}</Table.Td>
                  <Table.Td>{duration(r.durationMs)}</Table.Td>
                  <Table.Td>{r.startTime}</Table.Td>
                  <Table.Td><Text size="sm" lineClamp={1} c={r.status === "failure" ? "red" : undefined}>{r.status === "failure" ? (r.error ?? r.message) : r.message}</Text></Table.Td>
                  <Table.Td><Button size="compact-sm" variant="subtle" onClick={() => setOpenId(r.logId)} data-testid="joblog-open">{t("jobLog.open")}</Button></Table.Td>
                </Table.Tr>
              ))}
              {!rows.length && <EmptyRow colSpan={9} loading={list.isLoading} />}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {list.isError && <Text c="red" size="sm">{(list.error as Error).message}</Text>}
        <PageBar page={paging.page} limit={paging.limit} total={list.data?.total ?? 0} onChange={(page, limit) => setPaging({ page, limit })} />
      </Stack>
      <LogDrawer id={openId} onClose={() => setOpenId(null)} />
    </Card>
  );
}
