/**
 * The idempotent upsert of one page, decided against the read model in two queries: which items are new
 * (a create each), which the source sent anew — its item differs from the `raw` kept (an update carrying
 * the source-owned fields that differ; history shows it beside any user's edit, and a user's edit stands until
 * the source sends a new version) — and which are unchanged (nothing written: a second run over an
 * unchanged source appends no event). A record a user deleted stays in the recycle bin while the source
 * sends the version it had; a newer version restores it (same id) with the source's new values. Items that
 * fail the list's schema are refused one by one with the reason; the page goes on.
 */
import type { Family } from "../../events/family.ts";
import type { SynList } from "../../events/families/syn-common.ts";
import { toColumn } from "../../events/fields.ts";
import { ValidationError } from "../errors.ts";
import { createOf, streamOf } from "../resources/commands.ts";
import { decide, fold, type RecordValues } from "../resources/decide.ts";
import { parseRecord } from "../resources/validate.ts";
import { headOf, readStreams } from "../store/read.ts";
import type { StreamWrite } from "../store/types.ts";
import { sourceOwned, type Mapped } from "./map.ts";

export interface PageDecision {
  writes: StreamWrite[];
  /** the natural keys of the items that passed the list's schema (created, updated or found unchanged) */
  accepted: string[];
  created: number;
  updated: number;
  unchanged: number;
  rejections: string[];
}

type Row = Record<string, unknown>;

/** Rows of `family` whose column `column` is one of `values` (bound as one JSON array: no 100-parameter limit). */
export async function rowsWhereIn(db: D1Database, family: Family, column: string, values: string[]): Promise<Row[]> {
  if (values.length === 0) return [];
  const { results } = await db.prepare(`SELECT * FROM ${family.table} WHERE ${column} IN (SELECT value FROM json_each(?))`).bind(JSON.stringify(values)).all<Row>();
  return results;
}

const refusal = (error: unknown) => (error instanceof ValidationError ? error.render("zh-CN").msg : String(error));

/** Updates `ids` with the patch each needs, read from their streams in one call per 90. */
export async function updates(db: D1Database, family: Family, patches: Map<string, RecordValues>): Promise<StreamWrite[]> {
  const streams = await readStreams(db, [...patches.keys()].map((id) => streamOf(family, id)));
  const writes: StreamWrite[] = [];
  for (const [id, patch] of patches) {
    const events = streams.get(streamOf(family, id)) ?? [];
    const state = fold(family, events);
    if (!state.record || state.deleted) continue;
    writes.push({ stream: streamOf(family, id), head: headOf(events), events: decide(family, { kind: "update", id, patch }, state) });
  }
  return writes;
}

/**
 * Deleted records of `family` by natural key, with the values the deletion took away (the recycle bin keeps
 * them): without this a deleted record's next sync would create it again under a new id.
 */
async function deletedByKey(db: D1Database, family: Family, keys: string[]): Promise<Map<string, { id: string; record: RecordValues }>> {
  if (keys.length === 0) return new Map();
  const { results } = await db
    .prepare("SELECT id, record FROM recycle_bin WHERE family = ? AND json_extract(record, '$.naturalKey') IN (SELECT value FROM json_each(?))")
    .bind(family.name, JSON.stringify(keys))
    .all<{ id: string; record: string }>();
  return new Map(results.map((r) => {
    const record = JSON.parse(r.record) as RecordValues;
    return [String(record.naturalKey), { id: r.id, record }];
  }));
}

/** Restores deleted records and updates them with the patch each needs, in one write per stream. */
async function revivals(db: D1Database, family: Family, patches: Map<string, RecordValues>): Promise<StreamWrite[]> {
  const streams = await readStreams(db, [...patches.keys()].map((id) => streamOf(family, id)));
  const writes: StreamWrite[] = [];
  for (const [id, patch] of patches) {
    const events = streams.get(streamOf(family, id)) ?? [];
    const state = fold(family, events);
    if (!state.deleted || !state.deletedRecord) continue;
    const restored = decide(family, { kind: "restore", id }, state);
    const back = { ...state, version: state.version + 1, record: state.deletedRecord, deleted: false, deletedRecord: null };
    writes.push({ stream: streamOf(family, id), head: headOf(events), events: [...restored, ...decide(family, { kind: "update", id, patch }, back)] });
  }
  return writes;
}

