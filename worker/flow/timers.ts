/**
 * The cron trigger's workflow job: timers that are due (a bounded batch, oldest first) each become a
 * fireTimer command decided by the engine as the system. A timer the engine refuses (its task already
 * done) or a clash with a user's command is left to the engine's state: the row goes when an event
 * removes it, and a refused one is dropped so it does not come back every minute.
 */
import type { JobHandler } from "../module.ts";
import { DomainError } from "../errors.ts";
import { runAsSystem } from "./commands.ts";

const batch = 50;

export const flowTimers: JobHandler = async (env, now, store) => {
  const at = new Date(now).toISOString();
  // a suspended instance keeps its timers until activated (then they fire, late)
  const { results } = await env.DB.prepare(
    "SELECT t.proc_ins_id, t.timer_id FROM flow_timer t JOIN flow_instance i ON i.proc_ins_id = t.proc_ins_id WHERE t.due_at <= ? AND i.status = 'running' ORDER BY t.due_at LIMIT ?",
  )
    .bind(at, batch)
    .all<{ proc_ins_id: string; timer_id: string }>();
  for (const row of results) {
    try {
      await runAsSystem(env.DB, store, row.proc_ins_id, { type: "fireTimer", timerId: row.timer_id }, at);
    } catch (error) {
      if (error instanceof DomainError) {
        // refused for good (the task or the instance is gone): forget the row rather than retry it forever
        await env.DB.prepare("DELETE FROM flow_timer WHERE proc_ins_id = ? AND timer_id = ?").bind(row.proc_ins_id, row.timer_id).run();
      } else console.error("flow timer failed", row, error);
    }
  }
};
