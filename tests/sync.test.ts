/**
 * The sync adapter against a real local HTTP server speaking the enterprise-credit API (tests/sync-source),
 * through real D1: faults injected page by page, exactly-once arrival, resumption from the cursor, no events
 * from an unchanged source, removal marked not deleted, a user's edit kept beside the source's, the built-in
 * offline source filling every list, the run route's permission and the scheduled-job handler.
 */
import { env, introspectWorkflowInstance } from "cloudflare:test";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { synLists } from "../events/families/syn-lists.ts";
import type { SynList } from "../events/families/syn-common.ts";
import { sampleCount } from "../events/syn/sample.ts";
import { store, registeredJobHandlers } from "../worker/modules.ts";
import { orgCodeCheck, usccCheck } from "../worker/seed/enterprise-demo/uscc.ts";
import { builtinBase, builtinFetcher } from "../worker/sync/builtin.ts";
import type { SourceClient } from "../worker/sync/client.ts";
import { listsByFamily, listsByName } from "../worker/sync/lists.ts";
import { advanceRun, runById, startRun } from "../worker/sync/run.ts";
import { runJob } from "../worker/jobs/run.ts";
import { advanceRunning } from "../worker/sync/drive.ts";
import { call, login, userWithPermissions } from "./helpers.ts";

const sourceUrl = inject("syncSourceUrl");
const judgments = listsByName.get("synjuddoclist")!;
const table = judgments.family.table;

let token: string;
let serial = 0;
/** A new enterprise in the master table with a valid credit code. */
async function enterprise(): Promise<{ creditCode: string; entName: string }> {
  const org = `MA${String(++serial + Math.floor(Math.random() * 1e4) * 100).padStart(6, "0")}`;
  const first17 = `91610113${org}${orgCodeCheck(org)}`;
  const code = first17 + usccCheck(first17);
  const entName = `西安测试同步${serial}有限公司`;
  const answer = await call("/common/enenterprisebasicinfo/save", { token, body: { creditCode: code, entName, areaCode: "610100" } });
  if (answer.body.code !== 0) throw new Error(JSON.stringify(answer.body));
  return { creditCode: code, entName };
}

async function scenario(s: Record<string, unknown>) {
  const response = await fetch(`${sourceUrl.replace(/\/cisp$/, "")}/__scenario`, { method: "POST", body: JSON.stringify(s) });
  expect(response.status).toBe(200);
}
const hits = async (creditCode: string): Promise<Record<string, number>> => (await fetch(`${sourceUrl.replace(/\/cisp$/, "")}/__hits?creditCode=${creditCode}`)).json();

/** The local server as the adapter's source; retries wait 1 ms so faults cost no real seconds. */
const localSource = (overrides: Partial<SourceClient> = {}): SourceClient => ({
  sourceCode: "cisp",
  base: sourceUrl,
  fetcher: (r) => fetch(r),
  timeoutMs: 400,
  pageSize: 100,
  attempts: 4,
  backoff: () => 1,
  sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
  ...overrides,
});

/** Advances a run until it ends (a failed page's wait is skipped by clearing retry_at). */
async function runToEnd(runId: string, client: SourceClient, list: SynList = judgments) {
  for (let i = 0; i < 500; i++) {
    const step = await advanceRun(env, store, client, listsByFamily, runId, { maxPages: 1000, deadline: Date.now() + 60_000 });
    if (step.status === "done" || step.status === "failed") return (await runById(env.DB, runId))!;
    await env.DB.prepare("UPDATE sync_run SET retry_at = NULL WHERE run_id = ?").bind(runId).run();
  }
  throw new Error("run did not end");
}

const count = async (sql: string, ...binds: unknown[]) => (await env.DB.prepare(sql).bind(...binds).first<{ n: number }>())!.n;
const rowsOf = (creditCode: string) => count(`SELECT COUNT(*) AS n FROM ${table} WHERE credit_code = ?`, creditCode);
const eventCount = () => count("SELECT COUNT(*) AS n FROM events");

beforeAll(async () => {
  token = await login();
});

