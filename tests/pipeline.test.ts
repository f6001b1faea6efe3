/**
 * The command pipeline (worker/commands/execute.ts): what a command costs in D1 calls, what it writes and
 * what it refuses, and the structure that keeps it the only writer — no file outside the pipeline and the
 * store appends events, read from the sources the vitest config hands over as SOURCE_FILES.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { dictionary } from "../events/families/sys.ts";
import type { Family } from "../events/family.ts";
import { execute, principal, type Command, type UserActor } from "../worker/commands/execute.ts";
import { ConcurrencyError, DomainError } from "../worker/errors.ts";
import { newCreate, streamOf, updateOf } from "../worker/resources/commands.ts";
import { readStream } from "../worker/store/append.ts";
import { store } from "../worker/modules.ts";

const family = dictionary as unknown as Family;
const entry = (value: string) => ({ type: "pipelineTest", value, name: `名称${value}`, status: "1", number: 1 });
const editor: UserActor = { id: "u-editor", name: "Editor", admin: false, permissions: new Set([family.tags.save, family.tags.update]) };

/** The database binding, counting the calls that reach D1 (a batch is one call). */
function countingDb() {
  const db = env.DB;
  const counter = { calls: 0 };
  const wrapStatement = (statement: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(statement, {
      get(target, key) {
        const value = Reflect.get(target, key, target);
        if (key === "bind") return (...args: unknown[]) => wrapStatement(value.apply(target, args));
        if (key === "first" || key === "all" || key === "run" || key === "raw")
          return (...args: unknown[]) => {
            counter.calls++;
            return value.apply(target, args);
          };
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  const proxy = new Proxy(db, {
    get(target, key) {
      const value = Reflect.get(target, key, target);
      if (key === "prepare") return (sql: string) => wrapStatement(target.prepare(sql));
      if (key === "batch")
        return (statements: D1PreparedStatement[]) => {
          counter.calls++;
          return target.batch(statements);
        };
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { db: proxy, counter };
}

const createCommand = (value: string, id = crypto.randomUUID()): Command<{ id: string }> => ({
  name: "dict.create",
  permission: family.tags.save,
  decide: () => ({ writes: [newCreate(family, entry(value), id)], answer: { id } }),
});

const updateCommand = (id: string, patch: Record<string, unknown>, expectedVersion?: number): Command<number> => ({
  name: "dict.update",
  permission: family.tags.update,
  streams: [streamOf(family, id)],
  decide: ({ streams }) => {
    const write = updateOf(family, id, patch, streams.get(streamOf(family, id)) ?? [], expectedVersion);
    return { writes: [write], answer: write.head.version + write.events.length };
  },
});

describe("execute", () => {
  it("creates with one D1 call (a new stream is not read) and updates with two (its stream, then the batch)", async () => {
    const { db, counter } = countingDb();
    const { id } = await execute(createCommand("one-call"), principal("system"), { db, store });
    expect(counter.calls).toBe(1);
    counter.calls = 0;
    expect(await execute(updateCommand(id, { name: "改" }), editor, { db, store })).toBe(2);
    expect(counter.calls).toBe(2);
  });

  it("derives the events' meta from the actor and the context", async () => {
    const { id } = await execute(createCommand("meta"), principal("scheduler"), { db: env.DB, store, requestId: "run-1", at: "2026-11-27T01:02:03.000Z" });
    await execute(updateCommand(id, { name: "改" }), editor, { db: env.DB, store, requestId: "req-2", ip: "10.0.0.1" });
    const events = await readStream(env.DB, streamOf(family, id));
    expect(events.map((e) => e.meta)).toEqual([
      { actorId: null, actorName: "scheduler", requestId: "run-1", ip: null, at: "2026-11-27T01:02:03.000Z", actorKind: "scheduler" },
      { actorId: "u-editor", actorName: "Editor", requestId: "req-2", ip: "10.0.0.1", at: events[1]!.at },
    ]);
  });

  it("authorises in one place: a user without the tag is refused before anything is read or written", async () => {
    const { db, counter } = countingDb();
    const reader: UserActor = { id: "u-reader", name: "Reader", admin: false, permissions: new Set() };
    await expect(execute(createCommand("refused"), reader, { db, store })).rejects.toMatchObject({ code: 403 });
    await expect(execute(createCommand("anonymous"), principal("anonymous"), { db, store })).rejects.toMatchObject({ code: 401 });
    expect(counter.calls).toBe(0);
  });

  it("writes nothing when the decision refuses, and undoes what deciding did", async () => {
    let undone = 0;
    const refused: Command<null> = {
      name: "refuse",
      undo: async () => undone++,
      decide: () => {
        throw new DomainError(422, "formatError");
      },
    };
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM events").first<{ n: number }>();
    await expect(execute(refused, principal("system"), { db: env.DB, store })).rejects.toBeInstanceOf(DomainError);
    expect(undone).toBe(1);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM events").first<{ n: number }>()).toEqual(before);
  });

  it("answers a repeated idempotency key with the first answer and writes once", async () => {
    const key = `k-${crypto.randomUUID()}`;
    const first = await execute({ ...createCommand("idem"), idempotencyKey: key }, editor, { db: env.DB, store });
    const again = await execute({ ...createCommand("idem"), idempotencyKey: key }, editor, { db: env.DB, store });
    expect(again).toEqual(first);
    const { n } = (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${family.table} WHERE ${family.column.type} = 'pipelineTest' AND ${family.column.value} = 'idem'`).first<{ n: number }>())!;
    expect(n).toBe(1);
  });

  it("decides an unversioned clash again on the new state; a versioned one is 'changed meanwhile'", async () => {
    const { id } = await execute(createCommand("clash"), editor, { db: env.DB, store });
    let decided = 0;
    const racing: Command<number> = {
      ...updateCommand(id, { number: 7 }),
      retries: 3,
      async decide(loaded) {
        decided++;
        // the first attempt loses the race to another writer of the same stream
        if (decided === 1) await execute(updateCommand(id, { name: "别人先写" }), editor, { db: env.DB, store });
        return updateCommand(id, { number: 7 }).decide(loaded);
      },
    };
    expect(await execute(racing, editor, { db: env.DB, store })).toBe(3);
    expect(decided).toBe(2);
    await expect(execute(updateCommand(id, { number: 8 }, 1), editor, { db: env.DB, store })).rejects.toBeInstanceOf(ConcurrencyError);
    // the pipeline's own check of the version the caller saw, before deciding
    let decidedStale = 0;
    const stale: Command<null> = { name: "stale", streams: [streamOf(family, id)], expectedVersion: 1, retries: 3, decide: () => ((decidedStale++, { writes: [], answer: null })) };
    await expect(execute(stale, editor, { db: env.DB, store })).rejects.toBeInstanceOf(ConcurrencyError);
    expect(decidedStale).toBe(0);
  });

  it("lands the command's own statements in the same batch: a clash of its guard writes no event", async () => {
    await env.DB.prepare("CREATE TABLE IF NOT EXISTS pipeline_guard (step INTEGER PRIMARY KEY)").run();
    const guarded = (value: string): Command<null> => ({
      name: "guarded",
      statements: { before: [{ sql: "INSERT INTO pipeline_guard (step) VALUES (?)", params: [1] }] },
      decide: () => ({ writes: [newCreate(family, entry(value))], answer: null, statements: { after: [{ sql: "UPDATE pipeline_guard SET step = step WHERE step = ?", params: [1] }] } }),
    });
    await execute(guarded("guard-1"), principal("sync"), { db: env.DB, store });
    await expect(execute(guarded("guard-2"), principal("sync"), { db: env.DB, store })).rejects.toThrow();
    const { n } = (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${family.table} WHERE ${family.column.value} IN ('guard-1', 'guard-2')`).first<{ n: number }>())!;
    expect(n).toBe(1);
  });
});

describe("structure", () => {
  // the writers: the Worker and the scripts (the web app appends to forms and URLs, never to the store)
  const sources = Object.entries(env.SOURCE_FILES).filter(([path]) => path.startsWith("worker/") || path.startsWith("scripts/"));
  const pipelineOrStore = (path: string) => path.startsWith("worker/store/") || path.startsWith("worker/commands/");

  it("hands the sources over (the test would pass vacuously without them)", () => {
    expect(sources.length).toBeGreaterThan(100);
    expect(env.SOURCE_FILES["worker/commands/execute.ts"]).toContain("store.append(");
  });

  it("appends events only through the pipeline: no other file calls the store's append", () => {
    const offenders = sources
      .filter(([path]) => !pipelineOrStore(path))
      .flatMap(([path, text]) => text.split("\n").flatMap((line, i) => (/\.append\(/.test(line) || /\bimport\b[^;]*\bappend\b[^;]*store\/append\.ts/.test(line) ? [`${path}:${i + 1}: ${line.trim()}`] : [])));
    expect(offenders).toEqual([]);
  });

  it("keeps statementsFor (raw event inserts) to the store, the pipeline and the seed's SQL export", () => {
    const offenders = sources.filter(([path, text]) => !pipelineOrStore(path) && path !== "worker/seed/index.ts" && /statementsFor\(/.test(text)).map(([path]) => path);
    expect(offenders).toEqual([]);
  });

  it("keeps the module contract below the modules and the composition root above them", () => {
    expect(env.SOURCE_FILES["worker/module.ts"]).not.toMatch(/from "\.\/jobs\//);
    // the app, the Worker's entry and the seed sit above the composition; the sync Workflow gets the store from the entry
    // an import resolved against its file: worker/openapi/modules.ts (the document's grouping) is not the root
    const importsRoot = (path: string, text: string) =>
      [...text.matchAll(/from "(\.{1,2}\/[^"]+)"/g)].some(([, spec]) => new URL(spec!, `file:///${path}`).pathname === "/worker/modules.ts");
    const rootImporters = sources.filter(([path, text]) => path.startsWith("worker/") && !["worker/app.ts", "worker/index.ts", "worker/seed/index.ts"].includes(path) && importsRoot(path, text)).map(([path]) => path);
    expect(rootImporters).toEqual([]);
  });
});
