/**
 * The data-model area's calls: models are records of the declared family `dataModels` (path /datamodel), so
 * their list, detail and commands go through web/core/api/records.ts; the few own verbs (column types, a model's
 * fields, table metadata, the one-click menu, the run-time definition) are here. Query keys start with the
 * verb's path, so invalidating ['/datamodel'] refreshes every model list.
 */
import { queryOptions } from "@tanstack/react-query";
import { modelFieldTypes, type DataModel, type ModelField } from "../../events/datamodel/definition.ts";
import type { ViewDefinition } from "../../events/datamodel/view.ts";
import { get, post } from "../core/api/http.ts";

export const modelPath = "/datamodel";

/** A model as the list and info verbs answer it. */
export interface ModelRow {
  id: string;
  name: string;
  code: string;
  type: "table" | "view";
  tableName?: string | null;
  fields?: ModelField[] | null;
  view?: ViewDefinition | null;
  menuId?: string | null;
  remark?: string | null;
  version: number;
  [key: string]: unknown;
}

/** The definition the browser rebuilds a model's record family from (GET getFieldsByModelId). */
export interface ModelDefinition {
  id: string;
  version: number;
  model: DataModel & { view?: ViewDefinition | null };
}

/** A column or an index of a model's table (getTableMetadata); shown as the server names them. */
export type MetadataRow = Record<string, unknown>;
export interface TableMetadata {
  tableName?: string;
  columns: MetadataRow[];
  indexes: MetadataRow[];
}

export const datamodelQueries = {
  /** every model (pickers): the unpaged list, capped by the server */
  all: () => queryOptions({ queryKey: [modelPath, "listAll"] as const, queryFn: async () => (await get<ModelRow[]>(`${modelPath}/listAll`)).data, staleTime: 30_000 }),
  /** the field types the server offers; the shared list when the verb is unavailable */
  columnTypes: () =>
    queryOptions({
      queryKey: ["/datamodel/field", "getColumnTypes"] as const,
      queryFn: async (): Promise<string[]> => {
        const answer = await get<unknown[]>("/datamodel/field/getColumnTypes");
        const types = (answer.data ?? []).map((t) => (typeof t === "string" ? t : String((t as Record<string, unknown>).value ?? (t as Record<string, unknown>).type ?? "")));
        return types.filter((t) => (modelFieldTypes as readonly string[]).includes(t));
      },
      staleTime: Infinity,
    }),
  fields: (dataModelId: string, fieldTitle: string) =>
    queryOptions({
      queryKey: ["/datamodel/field", "list", dataModelId, fieldTitle] as const,
      queryFn: async () => (await get<ModelField[]>("/datamodel/field/list", { dataModelId, fieldTitle: fieldTitle || undefined, page: 1, limit: 100 })).data,
      enabled: !!dataModelId,
    }),
  metadata: (dataModelId: string) =>
    queryOptions({
      queryKey: ["/datamodel/field", "getTableMetadata", dataModelId] as const,
      queryFn: async () => (await get<TableMetadata>("/datamodel/field/getTableMetadata", { dataModelId })).data,
      enabled: !!dataModelId,
    }),
  definition: (dataModelId: string) =>
    queryOptions({
      queryKey: ["/datamodel/data", "getFieldsByModelId", dataModelId] as const,
      queryFn: async () => (await get<ModelDefinition>("/datamodel/data/getFieldsByModelId", { dataModelId })).data,
      enabled: !!dataModelId,
      staleTime: 0,
    }),
  /** dictionary types that exist (the dictionary-type picker) */
  dictTypes: () =>
    queryOptions({ queryKey: ["/sys/sysdict", "types"] as const, queryFn: async () => (await get<{ type: string; count: number }[]>("/sys/sysdict/types")).data, staleTime: 60_000 }),
};

/** Gives a model its generic list screen in the menu. */
export const createModelMenu = (id: string) => post<{ menuId: string }>(`/datamodel/menu/${id}`);
