/**
 * 定时任务 (/job/schedule): the counts by status, a search by name and status, the jobs with their status,
 * cron reading (in the current language) and next run, and per row edit, run now, pause or resume, delete
 * and the job's logs — each behind its permission tag, the consequential ones behind a confirmation.
 */
import { Badge, Button, Group, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { IconPlayerPause, IconPlayerPlay, IconPlus, IconRun } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { call } from "../core/api/call.ts";
import { jobs } from "../../events/api/jobs.ts";
import { currentLang } from "../core/i18n.ts";
import type { ScreenProps } from "../registry/index.ts";
import { hasPermission } from "../core/session.ts";
import { confirmDialog } from "../core/ui/confirmDelete.tsx";
import { ListScreen, type ListContext, type ListSpec } from "../crud/ListScreen.tsx";
import { jobApi, jobPath, jobQueries, jobTags, logPath, type Job, type JobCommand } from "./api.ts";
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

function JobCounts() {
  const { t } = useTranslation();
  const counts = useQuery(jobQueries.counts());
  return (
    <Group gap="xs" data-testid="job-counts">
      {Object.entries(counts.data ?? {}).map(([key, n]) => (
        <Badge key={key} variant="outline" size="lg" tt="none" data-count={key}>
          {countLabels[key] ? t(countLabels[key]) : key}: {n}
        </Badge>
      ))}
    </Group>
  );
}

/** The reading of a row's cron expression, shared with the form's cache of the same expression. */
function CronReading({ cron }: { cron: string }) {
  const answer = useQuery(jobQueries.nextRuns(cron));
  const lang = currentLang();
  return <Text size="xs" c="dimmed" data-testid="job-cron-reading">{answer.data?.valid ? answer.data.reading?.[lang] : ""}</Text>;
}

/** "Running now" on a job with a run going on: the runs are polled while there are any, so a "run now" shows until it ends (one query for all rows). */
function RunningNow({ jobId }: { jobId: string }) {
  const { t } = useTranslation();
  const running = useQuery({
    queryKey: [jobPath, "runSource"],
    queryFn: () => call(jobs.running),
    refetchInterval: (q) => ((q.state.data?.length ?? 0) > 0 ? 3_000 : false),
  });
  return running.data?.some((r) => r.jobId === jobId) ? <Badge color="blue" variant="dot" tt="none">{t("jobs.runningNow")}</Badge> : null;
}

function LogsButton({ jobId }: { jobId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return <Button size="compact-sm" variant="subtle" onClick={() => void navigate({ to: "/job/schedulelog", search: { jobId } as never })} data-testid="job-logs">{t("jobs.logs")}</Button>;
}

const questions = { run: "jobs.confirmRun", pause: "jobs.confirmPause", resume: "jobs.confirmResume", delete: "jobs.confirmDelete" } as const;

async function command(name: JobCommand, job: Job, list: ListContext<Job>) {
  if (!(await confirmDialog(list.t(questions[name], { name: job.jobName }), { danger: name === "delete" }))) return;
  await list.command(`${name}:${job.jobId}`, async () => {
    const answer = await jobApi.command(name, [job.jobId]);
    if (name === "run") await list.queryClient.invalidateQueries({ queryKey: [logPath] });
    return answer;
  });
}

const paused = (job: Job) => String(job.status) === "1";

const jobList: ListSpec<Job> = {
  name: "job",
  path: jobPath,
  query: (params) => jobQueries.list(params),
  rowKey: (job) => job.jobId,
  rowAttrs: (job) => ({ "data-job-id": job.jobId }),
  header: () => <JobCounts />,
  filters: [
    { kind: "text", key: "jobName", testId: "job-search-name", label: (t) => t("jobs.search"), width: 200 },
    { kind: "select", key: "status", testId: "job-search-status", label: (t) => t("jobs.allStatus"), width: 140, options: (t) => [{ value: "0", label: t("jobs.statusNormal") }, { value: "1", label: t("jobs.statusPaused") }] },
  ],
  columns: [
    { key: "jobName", title: (t) => t("jobs.jobName") },
    { key: "jobGroup", title: (t) => t("jobs.jobGroup"), render: (job) => job.jobGroup ?? "" },
    { key: "handler", title: (t) => t("jobs.handler"), render: (job) => <Text size="xs" ff="monospace" style={{ wordBreak: "break-all" }}>{job.beanName}.{job.methodName}</Text> },
    {
      key: "cronExpression",
      title: (t) => t("jobs.cron"),
      render: (job) => (
        <>
          <Text size="sm" ff="monospace" style={{ whiteSpace: "nowrap" }}>{job.cronExpression}</Text>
          <CronReading cron={job.cronExpression} />
        </>
      ),
    },
    {
      key: "status",
      title: (t) => t("jobs.status"),
      width: 90,
      render: (job) => (
        <Group gap={4}>
          <JobStatusBadge status={job.status} />
          <RunningNow jobId={job.jobId} />
        </Group>
      ),
    },
    { key: "nextRunTime", title: (t) => t("jobs.nextRunTime"), width: 170, testId: "job-next-run", render: (job) => (paused(job) ? "—" : (job.nextRunTime ?? "")) },
  ],
  toolbar: (list) => hasPermission(jobTags.save) && <Button leftSection={<IconPlus size={16} />} onClick={() => list.edit(null)} data-testid="job-add">{list.t("jobs.add")}</Button>,
  actions: (job, list) => {
    const { t } = list;
    return (
      <>
        {hasPermission(jobTags.update) && <Button size="compact-sm" variant="subtle" onClick={() => list.edit(job.jobId)} data-testid="job-edit">{t("jobs.editAction")}</Button>}
        {hasPermission(jobTags.run) && <Button size="compact-sm" variant="subtle" leftSection={<IconRun size={14} />} onClick={() => void command("run", job, list)} data-testid="job-run">{t("jobs.runNow")}</Button>}
        {paused(job)
          ? hasPermission(jobTags.resume) && <Button size="compact-sm" variant="subtle" leftSection={<IconPlayerPlay size={14} />} onClick={() => void command("resume", job, list)} data-testid="job-resume">{t("jobs.resume")}</Button>
          : hasPermission(jobTags.pause) && <Button size="compact-sm" variant="subtle" color="orange" leftSection={<IconPlayerPause size={14} />} onClick={() => void command("pause", job, list)} data-testid="job-pause">{t("jobs.pause")}</Button>}
        {hasPermission(jobTags.delete) && <Button size="compact-sm" variant="subtle" color="red" onClick={() => void command("delete", job, list)} data-testid="job-delete">{t("jobs.delete")}</Button>}
        {hasPermission(jobTags.logs) && <LogsButton jobId={job.jobId} />}
      </>
    );
  },
  form: (id, close) => <JobForm id={id} onClose={close} />,
};

export default function JobScreen(_: ScreenProps) {
  return <ListScreen list={jobList} />;
}
