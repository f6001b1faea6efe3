/**
 * The work-report statistics timed inside the Worker (tests/bench/worker.ts `/workreports/stats`): each
 * answer's read (worker/workreports/stat-reads.ts, the routes' own) over a period of a year, a month, one
 * department and one member of staff.
 */
import { jgStatRead, statCountRead, trainingStatRead, visitStatRead } from "../../worker/workreports/stat-reads.ts";
import type { StatFilter } from "../../worker/workreports/stat-queries.ts";
import { summarise } from "./scenarios.ts";

const reads = { statCount: statCountRead, jgStatCount: jgStatRead, visitList: visitStatRead, trainingList: trainingStatRead } as const;

export async function statTimings(db: D1Database, runs: number, filters: Record<string, StatFilter>) {
  const out: Record<string, { median: number; p95: number; runs: number }> = {};
  for (const [name, read] of Object.entries(reads)) {
    for (const [label, f] of Object.entries(filters)) {
      await read(db, f);
      const samples: number[] = [];
      for (let i = 0; i < runs; i++) {
        const started = performance.now();
        await read(db, f);
        samples.push(performance.now() - started);
      }
      out[`${name} ${label}`] = summarise(samples);
    }
  }
  return out;
}
