/**
 * The read model of a record family, derived from its declaration. A run of events (one command, or a
 * grouped batch of hundreds) is folded to the last state of each record and written as multi-row
 * statements: rows travel as one JSON parameter through json_each, so a row of any width binds a single
 * parameter (D1 allows 100) and a batch costs a handful of statements, not three per event.
 * A rebuild replays the same columns in SQL straight from the events table. The same run also keeps the
 * family's full-text index and the recycle bin (records whose last event is a deletion) in step.
 */
import { metaColumns, type Family } from "../../events/family.ts";
import { storedAsJson, toColumn } from "../../events/fields.ts";
import { hasLaterInStream, isLastInStream, logAs, logRange } from "../store/sql.ts";
import type { Projection, Statement, StoredEvent } from "../store/types.ts";
import { displayTime } from "../time.ts";
import { searchTableOf } from "./schema.ts";
import { forgetTerms, indexTerms, orphanTerms, recordTerms, searchRebuildPass } from "./search.ts";
import { counterScope, counterValue, countStatement, resummaryStatements, summaryStatements } from "./summaries.ts";
import { withFallbacks } from "./decide.ts";

type Value = string | number | null;

/** Rows per statement: keeps the JSON parameter well under D1's 2 MB value limit. */
const rowsPerStatement = 400;

/** SQL twin of displayTime(): China Standard Time, seconds precision. */
const sqlDisplayTime = (column: string) => `strftime('%Y-%m-%d %H:%M:%S', ${column}, '+8 hours')`;

