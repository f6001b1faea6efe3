/**
 * `npm run seed`: writes the seed's events into the local D1 when its event store is empty.
 * Locally the administrator gets the documented demo password. For a deployment, `npm run seed -- --sql
 * seed.sql` writes the same events as SQL for `wrangler d1 execute DB --remote --file seed.sql`, and takes
 * the first administrator's password from the ADMIN_INITIAL_PASSWORD environment variable (a secret).
 */
import { writeFileSync } from "node:fs";
import { demoAdminPassword, demoUserPassword, seedStatements } from "../worker/seed/index.ts";
import { seedLocal } from "../worker/seed/local.ts";
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
    await seedLocal(env.DB, store, {
      at: new Date().toISOString(),
      // QIFU_ENTERPRISE_DEMO=0 leaves the region out, QIFU_DATAMODEL_DEMO=0 the run-time data model
      region: process.env.QIFU_ENTERPRISE_DEMO !== "0",
      dataModel: process.env.QIFU_DATAMODEL_DEMO !== "0",
      log: (line) => console.log(line),
    });
    console.log(`demo administrator: admin / ${demoAdminPassword}; demo users (zhangwei, wangfang, liuyang, chenjing, yangli, zhaolei) / ${demoUserPassword}`);
  });
}
