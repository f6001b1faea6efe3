/** Record commands for any family: read the streams, decide, hand the writes to the command runner. */
import * as z from "zod";
import type { Family } from "../../events/family.ts";
import { headOf, readStream, readStreams } from "../store/read.ts";
import type { StoredEvent, StreamWrite } from "../store/types.ts";
import { ConcurrencyError, DomainError, NamedError, ValidationError, codes, notFound } from "../errors.ts";
import { displayTime } from "../time.ts";
import { decide, fold, foldTo, type RecordValues } from "./decide.ts";
import { parseRecord, parseUpdate } from "./validate.ts";
import { recordWhere } from "./query.ts";
import { lazySchema } from "../../events/lazy.ts";

export const streamOf = (family: Family, id: string) => `${family.name}:${id}`;

/** A request's record without the fields only the family's commands set (Field.managed). */
export function withoutManaged<T extends Record<string, unknown>>(family: Family, input: T): T {
  if (!input || typeof input !== "object" || Array.isArray(input)) return input;
  return Object.fromEntries(Object.entries(input).filter(([key]) => !family.fields[key]?.managed)) as T;
}

export function newCreate(family: Family, input: unknown, id: string = crypto.randomUUID()): StreamWrite {
  return createOf(family, parseRecord(family, family.createSchema, input), id);
}

/** The create of a record already parsed by the family's create schema (a sync page parses each item once). */
export function createOf(family: Family, record: Record<string, unknown>, id: string = crypto.randomUUID()): StreamWrite {
  return { stream: streamOf(family, id), head: { version: 0, hash: "" }, events: decide(family, { kind: "create", id, record }, fold(family, [])) };
}

/**
 * An update from a partial record: unknown fields are dropped, present ones validated, then the merged
 * record must satisfy the whole schema. `expectedVersion` (body `version` or If-Match) guards lost updates.
 */
export async function newUpdate(db: D1Database, family: Family, id: string, input: RecordValues, expectedVersion?: number, action?: string): Promise<StreamWrite> {
  return updateOf(family, id, input, await readStream(db, streamOf(family, id)), expectedVersion, action);
}

/** The update decided on the record's stream as read (the command pipeline reads it): its input parsed once. */
export function updateOf(family: Family, id: string, input: RecordValues, events: StoredEvent[], expectedVersion?: number, action?: string): StreamWrite {
  const state = fold(family, events);
  const head = headOf(events);
  const { patch } = parseUpdate(family, state.record, input);
  if (expectedVersion !== undefined && expectedVersion !== head.version) throw new ConcurrencyError(expectedVersion, head.version);
  return { stream: streamOf(family, id), head, events: decide(family, { kind: "update", id, patch, action }, state) };
}

/**
 * A state command on a record (publish, examine…): `transition` decides the fields to change from the record
 * as its stream has it (not the read model), or refuses; the update names the command for history.
 */
export async function newTransition(db: D1Database, family: Family, id: string, action: string, transition: (record: RecordValues) => RecordValues): Promise<StreamWrite> {
  const events = await readStream(db, streamOf(family, id));
  const state = fold(family, events);
  if (!state.record) throw notFound(family.label);
  const patch = transition(state.record);
  return { stream: streamOf(family, id), head: headOf(events), events: decide(family, { kind: "update", id, patch, action }, state) };
}

/**
 * The write that creates the one record matching `match` with `values`, or updates it when it exists (a
 * per-user record such as a user's column settings): read it at decision time, so a clash decides again.
 */
export async function newUpsert(db: D1Database, family: Family, match: Record<string, string>, values: RecordValues): Promise<StreamWrite> {
  const existing = await recordWhere(db, family, match);
  return existing ? newUpdate(db, family, String(existing[family.idKey]), values) : newCreate(family, { ...match, ...values });
}

/** A tree's record may only point at a live parent (revert and restore can bring back a stale pointer). */
async function requireLiveParent(db: D1Database, family: Family, record: RecordValues) {
  const parentKey = family.parentKey;
  const parent = parentKey ? record[parentKey] : null;
  if (!parentKey || parent === null || parent === undefined || parent === "" || parent === "0") return;
  const row = await db.prepare(`SELECT 1 FROM ${family.table} WHERE ${family.idColumn} = ?`).bind(String(parent)).first();
  if (!row) throw new ValidationError([{ field: parentKey, label: family.fields[parentKey]!.label, key: "parentMissing" }]);
}

