/**
 * Running jobs: the cron tick's `runDueJobs` (schedule what is pending, claim what is due, run each claimed
 * job once) and `runJob`, one run of a handler with its log — also for run-now and runs without a saved job.
 * A failure finishes the log as failed and becomes an abnormal record (an event, so it has history).
 */
import { jobAbnormalRecord } from "../../events/families/jobs.ts";
import type { Env } from "../http/env.ts";
import { newCreate } from "../resources/commands.ts";
import type { EventStore } from "../store/index.ts";
import { execute, principal } from "../commands/execute.ts";
import { displayTime } from "../time.ts";
import type { JobOutcome, RegisteredHandler } from "./handler.ts";
import { completeJobLog, errorText, startJobLogStatement, type JobTrigger } from "./log.ts";
import { findHandler } from "./registry.ts";
import { claim, dueJobs, schedulePending } from "./trigger.ts";

export interface RunRequest {
  jobId: string | null;
  jobName: string | null;
  beanName: string;
  methodName: string;
  params: unknown;
  trigger: JobTrigger;
}

export interface RunResult {
  logId: string;
  status: "success" | "failure" | "running";
  outcome?: JobOutcome;
  error?: string;
}

/** Appends the abnormal record of a failed run; a failure to record it must not hide the run's own outcome. */
export async function recordAbnormal(env: Env, store: EventStore, run: RunRequest, logId: string, error: string, at: number): Promise<void> {
  const iso = new Date(at).toISOString();
  const write = newCreate(jobAbnormalRecord, {
    jobId: run.jobId,
    jobName: run.jobName,
    logId,
    beanName: run.beanName,
    methodName: run.methodName,
    errorMessage: error,
    occurredAt: displayTime(iso),
    handleStatus: "unhandled",
  });
  try {
    await execute({ name: "job.abnormal", decide: () => ({ writes: [write], answer: null }) }, principal("scheduler"), { db: env.DB, store, at: iso });
  } catch (failure) {
    console.error("abnormal record not written", failure);
  }
}

/**
 * One run: the handler is looked up in the registered list and its params parsed by its schema (a job saved
 * before a handler changed may no longer fit: that is a failed run, not a crash). `logId` is given when the
 * caller already wrote the running row (a claim); otherwise it is written here.
 */
export async function runJob(env: Env, store: EventStore, handlers: readonly RegisteredHandler[], run: RunRequest, now: number, claimed?: { logId: string }): Promise<RunResult> {
  const logId = claimed?.logId ?? crypto.randomUUID();
  if (!claimed) await startJobLogStatement(env.DB, logId, { ...run, startTime: now }).run();
  const fail = async (error: unknown): Promise<RunResult> => {
    const text = errorText(error);
    await completeJobLog(env.DB, logId, { error: text });
    await recordAbnormal(env, store, run, logId, text, Date.now());
    return { logId, status: "failure", error: text };
  };
  const handler = findHandler(handlers, run.beanName, run.methodName);
  if (!handler) return fail(new Error(`${run.beanName}.${run.methodName} is not a registered handler`));
  const params = handler.params.safeParse(run.params ?? {});
  if (!params.success) return fail(new Error(params.error.issues.map((i) => `params.${i.path.join(".")}: ${i.message}`).join("; ")));
  try {
    const outcome = await handler.run({ env, store, now, logId, jobId: run.jobId }, params.data);
    if (outcome === "continues") return { logId, status: "running" };
    await completeJobLog(env.DB, logId, outcome);
    return { logId, status: "success", outcome };
  } catch (error) {
    return fail(error);
  }
}

/**
 * Finishes a run a handler answered "continues" for (durable work that ended later): the log, and on a
 * failure the abnormal record, as a run finished within the request would have them.
 */
export async function completeJobRun(env: Env, store: EventStore, logId: string, result: JobOutcome | { error: unknown }): Promise<boolean> {
  const finished = await completeJobLog(env.DB, logId, "error" in result ? { error: errorText(result.error) } : result);
  if (!finished || !("error" in result)) return finished;
  const row = await env.DB.prepare("SELECT job_id, job_name, bean_name, method_name, params, trigger FROM job_log WHERE log_id = ?").bind(logId).first<Record<string, string | null>>();
  if (row) {
    const run: RunRequest = { jobId: row.job_id ?? null, jobName: row.job_name ?? null, beanName: row.bean_name!, methodName: row.method_name!, params: null, trigger: row.trigger as JobTrigger };
    await recordAbnormal(env, store, run, logId, errorText(result.error), Date.now());
  }
  return finished;
}

/**
 * The cron tick: jobs whose next run is unknown get one from `now`; each due job is claimed (moved to its
 * next run after `now`, so a missed run runs once) and run by the claimer only. Claimed jobs run side by side.
 */
export async function runDueJobs(env: Env, store: EventStore, now: number, handlers: readonly RegisteredHandler[]): Promise<RunResult[]> {
  await schedulePending(env.DB, now);
  const due = await dueJobs(env.DB, now);
  const runs = await Promise.all(
    due.map(async (job) => {
      const logId = crypto.randomUUID();
      try {
        if (!(await claim(env.DB, job, now, logId))) return null;
        const run: RunRequest = { jobId: job.jobId, jobName: job.jobName, beanName: job.beanName, methodName: job.methodName, params: job.params ? JSON.parse(job.params) : {}, trigger: "cron" };
        await startJobLogStatement(env.DB, logId, { ...run, startTime: now }).run();
        return await runJob(env, store, handlers, run, now, { logId });
      } catch (error) {
        // one job's trouble with the database must not keep the others of the tick from running
        console.error(`scheduled job ${job.jobId} could not run`, error);
        return null;
      }
    }),
  );
  return runs.filter((r): r is RunResult => r !== null);
}
