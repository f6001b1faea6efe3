/**
 * The forms area's calls: forms (/datamodel/form: list, save = draft, release, revoke, versions), filled forms
 * (/form/data), process forms (dynamicStart with proc_form_id) and a task's form (/form/data/task). Query keys
 * start with the verb's path, so invalidating ['/datamodel/form'] refreshes every form list.
 */
import { queryOptions } from "@tanstack/react-query";
import type { FormLayout, FormRelease, NodePerm } from "../../events/forms/layout.ts";
import type { DictEntry } from "../core/api/dictionaries.ts";
import type { ModelDefinition } from "../datamodel/api.ts";
import { get, post } from "../core/api/http.ts";

export const formPath = "/datamodel/form";
export const releasePath = "/datamodel/formrelease";
export const dataPath = "/form/data";

export interface FormRow {
  id: string;
  name: string;
  code: string;
  dataModelId: string;
  templateName?: string | null;
  layout?: FormLayout | null;
  processForm?: boolean | null;
  /** 0 draft, 1 released, 2 revoked */
  status?: string | null;
  version?: number | null;
  remark?: string | null;
  updateTime?: string | null;
  [key: string]: unknown;
}

export type ReleaseRow = FormRelease;

export interface FilledRow {
  id: string;
  formId: string;
  formCode: string;
  formVersion: number;
  dataModelId: string;
  recordId: string;
  procInsId?: string | null;
  status?: string | null;
  title?: string | null;
  createTime?: string | null;
  /** filled through a fill-in link: the enterprise it was sent to */
  enterpriseCode?: string | null;
  enterpriseName?: string | null;
}

export interface FilledInfo extends FilledRow {
  values: Record<string, unknown>;
  layout: FormLayout;
  release: { id: string; version: number; modelVersion: number | null };
}

export interface TaskFormAnswer {
  formDataId: string;
  formCode: string;
  dataModelId: string;
  formVersion: number;
  status: string;
  procInsId: string;
  open: boolean;
  perms: Record<string, NodePerm>;
  layout: FormLayout;
  values: Record<string, unknown>;
}

export interface FlowModelRow {
  id: string;
  key: string;
  name: string;
  formCode: string | null;
  version: number | null;
}

export const formQueries = {
  list: (params: Record<string, string | number>) =>
    queryOptions({
      queryKey: [formPath, "list", params] as const,
      queryFn: async () => {
        const answer = await get<FormRow[]>(`${formPath}/list`, params);
        return { rows: answer.data, total: answer.total ?? 0 };
      },
    }),
  info: (id: string) => queryOptions({ queryKey: [formPath, "info", id] as const, queryFn: async () => (await get<FormRow>(`${formPath}/info/${id}`)).data }),
  /** released forms for the fill screen, process forms for the binding screen */
  select: (params: { status?: string; processForm?: string }) => queryOptions({ queryKey: [formPath, "select", params] as const, queryFn: async () => (await get<FormRow[]>(`${formPath}/select`, params)).data }),
  releases: (formId: string) =>
    queryOptions({ queryKey: [formPath, "releases", formId] as const, queryFn: async () => (await get<ReleaseRow[]>(`${releasePath}/list`, { formId, limit: 100 })).data }),
  filled: (params: Record<string, string | number>) =>
    queryOptions({
      queryKey: [dataPath, "list", params] as const,
      queryFn: async () => {
        const answer = await get<FilledRow[]>(`${dataPath}/list`, params);
        return { rows: answer.data, total: answer.total ?? 0 };
      },
    }),
  filledInfo: (type: string, id: string) => queryOptions({ queryKey: [dataPath, "info", type, id] as const, queryFn: async () => (await get<FilledInfo>(`${dataPath}/info/${type}/${id}`)).data }),
  taskForm: (taskId: string) => queryOptions({ queryKey: [dataPath, "task", taskId] as const, queryFn: async () => (await get<TaskFormAnswer>(`${dataPath}/task/${taskId}`)).data, retry: false }),
  flowModels: () =>
    queryOptions({ queryKey: ["/flowable/definition/models", "forms"] as const, queryFn: async () => (await get<FlowModelRow[]>("/flowable/definition/models", { limit: 100 })).data }),
};

export const saveForm = (form: Record<string, unknown>) => post<{ id: string; version: number }>(`${formPath}/save`, form);
export const releaseForm = (id: string) => post<{ id: string; version: number }>(`${formPath}/release/${id}`, {});
export const revokeForm = (id: string) => post<{ id: string }>(`${formPath}/revoke/${id}`, {});
export const deleteForms = (ids: string[]) => post<null>(`${formPath}/delete`, ids);
export const fillForm = (body: { id?: string; formId?: string; title?: string; data: Record<string, unknown> }) => post<{ id: string; recordId: string; formVersion: number }>(`${dataPath}/${body.id ? "update" : "save"}`, body);
export const deleteFilled = (ids: string[]) => post<null>(`${dataPath}/delete`, ids);
export const startFromForm = (body: { code: string; proc_form_id: string; dataModelId: string; data: Record<string, unknown> }) =>
  post<{ procInsId: string; formDataId: string }>("/flowable/definition/dynamicStart", body);
export const bindForm = (modelKey: string, formCode: string | null) => post<unknown>("/flowable/form/saveOrUpdate", { modelKey, formCode });
export const completeWithForm = (body: { taskId: string; comment: string; data: Record<string, unknown> }) => post<{ procInsId: string; changed: string[] }>(`${dataPath}/task/complete`, body);

// ── fill-in links: staff issue one for an enterprise; the public page reads and submits by its token ──
export interface IssuedLink {
  id: string;
  token: string;
  path: string;
  url: string;
  expiresAt: string;
  enterpriseName: string;
  formVersion: number;
}

export interface LinkForm {
  form: { name: string; code: string; version: number };
  layout: FormLayout;
  model: ModelDefinition;
  dicts: Record<string, DictEntry[]>;
  enterprise: { code: string; name: string };
  expiresAt: string;
}

export const shareLink = (formId: string, body: { enterpriseCode: string; days: number }) => post<IssuedLink>(`${formPath}/link/${formId}`, body);
export const linkForm = (token: string) => get<LinkForm>("/form/link", { token });
export const submitLink = (token: string, data: Record<string, unknown>) => post<{ id: string; formVersion: number; submittedAt: string }>("/form/link", { token, data });
