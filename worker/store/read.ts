/**
 * Reading the log: what modules need from it, so only the store names its table. Streams whole, several or
 * by their head; events of some types after a position; a stream's history and the whole log by pages; the
 * last event of each stream in a range of names. Every query here uses the log's indexes (the position key,
 * (stream, version) and type) as the modules' own SQL did before it moved here.
 *
 * @example
 * const events = await readStream(db, "sys.user:42");
 * const { version, hash } = await head(db, "msg.reader:42");
 */
import type { EventMeta, Statement, StoredEvent, StreamHead } from "./types.ts";

/** A row of the log as D1 answers it (data and meta still JSON text). */
export type EventRow = { position: number; stream: string; version: number; type: string; data: string; meta: string; at: string; hash: string };

const columns = "position, stream, version, type, data, meta, at, hash";

/** D1 binds at most 100 parameters; a chunk of names leaves room for the others. */
const namesPerQuery = 90;

export function parseEventRow(row: EventRow): StoredEvent {
  return { ...row, data: JSON.parse(row.data), meta: JSON.parse(row.meta) };
}

/** The head of events already read (the last one's version and hash; an empty stream's is version 0). */
export function headOf(stream: StoredEvent[]): StreamHead {
  const last = stream.at(-1);
  return last ? { version: last.version, hash: last.hash } : { version: 0, hash: "" };
}

/** Reads a stream in order (its head is the last event). */
export async function readStream(db: D1Database, stream: string): Promise<StoredEvent[]> {
  const { results } = await db.prepare(`SELECT ${columns} FROM events WHERE stream = ? ORDER BY version`).bind(stream).all<EventRow>();
  return results.map(parseEventRow);
}

/**
 * Reads the stream whose name a module's query answers, in the same round trip: `name` is a scalar
 * SELECT answering one stream name (or none, and the stream is empty).
 *
 * @example
 * await readStreamNamedBy(db, { sql: "SELECT 'flow:' || proc_ins_id FROM flow_record WHERE task_id = ? LIMIT 1", params: [taskId] });
 */
export async function readStreamNamedBy(db: D1Database, name: Statement): Promise<StoredEvent[]> {
  const { results } = await db
    .prepare(`SELECT ${columns} FROM events WHERE stream = (${name.sql}) ORDER BY version`)
    .bind(...name.params)
    .all<EventRow>();
  return results.map(parseEventRow);
}

/** A stream's head without reading the stream: its last event's version and hash (version 0 when empty). */
export async function head(db: D1Database, stream: string): Promise<StreamHead> {
  const row = await db.prepare("SELECT version, hash FROM events WHERE stream = ? ORDER BY version DESC LIMIT 1").bind(stream).first<StreamHead>();
  return row ?? { version: 0, hash: "" };
}

/** Reads many streams, one query per 90 names; a stream without events is absent from the answer. */
export async function readStreams(db: D1Database, streams: string[]): Promise<Map<string, StoredEvent[]>> {
  const out = new Map<string, StoredEvent[]>();
  for (let i = 0; i < streams.length; i += namesPerQuery) {
    const chunk = streams.slice(i, i + namesPerQuery);
    const { results } = await db
      .prepare(`SELECT ${columns} FROM events WHERE stream IN (${chunk.map(() => "?").join(",")}) ORDER BY stream, version`)
      .bind(...chunk)
      .all<EventRow>();
    for (const row of results) {
      const e = parseEventRow(row);
      const list = out.get(e.stream);
      if (list) list.push(e);
      else out.set(e.stream, [e]);
    }
  }
  return out;
}

/**
 * Up to `limit` events of the given types after a position, in log order: page on with the last one's
 * position. The types travel as one JSON parameter, however many there are.
 */
export async function eventsAfter(db: D1Database, types: readonly string[], after: number, limit: number): Promise<StoredEvent[]> {
  const { results } = await db
    .prepare(`SELECT ${columns} FROM events WHERE position > ?1 AND type IN (SELECT value FROM json_each(?2)) ORDER BY position LIMIT ?3`)
    .bind(after, JSON.stringify(types), limit)
    .all<EventRow>();
  return results.map(parseEventRow);
}

/** A page of a stream, newest first, and how many events it holds. */
export async function streamPage(db: D1Database, stream: string, page: { page: number; limit: number }): Promise<{ total: number; events: StoredEvent[] }> {
  const [count, rows] = await db.batch([
    db.prepare("SELECT COALESCE(MAX(version), 0) AS n FROM events WHERE stream = ?").bind(stream),
    db.prepare(`SELECT ${columns} FROM events WHERE stream = ? ORDER BY version DESC LIMIT ? OFFSET ?`).bind(stream, page.limit, (page.page - 1) * page.limit),
  ]);
  return { total: (count!.results[0] as { n: number }).n, events: (rows!.results as EventRow[]).map(parseEventRow) };
}

/** The position of the log's last event: also how many events it holds (positions are never reused, events never deleted). */
export async function lastPosition(db: D1Database): Promise<number> {
  return (await db.prepare("SELECT COALESCE(MAX(position), 0) AS p FROM events").first<{ p: number }>())!.p;
}

