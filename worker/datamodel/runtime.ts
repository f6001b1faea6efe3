/**
 * The records of data models defined at run time go through the record engine like any declared family
 * (one engine, two sources of declarations). A model's definition — a record of the declared
 * family `dataModels` — becomes a Family (familyOfModel); this module resolves it for a request, and
 * projects the records' events (`dm.<code>.*`) through the engine's own familyProjection of that family.
 */
import * as z from "zod";
import type { Family } from "../../events/family.ts";
import { familyOfModel, modelFieldSchema, type DataModel } from "../../events/datamodel/definition.ts";
import { viewDefinitionSchema } from "../../events/datamodel/view.ts";
import { dataModels } from "../../events/families/datamodel.ts";
import { notFound } from "../errors.ts";
import { familyProjection } from "../resources/projection.ts";
import { uncounted } from "../resources/query.ts";
import { createTableStatements, dropTableStatements } from "../resources/ddl.ts";
import { lastEvents } from "../store/read.ts";
import type { Projection, Statement, StoredEvent } from "../store/types.ts";
import { lazySchema } from "../../events/lazy.ts";

/** What a model's definition holds, as its read-model row or its event's record carries it. */
export interface ModelRecord {
  name: string;
  code: string;
  type?: string | null;
  fields: unknown;
  view?: unknown;
}

const fieldsSchema = lazySchema(() => z.array(modelFieldSchema));
const json = (value: unknown) => (typeof value === "string" ? (JSON.parse(value) as unknown) : value);

/** A model's record (its event's record, or its read-model row with JSON text columns) as a definition. */
export function definitionOf(record: Partial<Record<keyof ModelRecord, unknown>>): DataModel {
  const view = json(record.view ?? null);
  return {
    name: String(record.name ?? ""),
    code: String(record.code ?? ""),
    type: record.type === "view" ? "view" : "table",
    fields: fieldsSchema.parse(json(record.fields) ?? []),
    ...(view ? { view: viewDefinitionSchema.parse(view) } : {}),
  };
}

/** The record family of a model (id and definition, from its row or the last event of its stream). */
export const familyOfRecord = (id: string, record: ModelRecord): Family => familyOfModel(id, definitionOf(record));

/** Families by (model id, record version): a model changes by new versions only, so an entry never goes stale. */
const byVersion = new Map<string, Family>();
/** The family each model code's events are projected with: the latest one resolved in this isolate. */
const byCode = new Map<string, Family>();
const viewCodes = new Set<string>();
const projections = new WeakMap<Family, Projection>();

const codeOf = (family: Family) => family.table.slice("dm_".length);

/** Makes the family the one its model's record events are projected with. */
export function registerModelFamily(family: Family, view = false): Family {
  byCode.set(codeOf(family), family);
  if (view) {
    viewCodes.add(codeOf(family));
    uncounted.add(family);
  }
  return family;
}

/** Whether a resolved family is a view model's (read-only: its rows come from the view's query). */
export const isViewFamily = (family: Family) => viewCodes.has(codeOf(family));

/** A `datamodel_model` row (snake_case, `fields` as JSON text) → its family, cached and registered. */
function modelFamilyFromRow(row: ModelRow): Family {
  const key = `${row.id}:${row.version}`;
  let family = byVersion.get(key);
  if (!family) {
    family = familyOfRecord(row.id, row);
    byVersion.set(key, family);
  }
  return registerModelFamily(family, row.type === "view");
}

interface ModelRow {
  id: string;
  version: number;
  name: string;
  code: string;
  type: string | null;
  fields: string | null;
  view: string | null;
}

/** A live model's row, by id or by code (an unknown or deleted model is not found). */
async function modelRow(db: D1Database, by: string | { code: string }): Promise<ModelRow> {
  const [column, value] = typeof by === "string" ? ["id", by] : ["code", by.code];
  const row = await db.prepare(`SELECT id, version, name, code, type, fields, view FROM ${dataModels.table} WHERE ${column} = ?`).bind(value).first<ModelRow>();
  if (!row) throw notFound(dataModels.label);
  return row;
}

/** The family of a live model, for a request (an unknown or deleted model is not found). */
export async function modelFamily(db: D1Database, id: string): Promise<Family> {
  return modelFamilyFromRow(await modelRow(db, id));
}

