/**
 * The scheduled-job and job-log calls (worker/jobs): query options keyed by path like every list
 * (['/job/schedule', …], ['/job/scheduleLog', …]) so a command invalidates what it changed, and the commands.
 */
import { queryOptions } from "@tanstack/react-query";
import type { Lang } from "../../events/i18n.ts";
import { get, post, type Query } from "../core/api/http.ts";

export const jobPath = "/job/schedule";
export const logPath = "/job/scheduleLog";

export const jobTags = {
  list: "job:schedule:list",
  save: "job:schedule:save",
  update: "job:schedule:update",
  delete: "job:schedule:delete",
  pause: "job:schedule:pause",
  resume: "job:schedule:resume",
  run: "job:schedule:run",
  logs: "job:schedulelog:list",
} as const;

export interface Job {
  jobId: string;
  jobName: string;
  jobGroup?: string | null;
  beanName: string;
  methodName: string;
  params?: unknown;
  cronExpression: string;
  /** "0" normal, "1" paused */
  status: string;
  remark?: string | null;
  nextRunTime?: string | null;
  version?: number;
}

/** A JSON schema as zod's toJSONSchema gives it; only simple object properties become fields. */
export interface ParamsSchema {
  type?: string;
  properties?: Record<string, { type?: string | string[]; enum?: unknown[]; description?: string; default?: unknown; title?: string }>;
  required?: string[];
}

export interface Handler {
  beanName: string;
  methodName: string;
  label: Record<Lang, string>;
  paramsSchema?: ParamsSchema;
}

export interface CronReading {
  valid: boolean;
  error?: string;
  reading?: Record<Lang, string>;
  next: string[];
}

export interface JobLog {
  logId: string;
  jobId: string | null;
  jobName: string | null;
  beanName: string;
  methodName: string;
  params: unknown;
  trigger: string;
  status: "running" | "success" | "failure";
  read: number | null;
  written: number | null;
  message: string | null;
  error: string | null;
  startTime: string;
  endTime: string | null;
  durationMs: number | null;
}

export const handlerKey = (h: { beanName: string; methodName: string }) => `${h.beanName}.${h.methodName}`;

export const jobQueries = {
  list: (params: Query) =>
    queryOptions({
      queryKey: [jobPath, "list", params] as const,
      queryFn: async () => {
        const answer = await get<Job[]>(`${jobPath}/list`, params);
        return { rows: answer.data, total: answer.total ?? 0 };
      },
    }),
  detail: (id: string) => queryOptions({ queryKey: [jobPath, "detail", id] as const, queryFn: async () => (await get<Job>(`${jobPath}/info/${encodeURIComponent(id)}`)).data }),
  counts: () => queryOptions({ queryKey: [jobPath, "counts"] as const, queryFn: async () => (await get<Record<string, number>>(`${jobPath}/countTaskStatus`)).data }),
  handlers: () => queryOptions({ queryKey: [jobPath, "handlers"] as const, queryFn: async () => (await get<Handler[]>(`${jobPath}/getDataSource`)).data, staleTime: 5 * 60_000 }),
  /** a cron expression's reading and next runs; the same expression answers the same for a minute */
  nextRuns: (cron: string, count = 5) =>
    queryOptions({
      queryKey: [jobPath, "nextRuns", cron, count] as const,
      queryFn: async () => (await get<CronReading>(`${jobPath}/nextRuns`, { cron, count })).data,
      staleTime: 60_000,
      enabled: cron.trim() !== "",
    }),
};

export const logQueries = {
  list: (params: Query) =>
    queryOptions({
      queryKey: [logPath, "list", params] as const,
      queryFn: async () => {
        const answer = await get<JobLog[]>(`${logPath}/list`, params);
        return { rows: answer.data, total: answer.total ?? 0 };
      },
    }),
  detail: (id: string) => queryOptions({ queryKey: [logPath, "detail", id] as const, queryFn: async () => (await get<JobLog>(`${logPath}/info/${encodeURIComponent(id)}`)).data }),
};

export type JobCommand = "pause" | "resume" | "run" | "delete";

export const jobApi = {
  save: (job: Partial<Job>) => post<Job>(`${jobPath}/save`, job),
  command: (command: JobCommand, ids: string[]) => post<unknown>(`${jobPath}/${command}`, { ids }),
};
