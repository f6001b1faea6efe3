/**
 * The process-model calls of /flowable/definition and /flowable/form: the paged list (typed by the contract,
 * events/api/flow.ts), one model, save from a designer tree or from BPMN XML, publish, the diagram XML, delete and
 * the form binding.
 */
import { queryOptions } from "@tanstack/react-query";
import { flow } from "../../../events/api/flow.ts";
import type { Answer } from "../../../events/api/verb.ts";
import { callPage } from "../../core/api/call.ts";
import { get, post, type Query } from "../../core/api/http.ts";
import type { ProcessTree } from "../../../events/flow/tree.ts";

/** A model's list row, from the contract (events/api/flow.ts). */
export type ModelRow = Answer<typeof flow.models>[number];

/** What a model's list row and its details share. */
type ModelBase = Pick<ModelRow, "id" | "key" | "name" | "category" | "description" | "formCode">;

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

const base = "/flowable/definition";

/** The list's path: its queries' key, reloaded after a command. */
export const modelsPath = flow.models.path;

export const modelsQuery = (params: Query) => queryOptions({ queryKey: [modelsPath, params] as const, queryFn: () => callPage(flow.models, { query: params }) });

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
