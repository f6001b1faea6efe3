/**
 * Task figures (`npm run bench:tasks`, and at the end of `npm run bench`): BENCH_TASKS (default 100,000)
 * open tasks loaded as events with their read models (200 distributed plans across 50 assignees, windows two
 * months either side of today), then inside the Worker: the board's proportions, timeline and per-staff
 * counts (goal ≤ 50 ms each), and a reminders pass over every open task in chunked commands, as one cron tick
 * runs it (goal ≤ 10 s). Its own wrangler dev on its own local D1, seeded like `npm start`.
 */
import { createHash } from "node:crypto";
import { benchPort, seededBenchDb, startBenchWorker, waitForBenchWorker } from "./bench-worker.ts";
import { canonicalJson } from "../../worker/store/canonical.ts";
import { store } from "../../worker/modules.ts";
import type { StoredEvent } from "../../worker/store/types.ts";
import { taskMsg } from "../../events/families/casework.ts";
import type { Family } from "../../events/family.ts";
import { addDays, chinaDate } from "../../worker/tasks/state.ts";
import { benchPersist, benchSizes, type BenchOptions } from "./sizes.ts";
import { runAlone, type Line } from "./table.ts";

const log = (...args: unknown[]) => console.error("·", ...args);
const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
type Timing = { median: number; p95: number; runs: number };

/**
 * The i-th bench task, as distributions make them: 200 plans of 500 tasks (50 enterprises × 10 assignees),
 * each plan one window of two weeks, the windows spread over two months either side of today; open (not
 * started, or in progress for a quarter of them).
 */
function benchTask(i: number, today: string) {
  const plan = Math.floor(i / 500);
  const deadline = addDays(today, (plan * 7) % 121 - 60);
  return {
    creditCode: `91610100MA${String(100000000 + ((plan * 50 + (i % 50)) % 5000)).slice(1)}`,
    entName: `压测企业${(plan * 50 + (i % 50)) % 5000}有限公司`,
    title: `压测计划${plan}`,
    msgType: "visit",
    taskPlanId: `bench-plan-${plan}`,
    receiverId: `bench-user-${(plan * 7 + Math.floor(i / 50)) % 50}`,
    visitKind: ["zf", "fw", "xq"][plan % 3],
    startDate: addDays(deadline, -14),
    deadline,
    readFlag: false,
    status: i % 4 === 0 ? "inProgress" : "notStarted",
  };
}

export async function taskFigures(options: BenchOptions = {}): Promise<Line[]> {
  const { tasks: count, boardRuns } = benchSizes(options).tasks;
  const port = await benchPort("BENCH_TASKS_PORT");
  const persist = benchPersist(".wrangler/bench-tasks", options);
  const loader = await seededBenchDb(persist);
  const family = taskMsg as unknown as Family;
  const today = chinaDate(Date.now());
  const at = new Date().toISOString();
  const meta = { actorId: "bench", actorName: "bench", requestId: "load", ip: null, at };
  const started = performance.now();
  for (let start = 0; start < count; start += 2000) {
    const events: StoredEvent[] = [];
    for (let i = start; i < Math.min(count, start + 2000); i++) {
      const id = crypto.randomUUID();
      const base = { stream: `${family.name}:${id}`, version: 1, type: `${family.name}.created`, data: { id, record: benchTask(i, today) }, meta, at };
      events.push({ ...base, hash: createHash("sha256").update(canonicalJson(base)).digest("hex") });
    }
    await loader.batch(store.statementsFor(events).map((s) => loader.prepare(s.sql).bind(...s.params)));
    if (start % 20_000 === 0) log(`tasks loaded ${start} / ${count}`);
  }
  loader.db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  loader.close();
  log(`loaded ${fmt(count)} open tasks in ${fmt((performance.now() - started) / 1000, 1)} s`);

  const { base, stop } = startBenchWorker(persist, port);
  try {
    await waitForBenchWorker(base);
    const board = (await (await fetch(`${base}/tasks/board?runs=${boardRuns}`)).json()) as { total: number; proportion: Timing; proportionPlan: Timing; timeline: Timing; staff: Timing; myPage: Timing };
    if (board.total !== count) throw new Error(`the board counts ${board.total} tasks, ${count} were loaded`);
    log(`board: proportion ${fmt(board.proportion.median, 1)} ms, timeline ${fmt(board.timeline.median, 1)} ms, staff ${fmt(board.staff.median, 1)} ms`);
    // one cron tick (8 s budget), then the rest of the pass without a budget: the whole work's time
    const tick = (await (await fetch(`${base}/tasks/remind?chunk=2000&budget=8000`)).json()) as { ms: number; overdue: number; due: number; stale: number; messages: number; complete: boolean };
    log(`reminders, one tick: ${fmt(tick.ms)} ms, ${tick.overdue + tick.due + tick.stale} reminded, complete ${tick.complete}`);
    const rest = tick.complete ? null : ((await (await fetch(`${base}/tasks/remind?chunk=2000&budget=600000`)).json()) as typeof tick);
    const reminded = tick.overdue + tick.due + tick.stale + (rest ? rest.overdue + rest.due + rest.stale : 0);
    const totalMs = tick.ms + (rest?.ms ?? 0);
    const again = (await (await fetch(`${base}/tasks/remind?chunk=2000&budget=600000`)).json()) as typeof tick;
    const goal = (t: Timing) => t.median <= 50;
    return [
      [`task board proportions by state over ${fmt(count)} tasks, in the Worker, median ms (p95 ${fmt(board.proportion.p95, 1)})`, fmt(board.proportion.median, 1), "", "", "≤ 50 ms", goal(board.proportion)],
      ["  same for one plan, median ms", fmt(board.proportionPlan.median, 1), "", "", "≤ 50 ms", goal(board.proportionPlan)],
      [`  timeline (29 days), median ms (p95 ${fmt(board.timeline.p95, 1)})`, fmt(board.timeline.median, 1), "", "", "≤ 50 ms", goal(board.timeline)],
      [`  per-staff counts for today (queryTaskSt), median ms (p95 ${fmt(board.staff.p95, 1)})`, fmt(board.staff.median, 1), "", "", "≤ 50 ms", goal(board.staff)],
      ["  my tasks page (10 rows with total), median ms", fmt(board.myPage.median, 1), "", "", "≤ 50 ms", goal(board.myPage)],
      [`reminders for ${fmt(count)} open tasks (${fmt(reminded)} reminded, ${fmt(tick.messages + (rest?.messages ?? 0))} messages), 2,000-task chunks, total ms`, fmt(totalMs), "", "", "≤ 10,000 ms", totalMs <= 10_000 && reminded > 0],
      [`  one cron tick (8 s budget) reminded ${fmt(tick.overdue + tick.due + tick.stale)}${tick.complete ? ", all" : ", the rest next tick"}; a second pass reminded ${again.overdue + again.due + again.stale} (ms)`, fmt(again.ms), "", "", "0 again", again.overdue + again.due + again.stale === 0],
    ];
  } finally {
    stop();
  }
}

if (import.meta.main) await runAlone("qifu task bench", taskFigures);
