/**
 * The data-model area's calls: models are records of the declared family `dataModels` (path /datamodel), so
 * their list, detail and commands go through web/core/api/records.ts; the few own verbs (column types, a model's
 * fields, table metadata, the one-click menu, the run-time definition) are here. Query keys start with the
 * verb's path, so invalidating ['/datamodel'] refreshes every model list.
 */
import { queryOptions } from "@tanstack/react-query";
import { datamodel } from "../../events/api/datamodel.ts";
import { dictionary } from "../../events/api/dictionary.ts";
import type { Answer } from "../../events/api/verb.ts";
import { call, callPage, send } from "../core/api/call.ts";
import { recordQueries } from "../core/api/records.ts";

export const modelPath = "/datamodel";

/** A model as the engine's list and info answer it, from the contract (events/api/datamodel.ts). */
export type ModelRow = Answer<typeof datamodel.info>;

/** The models' family queries, typed by the contract's row. */
export const modelQueries = recordQueries<ModelRow>(modelPath);

/** The definition the browser rebuilds a model's record family from (GET getFieldsByModelId), from the contract. */
export type ModelDefinition = Answer<typeof datamodel.definition>;

/** A column or an index of a model's table (getTableMetadata), shown as the server names them. */
export type MetadataRow = Record<string, unknown>;

export const datamodelQueries = {
  /** every model (pickers): the unpaged list, capped by the server */
  all: () => queryOptions({ queryKey: [modelPath, "listAll"] as const, queryFn: () => call(datamodel.listAll), staleTime: 30_000 }),
  /** the field types the server offers */
  columnTypes: () =>
    queryOptions({
      queryKey: ["/datamodel/field", "getColumnTypes"] as const,
      queryFn: async () => (await call(datamodel.columnTypes)).map((t) => t.value),
      staleTime: Infinity,
    }),
  fields: (dataModelId: string, fieldTitle: string) =>
    queryOptions({
      queryKey: ["/datamodel/field", "list", dataModelId, fieldTitle] as const,
      queryFn: async () => (await callPage(datamodel.fieldList, { query: { dataModelId, fieldTitle: fieldTitle || undefined, page: 1, limit: 100 } })).rows,
      enabled: !!dataModelId,
    }),
  metadata: (dataModelId: string) =>
    queryOptions({
      queryKey: ["/datamodel/field", "getTableMetadata", dataModelId] as const,
      queryFn: () => call(datamodel.tableMetadata, { query: { dataModelId } }),
      enabled: !!dataModelId,
    }),
  definition: (dataModelId: string) =>
    queryOptions({
      queryKey: ["/datamodel/data", "getFieldsByModelId", dataModelId] as const,
      queryFn: () => call(datamodel.definition, { query: { dataModelId } }),
      enabled: !!dataModelId,
      staleTime: 0,
    }),
  /** dictionary types that exist (the dictionary-type picker) */
  dictTypes: () =>
    queryOptions({ queryKey: ["/sys/sysdict", "types"] as const, queryFn: () => call(dictionary.types), staleTime: 60_000 }),
};

/** Gives a model its generic list screen in the menu. */
export const createModelMenu = (id: string) => send(datamodel.menu, { params: { id } });
