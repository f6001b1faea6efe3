/**
 * The local database's seed: the base seed, then the enterprise demo region and the modules' demos that
 * follow it, then the data-model demo. `npm run seed` writes it into the local D1; the rebuild bench writes
 * a smaller or larger region the same way, so both replay the same mix of events (records, the enterprise
 * timeline, workflow, messages, tasks, policies, a run-time model).
 */
import { demoAdminPassword, seedEvents, seedId, seedMeta } from "./index.ts";
import { buildEnterpriseDemo } from "./enterprise-demo/index.ts";
import { startDemoApprovals } from "./enterprise-demo/approvals.ts";
import { seedDemoTasks } from "./enterprise-demo/tasks.ts";
import { seedDemoSchedules } from "./enterprise-demo/schedules.ts";
import { seedDemoPolicies } from "./policy-demo.ts";
import { seedDataModelDemo } from "./datamodel-demo.ts";
import { seal } from "../store/append.ts";
import type { EventStore } from "../store/index.ts";

export interface LocalSeedOptions {
  at: string;
  /** the enterprise demo region (default true) and its size in enterprises (the region's default when absent) */
  region?: boolean;
  enterprises?: number;
  /** the run-time data model with its records, form and report (default true) */
  dataModel?: boolean;
  /** progress lines, as `npm run seed` prints them */
  log?: (line: string) => void;
}

/** Writes the local seed into an empty database; answers the number of events written. */
export async function seedLocal(db: D1Database, store: EventStore, options: LocalSeedOptions): Promise<number> {
  const { at, log = () => {} } = options;
  // the seed's events are sealed ahead of time (no command decides them): the store's bulk load writes them
  let events = await store.appendSealed(db, await seedEvents({ adminPassword: demoAdminPassword, at }));
  log(`seeded ${events} events`);
  if (options.region !== false) {
    const started = performance.now();
    const meta = seedMeta(at);
    let records = 0;
    // each family is sealed and projected as soon as it is made, so memory holds one family, not the region
    const { skipped } = await buildEnterpriseDemo(seedId, at, {
      enterprises: options.enterprises,
      onFamily: async (writes) => {
        for (let i = 0; i < writes.length; i += 2000) {
          const sealed = (await Promise.all(writes.slice(i, i + 2000).map((w) => seal(w, meta)))).flat();
          records += await store.appendSealed(db, sealed);
        }
      },
    });
    events += records;
    const approvals = await startDemoApprovals(db, store, seedId, at);
    log(`seeded ${await seedDemoTasks(db, store, seedId, at)} demo tasks from distributed plans`);
    await seedDemoSchedules(db, store, seedId, at);
    log(`seeded ${await seedDemoPolicies(db, store, seedId, at)} demo policies, published, their enterprises' service staff told`);
    log(`seeded the enterprise demo region: ${records} records and ${approvals} applications in approval in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    // families needing what the demo does not make (an uploaded image) are expected; anything else is a bug to report
    for (const s of skipped.filter((s) => !s.reason.startsWith("needs "))) log(`enterprise demo: ${s.family} left out (${s.reason})`);
  }
  if (options.dataModel !== false) {
    const records = await seedDataModelDemo(db, store, seedId, at);
    log(`seeded the data-model demo: model project_pipeline with ${records} records, form project_apply (released), report project_by_industry (published)`);
  }
  return events;
}
