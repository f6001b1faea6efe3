/**
 * The cron trigger's every-minute housekeeping: the handlers here and those the modules declare
 * (`Module.jobs`, composed in worker/modules.ts) run on every tick. Scheduled jobs — user-defined, by cron
 * expression, naming a registered handler — are the other half of the tick (worker/jobs/run.ts).
 */
import type { Env } from "../http/env.ts";
import type { EventStore } from "../store/index.ts";
import type { JobHandler } from "../module.ts";
import { purgeJobLogs } from "./log.ts";

export type { JobHandler } from "../module.ts";

export const registeredHandlers: Record<string, JobHandler> = {
  /** Drops expired sessions, captchas, used portal tickets and WeCom binding codes. */
  async housekeeping(env, now) {
    const ttlMs = (Number(env.SESSION_TTL_SECONDS) || 6000) * 1000;
    await env.DB.batch([
      env.DB.prepare("DELETE FROM sessions WHERE last_seen < ?").bind(now - ttlMs),
      env.DB.prepare("DELETE FROM captchas WHERE expires_at < ?").bind(now),
      env.DB.prepare("DELETE FROM used_tickets WHERE expires_at < ?").bind(now),
      env.DB.prepare("DELETE FROM bind_codes WHERE expires_at < ?").bind(now),
    ]);
  },
  /** Import result files (refused rows) are kept for a day; one listing page per run keeps the run small. */
  async importResults(env, now) {
    const listing = await env.FILES.list({ prefix: "imports/", limit: 500 });
    const expired = listing.objects.filter((o) => o.uploaded.getTime() < now - importResultTtlMs).map((o) => o.key);
    if (expired.length) await env.FILES.delete(expired);
  },
  /** Job logs are kept 90 days; one page a minute keeps up with any realistic volume. */
  async jobLogs(env, now) {
    await purgeJobLogs(env.DB, now, 1);
  },
};

/** How long an import's result file (its refused rows) stays downloadable. */
export const importResultTtlMs = 24 * 60 * 60 * 1000;

export async function runScheduled(env: Env, now: number, store: EventStore, handlers: Record<string, JobHandler> = registeredHandlers) {
  for (const [name, handler] of Object.entries(handlers)) {
    try {
      await handler(env, now, store);
    } catch (error) {
      console.error(`scheduled handler ${name} failed`, error);
    }
  }
}
