/** The event store: deciding, appending with expected versions, idempotency, the hash chain, rebuilds. */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { dictionary } from "../events/families/sys.ts";
import type { Family } from "../events/family.ts";
import { t } from "../events/i18n.ts";
import { decide, fold } from "../worker/resources/decide.ts";
import { readStream, headOf } from "../worker/store/append.ts";
import { store } from "../worker/modules.ts";

const append = store.append;
const rebuild = store.rebuild;
const projections = store.projections;
import { verifyStream } from "../worker/store/history.ts";
import { ConcurrencyError } from "../worker/errors.ts";
import type { EventMeta, StoredEvent } from "../worker/store/types.ts";
import { call, login } from "./helpers.ts";

const family = dictionary as unknown as Family;
const meta = (at = "2026-11-22T01:00:00.000Z"): EventMeta => ({ actorId: "tester", actorName: "Tester", requestId: "r1", ip: null, at });
const entry = (value: string) => ({ type: "storeTest", value, name: `名称${value}`, status: "1", number: 1 });

function stored(type: string, data: Record<string, unknown>, version: number): StoredEvent {
  return { stream: `sys.sysdict:${data.id}`, version, type, data, meta: meta(), at: meta().at, hash: "" };
}

describe("record decider (pure)", () => {
  const created = stored(family.events.created, { id: "a", record: entry("1") }, 1);

  it("given nothing, create → created", () => {
    expect(decide(family, { kind: "create", id: "a", record: entry("1") }, fold(family, []))).toEqual([{ type: family.events.created, data: { id: "a", record: entry("1") } }]);
  });

  it("given created, update → updated with the full record and the changed fields only", () => {
    const [event] = decide(family, { kind: "update", id: "a", patch: { name: "新名称", number: 1 } }, fold(family, [created]));
    expect(event).toEqual({ type: family.events.updated, data: { id: "a", record: { ...entry("1"), name: "新名称" }, changes: { name: ["名称1", "新名称"] } } });
  });

  it("given created, an update that changes nothing decides no event", () => {
    expect(decide(family, { kind: "update", id: "a", patch: { name: "名称1" } }, fold(family, [created]))).toEqual([]);
  });

  it("given deleted, update and delete are refused as not found", () => {
    const state = fold(family, [created, stored(family.events.deleted, { id: "a", record: entry("1") }, 2)]);
    expect(() => decide(family, { kind: "update", id: "a", patch: { name: "x" } }, state)).toThrow(/notFound/);
    expect(() => decide(family, { kind: "delete", id: "a" }, state)).toThrow(/notFound/);
  });
});

async function count(sql: string, ...params: unknown[]) {
  return (await env.DB.prepare(sql).bind(...params).first<{ n: number }>())!.n;
}

describe("append", () => {
  it("writes events with consecutive versions and projects them in the same batch", async () => {
    const token = await login();
    const saved = await call("/sys/sysdict/save", { token, body: entry("append") });
    expect(saved.body).toMatchObject({ code: 0, msg: "新增成功" });
    const id = saved.body.data.id;
    await call("/sys/sysdict/update", { token, body: { id, name: "改名" } });
    const events = await readStream(env.DB, `sys.sysdict:${id}`);
    expect(events.map((e) => [e.version, e.type])).toEqual([
      [1, "sys.sysdict.created"],
      [2, "sys.sysdict.updated"],
    ]);
    expect(events[1]!.meta.actorName).toBe("系统管理员");
    const row = await env.DB.prepare("SELECT name, version FROM sys_dict WHERE id = ?").bind(id).first();
    expect(row).toEqual({ name: "改名", version: 2 });
  });

  it("refuses a stale expected version, writes nothing, and says the record changed meanwhile", async () => {
    const token = await login();
    const id = (await call("/sys/sysdict/save", { token, body: entry("clash") })).body.data.id;
    const before = await count("SELECT COUNT(*) AS n FROM events");
    await call("/sys/sysdict/update", { token, body: { id, name: "第一次", version: 1 } });
    const stale = await call("/sys/sysdict/update", { token, body: { id, name: "第二次", version: 1 } });
    expect(stale.body.code).toBe(409);
    expect(stale.body.msg).toBe(t("changedMeanwhile", "zh-CN", { expected: 1, actual: 2 }));
    const staleEn = await call("/sys/sysdict/update", { token, lang: "en-US", headers: { "If-Match": 'W/"1"' }, body: { id, name: "第二次" } });
    expect(staleEn.body.msg).toBe(t("changedMeanwhile", "en-US", { expected: 1, actual: 2 }));
    expect(await count("SELECT COUNT(*) AS n FROM events")).toBe(before + 1);
    expect((await env.DB.prepare("SELECT name FROM sys_dict WHERE id = ?").bind(id).first())!.name).toBe("第一次");
  });

  it("detects a concurrent writer through the (stream, version) constraint: the whole batch rolls back", async () => {
    const stream = "sys.sysdict:race";
    const first = { stream, head: { version: 0, hash: "" }, events: [{ type: family.events.created, data: { id: "race", record: entry("race") } }] };
    await append(env.DB, [first], meta());
    const eventsBefore = await count("SELECT COUNT(*) AS n FROM events");
    const other = { stream: "sys.sysdict:bystander", head: { version: 0, hash: "" }, events: [{ type: family.events.created, data: { id: "bystander", record: entry("bystander") } }] };
    // a second writer decided against the same empty head: its batch (with an unrelated stream) must fail whole
    await expect(append(env.DB, [first, other], meta())).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await count("SELECT COUNT(*) AS n FROM events")).toBe(eventsBefore);
    expect(await count("SELECT COUNT(*) AS n FROM sys_dict WHERE id = 'bystander'")).toBe(0);
  });

  it("answers a repeated Idempotency-Key with the first answer and writes nothing", async () => {
    const token = await login();
    const headers = { "Idempotency-Key": "key-123" };
    const before = await count("SELECT COUNT(*) AS n FROM events");
    const first = await call("/sys/sysdict/save", { token, headers, body: entry("idem") });
    const second = await call("/sys/sysdict/save", { token, headers, body: entry("idem") });
    expect(first.body.code).toBe(0);
    expect(second.body).toEqual(first.body);
    expect(await count("SELECT COUNT(*) AS n FROM events")).toBe(before + 1);
    expect(await count("SELECT COUNT(*) AS n FROM sys_dict WHERE type = 'storeTest' AND value = 'idem'")).toBe(1);
  });

  it("a unique clash in a read model rolls back the event and names the fields", async () => {
    const token = await login();
    await call("/sys/sysdict/save", { token, body: entry("dup") });
    const before = await count("SELECT COUNT(*) AS n FROM events");
    const again = await call("/sys/sysdict/save", { token, body: entry("dup") });
    expect(again.body.code).toBe(422);
    expect(again.body.msg).toBe(t("alreadyExists", "zh-CN", { fields: "字典类型、字典值" }));
    expect(Object.keys(again.body.errors!)).toEqual(["type", "value"]);
    expect(await count("SELECT COUNT(*) AS n FROM events")).toBe(before);
  });
});

