/** Reading the log through the store: streams, heads, typed events after a position, pages, and the SQL sources projections replay from. */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { store } from "../worker/modules.ts";
import { eventsAfter, head, headOf, lastEvents, largestStreamNumber, logPage, readStream, readStreamNamedBy, readStreams, streamPage } from "../worker/store/read.ts";
import { hasLaterInStream, isLastInStream, logAs, logByKeys, logRange } from "../worker/store/sql.ts";
import type { EventMeta, StreamWrite } from "../worker/store/types.ts";

const db = env.DB;
const meta = (actorName = "Reader"): EventMeta => ({ actorId: "reader", actorName, requestId: "read-1", ip: null, at: "2026-11-22T01:00:00.000Z" });

/** Appends events of types no projection handles, each write on top of the stream's current head. */
async function write(stream: string, types: string[], actorName?: string) {
  const w: StreamWrite = { stream, head: await head(db, stream), events: types.map((type, n) => ({ type, data: { id: stream, n } })) };
  return store.append(db, [w], meta(actorName));
}

let start = 0;
beforeAll(async () => {
  start = (await db.prepare("SELECT COALESCE(MAX(position), 0) AS p FROM events").first<{ p: number }>())!.p;
  await write("rt.a:1", ["rt.a.opened", "rt.a.noted", "rt.a.closed"]);
  await write("rt.a:2", ["rt.a.opened"], "Other");
  await write("rt.a:1", ["rt.a.noted"]);
  await write("rt.b:1", ["rt.b.opened"]);
});

describe("streams", () => {
  it("reads a stream in order; its head is read without the stream", async () => {
    const events = await readStream(db, "rt.a:1");
    expect(events.map((e) => [e.version, e.type])).toEqual([
      [1, "rt.a.opened"],
      [2, "rt.a.noted"],
      [3, "rt.a.closed"],
      [4, "rt.a.noted"],
    ]);
    expect(events[0]!.data).toEqual({ id: "rt.a:1", n: 0 });
    expect(await head(db, "rt.a:1")).toEqual(headOf(events));
    expect(await head(db, "rt.none:1")).toEqual({ version: 0, hash: "" });
  });

  it("reads many streams at once, past the bound-parameter limit, leaving out the empty ones", async () => {
    const names = Array.from({ length: 120 }, (_, n) => `rt.none:${n}`);
    const streams = await readStreams(db, [...names.slice(0, 100), "rt.a:2", ...names.slice(100), "rt.a:1"]);
    expect([...streams.keys()].sort()).toEqual(["rt.a:1", "rt.a:2"]);
    expect(streams.get("rt.a:1")!.map((e) => e.version)).toEqual([1, 2, 3, 4]);
  });

  it("reads the stream a query names, in one round trip", async () => {
    expect((await readStreamNamedBy(db, { sql: "SELECT ? || ':' || ?", params: ["rt.a", "2"] })).map((e) => e.type)).toEqual(["rt.a.opened"]);
    expect(await readStreamNamedBy(db, { sql: "SELECT NULL", params: [] })).toEqual([]);
  });

  it("pages a stream newest first, with its length", async () => {
    const first = await streamPage(db, "rt.a:1", { page: 1, limit: 3 });
    expect(first.total).toBe(4);
    expect(first.events.map((e) => e.version)).toEqual([4, 3, 2]);
    expect((await streamPage(db, "rt.a:1", { page: 2, limit: 3 })).events.map((e) => e.version)).toEqual([1]);
    expect(await streamPage(db, "rt.none:1", { page: 1, limit: 3 })).toEqual({ total: 0, events: [] });
  });
});

