/**
 * The idempotent upsert of one page, decided against the read model in two queries: which items are new
 * (a create each), which the source sent anew — its item differs from the `raw` kept (an update carrying
 * the source-owned fields that differ; history shows it beside any user's edit, and a user's edit stands until
 * the source sends a new version) — and which are unchanged (nothing written: a second run over an
 * unchanged source appends no event). Items that fail the list's schema are refused
 * one by one with the reason; the page goes on.
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

export async function decidePage(db: D1Database, list: SynList, mapped: Mapped[]): Promise<PageDecision> {
  const { family } = list;
  const owned = sourceOwned(list);
  const byKey = new Map(mapped.map((m) => [m.naturalKey, m]));
  const existing = new Map((await rowsWhereIn(db, family, family.column.naturalKey!, [...byKey.keys()])).map((r) => [String(r[family.column.naturalKey!]), r]));
  const decision: PageDecision = { writes: [], created: 0, updated: 0, unchanged: 0, rejections: [] };
  const patches = new Map<string, RecordValues>();
  for (const [key, item] of byKey) {
    let values: RecordValues;
    try {
      values = parseRecord(family, family.createSchema, item.values);
    } catch (error) {
      decision.rejections.push(refusal(error));
      continue;
    }
    const row = existing.get(key);
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
    const changed = owned.filter((k) => family.fields[k] && toColumn(family.fields[k]!, values[k] ?? null) !== (row[family.column[k]!] ?? null));
    patches.set(String(row[family.idColumn]), Object.fromEntries([...changed, "syncedAt", "syncJobId"].map((k) => [k, values[k] ?? null])));
  }
  const updated = await updates(db, family, patches);
  decision.writes.push(...updated);
  decision.updated = updated.length;
  return decision;
}
