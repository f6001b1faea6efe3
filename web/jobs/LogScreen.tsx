/**
 * 任务日志 (/job/schedulelog): the runs of scheduled jobs, newest first, filtered by job (`?jobId=` from the
 * job screen's Logs action), status and time range; status badges, read/written, duration; a drawer with the
 * parameters, message and error. While a listed run is still running the page refreshes every 3 s.
 */
import { Button, Code, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { ScreenProps } from "../registry/index.ts";
import { JsonBlock, type DetailSpec } from "../crud/DetailDrawer.tsx";
import { ListScreen, type ListSpec, type Option } from "../crud/ListScreen.tsx";
import { jobQueries, logPath, logQueries, type JobLog } from "./api.ts";
import { duration } from "./format.ts";
import { LogStatusBadge } from "./StatusBadges.tsx";

const whileRunning = (running: boolean) => (running ? 3_000 : false);

const logDetail: DetailSpec<JobLog> = {
  testId: "log-drawer",
  title: (t) => t("jobLog.detail"),
  query: (id) => logQueries.detail(id),
  refetchInterval: (d) => whileRunning(d?.status === "running"),
  fields: [
    { label: (t) => t("jobLog.job"), value: (d) => d.jobName ?? "—" },
    { label: (t) => t("jobLog.handler"), value: (d) => <Code>{d.beanName}.{d.methodName}</Code> },
    { label: (t) => t("jobLog.trigger"), value: (d, t) => t(`jobLog.trigger_${d.trigger}`, { defaultValue: d.trigger }) },
    { label: (t) => t("jobLog.status"), value: (d) => <LogStatusBadge status={d.status} /> },
    { label: (t) => t("jobLog.startTime"), value: (d) => d.startTime },
    { label: (t) => t("jobLog.endTime"), value: (d) => d.endTime ?? "—" },
    { label: (t) => t("jobLog.duration"), value: (d) => duration(d.durationMs) },
    { label: (t) => `${t("jobLog.read")} / ${t("jobLog.written")}`, value: (d) => `${d.read ?? 0} / ${d.written ?? 0}` },
  ],
  sections: [
    { title: (t) => t("jobLog.params"), body: (d) => <JsonBlock value={d.params} data-testid="log-params" /> },
    { title: (t) => t("jobLog.message"), body: (d) => <Text size="sm" data-testid="log-message">{d.message ?? "—"}</Text> },
    { title: (t) => t("jobLog.error"), danger: true, when: (d) => !!d.error, body: (d) => <Code block c="red" data-testid="log-error">{d.error}</Code> },
  ],
};

/** The job filter's options: the first 100 jobs by name is plenty for a scheduler's handful. */
function useJobOptions(): Option[] {
  const jobs = useQuery(jobQueries.list({ page: 1, limit: 100 }));
  return (jobs.data?.rows ?? []).map((j) => ({ value: j.jobId, label: j.jobName }));
}

const logList: ListSpec<JobLog> = {
  name: "joblog",
  path: logPath,
  query: (params) => logQueries.list(params),
  rowKey: (r) => r.logId,
  rowAttrs: (r) => ({ "data-log-id": r.logId }),
  refetchInterval: (rows) => whileRunning(rows.some((r) => r.status === "running")),
  filters: [
    { kind: "select", key: "jobId", testId: "joblog-job", label: (t) => t("jobLog.allJobs"), useOptions: useJobOptions, searchable: true, width: 200 },
    { kind: "select", key: "status", label: (t) => t("jobLog.allStatus"), options: (t) => (["running", "success", "failure"] as const).map((s) => ({ value: s, label: t(`jobLog.${s}`) })), width: 140 },
    { kind: "dateRange", key: "range", from: "from", to: "to", label: (t) => t("jobLog.range") },
  ],
  columns: [
    { key: "jobName", title: (t) => t("jobLog.job"), render: (r) => r.jobName ?? "—" },
    { key: "handler", title: (t) => t("jobLog.handler"), value: (r) => `${r.beanName}.${r.methodName}`, render: (r) => <Text size="xs" ff="monospace">{r.beanName}.{r.methodName}</Text> },
    { key: "trigger", title: (t) => t("jobLog.trigger"), render: (r, t) => t(`jobLog.trigger_${r.trigger}`, { defaultValue: r.trigger }) },
    { key: "status", title: (t) => t("jobLog.status"), width: 90, value: (r, t) => t(`jobLog.${r.status}`), render: (r) => <LogStatusBadge status={r.status} /> },
    { key: "rw", title: (t) => `${t("jobLog.read")} / ${t("jobLog.written")}`, width: 110, render: (r) => `${r.read ?? 0} / ${r.written ?? 0}` },
    { key: "duration", title: (t) => t("jobLog.duration"), width: 100, render: (r) => duration(r.durationMs) },
    { key: "startTime", title: (t) => t("jobLog.startTime"), width: 170 },
    {
      key: "message",
      title: (t) => t("jobLog.message"),
      value: (r) => (r.status === "failure" ? (r.error ?? r.message) : r.message),
      render: (r) => <Text size="sm" lineClamp={1} c={r.status === "failure" ? "red" : undefined}>{r.status === "failure" ? (r.error ?? r.message) : r.message}</Text>,
    },
  ],
  actions: (r, list) => <Button size="compact-sm" variant="subtle" onClick={() => list.open(r.logId)} data-testid="joblog-open">{list.t("jobLog.open")}</Button>,
  detail: logDetail,
  export: { fileName: (t) => t("jobLog.fileName") },
};

export default function LogScreen(_: ScreenProps) {
  return <ListScreen list={logList} />;
}