/**
 * A revert: the values of version `version` (read from the stream) become the record again, as an update
 * that history shows as a revert. They must still pass today's schema, rules and tree.
 */
export async function newRevert(db: D1Database, family: Family, id: string, version: number, expectedVersion?: number): Promise<StreamWrite> {
  const events = await readStream(db, streamOf(family, id));
  const head = headOf(events);
  if (expectedVersion !== undefined && expectedVersion !== head.version) throw new ConcurrencyError(expectedVersion, head.version);
  const state = fold(family, events);
  if (!state.record) throw notFound(family.label);
  const then = foldTo(family, events, version).record;
  if (!then || version >= head.version) throw new DomainError(codes.validation, "noSuchVersion", { version });
  parseRecord(family, family.createSchema, then);
  await requireLiveParent(db, family, then);
  return { stream: streamOf(family, id), head, events: decide(family, { kind: "revert", id, version, record: then }, state) };
}

/** A restore: the record a deletion took away comes back with its values and its creation time. */
export async function newRestore(db: D1Database, family: Family, id: string): Promise<StreamWrite> {
  const events = await readStream(db, streamOf(family, id));
  if (events.length === 0) throw notFound(family.label);
  const state = fold(family, events);
  if (state.deletedRecord) await requireLiveParent(db, family, state.deletedRecord);
  return { stream: streamOf(family, id), head: headOf(events), events: decide(family, { kind: "restore", id }, state) };
}

/** The record as it was at `version`, shaped like a read-model answer; null when it did not exist then. */
export async function recordAsOf(db: D1Database, family: Family, id: string, version: number): Promise<RecordValues | null> {
  const events = await readStream(db, streamOf(family, id));
  const upTo = events.filter((e) => e.version <= version);
  const state = fold(family, upTo);
  if (!state.record || state.version !== version) return null;
  const last = upTo.at(-1)!;
  return {
    [family.idKey]: id,
    ...state.record,
    version,
    createTime: state.created ? displayTime(state.created.at) : null,
    createBy: state.created?.by ?? null,
    updateTime: displayTime(last.at),
    updateBy: last.meta.actorId,
  };
}

/** A record id in a request: text, or a number the seed's screens send. */
export const recordId = lazySchema(() => z.union([z.string().min(1).max(64), z.number()]).transform(String));
export const idList = lazySchema(() => z.array(recordId).min(1).max(100));

/** Deletes of several records, decided against each stream; one batch appends them all or none. */
export async function newDeletes(db: D1Database, family: Family, ids: string[]): Promise<StreamWrite[]> {
  if (family.parentKey) {
    // a tree keeps no orphans: children that are not deleted with their parent block the deletion
    const column = family.column[family.parentKey]!;
    const child = await db
      .prepare(`SELECT 1 FROM ${family.table} WHERE ${column} IN (SELECT value FROM json_each(?1)) AND ${family.idColumn} NOT IN (SELECT value FROM json_each(?1)) LIMIT 1`)
      .bind(JSON.stringify(ids))
      .first();
    if (child) throw new NamedError(codes.validation, "hasChildren", family.label);
  }
  const streams = await readStreams(db, ids.map((id) => streamOf(family, id)));
  return ids.map((id) => {
    const events = streams.get(streamOf(family, id)) ?? [];
    return { stream: streamOf(family, id), head: headOf(events), events: decide(family, { kind: "delete", id }, fold(family, events)) };
  });
}

/** Many streams in one read per 90 names (the store's). */
export { readStreams } from "../store/read.ts";

export function tooMany(max: number) {
  return new ValidationError([{ field: "ids", label: { "zh-CN": "删除项", "en-US": "Items" }, key: "tooManyIds", params: { max } }]);
}

export function nothingSelected() {
  return new ValidationError([{ field: "ids", label: { "zh-CN": "删除项", "en-US": "Items" }, key: "pleaseSelectDelete" }]);
}