/**
 * Reads may take a family resolved up to `readTtl` ms ago in this isolate: a list then costs one D1 round
 * trip instead of two. A model change appended here forgets it at once (runtimeRecords sees the model's
 * events); one made in another isolate shows here within `readTtl`. Writes always read the model afresh.
 */
const readTtl = 2000;
const recentlyRead = new Map<string, { family: Family; at: number }>();

/** The family of a live model for a read (list, info, export): `modelFamily`, possibly `readTtl` ms old. */
export async function modelFamilyForRead(db: D1Database, id: string): Promise<Family> {
  const recent = recentlyRead.get(id);
  if (recent && Date.now() - recent.at < readTtl) return recent.family;
  const family = await modelFamily(db, id);
  recentlyRead.set(id, { family, at: Date.now() });
  return family;
}

export interface ModelDefinition {
  id: string;
  version: number;
  model: DataModel;
}

/** A live model's definition (as the browser rebuilds its family from it with familyOfModel) and its version. */
export async function modelDefinition(db: D1Database, by: string | { code: string }): Promise<ModelDefinition> {
  const row = await modelRow(db, by);
  return { id: row.id, version: row.version, model: definitionOf(row) };
}

function projectionOf(family: Family): Projection {
  let projection = projections.get(family);
  if (!projection) projections.set(family, (projection = familyProjection(family)));
  return projection;
}

/** `dm.<code>.<verb>` → code (codes hold no dot). */
const eventCode = (type: string) => type.slice(3, type.lastIndexOf("."));

/**
 * The last definition of every table model in the log (a definition only grows: hidden fields keep their
 * columns, so the last one has every column the records ever had). Read from the events, not the read
 * model, which the rebuild is about to replay. A code used by a deleted model and again by a live one
 * belongs to the live one.
 */
async function finalDefinitions(db: D1Database): Promise<{ id: string; record: ModelRecord; deleted: boolean }[]> {
  const prefix = `${dataModels.name}:`;
  const last = await lastEvents(db, prefix, `${dataModels.name};`);
  const byCodeFinal = new Map<string, { id: string; record: ModelRecord; deleted: boolean }>();
  for (const e of last) {
    const data = e.data as { record?: ModelRecord };
    if (!data.record?.code) continue;
    const entry = { id: e.stream.slice(prefix.length), record: data.record, deleted: e.type === dataModels.events.deleted };
    const before = byCodeFinal.get(data.record.code);
    if (!before || before.deleted || !entry.deleted) byCodeFinal.set(data.record.code, entry);
  }
  return [...byCodeFinal.values()];
}

/**
 * The read model of every data model's records. Live, it projects each run of `dm.*` events with the
 * engine's projection of the family the request resolved (modelFamily); an event whose model was never
 * resolved in this isolate is an error, never skipped. On rebuild it recreates each table model's table
 * from its final definition and stands aside for those families' projections (view models have no rows).
 */
export const runtimeRecords: Projection = {
  name: "datamodel.records",
  tables: [],
  // the model's own events only make this isolate forget the family its reads may reuse
  canHandle: Object.values(dataModels.events),
  handlesType: (type) => type.startsWith("dm."),
  project(events: StoredEvent[]): Statement[] {
    const runs = new Map<string, StoredEvent[]>();
    for (const e of events) {
      if (!e.type.startsWith("dm.")) {
        recentlyRead.delete(String(e.data.id));
        continue;
      }
      const code = eventCode(e.type);
      runs.set(code, [...(runs.get(code) ?? []), e]);
    }
    return [...runs].flatMap(([code, run]) => {
      const family = byCode.get(code);
      if (!family) throw new Error(`no data model with code ${code} is resolved in this isolate: resolve it with modelFamily() before appending ${run[0]!.type}`);
      if (viewCodes.has(code)) throw new Error(`data model ${code} is a view: it has no records to write`);
      return projectionOf(family).project(run);
    });
  },
  rebuildRange: () => [],
  uniqueFields(table, columns) {
    const family = [...byCode.values()].find((f) => f.table === table);
    return family ? (projectionOf(family).uniqueFields?.(table, columns) ?? null) : null;
  },
  async prepareRebuild(db) {
    const models = (await finalDefinitions(db)).filter((m) => m.record.type !== "view");
    const families = models.map((m) => registerModelFamily(familyOfRecord(m.id, m.record)));
    return {
      statements: families.flatMap((f) => [...dropTableStatements(f), ...createTableStatements(f)]),
      projections: families.map(projectionOf),
    };
  },
};
