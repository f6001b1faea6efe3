/**
 * The tables of data models, kept in step with their definitions in the batch that appends the model's
 * event: a new table model gets its table, indexes and search table; new fields get columns (never dropped:
 * a hidden field keeps its column and values); a view model gets its SQL view, replaced when it changes.
 * A rebuild leaves this to the run-time records projection (worker/datamodel/runtime.ts), which recreates
 * every table model's table from its final definition.
 */
import { dataModels } from "../../events/families/datamodel.ts";
import { viewSql } from "../../events/datamodel/view.ts";
import { addColumnStatements, createTableStatements, indexStatements } from "../resources/ddl.ts";
import { recountStatements, resummaryStatements } from "../resources/summaries.ts";
import type { Projection, Statement, StoredEvent } from "../store/types.ts";
import { definitionOf, familyOfRecord, type ModelRecord } from "./runtime.ts";

const { created, updated, deleted, restored } = dataModels.events;
const sql = (text: string): Statement => ({ sql: text, params: [] });

function statementsOf(e: StoredEvent): Statement[] {
  const id = String(e.data.id);
  const record = e.data.record as ModelRecord & Record<string, unknown>;
  const model = definitionOf(record);
  if (model.type === "view") {
    if (e.type === deleted) return [sql(`DROP VIEW IF EXISTS dm_${model.code}`)];
    const changes = (e.data.changes ?? {}) as Record<string, unknown>;
    if (e.type === updated && !("view" in changes) && !("fields" in changes)) return [];
    return model.view ? viewSql(model.code, model.view).map(sql) : [];
  }
  // a deleted table model keeps its table: its records' streams still project into it if it is restored
  if (e.type === deleted) return [];
  const family = familyOfRecord(id, record);
  if (e.type === created || e.type === restored) return createTableStatements(family);
  const change = (e.data.changes as Record<string, [unknown, unknown]> | undefined)?.fields;
  if (!change) return [];
  const had = new Set(((change[0] as { name: string }[] | null) ?? []).map((f) => f.name));
  const added = model.fields.filter((f) => !had.has(f.name)).map((f) => f.name);
  // a field that became counted or summed (its type changed) has no totals yet: computed from the rows
  const before = familyOfRecord(id, { ...record, fields: change[0] ?? [] });
  const nowCounted = family.counted.filter((k) => !added.includes(k) && !before.counted.includes(k));
  const nowSummed = family.summed.filter((k) => !added.includes(k) && !before.summed.includes(k));
  // columns first, then any index the definition now asks for (a field made unique or shown again)
  return [
    ...addColumnStatements(family, added),
    ...indexStatements(family),
    ...recountStatements(family, nowCounted),
    ...(nowCounted.length || nowSummed.length ? resummaryStatements(family, [...nowCounted, ...nowSummed]) : []),
  ];
}

export const modelTables: Projection = {
  name: "datamodel.tables",
  tables: [],
  canHandle: [created, updated, deleted, restored],
  project: (events) => events.flatMap(statementsOf),
  rebuildRange: () => [],
};
