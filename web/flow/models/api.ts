/**
 * The process-model calls of /flowable/definition and /flowable/form (shapes in the contract): the
 * paged list, one model, save from a designer tree or from BPMN XML, publish, the diagram XML, delete and
 * the form binding.
 */
import { get, post } from "../../core/api/http.ts";
import type { ProcessTree } from "../../../events/flow/tree.ts";

/** What a model's list row and its details share. */
interface ModelBase {
  id: string;
  key: string;
  name: string;
  category: string | null;
  description: string | null;
  formCode: string | null;
}

export interface ModelRow extends ModelBase {
  /** the latest deployed version, null while never published */
  version: number | null;
  deployTime: string | null;
  updateTime: string | null;
}

export interface ModelDetail extends ModelBase {
  /** the designer's tree; null for a model imported from BPMN XML */
  tree: ProcessTree | null;
  xml: string | null;
}

/** What a save sends: the model's details and either its tree or its XML. */
export interface ModelSave {
  id?: string;
  key: string;
  name: string;
  category?: string;
  description?: string;
  formCode?: string;
  tree?: ProcessTree;
  xml?: string;
}

export interface ModelListParams {
  page: number;
  limit: number;
  name?: string;
}

const base = "/flowable/definition";

export const modelsKey = [`${base}/models`] as const;

export const modelsQuery = (params: ModelListParams) => ({
  queryKey: [...modelsKey, params] as const,
  queryFn: async () => {
    const answer = await get<ModelRow[]>(`${base}/models`, { ...params });
    return { rows: answer.data, total: answer.total ?? answer.data.length };
  },
});

export const modelQuery = (id: string) => ({
  queryKey: [`${base}/getModel`, id] as const,
  queryFn: async () => (await get<ModelDetail>(`${base}/getModel/${encodeURIComponent(id)}`)).data,
  // always the saved state: the editor starts from it, a cached copy would undo the last save
  staleTime: 0,
  gcTime: 0,
});

export const modelXmlQuery = (id: string) => ({
  queryKey: [`${base}/readXml`, id] as const,
  queryFn: async () => (await get<{ xml: string }>(`${base}/readXml/${encodeURIComponent(id)}`)).data.xml,
  staleTime: 0,
  gcTime: 0,
});

/** Creates (no id) or updates the model; answers `{ id, key }`. */
export const saveModel = (model: ModelSave) => post<{ id: string; key: string }>(model.id ? `${base}/model/update` : `${base}/model/create`, model);

export const publishModel = (id: string) => post<{ deployId: string; version: number }>(`${base}/publish`, { id });

export const deleteModel = (row: Pick<ModelRow, "id" | "key">) => post<unknown>(`${base}/delete`, { id: row.id, key: row.key });


/** The process id and name of a BPMN document, to prefill an import (the server defaults the key the same way). */
export function describeBpmn(xml: string): { key: string; name: string } | null {
  const doc = new DOMParser().parseFromString(xml, "application/xml");
  if (doc.getElementsByTagName("parsererror").length) return null;
  const process = [...doc.getElementsByTagName("*")].find((e) => e.localName === "process");
  if (!process) return null;
  return { key: process.getAttribute("id") ?? "", name: process.getAttribute("name") ?? process.getAttribute("id") ?? "" };
}