/** The source-owned fields of `values` that differ from a stored row (read-model columns) or record (JSON values). */
function ownedChanges(family: Family, owned: string[], values: RecordValues, stored: (key: string) => unknown): RecordValues {
  const changed = owned.filter((k) => family.fields[k] && toColumn(family.fields[k]!, values[k] ?? null) !== (stored(k) ?? null));
  return Object.fromEntries([...changed, "syncedAt", "syncJobId"].map((k) => [k, values[k] ?? null]));
}

/**
 * The items of a page the source sent exactly as before, recognised in one query: the content hash kept for
 * the item's natural key (`sync_item`, written when an item is applied) equals the page's, and its record is
 * not marked removed at source. Only the others are decided in JavaScript. (CROSS JOIN keeps the page's
 * items the outer loop: each looks its hash up by key, instead of every kept hash of the list being scanned.)
 */
export async function unchangedKeys(db: D1Database, list: SynList, hashes: ReadonlyMap<string, string>): Promise<Set<string>> {
  if (hashes.size === 0) return new Set();
  const { family } = list;
  const c = family.column;
  const { results } = await db
    .prepare(
      `SELECT s.natural_key AS naturalKey FROM json_each(?2) j
       CROSS JOIN sync_item s ON s.list = ?1 AND s.natural_key = json_extract(j.value, '$[0]') AND s.content_hash = json_extract(j.value, '$[1]')
       LEFT JOIN ${family.table} t ON t.${c.naturalKey} = s.natural_key
       WHERE COALESCE(t.${c.sourceRemoved}, 0) = 0`,
    )
    .bind(family.name, JSON.stringify([...hashes]))
    .all<{ naturalKey: string }>();
  return new Set(results.map((r) => r.naturalKey));
}

export async function decidePage(db: D1Database, list: SynList, mapped: Mapped[]): Promise<PageDecision> {
  const { family } = list;
  const owned = sourceOwned(list);
  const byKey = new Map(mapped.map((m) => [m.naturalKey, m]));
  const existing = new Map((await rowsWhereIn(db, family, family.column.naturalKey!, [...byKey.keys()])).map((r) => [String(r[family.column.naturalKey!]), r]));
  const deleted = await deletedByKey(db, family, [...byKey.keys()].filter((k) => !existing.has(k)));
  const decision: PageDecision = { writes: [], accepted: [], created: 0, updated: 0, unchanged: 0, rejections: [] };
  const patches = new Map<string, RecordValues>();
  const revived = new Map<string, RecordValues>();
  for (const [key, item] of byKey) {
    let values: RecordValues;
    try {
      values = parseRecord(family, family.createSchema, item.values);
    } catch (error) {
      decision.rejections.push(`${String(item.values.creditCode ?? "")} ${refusal(error)}`.trim());
      continue;
    }
    decision.accepted.push(key);
    const row = existing.get(key);
    const gone = row ? undefined : deleted.get(key);
    if (gone) {
      // deleted by a user: the version it had stays deleted, a newer one comes back with the source's values
      const raw = family.fields.raw!;
      if (toColumn(raw, values.raw) === toColumn(raw, gone.record.raw ?? null)) decision.unchanged++;
      else revived.set(gone.id, ownedChanges(family, owned, values, (k) => toColumn(family.fields[k]!, gone.record[k] ?? null)));
      continue;
    }
    if (!row) {
      decision.writes.push(createOf(family, values));
      decision.created++;
      continue;
    }
    // the item as the source sent it decides: a user's edit stands until the source sends something new
    const resent = toColumn(family.fields.raw!, values.raw) === row[family.column.raw!] && !row[family.column.sourceRemoved!];
    if (resent) {
      decision.unchanged++;
      continue;
    }
    patches.set(String(row[family.idColumn]), ownedChanges(family, owned, values, (k) => row[family.column[k]!]));
  }
  const updated = [...(await updates(db, family, patches)), ...(await revivals(db, family, revived))];
  decision.writes.push(...updated);
  decision.updated = updated.length;
  return decision;
}
