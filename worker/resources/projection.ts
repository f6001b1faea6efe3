/**
 * The read model of a record family, derived from its declaration. Live appends and rebuilds share one
 * statement shape: rows travel as one JSON parameter through json_each, so a row of any width binds a
 * single parameter (D1 allows 100) and a rebuild writes hundreds of rows per statement.
 */
import { metaColumns, type Family } from "../../events/family.ts";
import { toColumn } from "../../events/fields.ts";
import type { Projection, Statement, StoredEvent } from "../store/types.ts";
import { displayTime } from "../time.ts";

type Value = string | number | null;

/** Rows per statement in a rebuild: keeps the JSON parameter well under D1's 2 MB value limit. */
const rowsPerStatement = 400;

export function familyProjection(family: Family): Projection {
  const fieldKeys = Object.keys(family.fields);
  const columns = [family.idColumn, ...fieldKeys.map((k) => family.column[k]!), ...metaColumns.map((m) => m.column)];
  const createColumns = new Set(["create_time", "create_by"]);
  const createIndexes = columns.flatMap((c, i) => (createColumns.has(c) ? [i] : []));
  const upsertSql =
    `INSERT INTO ${family.table} (${columns.join(", ")}) SELECT ${columns.map((_, i) => `json_extract(value, '$[${i}]')`).join(", ")} ` +
    `FROM json_each(?) WHERE true ON CONFLICT(${family.idColumn}) DO UPDATE SET ` +
    columns.filter((c) => c !== family.idColumn && !createColumns.has(c)).map((c) => `${c} = excluded.${c}`).join(", ");
  const deleteSql = `DELETE FROM ${family.table} WHERE ${family.idColumn} IN (SELECT value FROM json_each(?))`;
  const links = Object.entries(family.fields).flatMap(([key, f]) => (f.link ? [{ key, ...f.link }] : []));
  const counterScope = (key: string) => `${family.table}.${family.column[key]}`;

  /** The row an event leaves behind (null when deleted); create_* only on the created event. */
  function rowOf(e: StoredEvent): Value[] | null {
    if (e.type === family.events.deleted) return null;
    const record = e.data.record as Record<string, unknown>;
    const created = e.type === family.events.created;
    const by = e.meta.actorId ?? "system";
    const time = displayTime(e.at);
    return [
      e.data.id as string,
      ...fieldKeys.map((k) => toColumn(family.fields[k]!, record[k])),
      e.version,
      created ? time : null,
      created ? by : null,
      time,
      by,
    ];
  }

  function counterDeltas(e: StoredEvent): [string, string, number][] {
    const record = e.data.record as Record<string, unknown>;
    const valueOf = (v: unknown) => (v === null || v === undefined ? "" : String(v));
    if (e.type === family.events.updated) {
      const changes = (e.data.changes ?? {}) as Record<string, [unknown, unknown]>;
      return family.counted.flatMap((k) =>
        k in changes ? [[counterScope(k), valueOf(changes[k]![0]), -1] as [string, string, number], [counterScope(k), valueOf(changes[k]![1]), 1] as [string, string, number]] : [],
      );
    }
    const sign = e.type === family.events.created ? 1 : -1;
    return [[family.table, "", sign], ...family.counted.map((k) => [counterScope(k), valueOf(record[k]), sign] as [string, string, number])];
  }

  function linkStatements(id: string, record: Record<string, unknown> | null, changedKeys: string[] | null): Statement[] {
    return links.flatMap((link) => {
      if (changedKeys && !changedKeys.includes(link.key)) return [];
      const remove = { sql: `DELETE FROM ${link.table} WHERE ${link.ownerColumn} = ?`, params: [id] };
      const refs = (record?.[link.key] as string[] | null) ?? [];
      if (!record || refs.length === 0) return [remove];
      return [remove, { sql: `INSERT OR IGNORE INTO ${link.table} (${link.ownerColumn}, ${link.refColumn}) SELECT ?, value FROM json_each(?)`, params: [id, JSON.stringify(refs)] }];
    });
  }

  return {
    name: family.name,
    tables: [family.table, ...links.map((l) => l.table)],
    canHandle: [family.events.created, family.events.updated, family.events.deleted],

    project(e) {
      const id = e.data.id as string;
      const row = rowOf(e);
      const statements: Statement[] = [row ? { sql: upsertSql, params: [JSON.stringify([row])] } : { sql: deleteSql, params: [JSON.stringify([id])] }];
      const deltas = counterDeltas(e);
      if (deltas.length) {
        const json = JSON.stringify(deltas);
        statements.push({
          sql: "INSERT INTO counters (scope, value, n) SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]') FROM json_each(?) WHERE true ON CONFLICT(scope, value) DO UPDATE SET n = n + excluded.n",
          params: [json],
        });
        if (deltas.some(([, , n]) => n < 0)) {
          statements.push({ sql: "DELETE FROM counters WHERE n = 0 AND scope IN (SELECT json_extract(value, '$[0]') FROM json_each(?))", params: [json] });
        }
      }
      const changed = e.type === family.events.updated ? Object.keys((e.data.changes ?? {}) as object) : null;
      statements.push(...linkStatements(id, row ? (e.data.record as Record<string, unknown>) : null, changed));
      return statements;
    },

    rebuildPage(events) {
      // Fold the page: the last state of each record wins; create_* stay from its created event.
      const rows = new Map<string, Value[] | null>();
      const records = new Map<string, Record<string, unknown> | null>();
      for (const e of events) {
        const id = e.data.id as string;
        const row = rowOf(e);
        const before = rows.get(id);
        if (row && before) for (const i of createIndexes) row[i] ??= before[i]!;
        rows.set(id, row);
        records.set(id, row ? (e.data.record as Record<string, unknown>) : null);
      }
      const live = [...rows.values()].filter((r): r is Value[] => r !== null);
      const gone = [...rows.entries()].filter(([, r]) => r === null).map(([id]) => id);
      const statements: Statement[] = [];
      for (let i = 0; i < live.length; i += rowsPerStatement) {
        statements.push({ sql: upsertSql, params: [JSON.stringify(live.slice(i, i + rowsPerStatement))] });
      }
      if (gone.length) statements.push({ sql: deleteSql, params: [JSON.stringify(gone)] });
      for (const link of links) {
        const touched = [...records.keys()];
        statements.push({ sql: `DELETE FROM ${link.table} WHERE ${link.ownerColumn} IN (SELECT value FROM json_each(?))`, params: [JSON.stringify(touched)] });
        const pairs = [...records.entries()].flatMap(([id, r]) => ((r?.[link.key] as string[] | null) ?? []).map((ref) => [id, ref]));
        if (pairs.length) {
          statements.push({
            sql: `INSERT OR IGNORE INTO ${link.table} (${link.ownerColumn}, ${link.refColumn}) SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?)`,
            params: [JSON.stringify(pairs)],
          });
        }
      }
      return statements;
    },

    afterRebuild() {
      return [
        { sql: "DELETE FROM counters WHERE scope = ? OR scope IN (SELECT json_extract(value, '$[0]') FROM json_each(?))", params: [family.table, JSON.stringify(family.counted.map((k) => [counterScope(k)]))] },
        { sql: `INSERT INTO counters (scope, value, n) SELECT ?, '', COUNT(*) FROM ${family.table} HAVING COUNT(*) > 0`, params: [family.table] },
        ...family.counted.map((k) => ({
          sql: `INSERT INTO counters (scope, value, n) SELECT ?, COALESCE(CAST(${family.column[k]} AS TEXT), ''), COUNT(*) FROM ${family.table} GROUP BY 2`,
          params: [counterScope(k)],
        })),
      ];
    },
  };
}
