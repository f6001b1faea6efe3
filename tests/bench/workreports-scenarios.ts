/**
 * The work-report statistics timed inside the Worker (tests/bench/worker.ts `/workreports/stats`): each
 * answer's read (worker/workreports/stat-reads.ts, the routes' own) over a period of a year, a month, one
 * department and one member of staff; and the visits module's visitCount (worker/visits/queries.ts) over all
 * visits and over one member of staff's.
 */
import { jgStatRead, statCountRead, trainingStatRead, visitStatRead } from "../../worker/workreports/stat-reads.ts";
import type { StatFilter } from "../../worker/workreports/stat-queries.ts";
import { summarise } from "./scenarios.ts";
import { visitCounts } from "../../worker/visits/queries.ts";

const reads = { statCount: statCountRead, jgStatCount: jgStatRead, visitList: visitStatRead, trainingList: trainingStatRead } as const;

async function timed(runs: number, read: () => Promise<unknown>) {
  await read();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await read();
    samples.push(performance.now() - started);
  }
  return summarise(samples);
}

export async function statTimings(db: D1Database, runs: number, filters: Record<string, StatFilter>) {
  const out: Record<string, { median: number; p95: number; runs: number }> = {};
  for (const [name, read] of Object.entries(reads)) {
    for (const [label, f] of Object.entries(filters)) out[`${name} ${label}`] = await timed(runs, () => read(db, f));
  }
  const today = new Date().toISOString().slice(0, 10);
  out["visitCount (all visits)"] = await timed(runs, () => visitCounts(db, {}, today));
  const staffId = Object.values(filters).find((f) => f.staffId)?.staffId;
  if (staffId) out["visitCount (one member of staff)"] = await timed(runs, () => visitCounts(db, { visitorId: staffId }, today));
  return out;
}