describe("sync from the local enterprise-credit API", () => {
  it("brings 10,000 records over 100 pages exactly once through timeouts, 500s, 429s and malformed pages", async () => {
    const e = await enterprise();
    await scenario({
      ...e,
      total: 10_000,
      faults: { "3": { kind: "timeout", times: 1 }, "10": { kind: "500", times: 2 }, "50": { kind: "malformed", times: 1 }, "70": { kind: "429", times: 3 }, "99": { kind: "timeout", times: 2 } },
    });
    const before = await eventCount();
    const { runId } = await startRun(env.DB, judgments, { creditCodes: [e.creditCode] });
    const run = await runToEnd(runId, localSource());
    expect(run.status).toBe("done");
    expect({ read: run.read, created: run.created, updated: run.updated, rejected: run.rejected, pages: run.pages }).toEqual({ read: 10_000, created: 10_000, updated: 0, rejected: 0, pages: 100 });
    expect(await rowsOf(e.creditCode)).toBe(10_000);
    expect(await count(`SELECT COUNT(DISTINCT natural_key) AS n FROM ${table} WHERE credit_code = ?`, e.creditCode)).toBe(10_000);
    expect(await eventCount()).toBe(before + 10_000);
    const served = await hits(e.creditCode);
    expect([served["3"], served["10"], served["50"], served["70"], served["99"], served["1"]]).toEqual([2, 3, 2, 4, 3, 1]);
    // the raw item is kept beside the mapped record, dates normalised from the source's Chinese form
    const row = await env.DB.prepare(`SELECT case_no, judge_date, raw, source_code, source_product FROM ${table} WHERE credit_code = ? LIMIT 1`).bind(e.creditCode).first<Record<string, string>>();
    expect(row!.case_no).toMatch(/^\(20\d\d\)陕\d+\S+\d+号$/);
    expect(row!.judge_date ?? "2020-01-01").toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(JSON.parse(row!.raw)).toHaveProperty("caseNo");
    expect([row!.source_code, row!.source_product]).toEqual(["cisp", judgments.source.product]);
  }, 180_000);

  it("resumes a run stopped midway from its cursor: every item once, and a step is never applied twice", async () => {
    const e = await enterprise();
    await scenario({ ...e, total: 1_000 });
    const before = await eventCount();
    const { runId } = await startRun(env.DB, judgments, { creditCodes: [e.creditCode] });
    // a first advancer stops after four pages (the Worker was evicted); its lease is left behind
    const first = await advanceRun(env, store, localSource(), listsByFamily, runId, { maxPages: 4, deadline: Date.now() + 60_000 });
    expect(first).toEqual({ pages: 4, status: "running" });
    expect(await rowsOf(e.creditCode)).toBe(400);
    // two advancers at once: one holds the lease, the other steps aside
    const both = await Promise.all([
      advanceRun(env, store, localSource(), listsByFamily, runId, { maxPages: 1000, deadline: Date.now() + 60_000 }),
      advanceRun(env, store, localSource(), listsByFamily, runId, { maxPages: 1000, deadline: Date.now() + 60_000 }),
    ]);
    expect(both.map((b) => b.status).sort()).toEqual(["busy", "done"]);
    const run = await runToEnd(runId, localSource());
    expect(run.status).toBe("done");
    expect(await rowsOf(e.creditCode)).toBe(1_000);
    expect(await eventCount()).toBe(before + 1_000);
    // replaying an applied step (as a crashed writer's retry would) is refused as a whole
    await expect(env.DB.batch([env.DB.prepare("INSERT INTO sync_step (run_id, step) VALUES (?, 1)").bind("r-x"), env.DB.prepare("INSERT INTO sync_step (run_id, step) VALUES (?, 1)").bind("r-x")])).rejects.toThrow(/UNIQUE/);
    expect(await count("SELECT COUNT(*) AS n FROM sync_step WHERE run_id = 'r-x'")).toBe(0);
  }, 120_000);

  it("writes no events when the source has not changed, and updates what it corrected", async () => {
    const e = await enterprise();
    await scenario({ ...e, total: 250 });
    await runToEnd((await startRun(env.DB, judgments, { creditCodes: [e.creditCode] })).runId, localSource());
    const before = await eventCount();
    const again = await runToEnd((await startRun(env.DB, judgments, { creditCodes: [e.creditCode] })).runId, localSource());
    expect({ unchanged: again.unchanged, created: again.created, updated: again.updated }).toEqual({ unchanged: 250, created: 0, updated: 0 });
    expect(await eventCount()).toBe(before);
    await scenario({ ...e, total: 250, revision: 1 });
    const corrected = await runToEnd((await startRun(env.DB, judgments, { creditCodes: [e.creditCode] })).runId, localSource());
    expect({ unchanged: corrected.unchanged, created: corrected.created, updated: corrected.updated }).toEqual({ unchanged: 0, created: 0, updated: 250 });
    expect(await eventCount()).toBe(before + 250);
    expect(await rowsOf(e.creditCode)).toBe(250);
  }, 120_000);

  it("recognises items the source resent unchanged by their content hash in SQL, never deciding them again", async () => {
    const e = await enterprise();
    await scenario({ ...e, total: 250 });
    await runToEnd((await startRun(env.DB, judgments, { creditCodes: [e.creditCode] })).runId, localSource());
    // the read model's copy of one item no longer matches what the source sends: a decision in JavaScript
    // (comparing the kept item) would write an update; the content hash kept for the item says "unchanged"
    const id = (await env.DB.prepare(`SELECT id FROM ${table} WHERE credit_code = ? LIMIT 1`).bind(e.creditCode).first<{ id: string }>())!.id;
    await env.DB.prepare(`UPDATE ${table} SET raw = '{}' WHERE id = ?`).bind(id).run();
    const before = await eventCount();
    const again = await runToEnd((await startRun(env.DB, judgments, { creditCodes: [e.creditCode] })).runId, localSource());
    expect([again.unchanged, again.updated, await eventCount()]).toEqual([250, 0, before]);
    // without the kept hashes the items go through the full decision, which finds the one that differs
    await env.DB.prepare("DELETE FROM sync_item WHERE list = ?").bind(judgments.family.name).run();
    const decided = await runToEnd((await startRun(env.DB, judgments, { creditCodes: [e.creditCode] })).runId, localSource());
    expect([decided.unchanged, decided.updated, await eventCount()]).toEqual([249, 1, before + 1]);
    expect(await count("SELECT COUNT(*) AS n FROM sync_item WHERE list = ?", judgments.family.name)).toBeGreaterThanOrEqual(250);
  }, 120_000);

  it("skips whole pages an enterprise's source sent exactly as before, many enterprises a step", async () => {
    const companies = [await enterprise(), await enterprise(), await enterprise()];
    for (const [i, e] of companies.entries()) await scenario({ ...e, total: 2 + i });
    const creditCodes = companies.map((e) => e.creditCode);
    const first = await runToEnd((await startRun(env.DB, judgments, { creditCodes })).runId, localSource());
    expect([first.enterprises, first.pages, first.created]).toEqual([3, 3, 9]);
    const kept = `SELECT COUNT(*) AS n FROM sync_page WHERE list = ? AND credit_code IN (SELECT value FROM json_each(?))`;
    expect(await count(kept, judgments.family.name, JSON.stringify(creditCodes))).toBe(3);
    // with the item hashes gone, an unchanged page is still skipped whole: no item of it is decided or hashed again
    await env.DB.prepare("DELETE FROM sync_item WHERE list = ?").bind(judgments.family.name).run();
    const before = await eventCount();
    const again = await runToEnd((await startRun(env.DB, judgments, { creditCodes })).runId, localSource());
    expect([again.read, again.unchanged, again.created, again.updated, await eventCount()]).toEqual([9, 9, 0, 0, before]);
    expect(await count("SELECT COUNT(*) AS n FROM sync_item WHERE list = ?", judgments.family.name)).toBe(0);
    // one enterprise's page changes: only its items are decided
    await scenario({ ...companies[1]!, total: 3, revision: 1 });
    const changed = await runToEnd((await startRun(env.DB, judgments, { creditCodes })).runId, localSource());
    expect([changed.unchanged, changed.updated]).toEqual([6, 3]);
  }, 60_000);

  it("marks a record the source stopped sending as removed at source, keeps it, and says so in the run", async () => {
    const e = await enterprise();
    await scenario({ ...e, total: 5 });
    await runToEnd((await startRun(env.DB, judgments, { creditCodes: [e.creditCode] })).runId, localSource());
    await scenario({ ...e, total: 5, removed: [2] });
    const run = await runToEnd((await startRun(env.DB, judgments, { creditCodes: [e.creditCode] })).runId, localSource());
    expect(run.removed).toBe(1);
    expect(await rowsOf(e.creditCode)).toBe(5);
    expect(await count(`SELECT COUNT(*) AS n FROM ${table} WHERE credit_code = ? AND source_removed = 1`, e.creditCode)).toBe(1);
    // the item comes back: the mark is lifted
    await scenario({ ...e, total: 5 });
    const back = await runToEnd((await startRun(env.DB, judgments, { creditCodes: [e.creditCode] })).runId, localSource());
    expect([back.removed, back.updated]).toEqual([0, 1]);
    expect(await count(`SELECT COUNT(*) AS n FROM ${table} WHERE credit_code = ? AND source_removed = 1`, e.creditCode)).toBe(0);
  }, 60_000);

  it("keeps a user's edit until the source sends a new version, with both in the record's history", async () => {
    const e = await enterprise();
    await scenario({ ...e, total: 3 });
    await runToEnd((await startRun(env.DB, judgments, { creditCodes: [e.creditCode] })).runId, localSource());
    const id = (await env.DB.prepare(`SELECT id FROM ${table} WHERE credit_code = ? ORDER BY case_no LIMIT 1`).bind(e.creditCode).first<{ id: string }>())!.id;
    const edit = await call(`${judgments.family.path}/update`, { token, body: { id, court: "陕西省高级人民法院（人工更正）" } });
    expect(edit.body.code).toBe(0);
    await runToEnd((await startRun(env.DB, judgments, { creditCodes: [e.creditCode] })).runId, localSource());
    expect((await call(`${judgments.family.path}/info/${id}`, { token })).body.data.court).toBe("陕西省高级人民法院（人工更正）");
    await scenario({ ...e, total: 3, revision: 2 });
    await runToEnd((await startRun(env.DB, judgments, { creditCodes: [e.creditCode] })).runId, localSource());
    const history = await env.DB.prepare("SELECT version, type, json_extract(meta, '$.actorName') AS actor FROM events WHERE stream = ? ORDER BY version").bind(`${judgments.family.name}:${id}`).all<{ version: number; type: string; actor: string }>();
    expect(history.results.map((h) => [h.type.split(".").pop(), h.actor])).toEqual([["created", "sync"], ["updated", expect.any(String)], ["updated", "sync"]]);
    expect(history.results[1]!.actor).not.toBe("sync");
  }, 60_000);

  it("leaves a record a user deleted in the recycle bin while the source resends it, and brings it back with a newer version", async () => {
    const e = await enterprise();
    await scenario({ ...e, total: 3 });
    await runToEnd((await startRun(env.DB, judgments, { creditCodes: [e.creditCode] })).runId, localSource());
    const { id, raw } = (await env.DB.prepare(`SELECT id, raw FROM ${table} WHERE credit_code = ? ORDER BY case_no LIMIT 1`).bind(e.creditCode).first<{ id: string; raw: string }>())!;
    expect((await call(`${judgments.family.path}/delete`, { token, body: [id] })).body.code).toBe(0);
    const inBin = async () => (await call(`${judgments.family.path}/deleted?limit=100`, { token })).body.data.some((r: { id: string }) => r.id === id);
    // the same version again: nothing is created or restored, no event is written
    const before = await eventCount();
    const same = await runToEnd((await startRun(env.DB, judgments, { creditCodes: [e.creditCode] })).runId, localSource());
    expect({ created: same.created, updated: same.updated, unchanged: same.unchanged }).toEqual({ created: 0, updated: 0, unchanged: 3 });
    expect(await eventCount()).toBe(before);
    expect(await rowsOf(e.creditCode)).toBe(2);
    expect(await inBin()).toBe(true);
    // a newer version from the source: the same record comes back with the source's new values
    await scenario({ ...e, total: 3, revision: 3 });
    const newer = await runToEnd((await startRun(env.DB, judgments, { creditCodes: [e.creditCode] })).runId, localSource());
    expect({ created: newer.created, updated: newer.updated }).toEqual({ created: 0, updated: 3 });
    expect(await rowsOf(e.creditCode)).toBe(3);
    expect(await inBin()).toBe(false);
    const info = (await call(`${judgments.family.path}/info/${id}`, { token })).body;
    expect(info.code).toBe(0);
    const stored = await env.DB.prepare(`SELECT raw, sync_job_id FROM ${table} WHERE id = ?`).bind(id).first<{ raw: string; sync_job_id: string }>();
    expect(stored!.raw).not.toBe(raw);
    expect(stored!.sync_job_id).toBe(newer.runId);
    const history = await env.DB.prepare("SELECT type FROM events WHERE stream = ? ORDER BY version").bind(`${judgments.family.name}:${id}`).all<{ type: string }>();
    expect(history.results.map((h) => h.type.split(".").pop())).toEqual(["created", "deleted", "restored", "updated"]);
  }, 60_000);

  it("fails a run the source refuses, keeping what it had and naming the refusal", async () => {
    const e = await enterprise();
    await scenario({ ...e, total: 300, faults: { "2": { kind: "refuse", times: 99 } } });
    const run = await runToEnd((await startRun(env.DB, judgments, { creditCodes: [e.creditCode] })).runId, localSource());
    expect(run.status).toBe("failed");
    expect(run.error).toContain("9001");
    expect(await rowsOf(e.creditCode)).toBe(100);
    const keyed = await enterprise();
    await scenario({ ...keyed, total: 3, key: "demo-key" });
    expect((await runToEnd((await startRun(env.DB, judgments, { creditCodes: [keyed.creditCode] })).runId, localSource())).status).toBe("failed");
    const withKey = await runToEnd((await startRun(env.DB, judgments, { creditCodes: [keyed.creditCode] })).runId, localSource({ key: "demo-key" }));
    expect([withKey.status, withKey.created]).toEqual(["done", 3]);
  }, 60_000);

  it("gives up on a page after six failed ticks and says why", async () => {
    const e = await enterprise();
    await scenario({ ...e, total: 10, faults: { "1": { kind: "500", times: 999 } } });
    const run = await runToEnd((await startRun(env.DB, judgments, { creditCodes: [e.creditCode] })).runId, localSource({ attempts: 2 }));
    expect([run.status, run.failures]).toEqual(["failed", 6]);
    expect(run.error).toContain("HTTP 500");
  }, 60_000);
});

