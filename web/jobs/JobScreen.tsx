/**
 * 定时任务 (/job/schedule): the counts by status, a search by name and status, the jobs with their status,
 * cron reading (in the current language) and next run, and per row edit, run now, pause or resume, delete
 * and the job's logs — each behind its permission tag, the consequential ones behind a confirmation.
 */
import { Badge, Button, Card, Group, Select, Stack, Table, Text, TextInput } from "@mantine/core";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { IconPlayerPause, IconPlayerPlay, IconPlus, IconRun, IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { get } from "../core/api/http.ts";
import { currentLang } from "../core/i18n.ts";
import type { ScreenProps } from "../registry/index.ts";
import { hasPermission } from "../core/session.ts";
import { confirmDialog } from "../core/ui/confirmDelete.tsx";
import { runCommand } from "../core/feedback.tsx";
import { EmptyRow } from "../core/ui/TableParts.tsx";
import { PageBar } from "../widgets/PageBar/index.ts";
import { jobApi, jobPath, jobQueries, jobTags, type Job, type JobCommand, type JobLog } from "./api.ts";
import { JobForm } from "./JobForm.tsx";
import { JobStatusBadge } from "./StatusBadges.tsx";

const countLabels: Record<string, string> = {
  total: "jobs.countTotal",
  normal: "jobs.countNormal",
  paused: "jobs.countPaused",
  running: "jobs.countRunning",
  todaySuccess: "jobs.countTodaySuccess",
  todayFailure: "jobs.countTodayFailure",
};

/** The reading of a row's cron expression, shared with the form's cache of the same expression. */
function CronReading({ cron }: { cron: string }) {
  const answer = useQuery(jobQueries.nextRuns(cron));
  const lang = currentLang();
  return <Text size="xs" c="dimmed" data-testid="job-cron-reading">{answer.data?.valid ? answer.data.reading?.[lang] : ""}</Text>;
}

export default function JobScreen(_: ScreenProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [draft, setDraft] = useState({ jobName: "", status: null as string | null });
  const [filter, setFilter] = useState(draft);
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const [form, setForm] = useState<{ id: string | null } | null>(null);
  const list = useQuery({ ...jobQueries.list({ ...paging, jobName: filter.jobName.trim() || undefined, status: filter.status ?? undefined }), placeholderData: keepPreviousData });
  const counts = useQuery(jobQueries.counts());
  // the runs going on now: polled while there are any, so a "run now" shows until it ends
  const running = useQuery({
    queryKey: [jobPath, "runSource"],
    queryFn: async () => (await get<JobLog[]>(`${jobPath}/runSource`)).data ?? [],
    refetchInterval: (q) => ((q.state.data?.length ?? 0) > 0 ? 3_000 : false),
  });
  const runningJobs = new Set((running.data ?? []).map((r) => r.jobId));
  const rows = list.data?.rows ?? [];
  const search = () => (setFilter(draft), setPaging((p) => ({ ...p, page: 1 })));

  const command = async (name: JobCommand, job: Job) => {
    const question = { run: "jobs.confirmRun", pause: "jobs.confirmPause", resume: "jobs.confirmResume", delete: "jobs.confirmDelete" }[name];
    if (!(await confirmDialog(t(question, { name: job.jobName }), { danger: name === "delete" }))) return;
    if (await runCommand(() => jobApi.command(name, [job.jobId]))) {
      await queryClient.invalidateQueries({ queryKey: [jobPath] });
      if (name === "run") await queryClient.invalidateQueries({ queryKey: ["/job/scheduleLog"] });
    }
  };

  return (
    <Card withBorder data-testid="job-screen">
      <Stack>
        <Group gap="xs" data-testid="job-counts">
          {Object.entries(counts.data ?? {}).map(([key, n]) => (
            <Badge key={key} variant="outline" size="lg" tt="none" data-count={key}>
              {countLabels[key] ? t(countLabels[key]) : key}: {n}
            </Badge>
          ))}
        </Group>
        <Group gap="sm">
          <TextInput placeholder={t("jobs.search")} value={draft.jobName} onChange={(e) => setDraft({ ...draft, jobName: e.currentTarget.value })} onKeyDown={(e) => e.key === "Enter" && search()} w={200} data-testid="job-search-name" />
          <Select
            placeholder={t("jobs.allStatus")}
            data={[{ value: "0", label: t("jobs.statusNormal") }, { value: "1", label: t("jobs.statusPaused") }]}
            clearable
            value={draft.status}
            onChange={(v) => setDraft({ ...draft, status: v })}
            w={140}
            data-testid="job-search-status"
          />
          <Button leftSection={<IconSearch size={16} />} onClick={search} data-testid="job-search">{t("actions.search")}</Button>
          <Button variant="default" onClick={() => (setDraft({ jobName: "", status: null }), setFilter({ jobName: "", status: null }), setPaging((p) => ({ ...p, page: 1 })))}>{t("actions.reset")}</Button>
          {hasPermission(jobTags.save) && <Button ml="auto" leftSection={<IconPlus size={16} />} onClick={() => setForm({ id: null })} data-testid="job-add">{t("jobs.add")}</Button>}
        </Group>
        <Table.ScrollContainer minWidth={1200}>
          <Table striped highlightOnHover withTableBorder data-testid="job-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th miw={180}>{t("jobs.jobName")}</Table.Th>
                <Table.Th>{t("jobs.jobGroup")}</Table.Th>
                <Table.Th>{t("jobs.handler")}</Table.Th>
                <Table.Th miw={130}>{t("jobs.cron")}</Table.Th>
                <Table.Th w={90}>{t("jobs.status")}</Table.Th>
                <Table.Th w={170}>{t("jobs.nextRunTime")}</Table.Th>
                <Table.Th>{t("jobs.actions")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((job) => {
                const paused = String(job.status) === "1";
                return (
                  <Table.Tr key={job.jobId} data-testid="job-row" data-job-id={job.jobId}>
                    <Table.Td>{job.jobName}</Table.Td>
                    <Table.Td>{job.jobGroup ?? ""}</Table.Td>
                    <Table.Td><Text size="xs" ff="monospace">{job.beanName}.{job.methodName}</Text></Table.Td>
                    <Table.Td>
                      <Text size="sm" ff="monospace" style={{ whiteSpace: "nowrap" }}>{job.cronExpression}</Text>
                      <CronReading cron={job.cronExpression} />
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        <JobStatusBadge status={job.status} />
                        {runningJobs.has(job.jobId) && <Badge color="blue" variant="dot" tt="none">{t("jobs.runningNow")}</Badge>}
                      </Group>
                    </Table.Td>
                    <Table.Td data-testid="job-next-run">{paused ? "—" : (job.nextRunTime ?? "")}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        {hasPermission(jobTags.update) && <Button size="compact-sm" variant="subtle" onClick={() => setForm({ id: job.jobId })} data-testid="job-edit">{t("jobs.editAction")}</Button>}
                        {hasPermission(jobTags.run) && <Button size="compact-sm" variant="subtle" leftSection={<IconRun size={14} />} onClick={() => void command("run", job)} data-testid="job-run">{t("jobs.runNow")}</Button>}
                        {paused
                          ? hasPermission(jobTags.resume) && <Button size="compact-sm" variant="subtle" leftSection={<IconPlayerPlay size={14} />} onClick={() => void command("resume", job)} data-testid="job-resume">{t("jobs.resume")}</Button>
                          : hasPermission(jobTags.pause) && <Button size="compact-sm" variant="subtle" color="orange" leftSection={<IconPlayerPause size={14} />} onClick={() => void command("pause", job)} data-testid="job-pause">{t("jobs.pause")}</Button>}
                        {hasPermission(jobTags.delete) && <Button size="compact-sm" variant="subtle" color="red" onClick={() => void command("delete", job)} data-testid="job-delete">{t("jobs.delete")}</Button>}
                        {hasPermission(jobTags.logs) && (
                          <Button size="compact-sm" variant="subtle" onClick={() => void navigate({ to: "/job/schedulelog", search: { jobId: job.jobId } as never })} data-testid="job-logs">{t("jobs.logs")}</Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
              {!rows.length && <EmptyRow colSpan={7} loading={list.isLoading} />}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {list.isError && <Text c="red" size="sm">{(list.error as Error).message}</Text>}
        <PageBar page={paging.page} limit={paging.limit} total={list.data?.total ?? 0} onChange={(page, limit) => setPaging({ page, limit })} />
      </Stack>
      {form && <JobForm id={form.id} onClose={() => setForm(null)} />}
    </Card>
  );
}