export function familyProjection(family: Family): Projection {
  const fieldKeys = Object.keys(family.fields);
  const columns = [family.idColumn, ...fieldKeys.map((k) => family.column[k]!), ...metaColumns.map((m) => m.column)];
  const createColumns = new Set(["create_time", "create_by"]);
  const createIndexes = columns.flatMap((c, i) => (createColumns.has(c) ? [i] : []));
  const onConflict =
    `ON CONFLICT(${family.idColumn}) DO UPDATE SET ` +
    columns.filter((c) => c !== family.idColumn && !createColumns.has(c)).map((c) => `${c} = excluded.${c}`).join(", ");
  const upsertSql = `INSERT INTO ${family.table} (${columns.join(", ")}) SELECT ${columns.map((_, i) => `json_extract(value, '$[${i}]')`).join(", ")} FROM json_each(?) WHERE true ${onConflict}`;
  const deleteSql = `DELETE FROM ${family.table} WHERE ${family.idColumn} IN (SELECT value FROM json_each(?))`;
  const links = Object.entries(family.fields).flatMap(([key, f]) => (f.link ? [{ key, column: family.column[key]!, ...f.link }] : []));
  /** Link rows written from the read-model rows themselves (their refs column), for the owners `where` selects. */
  const linkInsertSql = (link: (typeof links)[number], where = "") =>
    `INSERT OR IGNORE INTO ${link.table} (${link.ownerColumn}, ${link.refColumn}) SELECT t.${family.idColumn}, j.value FROM ${family.table} t, json_each(t.${link.column}) j${where}`;
  const { created, updated, deleted, restored } = family.events;

  /** The row an event leaves behind (null when deleted); create_* from the created event, or carried by a restore. */
  function rowOf(e: StoredEvent): Value[] | null {
    if (e.type === deleted) return null;
    const record = withFallbacks(family, e.data.record as Record<string, unknown>);
    const by = e.meta.actorId ?? "system";
    const time = displayTime(e.at);
    const createTime = e.type === created ? time : e.type === restored ? displayTime(e.data.createdAt as string) : null;
    const createBy = e.type === created ? by : e.type === restored ? ((e.data.createdBy as string | null) ?? "system") : null;
    return [e.data.id as string, ...fieldKeys.map((k) => toColumn(family.fields[k]!, record[k])), e.version, createTime, createBy, time, by];
  }

  /** Counter changes of one event: the total and each counted field's value. */
  function counterDeltas(e: StoredEvent): [string, string, number][] {
    const record = withFallbacks(family, e.data.record as Record<string, unknown>);
    if (e.type === updated) {
      const changes = (e.data.changes ?? {}) as Record<string, [unknown, unknown]>;
      return family.counted.flatMap((k): [string, string, number][] =>
        k in changes ? [[counterScope(family, k), counterValue(changes[k]![0]), -1], [counterScope(family, k), counterValue(changes[k]![1]), 1]] : [],
      );
    }
    const sign = e.type === deleted ? -1 : 1;
    return [[family.table, "", sign], ...family.counted.map((k): [string, string, number] => [counterScope(family, k), counterValue(record[k]), sign])];
  }

  function counterStatements(events: StoredEvent[]): Statement[] {
    const sums = new Map<string, [string, string, number]>();
    for (const [scope, value, n] of events.flatMap(counterDeltas)) {
      const key = `${scope}\u0000${value}`;
      const entry = sums.get(key) ?? [scope, value, 0];
      entry[2] += n;
      sums.set(key, entry);
    }
    const deltas = [...sums.values()].filter(([, , n]) => n !== 0);
    if (deltas.length === 0) return [];
    const json = JSON.stringify(deltas);
    const statements: Statement[] = [
      {
        sql: "INSERT INTO counters (scope, value, n) SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]') FROM json_each(?) WHERE true ON CONFLICT(scope, value) DO UPDATE SET n = n + excluded.n",
        params: [json],
      },
    ];
    if (deltas.some(([, , n]) => n < 0)) statements.push({ sql: "DELETE FROM counters WHERE n = 0 AND scope IN (SELECT json_extract(value, '$[0]') FROM json_each(?))", params: [json] });
    return statements;
  }

  const binUpsert =
    "INSERT INTO recycle_bin (family, id, record, version, deleted_at, deleted_by, deleted_by_name) SELECT ?, json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'), " +
    "json_extract(value, '$[3]'), json_extract(value, '$[4]'), json_extract(value, '$[5]') FROM json_each(?) WHERE true ON CONFLICT(family, id) DO UPDATE SET record = excluded.record, version = excluded.version, " +
    "deleted_at = excluded.deleted_at, deleted_by = excluded.deleted_by, deleted_by_name = excluded.deleted_by_name";

  /** The recycle bin after a run: deletions enter it, restores leave it (the last event of each record decides). */
  function binStatements(events: StoredEvent[]): Statement[] {
    const last = new Map<string, StoredEvent>();
    for (const e of events) if (e.type === deleted || e.type === restored) last.set(e.data.id as string, e);
    if (last.size === 0) return [];
    const entering = [...last.values()].filter((e) => e.type === deleted);
    const leaving = [...last.values()].filter((e) => e.type === restored).map((e) => e.data.id as string);
    const statements: Statement[] = [];
    if (leaving.length) statements.push({ sql: "DELETE FROM recycle_bin WHERE family = ? AND id IN (SELECT value FROM json_each(?))", params: [family.name, JSON.stringify(leaving)] });
    if (entering.length) {
      const rows = entering.map((e) => [e.data.id, JSON.stringify(e.data.record), e.version, displayTime(e.at), e.meta.actorId, e.meta.actorName]);
      statements.push({ sql: binUpsert, params: [family.name, JSON.stringify(rows)] });
    }
    return statements;
  }

  const searchable = family.search.length > 0;

  return {
    name: family.name,
    tables: [family.table, ...links.map((l) => l.table), ...(searchable ? [searchTableOf(family)] : []), "counters", ...(family.summed.length && family.counted.length ? ["counter_sums"] : []), "recycle_bin"],
    canHandle: [created, updated, deleted, restored],
    uniqueFields: (table, uniqueColumns) => {
      if (table !== family.table) return null;
      const byColumn = new Map(Object.entries(family.fields).map(([k, f]) => [family.column[k], { key: k, label: f.label }]));
      return uniqueColumns.map((c) => byColumn.get(c) ?? { key: c, label: { "zh-CN": c, "en-US": c } });
    },
    rebuildPass: searchable ? searchRebuildPass(family) : undefined,

    project(events) {
      // Fold the run: the last state of each record wins; create_* stay from its created event.
      const rows = new Map<string, Value[] | null>();
      const linkOwners = new Map<string, Set<string>>(links.map((l) => [l.key, new Set()]));
      for (const e of events) {
        const id = e.data.id as string;
        const row = rowOf(e);
        const before = rows.get(id);
        if (row && before) for (const i of createIndexes) row[i] ??= before[i]!;
        rows.set(id, row);
        const changed = e.type === updated ? Object.keys((e.data.changes ?? {}) as object) : null;
        for (const l of links) if (!changed || changed.includes(l.key)) linkOwners.get(l.key)!.add(id);
      }
      const live = [...rows.values()].filter((r): r is Value[] => r !== null);
      const gone = [...rows.entries()].filter(([, r]) => r === null).map(([id]) => id);
      const statements: Statement[] = [];
      // search rows go while the read-model rows (their rowids) are still there; new terms after the upsert
      const reindexed = searchable ? events.filter((e) => e.type !== updated || family.search.some((k) => k in ((e.data.changes ?? {}) as object))).map((e) => e.data.id as string) : [];
      const touched = [...new Set(reindexed)];
      // a record created in this run has no terms yet: nothing to forget
      const bornHere = new Set(events.filter((e) => e.type === created).map((e) => e.data.id as string));
      statements.push(...forgetTerms(family, touched.filter((id) => !bornHere.has(id))));
      // deletes first: a unique value freed by a deleted record may be taken by a new one in the same run
      if (gone.length) statements.push({ sql: deleteSql, params: [JSON.stringify(gone)] });
      for (let i = 0; i < live.length; i += rowsPerStatement) statements.push({ sql: upsertSql, params: [JSON.stringify(live.slice(i, i + rowsPerStatement))] });
      if (touched.length) {
        const lastRecord = new Map<string, Record<string, unknown>>();
        for (const e of events) if (e.type !== deleted) lastRecord.set(e.data.id as string, withFallbacks(family, e.data.record as Record<string, unknown>));
        statements.push(...indexTerms(family, touched.filter((id) => rows.get(id)).map((id) => [id, recordTerms(family, lastRecord.get(id)!)])));
      }
      statements.push(...counterStatements(events));
      statements.push(...summaryStatements(family, events));
      statements.push(...binStatements(events));
      for (const link of links) {
        const owners = [...linkOwners.get(link.key)!];
        if (owners.length === 0) continue;
        // the link rows of a touched owner are rewritten from its row (gone owners lose theirs)
        statements.push(
          { sql: `DELETE FROM ${link.table} WHERE ${link.ownerColumn} IN (SELECT value FROM json_each(?))`, params: [JSON.stringify(owners)] },
          { sql: linkInsertSql(link, ` WHERE t.${family.idColumn} IN (SELECT value FROM json_each(?))`), params: [JSON.stringify(owners)] },
        );
      }
      return statements;
    },

    rebuildRange(from, to) {
      // Same columns as rowOf(), computed by SQLite from the stored events in log order.
      // columns stored as JSON text (toColumn's JSON.stringify) are re-serialised; plain values are extracted
      const stored = (k: string) =>
        storedAsJson(family.fields[k]!)
          ? `CASE WHEN COALESCE(json_type(e.data, '$.record.${k}'), 'null') = 'null' THEN NULL ELSE json_quote(json_extract(e.data, '$.record.${k}')) END`
          : `json_extract(e.data, '$.record.${k}')`;
      // a record lacking a field with a fallback reads the fallback, as rowOf() does (bound after ?1 and ?2)
      const fallbacks: Value[] = [];
      const value = (k: string) => {
        const f = family.fields[k]!;
        if (f.fallback === undefined) return stored(k);
        fallbacks.push(toColumn(f, f.fallback));
        return `CASE WHEN json_type(e.data, '$.record.${k}') IS NULL THEN ?${fallbacks.length + 2} ELSE ${stored(k)} END`;
      };
      const select = [
        "json_extract(e.data, '$.id')",
        ...fieldKeys.map(value),
        "e.version",
        `CASE e.type WHEN '${created}' THEN ${sqlDisplayTime("e.at")} WHEN '${restored}' THEN ${sqlDisplayTime("json_extract(e.data, '$.createdAt')")} END`,
        `CASE e.type WHEN '${created}' THEN COALESCE(json_extract(e.meta, '$.actorId'), 'system') WHEN '${restored}' THEN COALESCE(json_extract(e.data, '$.createdBy'), 'system') END`,
        sqlDisplayTime("e.at"),
        "COALESCE(json_extract(e.meta, '$.actorId'), 'system')",
      ];
      // Rows are upserted in log order (the last state wins), then the records whose last event in the
      // range is a deletion are removed (a restore brings a record back, so deletion is not terminal).
      // Deletions are few: they are found by type, and each is kept only if nothing revived it later in the range.
      const lastIsDeletion =
        `SELECT json_extract(d.data, '$.id') ${logRange("d", { types: [deleted] })} AND NOT ${hasLaterInStream("d")}`;
      return [
        {
          sql:
            `INSERT INTO ${family.table} (${columns.join(", ")}) SELECT ${select.join(", ")} ${logRange("e", { types: [created, updated, restored] })} ORDER BY e.position ${onConflict}`,
          params: [from, to, ...fallbacks],
        },
        { sql: `DELETE FROM ${family.table} WHERE ${family.idColumn} IN (${lastIsDeletion})`, params: [from, to] },
      ];
    },

    // counters and link tables were emptied when the rebuild started; both are recomputed from the rows (the
    // search table was kept: its rows without a record go here, the pass brings the others up to date)
    afterRebuild() {
      return [
        { sql: `INSERT INTO counters (scope, value, n) SELECT ?, '', COUNT(*) FROM ${family.table} HAVING COUNT(*) > 0`, params: [family.table] },
        ...family.counted.map((k) => countStatement(family, k)),
        ...resummaryStatements(family),
        ...links.map((l) => ({ sql: linkInsertSql(l), params: [] })),
        ...orphanTerms(family),
        // the bin: records whose stream ends in this family's deletion
        {
          sql:
            "INSERT INTO recycle_bin (family, id, record, version, deleted_at, deleted_by, deleted_by_name) SELECT ?1, json_extract(e.data, '$.id'), json_extract(e.data, '$.record'), e.version, " +
            `${sqlDisplayTime("e.at")}, json_extract(e.meta, '$.actorId'), json_extract(e.meta, '$.actorName') FROM ${logAs("e")} WHERE e.type = ?2 AND ${isLastInStream("e")}`,
          params: [family.name, deleted],
        },
      ];
    },
  };
}
