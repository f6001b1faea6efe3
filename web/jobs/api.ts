/**
 * The scheduled-job and job-log calls (worker/jobs): query options keyed by path like every list
 * (['/job/schedule', …], ['/job/scheduleLog', …]) so a command invalidates what it changed, and the commands.
 */
import { queryOptions } from "@tanstack/react-query";
import { jobs } from "../../events/api/jobs.ts";
import type { Answer } from "../../events/api/verb.ts";
import { call, pagedQuery, send } from "../core/api/call.ts";

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

/** The answers' types, inferred from the contract (events/api/jobs.ts). */
export type Job = Answer<typeof jobs.info>;
export type JobLog = Answer<typeof jobs.logInfo>;
export type Handler = Answer<typeof jobs.handlers>[number];
export type ParamsSchema = NonNullable<Handler["paramsSchema"]>;
export type CronReading = Answer<typeof jobs.nextRuns>;

export const handlerKey = (h: { beanName: string; methodName: string }) => `${h.beanName}.${h.methodName}`;

export const jobQueries = {
  list: pagedQuery(jobs.list, [jobPath, "list"]),
  detail: (id: string) => queryOptions({ queryKey: [jobPath, "detail", id] as const, queryFn: () => call(jobs.info, { params: { id } }) }),
  counts: () => queryOptions({ queryKey: [jobPath, "counts"] as const, queryFn: () => call(jobs.counts) }),
  handlers: () => queryOptions({ queryKey: [jobPath, "handlers"] as const, queryFn: () => call(jobs.handlers), staleTime: 5 * 60_000 }),
  /** a cron expression's reading and next runs; the same expression answers the same for a minute */
  nextRuns: (cron: string, count = 5) =>
    queryOptions({
      queryKey: [jobPath, "nextRuns", cron, count] as const,
      queryFn: () => call(jobs.nextRuns, { query: { cron, count } }),
      staleTime: 60_000,
      enabled: cron.trim() !== "",
    }),
};

export const logQueries = {
  list: pagedQuery(jobs.logList, [logPath, "list"]),
  detail: (id: string) => queryOptions({ queryKey: [logPath, "detail", id] as const, queryFn: () => call(jobs.logInfo, { params: { id } }) }),
};

export type JobCommand = "pause" | "resume" | "run" | "delete";

export const jobApi = {
  save: (job: Partial<Job>) => send(jobs.save, { body: job }),
  command: (command: JobCommand, ids: string[]) => send(jobs[command], { body: { ids } }),
};
