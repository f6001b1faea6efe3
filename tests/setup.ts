/** Each test file gets its own storage: apply the migrations and write the seed's events once. */
import { applyD1Migrations, env } from "cloudflare:test";
import { demoAdminPassword, seedStatements } from "../worker/seed/index.ts";

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
const seeded = await env.DB.prepare("SELECT COUNT(*) AS n FROM events").first<{ n: number }>();
if (!seeded?.n) {
  const statements = await seedStatements({ adminPassword: demoAdminPassword });
  for (let i = 0; i < statements.length; i += 500) {
    await env.DB.batch(statements.slice(i, i + 500).map((s) => env.DB.prepare(s.sql).bind(...s.params)));
  }
}