describe("the built-in offline source", () => {
  const builtin: SourceClient = { sourceCode: "builtin", base: builtinBase, fetcher: builtinFetcher, timeoutMs: 5000, pageSize: 100, attempts: 1, backoff: () => 0, sleep: async () => {} };

  it("fills every synchronised list with items its declaration accepts", async () => {
    expect(synLists.length).toBeGreaterThanOrEqual(37);
    const e = await enterprise();
    const results: Record<string, [number, number, number]> = {};
    for (const list of synLists) {
      const expected = sampleCount(list, e.creditCode);
      const run = await runToEnd((await startRun(env.DB, list, { creditCodes: [e.creditCode] })).runId, builtin, list);
      results[list.family.name] = [run.created, run.rejected, expected];
      expect([list.family.name, run.status, run.rejected, JSON.parse(run.rejections ?? "[]")]).toEqual([list.family.name, "done", 0, []]);
      expect(run.created).toBe(expected);
    }
    // the counts vary by enterprise and list: most lists got something for this one
    expect(Object.values(results).filter(([created]) => created > 0).length).toBeGreaterThan(synLists.length / 2);
  }, 120_000);

  it("runs on Cloudflare Workflows: an instance named by the run applies its pages step by step to the end", async () => {
    const e = await enterprise();
    const list = synLists.find((l) => sampleCount(l, e.creditCode) > 0)!;
    const { runId } = await startRun(env.DB, list, { creditCodes: [e.creditCode] });
    const instance = await introspectWorkflowInstance(env.SYNC_WORKFLOW!, runId);
    try {
      await instance.modify(async (m) => {
        await m.disableSleeps();
      });
      await env.SYNC_WORKFLOW!.create({ id: runId, params: { runIds: [runId] } });
      await instance.waitForStatus("complete");
      expect(await instance.getOutput()).toBe("done");
    } finally {
      await instance.dispose();
    }
    const run = (await runById(env.DB, runId))!;
    expect([run.status, run.created]).toEqual(["done", sampleCount(list, e.creditCode)]);
    expect(await count(`SELECT COUNT(*) AS n FROM ${list.family.table} WHERE credit_code = ?`, e.creditCode)).toBe(sampleCount(list, e.creditCode));
  }, 60_000);

  it("starts a run by hand under the list's run tag, and the run route reports its progress", async () => {
    const e = await enterprise();
    const staff = await userWithPermissions(token, [judgments.family.tags.list!]);
    const refused = await call(`${judgments.family.path}/run`, { token: staff.token, body: { creditCodes: [e.creditCode] } });
    expect(refused.body.code).toBe(403);
    expect(await count("SELECT COUNT(*) AS n FROM sync_run WHERE credit_codes LIKE ?", `%${e.creditCode}%`)).toBe(0);
    const started = await call(`${judgments.family.path}/run`, { token, body: { creditCodes: [e.creditCode] } });
    expect(started.body.code).toBe(0);
    const runId = started.body.data.runId as string;
    let status = "running";
    // the run's Workflow instance moves it on; the cron's advance only hands on runs whose instance stopped
    for (let i = 0; i < 200 && status === "running"; i++) {
      await advanceRunning(env, store, Date.now(), 5_000);
      status = (await call(`/syn/runs/${runId}`, { token })).body.data.status;
      if (status === "running") await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe("done");
    const runs = await call(`/syn/runs?list=synjuddoclist&pageSize=5`, { token: staff.token });
    expect(runs.body.data.map((r: { runId: string }) => r.runId)).toContain(runId);
    expect(await rowsOf(e.creditCode)).toBe(sampleCount(judgments, e.creditCode));
    const bad = await call(`${judgments.family.path}/run`, { token, body: { creditCodes: ["not-a-code"] } });
    expect(bad.body.code).toBe(422);
  }, 60_000);

  it("synchronises nothing where no source is configured, and the job's log says so in the reader's language", async () => {
    const unsourced = { ...env, SYN_SOURCE: undefined, SYN_SOURCE_URL: undefined };
    const runs = await count("SELECT COUNT(*) AS n FROM sync_run");
    const events = await eventCount();
    const result = await runJob(unsourced, store, registeredJobHandlers, { jobId: null, jobName: "sync without source", beanName: "synService", methodName: "run", params: {}, trigger: "source" }, Date.now());
    expect(result.status).toBe("success");
    expect([await count("SELECT COUNT(*) AS n FROM sync_run"), await eventCount()]).toEqual([runs, events]);
    const zh = (await call(`/job/scheduleLog/info/${result.logId}`, { token })).body.data;
    const en = (await call(`/job/scheduleLog/info/${result.logId}`, { token, lang: "en-US" })).body.data;
    expect([zh.read, zh.written, zh.message]).toEqual([0, 0, "未配置外部数据源（SYN_SOURCE_URL），未同步任何数据"]);
    expect(en.message).toBe("No source configured (SYN_SOURCE_URL): nothing was synchronised");
  });

  it("runs as the synService.run job: the log stays running until the runs end, then counts what they wrote", async () => {
    const e = await enterprise();
    const result = await runJob(env, store, registeredJobHandlers, { jobId: null, jobName: "sync test", beanName: "synService", methodName: "run", params: { lists: ["synjuddoclist", "synDisSxbzxrlist"], creditCodes: [e.creditCode] }, trigger: "source" }, Date.now());
    // the runs also advance in their Workflow instances: the log is completed by whichever ends the last run,
    // just after that run's status changes, so wait for the log itself rather than for the runs
    for (let i = 0; i < 200; i++) {
      const running = await count("SELECT COUNT(*) AS n FROM sync_run WHERE log_id = ? AND status = 'running'", result.logId);
      const logOpen = await count("SELECT COUNT(*) AS n FROM job_log WHERE log_id = ? AND status = 'running'", result.logId);
      if (running === 0 && logOpen === 0) break;
      if (running > 0) await advanceRunning(env, store, Date.now(), 5_000);
      await new Promise((r) => setTimeout(r, 100));
    }
    const log = await env.DB.prepare("SELECT status, read, written FROM job_log WHERE log_id = ?").bind(result.logId).first<{ status: string; read: number; written: number }>();
    const expected = sampleCount(judgments, e.creditCode) + sampleCount(listsByName.get("syndissxbzxrlist")!, e.creditCode);
    expect(log).toEqual({ status: "success", read: expected, written: expected });
    const refused = await runJob(env, store, registeredJobHandlers, { jobId: null, jobName: "bad", beanName: "synService", methodName: "run", params: { lists: ["nosuchlist"] }, trigger: "source" }, Date.now());
    expect(refused.status).toBe("failure");
  }, 60_000);
});
