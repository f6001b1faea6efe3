/**
 * A counted read model: rows of a family's records counted by a key of a few columns, kept in step with the
 * family's created/updated/deleted/restored events in the same batch (one upsert over `json_each`), and
 * recomputed from the family's table after a rebuild (the table is the replay's result, so the counts cannot
 * drift from it). Absent values are stored as '' (a key column holding NULL would never match itself).
 */
import type { Projection, Statement, StoredEvent } from "./types.ts";

export interface CountedKey {
  column: string;
  /** the key's value of a record ('' when absent) */
  of(record: Record<string, unknown>): string;
}

export interface CountedSource {
  events: { created: string; updated: string; deleted: string; restored: string };
}

/** A field's value as a key ('' for an absent value). */
export const keyValue = (field: string) => (r: Record<string, unknown>) => (r[field] === null || r[field] === undefined ? "" : String(r[field]));

/** The +1/−1 deltas of a run of a family's events over the key. */
export function countedDeltas(source: CountedSource, keys: readonly CountedKey[], events: StoredEvent[]): (string | number)[][] {
  const { created, updated, deleted, restored } = source.events;
  const keyOf = (r: Record<string, unknown>) => keys.map((k) => k.of(r));
  const deltas: (string | number)[][] = [];
  for (const e of events) {
    const d = e.data as { record?: Record<string, unknown>; changes?: Record<string, [unknown, unknown]> };
    if (!d.record) continue;
    if (e.type === created || e.type === restored) deltas.push([...keyOf(d.record), 1]);
    else if (e.type === deleted) deltas.push([...keyOf(d.record), -1]);
    else if (e.type === updated && d.changes) {
      const before = { ...d.record, ...Object.fromEntries(Object.entries(d.changes).map(([k, [was]]) => [k, was])) };
      const [from, to] = [keyOf(before), keyOf(d.record)];
      if (from.join("\u0000") !== to.join("\u0000")) deltas.push([...from, -1], [...to, 1]);
    }
  }
  return deltas;
}

/** The statements applying deltas to the counted table (rows that reach 0 are removed). */
export function countedUpserts(table: string, keys: readonly CountedKey[], deltas: (string | number)[][]): Statement[] {
  if (!deltas.length) return [];
  const columns = keys.map((k) => k.column).join(", ");
  const values = [...keys, { column: "n" }].map((_, i) => `json_extract(value, '$[${i}]')`).join(", ");
  return [
    { sql: `INSERT INTO ${table} (${columns}, n) SELECT ${values} FROM json_each(?) WHERE true ON CONFLICT(${columns}) DO UPDATE SET n = n + excluded.n`, params: [JSON.stringify(deltas)] },
    ...(deltas.some((x) => (x[keys.length] as number) < 0) ? [{ sql: `DELETE FROM ${table} WHERE n = 0`, params: [] }] : []),
  ];
}

/** A read model counting one family's records by a key; `fromTable` recounts it after a rebuild. */
export function countedProjection(options: { name: string; table: string; source: CountedSource; keys: readonly CountedKey[]; fromTable: string }): Projection {
  const { created, updated, deleted, restored } = options.source.events;
  return {
    name: options.name,
    tables: [options.table],
    canHandle: [created, updated, deleted, restored],
    project: (events) => countedUpserts(options.table, options.keys, countedDeltas(options.source, options.keys, events)),
    // recounted from the family's table once the replay has rebuilt it
    rebuildRange: () => [],
    afterRebuild: () => [{ sql: options.fromTable, params: [] }],
  };
}
