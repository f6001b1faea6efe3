/**
 * The scheduled jobs' verbs (worker/jobs/routes.ts): the jobs with their next run, the handlers a job may
 * name, counts, a cron preview, the state commands and run-now, and the run log.
 */
import * as z from "zod";
import { bilingual, idsBody, recordMeta, savedRecord, verb } from "./verb.ts";
import { lazySchema } from "../lazy.ts";

const schedule = "/job/schedule";
const scheduleLog = "/job/scheduleLog";

/** A job as its list and info answer it: the record and the next run the trigger table holds. */
export const jobRow = lazySchema(() => z.strictObject({
  jobId: z.string(),
  jobName: z.string(),
  jobGroup: z.string().nullable(),
  beanName: z.string(),
  methodName: z.string(),
  params: z.unknown(),
  cronExpression: z.string(),
  /** "0" normal, "1" paused (dictionary jobStatus) */
  status: z.string(),
  remark: z.string().nullable(),
  /** China time; null while paused or not yet scheduled */
  nextRunTime: z.string().nullable(),
  ...recordMeta,
}));

export const jobLogStatus = lazySchema(() => z.enum(["running", "success", "failure"]));
export const jobTrigger = lazySchema(() => z.enum(["cron", "manual", "source"]));

/** One run of a job (`job_log`), times in China time. */
export const jobLogRow = lazySchema(() => z.strictObject({
  logId: z.string(),
  jobId: z.string().nullable(),
  jobName: z.string().nullable(),
  beanName: z.string(),
  methodName: z.string(),
  params: z.unknown(),
  trigger: jobTrigger,
  status: jobLogStatus,
  read: z.number().nullable(),
  written: z.number().nullable(),
  message: z.string().nullable(),
  error: z.string().nullable(),
  startTime: z.string(),
  endTime: z.string().nullable(),
  durationMs: z.number().nullable(),
}));

/** The log's filters and order. */
export const jobLogQuery = lazySchema(() => z.object({
  jobId: z.string().max(64).optional(),
  status: jobLogStatus.optional(),
  beanName: z.string().max(100).optional(),
  trigger: jobTrigger.optional(),
  from: z.string().max(32).optional(),
  to: z.string().max(32).optional(),
  orderField: z.enum(["startTime", "durationMs"]).optional(),
  order: z.enum(["asc", "desc", "ASC", "DESC"]).optional(),
}));
const jobLogPageQuery = lazySchema(() => jobLogQuery.extend({ page: z.coerce.number().int().min(1).optional(), limit: z.coerce.number().int().min(1).max(500).optional() }));

/** A handler's parameters as zod's toJSONSchema gives them; only simple object properties become form fields. */
export const paramsJsonSchema = lazySchema(() => z.looseObject({
  type: z.union([z.string(), z.array(z.string())]).optional(),
  properties: z.record(z.string(), z.looseObject({ type: z.union([z.string(), z.array(z.string())]).optional(), enum: z.array(z.unknown()).optional(), description: z.string().optional(), default: z.unknown().optional(), title: z.string().optional() })).optional(),
  required: z.array(z.string()).optional(),
}));

export const jobHandler = lazySchema(() => z.strictObject({ beanName: z.string(), methodName: z.string(), label: bilingual, paramsSchema: paramsJsonSchema.optional() }));

export const cronReading = lazySchema(() => z.union([
  z.strictObject({ valid: z.literal(true), reading: bilingual, next: z.array(z.string()) }),
  z.strictObject({ valid: z.literal(false), error: z.string(), next: z.array(z.string()).length(0) }),
]));

export const jobs = {
  list: verb({ method: "GET", path: `${schedule}/list`, response: () => z.array(jobRow), paged: true }),
  info: verb({ method: "GET", path: `${schedule}/info/:id`, response: jobRow }),
  save: verb({ method: "POST", path: `${schedule}/save`, response: () => savedRecord("jobId") }),
  update: verb({ method: "POST", path: `${schedule}/update`, response: () => savedRecord("jobId") }),
  delete: verb({ method: "POST", path: `${schedule}/delete`, body: idsBody, response: () => z.null() }),
  pause: verb({ method: "POST", path: `${schedule}/pause`, body: idsBody, response: () => z.strictObject({ changed: z.number().int() }) }),
  resume: verb({ method: "POST", path: `${schedule}/resume`, body: idsBody, response: () => z.strictObject({ changed: z.number().int() }) }),
  run: verb({
    method: "POST",
    path: `${schedule}/run`,
    body: idsBody,
    response: () => z.array(z.strictObject({ jobId: z.string(), logId: z.string(), status: jobLogStatus, error: z.string().nullable() })),
  }),
  handlers: verb({ method: "GET", path: `${schedule}/getDataSource`, response: () => z.array(jobHandler) }),
  running: verb({ method: "GET", path: `${schedule}/runSource`, response: () => z.array(jobLogRow) }),
  counts: verb({
    method: "GET",
    path: `${schedule}/countTaskStatus`,
    response: () => z.strictObject({ total: z.number().int(), normal: z.number().int(), paused: z.number().int(), running: z.number().int(), todaySuccess: z.number().int(), todayFailure: z.number().int() }),
  }),
  nextRuns: verb({
    method: "GET",
    path: `${schedule}/nextRuns`,
    query: () => z.object({ cron: z.string().max(120).default(""), count: z.coerce.number<string | number>().int().min(1).max(20).catch(5) }),
    response: cronReading,
  }),
  logList: verb({ method: "GET", path: `${scheduleLog}/list`, query: jobLogPageQuery, response: () => z.array(jobLogRow), paged: true }),
  logDataList: verb({ method: "GET", path: `${scheduleLog}/dataLogList`, query: jobLogPageQuery, response: () => z.array(jobLogRow), paged: true }),
  logAll: verb({ method: "GET", path: `${scheduleLog}/allList`, query: jobLogQuery, response: () => z.array(jobLogRow) }),
  logInfo: verb({ method: "GET", path: `${scheduleLog}/info/:id`, response: jobLogRow }),
};
