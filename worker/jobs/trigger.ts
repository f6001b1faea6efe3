/**
 * When each job fires next (`job_trigger`). The projection keeps a row per live job in step with its events
 * (cron, paused); whenever the cron or the status changes, the next run is forgotten and computed again from
 * the clock (`schedulePending`), never from the event's time — so a rebuild, a resume or an outage leaves at
 * most one missed run, never a catch-up storm. Claims bump `version`: of two overlapping ticks, only the one
 * whose guarded update changed the row runs the job.
 */
import { jobSchedule, jobStatus } from "../../events/families/jobs.ts";
import type { Projection, StoredEvent } from "../store/types.ts";
import { nextRunAfter } from "./cron.ts";

/** next_run_at of a job whose expression no longer fires: never due, never recomputed. */
export const neverRuns = -1;
/** Rows one tick schedules or claims, so a tick stays a few short statements. */
export const tickBatch = 25;

const upsert = `INSERT INTO job_trigger (job_id, cron, paused, next_run_at, version) VALUES (?, ?, ?, NULL, 0)
  ON CONFLICT (job_id) DO UPDATE SET
    next_run_at = CASE WHEN job_trigger.cron = excluded.cron AND job_trigger.paused = excluded.paused THEN job_trigger.next_run_at ELSE NULL END,
    cron = excluded.cron, paused = excluded.paused, version = job_trigger.version + 1`;

export const triggerProjection: Projection = {
  name: "job-trigger",
  tables: ["job_trigger"],
  canHandle: Object.values(jobSchedule.events),
  project(events: StoredEvent[]) {
    return events.map((e) => {
      const data = e.data as { id: string; record: Record<string, unknown> };
      if (e.type === jobSchedule.events.deleted) return { sql: "DELETE FROM job_trigger WHERE job_id = ?", params: [data.id] };
      return { sql: upsert, params: [data.id, String(data.record.cronExpression ?? ""), data.record.status === jobStatus.paused ? 1 : 0] };
    });
  },
  // the trigger is the scheduler's state, not history: after a rebuild every live job is scheduled afresh
  rebuildRange: () => [],
  afterRebuild: () => [
    {
      sql: `INSERT OR REPLACE INTO job_trigger (job_id, cron, paused, next_run_at, version)
        SELECT job_id, cron_expression, CASE WHEN status = '${jobStatus.paused}' THEN 1 ELSE 0 END, NULL, 0 FROM ${jobSchedule.table}`,
      params: [],
    },
  ],
};

/**
 * Computes the next run, from `now`, of the jobs whose next run is unknown (new, changed, resumed, rebuilt):
 * those named, or any when none are named (the tick). Guarded by version like a claim.
 */
export async function schedulePending(db: D1Database, now: number, jobIds?: string[]): Promise<void> {
  const named = jobIds?.length ? ` AND job_id IN (${jobIds.map(() => "?").join(",")})` : "";
  const { results } = await db
    .prepare(`SELECT job_id, cron, version FROM job_trigger WHERE paused = 0 AND next_run_at IS NULL${named} LIMIT ${tickBatch * 4}`)
    .bind(...(jobIds ?? []))
    .all<{ job_id: string; cron: string; version: number }>();
  if (!results.length) return;
  await db.batch(
    results.map((r) =>
      db.prepare("UPDATE job_trigger SET next_run_at = ?, version = version + 1 WHERE job_id = ? AND version = ?").bind(nextRunAfter(r.cron, now) ?? neverRuns, r.job_id, r.version),
    ),
  );
}

export interface DueJob {
  jobId: string;
  version: number;
  cron: string;
  jobName: string;
  beanName: string;
  methodName: string;
  params: string | null;
}

/** The jobs due at `now`, oldest due first, at most one tick's batch. */
export async function dueJobs(db: D1Database, now: number): Promise<DueJob[]> {
  const { results } = await db
    .prepare(
      `SELECT t.job_id AS jobId, t.version, t.cron, j.job_name AS jobName, j.bean_name AS beanName, j.method_name AS methodName, j.params
       FROM job_trigger t JOIN ${jobSchedule.table} j ON j.job_id = t.job_id
       WHERE t.paused = 0 AND t.next_run_at BETWEEN 0 AND ? ORDER BY t.next_run_at LIMIT ${tickBatch}`,
    )
    .bind(now)
    .all<DueJob>();
  return results;
}

/** Claims a due run: true only for the one caller whose guarded update moved the job to its next run. */
export async function claim(db: D1Database, job: DueJob, now: number, logId: string): Promise<boolean> {
  const next = nextRunAfter(job.cron, now) ?? neverRuns;
  const result = await db
    .prepare("UPDATE job_trigger SET next_run_at = ?, running_log_id = ?, version = version + 1 WHERE job_id = ? AND version = ?")
    .bind(next, logId, job.jobId, job.version)
    .run();
  return (result.meta.changes ?? 0) === 1;
}

/** Next run times (ms, or null) of the given jobs, for list and info answers. */
export async function nextRunTimes(db: D1Database, jobIds: string[]): Promise<Map<string, number | null>> {
  if (!jobIds.length) return new Map();
  const { results } = await db
    .prepare(`SELECT job_id, paused, next_run_at, cron FROM job_trigger WHERE job_id IN (${jobIds.map(() => "?").join(",")})`)
    .bind(...jobIds)
    .all<{ job_id: string; paused: number; next_run_at: number | null; cron: string }>();
  // a next run still to be computed is shown as the tick will compute it
  return new Map(results.map((r) => [r.job_id, r.paused ? null : r.next_run_at === null ? nextRunAfter(r.cron, Date.now()) : r.next_run_at < 0 ? null : r.next_run_at]));
}
