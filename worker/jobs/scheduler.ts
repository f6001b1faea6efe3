/**
 * The cron trigger's entry. Only handlers registered here can run; scheduled jobs and synchronisation
 * (later issues) register theirs by name.
 */
import type { Env } from "../http/env.ts";

export type JobHandler = (env: Env, now: number) => Promise<void>;

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
};

export async function runScheduled(env: Env, now: number) {
  for (const [name, handler] of Object.entries(registeredHandlers)) {
    try {
      await handler(env, now);
    } catch (error) {
      console.error(`scheduled handler ${name} failed`, error);
    }
  }
}
