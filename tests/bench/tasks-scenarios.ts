/**
 * The task figures' work inside the bench Worker (tests/bench/worker.ts): the board's calls timed over
 * the loaded tasks, and one reminders pass over every open task (chunked commands, as the cron tick runs it).
 */
import { chinaDate, addDays } from "../../worker/tasks/state.ts";
import { staffCounts, stateCounts, taskPage, timeline } from "../../worker/tasks/queries.ts";
import { runReminders } from "../../worker/tasks/reminders.ts";
import type { EventStore } from "../../worker/store/index.ts";
import { timed } from "./scenarios.ts";

/** Each board call `runs` times over every task (no filter: the widest scan), plus one plan's and one person's. */
export async function boardCalls(db: D1Database, runs: number) {
  const today = chinaDate(Date.now());
  const total = (await stateCounts(db, today, {})).total;
  return {
    total,
    proportion: await timed(runs, () => stateCounts(db, today, {})),
    proportionPlan: await timed(runs, (i) => stateCounts(db, today, { planId: `bench-plan-${(i * 13) % 200}` })),
    timeline: await timed(runs, () => timeline(db, today, {}, addDays(today, -14), addDays(today, 14))),
    staff: await timed(runs, () => staffCounts(db, today, { from: today, to: today })),
    myPage: await timed(runs, (i) => taskPage(db, today, { receiverId: `bench-user-${i % 50}` }, 1, 10)),
  };
}

/** One full reminders pass (no budget), as many chunks as it takes. */
export async function remindersPass(db: D1Database, store: EventStore, chunk: number, budgetMs: number) {
  const started = performance.now();
  const outcome = await runReminders(db, store, Date.now(), { chunk, budgetMs });
  return { ms: performance.now() - started, ...outcome };
}
