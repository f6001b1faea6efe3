/**
 * The forms area's calls: forms (/datamodel/form: list, save = draft, release, revoke, versions), filled forms
 * (/form/data), process forms (dynamicStart with proc_form_id) and a task's form (/form/data/task). Query keys
 * start with the verb's path, so invalidating ['/datamodel/form'] refreshes every form list.
 */
import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { flow } from "../../events/api/flow.ts";
import { flowModels } from "../../events/api/flow-models.ts";
import { filledRow, forms } from "../../events/api/forms.ts";
import type { Answer } from "../../events/api/verb.ts";
import type { FormRelease } from "../../events/forms/layout.ts";
import { call, callPage, send } from "../core/api/call.ts";
import { get, post } from "../core/api/http.ts";
import { recordQueries } from "../core/api/records.ts";

export const formPath = "/datamodel/form";
export const releasePath = "/datamodel/formrelease";
export const dataPath = "/form/data";

/** A form as the engine's list and info answer it, from the contract (events/api/forms.ts). */
export type FormRow = Answer<typeof forms.info>;
/** A released form as the pickers list it. */
export type FormChoice = Answer<typeof forms.select>[number];

export type ReleaseRow = FormRelease;

/** A filled form as the engine's list answers it: the family's record (events/api/forms.ts). */
export type FilledRow = z.output<typeof filledRow>;
/** A filled form with its values and the release it was filled with. */
export type FilledInfo = Answer<typeof forms.filledInfo>;
/** A task's form as the node's field permissions show it. */
export type TaskFormAnswer = Answer<typeof forms.taskForm>;

/** A process model as the binding screen lists it (events/api/flow.ts). */
export type FlowModelRow = Answer<typeof flow.models>[number];

const formRows = recordQueries<FormRow>(formPath);
const filledRows = recordQueries<FilledRow>(dataPath);

export const formQueries = {
  list: formRows.list,
  /** released forms for the fill screen, process forms for the binding screen */
  select: (params: { status?: string; processForm?: string }) => queryOptions({ queryKey: [formPath, "select", params] as const, queryFn: () => call(forms.select, { query: params }) }),
  releases: (formId: string) =>
    queryOptions({ queryKey: [formPath, "releases", formId] as const, queryFn: async () => (await get<ReleaseRow[]>(`${releasePath}/list`, { formId, limit: 100 })).data }),
  filled: filledRows.list,
  filledInfo: (type: string, id: string) => queryOptions({ queryKey: [dataPath, "info", type, id] as const, queryFn: () => call(forms.filledInfo, { params: { type, id } }) }),
  taskForm: (taskId: string) => queryOptions({ queryKey: [dataPath, "task", taskId] as const, queryFn: () => call(forms.taskForm, { params: { taskId } }), retry: false }),
  flowModels: () => queryOptions({ queryKey: [flow.models.path, "forms"] as const, queryFn: async () => (await callPage(flow.models, { query: { limit: "100" } })).rows }),
};

export const saveForm = (form: Record<string, unknown>) => send(forms.save, { body: form });
export const releaseForm = (id: string) => send(forms.release, { params: { id }, body: {} });
export const revokeForm = (id: string) => send(forms.revoke, { params: { id }, body: {} });
export const deleteForms = (ids: string[]) => post<null>(`${formPath}/delete`, ids);
export const fillForm = (body: { id?: string; formId?: string; title?: string; data: Record<string, unknown> }) => send(body.id ? forms.fillUpdate : forms.fill, { body });
export const deleteFilled = (ids: string[]) => post<null>(`${dataPath}/delete`, ids);
export const startFromForm = (body: { code: string; proc_form_id: string; dataModelId: string; data: Record<string, unknown> }) => send(flowModels.start, { body });
export const bindForm = (modelKey: string, formCode: string | null) => send(flowModels.bindForm, { body: { modelKey, formCode } });
export const completeWithForm = (body: { taskId: string; comment: string; data: Record<string, unknown> }) => send(forms.taskComplete, { body });

// ── fill-in links: staff issue one for an enterprise; the public page reads and submits by its token ──
export type IssuedLink = Answer<typeof forms.linkIssue>;
export type LinkForm = Answer<typeof forms.linkRead>;

export const shareLink = (formId: string, body: { enterpriseCode: string; days: number }) => send(forms.linkIssue, { params: { id: formId }, body });
export const linkForm = (token: string) => send(forms.linkRead, { query: { token } });
export const submitLink = (token: string, data: Record<string, unknown>) => send(forms.linkSubmit, { body: { token, data } });
