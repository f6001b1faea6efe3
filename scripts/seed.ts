/**
 * `npm run seed`: writes the seed's events into the local D1 when its event store is empty.
 * Locally the administrator gets the documented demo password. For a deployment, `npm run seed -- --sql
 * seed.sql` writes the same events as SQL for `wrangler d1 execute DB --remote --file seed.sql`, and takes
 * the first administrator's password from the ADMIN_INITIAL_PASSWORD environment variable (a secret).
 */
import { writeFileSync } from "node:fs";
import { demoAdminPassword, demoUserPassword, seedEvents, seedId, seedMeta, seedStatements } from "../worker/seed/index.ts";
import { buildEnterpriseDemo } from "../worker/seed/enterprise-demo/index.ts";
import { startDemoApprovals } from "../worker/seed/enterprise-demo/approvals.ts";
import { seedDemoTasks } from "../worker/seed/enterprise-demo/tasks.ts";
import { seedDemoSchedules } from "../worker/seed/enterprise-demo/schedules.ts";
import { seedDemoPolicies } from "../worker/seed/policy-demo.ts";
import { seedDataModelDemo } from "../worker/seed/datamodel-demo.ts";
import { seal } from "../worker/store/append.ts";
import { lastPosition } from "../worker/store/read.ts";
import { store } from "../worker/modules.ts";
import { isMixedPassword } from "../events/rules.ts";
import { withLocalEnv } from "./local-db.ts";

const sqlIndex = process.argv.indexOf("--sql");
if (sqlIndex > 0) {
  const password = process.env.ADMIN_INITIAL_PASSWORD;
  if (!password || password === demoAdminPassword || !isMixedPassword(password)) {
    console.error("ADMIN_INITIAL_PASSWORD must be set to a strong password (8–20 characters, two kinds of characters) that is not the demo one");
    process.exit(1);
  }
  const literal = (v: string | number | null) => (v === null ? "NULL" : typeof v === "number" ? String(v) : `'${v.replace(/'/g, "''")}'`);
  // a deployment gets no fictional demo people (they sign in with a documented demo password)
  const statements = await seedStatements({ adminPassword: password, demo: false });
  const sql = statements.map((s) => {
    let i = 0;
    return `${s.sql.replace(/\?/g, () => literal(s.params[i++]!))};`;
  });
  writeFileSync(process.argv[sqlIndex + 1]!, `${sql.join("\n")}\n`);
  console.log(`wrote ${statements.length} statements to ${process.argv[sqlIndex + 1]}`);
} else {
  await withLocalEnv(async (env) => {
    const existing = await lastPosition(env.DB);
    if (existing) {
      console.log(`local database already holds ${existing} events: seed skipped`);
      return;
    }
    const at = new Date().toISOString();
    // the seed's events are sealed ahead of time (no command decides them): the store's bulk load writes them
    const seeded = await store.appendSealed(env.DB, await seedEvents({ adminPassword: demoAdminPassword, at }));
    console.log(`seeded ${seeded} events; demo administrator: admin / ${demoAdminPassword}; demo users (zhangwei, wangfang, liuyang, chenjing, yangli, zhaolei) / ${demoUserPassword}`);
    // the enterprise demo region (local and browser-test databases only; QIFU_ENTERPRISE_DEMO=0 leaves it out)
    if (process.env.QIFU_ENTERPRISE_DEMO !== "0") {
      const started = performance.now();
      const meta = seedMeta(at);
      let events = 0;
      // each family is sealed and projected as soon as it is made, so memory holds one family, not the region
      const { skipped } = await buildEnterpriseDemo(seedId, at, {
        onFamily: async (writes) => {
          for (let i = 0; i < writes.length; i += 2000) {
            const sealed = (await Promise.all(writes.slice(i, i + 2000).map((w) => seal(w, meta)))).flat();
            events += await store.appendSealed(env.DB, sealed);
          }
        },
      });
      const approvals = await startDemoApprovals(env.DB, store, seedId, at);
      console.log(`seeded ${await seedDemoTasks(env.DB, store, seedId, at)} demo tasks from distributed plans`);
      await seedDemoSchedules(env.DB, store, seedId, at);
      console.log(`seeded ${await seedDemoPolicies(env.DB, store, seedId, at)} demo policies, published, their enterprises' service staff told`);
      console.log(`seeded the enterprise demo region: ${events} records and ${approvals} applications in approval in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      // families needing what the demo does not make (an uploaded image) are expected; anything else is a bug to report
      for (const s of skipped.filter((s) => !s.reason.startsWith("needs "))) console.warn(`enterprise demo: ${s.family} left out (${s.reason})`);
    }
    // a run-time data model with its records, a released form and a published report (QIFU_DATAMODEL_DEMO=0 leaves it out)
    if (process.env.QIFU_DATAMODEL_DEMO !== "0") {
      const records = await seedDataModelDemo(env.DB, store, seedId, at);
      console.log(`seeded the data-model demo: model project_pipeline with ${records} records, form project_apply (released), report project_by_industry (published)`);
    }
  });
}
