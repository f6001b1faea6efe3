/**
 * Appending events: one D1 batch holds the events (chained to their stream's head), the projection
 * statements of every read model that handles them, and the idempotency record. Either all of it is
 * written or nothing is.
 */
import { chainLink } from "./canonical.ts";
import type { EventMeta, Projection, Statement, StoredEvent, StreamHead, StreamWrite } from "./types.ts";
import { ConcurrencyError, DuplicateError, IdempotentReplay } from "../errors.ts";

/** Turns the decided events into stored events: versions after the head, chained hashes, the command's time. */
export async function seal(write: StreamWrite, meta: EventMeta): Promise<StoredEvent[]> {
  const sealed: StoredEvent[] = [];
  let previous: StreamHead = write.head;
  for (const event of write.events) {
    const base = { stream: write.stream, version: previous.version + 1, type: event.type, data: event.data, meta, at: meta.at };
    const hash = await chainLink(previous.hash, base);
    sealed.push({ ...base, hash });
    previous = { version: base.version, hash };
  }
  return sealed;
}

const insertEvents =
  "INSERT INTO events (stream, version, type, data, meta, at, hash) SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'), " +
  "json_extract(value, '$[3]'), json_extract(value, '$[4]'), json_extract(value, '$[5]'), json_extract(value, '$[6]') FROM json_each(?)";

/** Events per insert statement: keeps the JSON parameter well under D1's 2 MB value limit. */
const eventsPerStatement = 500;

/**
 * The statements that store and project sealed events (append, seeding, benchmarks): the events as
 * multi-row inserts, then each read model's statements for the run of events it handles, so a grouped
 * batch of hundreds of commands costs a handful of statements.
 */
/** Each projection's event types as a set (a projection over every family handles hundreds of types). */
const handledTypes = new WeakMap<Projection, Set<string>>();
function handles(projection: Projection): Set<string> {
  let types = handledTypes.get(projection);
  if (!types) handledTypes.set(projection, (types = new Set(projection.canHandle)));
  return types;
}

export function statementsFor(projections: Projection[], sealed: StoredEvent[]): Statement[] {
  const statements: Statement[] = [];
  for (let i = 0; i < sealed.length; i += eventsPerStatement) {
    const rows = sealed.slice(i, i + eventsPerStatement).map((e) => [e.stream, e.version, e.type, JSON.stringify(e.data), JSON.stringify(e.meta), e.at, e.hash]);
    statements.push({ sql: insertEvents, params: [JSON.stringify(rows)] });
  }
  for (const projection of projections) {
    const types = handles(projection);
    const handled = sealed.filter((e) => types.has(e.type) || projection.handlesType?.(e.type));
    if (handled.length) statements.push(...projection.project(handled));
  }
  return statements;
}

export interface AppendOptions {
  /** key (already scoped to the actor) and the answer to remember for it */
  idempotency?: { key: string; response: unknown };
  /** the command's own statements in the same batch: `before` the events (a guard row), `after` them (a cursor) */
  statements?: { before?: Statement[]; after?: Statement[] };
}

/**
 * Appends to one or more streams atomically. A clash on (stream, version) means someone else wrote first:
 * nothing is written and a ConcurrencyError names the versions.
 */
export async function append(db: D1Database, projections: Projection[], writes: StreamWrite[], meta: EventMeta, options: AppendOptions = {}): Promise<StoredEvent[]> {
  const sealed = (await Promise.all(writes.map((w) => seal(w, meta)))).flat();
  const statements = [...(options.statements?.before ?? []), ...statementsFor(projections, sealed), ...(options.statements?.after ?? [])];
  if (options.idempotency) {
    statements.push({
      sql: "INSERT INTO idempotency (key, response, at) VALUES (?, ?, ?)",
      params: [options.idempotency.key, JSON.stringify(options.idempotency.response), meta.at],
    });
  }
  if (statements.length === 0) return sealed;
  try {
    await db.batch(statements.map((s) => db.prepare(s.sql).bind(...s.params)));
  } catch (error) {
    const explained = await explainFailure(db, projections, error, writes, options);
    // keep D1's own message for the logs
    if (explained !== error && explained instanceof Error) explained.cause = error;
    throw explained;
  }
  return sealed;
}

async function explainFailure(db: D1Database, projections: Projection[], error: unknown, writes: StreamWrite[], options: AppendOptions): Promise<unknown> {
  const message = String((error as Error)?.message ?? error);
  if (message.includes("UNIQUE constraint failed: events.stream, events.version")) {
    const write = writes[0]!;
    const row = await db.prepare("SELECT MAX(version) AS v FROM events WHERE stream = ?").bind(write.stream).first<{ v: number }>();
    return new ConcurrencyError(write.head.version, row?.v ?? 0);
  }
  if (message.includes("UNIQUE constraint failed: idempotency.key") && options.idempotency) {
    const row = await db.prepare("SELECT response FROM idempotency WHERE key = ?").bind(options.idempotency.key).first<{ response: string }>();
    if (row) return new IdempotentReplay(JSON.parse(row.response));
  }
  const unique = /UNIQUE constraint failed: (\w+)\.([\w, .]+)/.exec(message);
  if (unique) {
    const table = unique[1]!;
    const columns = unique[2]!.split(",").map((c) => c.trim().split(".").pop()!);
    // the table's owner names its fields; a table made at run time is named by the projection that writes it
    const owner = projections.find((p) => p.tables.includes(table));
    const fields = owner ? owner.uniqueFields?.(table, columns) : projections.map((p) => p.uniqueFields?.(table, columns)).find((f) => f);
    return new DuplicateError(fields ?? columns.map((c) => ({ key: c, label: { "zh-CN": c, "en-US": c } })));
  }
  return error;
}

// reads live in read.ts; these stay importable from here for the writers that read a head before appending
export { headOf, parseEventRow, readStream, readStreams } from "./read.ts";

/**
 * Writes events sealed ahead of time (the seed, the demo region) with their projections, a bounded number of
 * statements per batch: for loading, where no command decides and no stream has a head to guard.
 */
export async function appendSealed(db: D1Database, projections: Projection[], sealed: StoredEvent[], statementsPerBatch = 500): Promise<number> {
  const statements = statementsFor(projections, sealed);
  await runStatements(db, statements, statementsPerBatch);
  return sealed.length;
}

/** Runs statements in batches of `perBatch` (each batch atomic on its own). */
export async function runStatements(db: D1Database, statements: Statement[], perBatch = 500) {
  for (let i = 0; i < statements.length; i += perBatch) await db.batch(statements.slice(i, i + perBatch).map((s) => db.prepare(s.sql).bind(...s.params)));
}