/** What the operation log filters by: the actor's name, a type prefix (`sys` or `sys.user`), a time range. */
export interface LogFilter {
  actorName?: string;
  /** events whose type starts with `<module>.` */
  module?: string;
  /** ISO times, inclusive from, exclusive to */
  from?: string;
  to?: string;
}

/** A log entry: the event without its data and hash. */
export interface LogEntry {
  position: number;
  stream: string;
  type: string;
  at: string;
  meta: EventMeta;
}

/** A page of the whole log, newest first, with the count of what the filter matches. */
export async function logPage(db: D1Database, filter: LogFilter, page: { page: number; limit: number }): Promise<{ total: number; rows: LogEntry[] }> {
  const where: string[] = [];
  const params: (string | number)[] = [];
  if (filter.actorName) where.push("json_extract(meta, '$.actorName') = ?") && params.push(filter.actorName);
  if (filter.module) where.push("type >= ? AND type < ?") && params.push(`${filter.module}.`, `${filter.module}/`);
  if (filter.from) where.push("at >= ?") && params.push(filter.from);
  if (filter.to) where.push("at < ?") && params.push(filter.to);
  const clause = where.length ? `WHERE ${where.join(" AND ")}` : "";
  const [rows, total] = await db.batch([
    db.prepare(`SELECT position, stream, type, at, meta FROM events ${clause} ORDER BY position DESC LIMIT ? OFFSET ?`).bind(...params, page.limit, (page.page - 1) * page.limit),
    // unfiltered: the last position is the count (positions are never reused and events never deleted)
    where.length ? db.prepare(`SELECT COUNT(*) AS n FROM events ${clause}`).bind(...params) : db.prepare("SELECT COALESCE(MAX(position), 0) AS n FROM events"),
  ]);
  return {
    total: (total!.results[0] as { n: number }).n,
    rows: (rows!.results as (Omit<LogEntry, "meta"> & { meta: string })[]).map((r) => ({ ...r, meta: JSON.parse(r.meta) as EventMeta })),
  };
}

/**
 * The last event of every stream whose name lies in [from, to), in log order: the final state of a
 * family's records (`family:` to `family;`) without folding their streams.
 */
export async function lastEvents(db: D1Database, from: string, to: string): Promise<StoredEvent[]> {
  const { results } = await db
    .prepare(
      "SELECT e.position, e.stream, e.version, e.type, e.data, e.meta, e.at, e.hash FROM events e WHERE e.stream >= ?1 AND e.stream < ?2 " +
        "AND e.version = (SELECT MAX(x.version) FROM events x WHERE x.stream = e.stream) ORDER BY e.position",
    )
    .bind(from, to)
    .all<EventRow>();
  return results.map(parseEventRow);
}

/**
 * The largest number ending the names of the streams `prefix` + `width` characters (a stream counted once,
 * by its first event; null when there is none). `prefix` is matched as LIKE matches it.
 */
export async function largestStreamNumber(db: D1Database, prefix: string, width: number): Promise<number | null> {
  const row = await db
    .prepare("SELECT MAX(CAST(substr(stream, ?1) AS INTEGER)) AS n FROM events WHERE stream LIKE ?2 AND version = 1 AND length(stream) = ?3")
    .bind(prefix.length + 1, `${prefix}${"_".repeat(width)}`, prefix.length + width)
    .first<{ n: number | null }>();
  return row?.n ?? null;
}

/** An event's place in the chain without its data: what an explorer shows of it. */
export interface ChainEntry {
  position: number;
  stream: string;
  version: number;
  type: string;
  at: string;
  hash: string;
}

/**
 * The chain at a glance: how many events and streams the log (or the streams named `prefix:…`) holds, its
 * last `latest` events with their hashes, and the names of the `recent` streams written last.
 */
export async function chainSummary(db: D1Database, prefix: string | null, latest: number, recent: number): Promise<{ events: number; streams: number; latest: ChainEntry[]; recentStreams: string[] }> {
  const range = prefix === null ? "" : "WHERE stream >= ?1 AND stream < ?2";
  const bounds = prefix === null ? [] : [`${prefix}:`, `${prefix};`];
  const [counts, last, streams] = await db.batch([
    prefix === null
      ? db.prepare("SELECT COALESCE(MAX(position), 0) AS events, (SELECT COUNT(*) FROM events WHERE version = 1) AS streams FROM events")
      : db.prepare(`SELECT COUNT(*) AS events, COUNT(DISTINCT stream) AS streams FROM events ${range}`).bind(...bounds),
    db.prepare(`SELECT position, stream, version, type, at, hash FROM events ${range} ORDER BY position DESC LIMIT ${Math.trunc(latest)}`).bind(...bounds),
    // the streams among the last events written, so a large log is not scanned whole
    db.prepare(`SELECT stream FROM (SELECT stream, position FROM events ${range} ORDER BY position DESC LIMIT ${Math.trunc(recent) * 20}) GROUP BY stream ORDER BY MAX(position) DESC LIMIT ${Math.trunc(recent)}`).bind(...bounds),
  ]);
  const c = counts!.results[0] as { events: number; streams: number };
  return { events: c.events, streams: c.streams, latest: last!.results as unknown as ChainEntry[], recentStreams: (streams!.results as { stream: string }[]).map((r) => r.stream) };
}