describe("the log", () => {
  it("answers events of some types after a position, a page at a time", async () => {
    const types = ["rt.a.noted", "rt.b.opened"];
    const seen: string[] = [];
    for (let after = start; ; ) {
      const page = await eventsAfter(db, types, after, 2);
      seen.push(...page.map((e) => `${e.stream}@${e.version}`));
      if (page.length < 2) break;
      after = page.at(-1)!.position!;
    }
    expect(seen).toEqual(["rt.a:1@2", "rt.a:1@4", "rt.b:1@1"]);
  });

  it("pages the whole log newest first, filtered by module, actor and time", async () => {
    const all = await logPage(db, {}, { page: 1, limit: 2 });
    expect(all.total).toBe((await db.prepare("SELECT MAX(position) AS n FROM events").first<{ n: number }>())!.n);
    expect(all.rows[0]).toMatchObject({ stream: "rt.b:1", type: "rt.b.opened", meta: { actorName: "Reader" } });
    const mine = await logPage(db, { module: "rt.a", actorName: "Other" }, { page: 1, limit: 10 });
    expect(mine).toMatchObject({ total: 1, rows: [{ stream: "rt.a:2" }] });
    expect((await logPage(db, { module: "rt", to: "2026-11-22T00:00:00.000Z" }, { page: 1, limit: 10 })).total).toBe(0);
    expect((await logPage(db, { module: "rt", from: "2026-11-22T00:00:00.000Z" }, { page: 1, limit: 10 })).total).toBe(6);
  });

  it("answers the last event of each stream in a range of names, in log order", async () => {
    expect((await lastEvents(db, "rt.a:", "rt.a;")).map((e) => `${e.stream}@${e.version}`)).toEqual(["rt.a:2@1", "rt.a:1@4"]);
  });

  it("finds the largest number ending a family of stream names of one width", async () => {
    await write("rt.n:07", ["rt.n.opened"]);
    await write("rt.n:12", ["rt.n.opened", "rt.n.noted"]);
    await write("rt.n:123", ["rt.n.opened"]);
    expect(await largestStreamNumber(db, "rt.n:", 2)).toBe(12);
    expect(await largestStreamNumber(db, "rt.n:", 3)).toBe(123);
    expect(await largestStreamNumber(db, "rt.m:", 2)).toBeNull();
  });
});

describe("SQL sources for projections", () => {
  const ids = async (sql: string, ...params: unknown[]) => (await db.prepare(sql).bind(...params).all<{ s: string }>()).results.map((r) => r.s);

  it("a range of positions, with or without types", async () => {
    const end = (await db.prepare("SELECT MAX(position) AS p FROM events").first<{ p: number }>())!.p;
    expect(await ids(`SELECT e.stream || '@' || e.version AS s ${logRange("e", { types: ["rt.a.noted"] })} ORDER BY e.position`, start, end)).toEqual(["rt.a:1@2", "rt.a:1@4"]);
    expect(await ids(`SELECT e.stream || '@' || e.version AS s ${logRange("e", { types: ["rt.a.noted", "rt.b.opened"] })} ORDER BY e.position`, start, end)).toEqual(["rt.a:1@2", "rt.a:1@4", "rt.b:1@1"]);
    expect(await ids(`SELECT e.stream AS s ${logRange("e", { from: "?2", to: "?1" })} AND e.stream LIKE 'rt.b:%'`, end, start)).toEqual(["rt.b:1"]);
  });

  it("the events named by [stream, version] keys, the last of a stream, and whether a later one exists", async () => {
    expect(await ids(`SELECT e.type AS s ${logByKeys("e")}`, JSON.stringify([["rt.a:1", 3], ["rt.b:1", 1]]))).toEqual(["rt.a.closed", "rt.b.opened"]);
    expect(await ids(`SELECT e.stream || '@' || e.version AS s FROM ${logAs("e")} WHERE e.stream LIKE 'rt.a:%' AND ${isLastInStream("e")} ORDER BY e.stream`)).toEqual(["rt.a:1@4", "rt.a:2@1"]);
    const closed = (await readStream(db, "rt.a:1"))[2]!.position!;
    expect(await ids(`SELECT e.type AS s FROM ${logAs("e")} WHERE e.stream = 'rt.a:1' AND e.version = 2 AND ${hasLaterInStream("e", "?1")}`, closed)).toEqual(["rt.a.noted"]);
    expect(await ids(`SELECT e.type AS s FROM ${logAs("e")} WHERE e.stream = 'rt.a:1' AND e.version = 3 AND ${hasLaterInStream("e", "?1")}`, closed)).toEqual([]);
  });
});
