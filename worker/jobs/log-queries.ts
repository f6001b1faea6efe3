/**
 * Reads of the job log: a page filtered only by declared columns and sorted only by declared keys, the runs
 * in progress, a job's recent runs (capped), one run, and today's runs by outcome.
 */
import { jobLogQuery, type jobs as jobVerbs } from "../../events/api/jobs.ts";
import type { Answer } from "../../events/api/verb.ts";
import { ValidationError } from "../errors.ts";
import { parsePaging } from "../http/input.ts";
import { logAnswer, type JobLogRow } from "./log.ts";
import type { Lang } from "../../events/i18n.ts";

const chinaOffsetMs = 8 * 60 * 60 * 1000;
/** "2026-11-23" or "2026-11-23 12:00:00" in China time → ms; the end of a day range includes that day. */
function chinaTime(text: string, endOfDay: boolean): number | null {
  const m = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}(?::\d{2})?))?$/.exec(text.trim());
  if (!m) return null;
  const ms = Date.parse(`${m[1]}T${m[2] ?? "00:00:00"}Z`) - chinaOffsetMs;
  if (Number.isNaN(ms)) return null;
  return !m[2] && endOfDay ? ms + 24 * 60 * 60 * 1000 - 1 : ms;
}

/** Midnight of `now`'s day in China. */
export const chinaDayStart = (now: number) => Math.floor((now + chinaOffsetMs) / 86_400_000) * 86_400_000 - chinaOffsetMs;

const logSorts = { startTime: "start_time", durationMs: "duration_ms" } as const;

const logQuery = jobLogQuery;

const label = (name: string) => ({ "zh-CN": name, "en-US": name });

/** The conditions and order of a log query; `dataOnly` keeps the runs that read or wrote something. */
function logWhere(raw: Record<string, string>, dataOnly: boolean) {
  const cleaned = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== ""));
  // begin/endTime are the seed's names for the range
  cleaned.from ??= cleaned.beginTime ?? cleaned.startTime;
  cleaned.to ??= cleaned.endTime;
  const parsed = logQuery.safeParse(cleaned);
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? "query");
    throw new ValidationError([{ field, label: label(field), key: field === "orderField" ? "valueNotAllowed" : "formatError" }]);
  }
  const q = parsed.data;
  const where: string[] = [];
  const params: (string | number)[] = [];
  if (q.jobId) (where.push("job_id = ?"), params.push(q.jobId));
  if (q.status) (where.push("status = ?"), params.push(q.status));
  if (q.beanName) (where.push("bean_name = ?"), params.push(q.beanName));
  if (q.trigger) (where.push("trigger = ?"), params.push(q.trigger));
  for (const [key, op, endOfDay] of [["from", ">=", false], ["to", "<=", true]] as const) {
    if (!q[key]) continue;
    const ms = chinaTime(q[key]!, endOfDay);
    if (ms === null) throw new ValidationError([{ field: key, label: label(key), key: "formatError" }]);
    where.push(`start_time ${op} ?`);
    params.push(ms);
  }
  if (dataOnly) where.push("(COALESCE(read, 0) > 0 OR COALESCE(written, 0) > 0)");
  const sort = logSorts[q.orderField ?? "startTime"];
  const desc = (q.order ?? (q.orderField ? "asc" : "desc")).toLowerCase() === "desc";
  return { sql: where.length ? `WHERE ${where.join(" AND ")}` : "", params, order: `ORDER BY ${sort} ${desc ? "DESC" : "ASC"}, log_id ${desc ? "DESC" : "ASC"}` };
}

export async function logPage(db: D1Database, query: Record<string, string>, dataOnly = false, lang: Lang = "zh-CN"): Promise<{ total: number; rows: JobLogRow[] }> {
  const { limit, offset } = parsePaging(query, 500);
  const w = logWhere(query, dataOnly);
  const [count, page] = await db.batch([
    db.prepare(`SELECT COUNT(*) AS n FROM job_log ${w.sql}`).bind(...w.params),
    db.prepare(`SELECT * FROM job_log ${w.sql} ${w.order} LIMIT ? OFFSET ?`).bind(...w.params, limit, offset),
  ]);
  return { total: (count!.results[0] as { n: number }).n, rows: (page!.results as Record<string, unknown>[]).map((r) => logAnswer(r, lang)) };
}

/** A job's recent runs (or every job's), newest first, capped: an unpaged list must stay small. */
export async function recentLogs(db: D1Database, query: Record<string, string>, cap = 500, lang: Lang = "zh-CN"): Promise<JobLogRow[]> {
  const w = logWhere(query, false);
  const { results } = await db.prepare(`SELECT * FROM job_log ${w.sql} ${w.order} LIMIT ${cap}`).bind(...w.params).all();
  return (results as Record<string, unknown>[]).map((r) => logAnswer(r, lang));
}

export async function runningLogs(db: D1Database, cap = 100, lang: Lang = "zh-CN"): Promise<JobLogRow[]> {
  const { results } = await db.prepare(`SELECT * FROM job_log WHERE status = 'running' ORDER BY start_time DESC LIMIT ${cap}`).all();
  return (results as Record<string, unknown>[]).map((r) => logAnswer(r, lang));
}

export async function logById(db: D1Database, logId: string, lang: Lang = "zh-CN"): Promise<JobLogRow | null> {
  const row = await db.prepare("SELECT * FROM job_log WHERE log_id = ?").bind(logId).first();
  return row ? logAnswer(row, lang) : null;
}

/** Jobs by status, the runs in progress and today's finished runs by outcome (China's day): two grouped queries. */
export async function taskCounts(db: D1Database, table: string, now: number): Promise<Answer<typeof jobVerbs.counts>> {
  const [jobs, runs] = await db.batch([
    db.prepare(`SELECT status, COUNT(*) AS n FROM ${table} GROUP BY status`),
    db.prepare("SELECT status, COUNT(*) AS n FROM job_log WHERE status = 'running' OR (status IN ('success', 'failure') AND start_time >= ?) GROUP BY status").bind(chinaDayStart(now)),
  ]);
  const by = (r: D1Result) => new Map((r.results as { status: string; n: number }[]).map((x) => [x.status, x.n]));
  const j = by(jobs!);
  const l = by(runs!);
  const normal = j.get("0") ?? 0;
  const paused = j.get("1") ?? 0;
  return { total: normal + paused, normal, paused, running: l.get("running") ?? 0, todaySuccess: l.get("success") ?? 0, todayFailure: l.get("failure") ?? 0 };
}
