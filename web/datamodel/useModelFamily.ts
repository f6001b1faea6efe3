/**
 * A data model's record family in the browser: the definition from GET /datamodel/data/getFieldsByModelId,
 * turned into a `Family` by the same `familyOfModel` the Worker uses, so the generic list, form, history and
 * spreadsheets (web/crud) serve a model's records unchanged. Rebuilt only when the model's id or version
 * changes (a field added elsewhere gives a new version, hence new columns and inputs).
 *
 * @example
 * const { family, model, error } = useModelFamily(dataModelId);
 * if (family) return <ListPage family={family} />;
 */
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { familyOfModel } from "../../events/datamodel/definition.ts";
import type { Family } from "../../events/family.ts";
import { datamodelQueries, type ModelDefinition } from "./api.ts";

export interface ModelFamily {
  /** absent until the definition has loaded (or when it could not be) */
  family: Family | undefined;
  /** the definition as the server answered it */
  model: ModelDefinition["model"] | undefined;
  version: number | undefined;
  isLoading: boolean;
  error: Error | null;
}

/** No one holds this tag: a view model's records are read-only, so its list offers no add, edit, delete or import. */
const noOne = "datamodel:data:readonly-view";

export function useModelFamily(modelId: string | null | undefined): ModelFamily {
  const query = useQuery(datamodelQueries.definition(modelId ?? ""));
  const data = query.data;
  const key = data ? `${data.id}@${data.version}` : "";
  const family = useMemo(() => {
    if (!data) return undefined;
    const built = familyOfModel(data.id, data.model);
    if (data.model.type !== "view") return built;
    return { ...built, tags: { ...built.tags, save: noOne, update: noOne, delete: noOne, import: noOne } };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return { family, model: data?.model, version: data?.version, isLoading: query.isLoading, error: query.error };
}
