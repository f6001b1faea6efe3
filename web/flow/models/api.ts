/**
 * The process-model calls of /flowable/definition and /flowable/form: the paged list (typed by the contract,
 * events/api/flow.ts), one model, save from a designer tree or from BPMN XML, publish, the diagram XML, delete and
 * the form binding.
 */
import { flow } from "../../../events/api/flow.ts";
import type { Answer } from "../../../events/api/verb.ts";
import type { z } from "zod";
import { flowModels } from "../../../events/api/flow-models.ts";
import { call, pagedQuery, send } from "../../core/api/call.ts";
import { post } from "../../core/api/http.ts";

/** A model's list row, from the contract (events/api/flow.ts). */
export type ModelRow = Answer<typeof flow.models>[number];

/** A model with its tree and XML, and what a save sends (its details and either its tree or its XML): from the contract (events/api/flow-models.ts). */
export type ModelDetail = Answer<typeof flowModels.model>;
export type ModelSave = z.input<typeof flowModels.save.body>;

const base = "/flowable/definition";

/** The list's path: its queries' key, reloaded after a command. */
export const modelsPath = flow.models.path;

export const modelsQuery = pagedQuery(flow.models);

export const modelQuery = (id: string) => ({
  queryKey: [`${base}/getModel`, id] as const,
  queryFn: () => call(flowModels.model, { params: { id } }),
  // always the saved state: the editor starts from it, a cached copy would undo the last save
  staleTime: 0,
  gcTime: 0,
});

export const modelXmlQuery = (id: string) => ({
  queryKey: [`${base}/readXml`, id] as const,
  queryFn: async () => (await call(flowModels.xml, { params: { id } })).xml,
  staleTime: 0,
  gcTime: 0,
});

/** Creates (no id) or updates the model; answers `{ id, key }`. */
export const saveModel = (body: ModelSave) => send(body.id ? flowModels.update : flowModels.create, { body });

export const publishModel = (id: string) => send(flowModels.publish, { body: { id } });

export const deleteModel = (row: Pick<ModelRow, "id" | "key">) => post<unknown>(`${base}/delete`, { id: row.id, key: row.key });


/** The process id and name of a BPMN document, to prefill an import (the server defaults the key the same way). */
export function describeBpmn(xml: string): { key: string; name: string } | null {
  const doc = new DOMParser().parseFromString(xml, "application/xml");
  if (doc.getElementsByTagName("parsererror").length) return null;
  const process = [...doc.getElementsByTagName("*")].find((e) => e.localName === "process");
  if (!process) return null;
  return { key: process.getAttribute("id") ?? "", name: process.getAttribute("name") ?? process.getAttribute("id") ?? "" };
}