describe("hash chain", () => {
  it("verifies a stream and reports the first broken link after tampering", async () => {
    const token = await login();
    const id = (await call("/sys/sysdict/save", { token, body: entry("chain") })).body.data.id;
    for (const name of ["一", "二", "三"]) await call("/sys/sysdict/update", { token, body: { id, name } });
    const stream = `sys.sysdict:${id}`;
    const ok = await call(`/sys/store/verify?stream=${stream}`, { token });
    expect(ok.body.data).toMatchObject({ valid: true, events: 4, brokenAt: null });
    await env.DB.prepare("UPDATE events SET data = json_set(data, '$.record.name', '篡改') WHERE stream = ? AND version = 3").bind(stream).run();
    const broken = await call(`/sys/store/verify?stream=${stream}`, { token });
    expect(broken.body.data).toMatchObject({ valid: false, brokenAt: 3 });
    expect((await verifyStream(env.DB, stream)).brokenAt).toBe(3);
  });

  it("chains each event to the previous hash of its stream", async () => {
    const token = await login();
    const id = (await call("/sys/sysdict/save", { token, body: entry("link") })).body.data.id;
    await call("/sys/sysdict/update", { token, body: { id, name: "x" } });
    const events = await readStream(env.DB, `sys.sysdict:${id}`);
    expect(events[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(events[1]!.hash).not.toBe(events[0]!.hash);
    expect(headOf(events)).toEqual({ version: 2, hash: events[1]!.hash });
  });
});

describe("history", () => {
  it("tells who changed which fields when", async () => {
    const token = await login();
    const id = (await call("/sys/sysdict/save", { token, body: entry("hist") })).body.data.id;
    await call("/sys/sysdict/update", { token, body: { id, name: "历史", remark: "备注" } });
    await call("/sys/sysdict/delete", { token, body: [id] });
    const { body } = await call(`/sys/sysdict/history/${id}`, { token });
    expect(body.data.map((h: { action: string }) => h.action)).toEqual(["created", "updated", "deleted"]);
    expect(body.data[1]).toMatchObject({ actorName: "系统管理员", changes: { name: ["名称hist", "历史"], remark: [null, "备注"] } });
    expect(body.data[1].time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});

async function dumpReadModels(): Promise<Record<string, unknown[]>> {
  const tables = [...new Set(projections.flatMap((p) => p.tables))].sort();
  const out: Record<string, unknown[]> = {};
  // rows in a stable order whatever the table's shape (search tables have one column and fresh rowids)
  for (const table of tables) out[table] = (await env.DB.prepare(`SELECT * FROM ${table}`).all()).results.map((r) => JSON.stringify(r)).sort();
  return out;
}

describe("rebuild", () => {
  it("drops the read models and replays them identical, in one go or in resumable pages", async () => {
    const token = await login();
    // a varied history: creates, updates of counted and linked fields, deletes, passwords
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) ids.push((await call("/sys/sysdict/save", { token, body: { ...entry(`rb${i}`), status: i % 3 ? "1" : "0" } })).body.data.id);
    for (const id of ids.slice(0, 10)) await call("/sys/sysdict/update", { token, body: { id, status: "0", name: "更新" } });
    await call("/sys/sysdict/delete", { token, body: ids.slice(20, 25) });
    const role = (await call("/sys/role/save", { token, body: { name: "重建角色", type: "department", menuIdList: [] } })).body.data.roleId;
    const user = (await call("/sys/user/save", { token, body: { userNo: "rebuild1", name: "重建", status: "1", roleIdList: [role] } })).body.data.id;
    await call("/sys/user/resetPass", { token, body: { userId: user, password: "Abcdefg123" } });
    await call("/sys/user/update", { token, body: { id: user, roleIdList: [] } });

    const before = await dumpReadModels();
    expect(before.sys_dict!.length).toBeGreaterThan(25);
    expect(before.sys_role_menu!.length).toBeGreaterThan(0);

    await env.DB.prepare("DELETE FROM sys_dict").run();
    await env.DB.prepare("UPDATE counters SET n = n + 5").run();
    const done = await rebuild(env.DB);
    expect(done.done).toBe(true);
    expect(await dumpReadModels()).toEqual(before);

    // resumable: 100 events per call, as the administrator call does with maxEvents
    let progress = await rebuild(env.DB, { maxEvents: 100, pageSize: 37 });
    let calls = 1;
    while (!progress.done) {
      progress = await rebuild(env.DB, { from: progress.position, maxEvents: 100, pageSize: 37 });
      calls++;
    }
    expect(calls).toBeGreaterThan(3);
    expect(await dumpReadModels()).toEqual(before);

    const viaApi = await call("/sys/store/rebuild", { token, body: {} });
    expect(viaApi.body).toMatchObject({ code: 0, msg: "读模型重建完成", data: { done: true } });
    // the rebuild call's own session survives: sessions are operational, not read models
    expect((await call("/sys/menu/nav", { token })).body.code).toBe(0);
    expect(await dumpReadModels()).toEqual(before);
  });
});

describe("rebuild keeps the schema", () => {
  it("restores every read-model index it dropped for the replay, also across resumable calls", async () => {
    // every table's indexes are dropped at threshold 0 (by default only tables taking many rows lose theirs)
    const indexes = async () => (await env.DB.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name").all()).results;
    const before = await indexes();
    expect(before.length).toBeGreaterThan(20);
    const first = await rebuild(env.DB, { maxEvents: 50, pageSize: 20, indexThreshold: 0 });
    expect(first.done).toBe(false);
    // mid-way the secondary indexes are gone and their definitions wait in rebuild_indexes
    expect((await indexes()).length).toBeLessThan(before.length);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM rebuild_indexes").first<{ n: number }>())!.n).toBeGreaterThan(0);
    let progress = first;
    while (!progress.done) progress = await rebuild(env.DB, { from: progress.position, maxEvents: 5000 });
    expect(await indexes()).toEqual(before);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM rebuild_indexes").first<{ n: number }>())!.n).toBe(0);
    // the unique index is back: a duplicate is refused again
    const token = await login();
    await call("/sys/sysdict/save", { token, body: entry("after-rebuild") });
    expect((await call("/sys/sysdict/save", { token, body: entry("after-rebuild") })).body.code).toBe(422);
  });
});

describe("rebuild in bounded steps", () => {
  it("finishes step by step across calls, each call sent twice as a client retrying a lost answer would, and mends the search table", async () => {
    const token = await login();
    for (let i = 0; i < 12; i++) await call("/sys/sysdict/save", { token, body: entry(`step${i}`) });
    const before = await dumpReadModels();
    // the search table is reconciled, not emptied: a lost row, stale terms and a row of no record are mended
    await env.DB.batch([
      env.DB.prepare("DELETE FROM sys_dict_search WHERE rowid = (SELECT MIN(rowid) FROM sys_dict_search)"),
      env.DB.prepare("UPDATE sys_dict_search SET head = 'stale' WHERE rowid = (SELECT MAX(rowid) FROM sys_dict_search)"),
      env.DB.prepare("INSERT INTO sys_dict_search (rowid, head, rest) VALUES (987654321, 'orphan', '')"),
    ]);
    // no time budget: after its first unit of work (a replay page, a few indexes, some after-statements, a page of passes) a call stops
    const slice = (from: number) => rebuild(env.DB, { from, budgetMs: 0, pageSize: 500 });
    let progress = await slice(0);
    const stages = new Set([progress.stage]);
    let calls = 1;
    while (!progress.done) {
      const from = progress.position;
      await slice(from);
      progress = await slice(from);
      stages.add(progress.stage);
      calls += 2;
    }
    expect([...stages]).toEqual(expect.arrayContaining(["replay", "after", "passes", "done"]));
    expect(calls).toBeGreaterThan(6);
    expect(await dumpReadModels()).toEqual(before);
    // once done, the last call again does nothing
    expect(await slice(progress.position)).toMatchObject({ done: true, replayed: 0 });
    expect(await dumpReadModels()).toEqual(before);
  });
});
