/**
 * The log of job runs (`job_log`): a running row written before the handler is called and finished after,
 * so a run that dies midway stays visible as running. Plain operational rows (high volume), not events.
 */
import type { z } from "zod";
import type { jobLogRow } from "../../events/api/jobs.ts";
import { displayTime } from "../time.ts";
import { messages, t, type Lang, type MessageKey } from "../../events/i18n.ts";
import type { JobOutcome } from "./handler.ts";

export type JobTrigger = "cron" | "manual" | "source";

export interface JobLogStart {
  jobId: string | null;
  jobName: string | null;
  beanName: string;
  methodName: string;
  params: unknown;
  trigger: JobTrigger;
  startTime: number;
}

/** Errors are kept short: a log row (and an abnormal record) holds a message, not a dump. */
export const errorText = (error: unknown) => (error instanceof Error ? error.message || error.name : String(error)).slice(0, 4000);

export function startJobLogStatement(db: D1Database, logId: string, s: JobLogStart): D1PreparedStatement {
  return db
    .prepare("INSERT INTO job_log (log_id, job_id, job_name, bean_name, method_name, params, trigger, status, start_time) VALUES (?, ?, ?, ?, ?, ?, ?, 'running', ?)")
    .bind(logId, s.jobId, s.jobName, s.beanName, s.methodName, s.params === undefined || s.params === null ? null : JSON.stringify(s.params), s.trigger, s.startTime);
}

/**
 * Finishes a running log with the handler's outcome or its error (also for handlers that answered
 * "continues" and complete later); the job's trigger forgets the run. Answers false when the log was
 * not running (finished already), so a late completion changes nothing.
 */
export async function completeJobLog(db: D1Database, logId: string, result: JobOutcome | { error: unknown }, at = Date.now()): Promise<boolean> {
  const failed = "error" in result;
  const [done] = await db.batch([
    db
      .prepare("UPDATE job_log SET status = ?, read = ?, written = ?, message = ?, error = ?, end_time = ?, duration_ms = MAX(0, ? - start_time) WHERE log_id = ? AND status = 'running'")
      .bind(failed ? "failure" : "success", failed ? null : result.read, failed ? null : result.written, failed ? null : (result.message ?? null), failed ? errorText(result.error) : null, at, at, logId),
    db.prepare("UPDATE job_trigger SET running_log_id = NULL WHERE running_log_id = ?").bind(logId),
  ]);
  return (done!.meta.changes ?? 0) > 0;
}

/** A run as the API answers it (events/api/jobs.ts). */
export type JobLogRow = z.output<typeof jobLogRow>;

const msIso = (ms: number) => displayTime(new Date(ms).toISOString());

/** A message the catalogue holds, stored as its key so each reader reads it in her language. */
export const catalogued = (key: MessageKey) => `${cataloguePrefix}${key}`;
const cataloguePrefix = "i18n:";
const shownMessage = (message: string | null, lang: Lang) => (message?.startsWith(cataloguePrefix) && message.slice(cataloguePrefix.length) in messages ? t(message.slice(cataloguePrefix.length) as MessageKey, lang) : message);

/** A stored row as the API answers it: times in China time, params parsed, a catalogued message in `lang`. */
export function logAnswer(row: Record<string, unknown>, lang: Lang = "zh-CN"): JobLogRow {
  return {
    logId: row.log_id as string,
    jobId: (row.job_id as string | null) ?? null,
    jobName: (row.job_name as string | null) ?? null,
    beanName: row.bean_name as string,
    methodName: row.method_name as string,
    params: typeof row.params === "string" ? JSON.parse(row.params) : null,
    trigger: row.trigger as JobTrigger,
    status: row.status as JobLogRow["status"],
    read: (row.read as number | null) ?? null,
    written: (row.written as number | null) ?? null,
    message: shownMessage((row.message as string | null) ?? null, lang),
    error: (row.error as string | null) ?? null,
    startTime: msIso(row.start_time as number),
    endTime: row.end_time === null || row.end_time === undefined ? null : msIso(row.end_time as number),
    durationMs: (row.duration_ms as number | null) ?? null,
  };
}

export { msIso };

/** Logs older than this are dropped (systemTask.purgeJobLogs and the minute's housekeeping). */
export const jobLogRetentionMs = 90 * 24 * 60 * 60 * 1000;

/**
 * Drops finished logs older than the retention, `pageSize` rows per statement and at most `pages`
 * statements, so a run stays short however large the log grew; answers the rows dropped.
 */
export async function purgeJobLogs(db: D1Database, now: number, pages: number, pageSize = 5000): Promise<number> {
  let dropped = 0;
  for (let page = 0; page < pages; page++) {
    const result = await db
      .prepare("DELETE FROM job_log WHERE log_id IN (SELECT log_id FROM job_log WHERE start_time < ? AND status != 'running' ORDER BY start_time LIMIT ?)")
      .bind(now - jobLogRetentionMs, pageSize)
      .run();
    const changes = result.meta.changes ?? 0;
    dropped += changes;
    if (changes < pageSize) break;
  }
  return dropped;
}
