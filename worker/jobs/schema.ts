/**
 * The scheduler's operational tables (not events): when each job fires next and the log of its runs.
 * `job_trigger` is kept in step with the job's events by a projection (worker/jobs/trigger.ts) but its
 * `next_run_at` is the scheduler's: computed from the clock, never replayed.
 */
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const jobTrigger = sqliteTable(
  "job_trigger",
  {
    jobId: text("job_id").primaryKey(),
    cron: text("cron").notNull(),
    /** 1 while the job is paused (no next run) */
    paused: integer("paused").notNull().default(0),
    /** ms; null for a paused job or one whose next run is still to be computed from the clock */
    nextRunAt: integer("next_run_at"),
    runningLogId: text("running_log_id"),
    /** bumped by every claim, so of two overlapping ticks only one claims a due run */
    version: integer("version").notNull().default(0),
  },
  (t) => [index("job_trigger_due_idx").on(t.paused, t.nextRunAt)],
);

export const jobLog = sqliteTable(
  "job_log",
  {
    logId: text("log_id").primaryKey(),
    jobId: text("job_id"),
    jobName: text("job_name"),
    beanName: text("bean_name").notNull(),
    methodName: text("method_name").notNull(),
    params: text("params"),
    trigger: text("trigger").notNull(),
    status: text("status").notNull(),
    read: integer("read"),
    written: integer("written"),
    message: text("message"),
    error: text("error"),
    /** ms since the epoch (answers show China time) */
    startTime: integer("start_time").notNull(),
    endTime: integer("end_time"),
    durationMs: integer("duration_ms"),
  },
  (t) => [index("job_log_job_start_idx").on(t.jobId, t.startTime), index("job_log_status_start_idx").on(t.status, t.startTime), index("job_log_start_idx").on(t.startTime)],
);
