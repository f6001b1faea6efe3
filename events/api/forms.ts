/**
 * The forms' own verbs (worker/forms): a form's draft save and update, release and revoke, the pickers'
 * list; filling a form (the model record and the form data in one write), a filled form with the release
 * it was filled with, and a task's form as its node's field permissions show it, with the approval that
 * saves the fields the node lets the approver edit; the fill-in link of a released form for one enterprise,
 * and the public page's two verbs, reading and submitting by the link's token (worker/forms/links.ts). The
 * lists and infos of forms, releases and filled forms are the record engine's.
 */
import * as z from "zod";
import { formLayoutSchema } from "../forms/layout.ts";
import { modelDefinition } from "./datamodel.ts";
import { dictEntry } from "./dictionary.ts";
import { recordMeta, savedRecord, verb } from "./verb.ts";
import { lazySchema } from "../lazy.ts";

/** A record id in a body: text, or a number the seed's clients send. */
const recordId = lazySchema(() => z.union([z.string().min(1).max(64), z.number()]).transform(String));

/** A filled form as its family stores it. */
export const filledRow = lazySchema(() => z.strictObject({
  id: z.string(),
  formId: z.string(),
  formCode: z.string(),
  formVersion: z.number().int(),
  dataModelId: z.string(),
  recordId: z.string(),
  procInsId: z.string().nullable(),
  /** applyStatus: "reviewing" while its approval runs */
  status: z.string().nullable(),
  title: z.string().nullable(),
  /** filled through a fill-in link: the enterprise it was sent to, and the link */
  enterpriseCode: z.string().nullish(),
  enterpriseName: z.string().nullish(),
  linkId: z.string().nullish(),
  ...recordMeta,
}));

/** A form on a data model as the engine's list and info answer it. */
export const formRow = lazySchema(() => z.strictObject({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  dataModelId: z.string(),
  templateName: z.string().nullable(),
  layout: formLayoutSchema.nullable(),
  processForm: z.boolean().nullable(),
  /** formStatus: "0" draft, "1" released, "2" revoked */
  status: z.string().nullable(),
  remark: z.string().nullable(),
  ...recordMeta,
  /** the latest release number */
  version: z.number().int().nullable(),
}));

export const nodePermSchema = lazySchema(() => z.enum(["edit", "read", "hidden"]));
const values = lazySchema(() => z.record(z.string(), z.unknown()));

export const formSelectQuery = lazySchema(() => z.object({ status: z.string().max(4).optional(), processForm: z.string().max(5).optional(), dataModelId: z.string().max(64).optional() }));
export const fillBody = lazySchema(() => z.object({
  id: recordId.nullish(),
  formId: z.string().max(64).nullish(),
  formCode: z.string().max(64).nullish(),
  title: z.string().max(128).nullish(),
  data: values.default({}),
}));
export const completeBody = lazySchema(() => z.object({
  taskId: z.string().min(1).max(64),
  comment: z.string().max(2000).optional().default(""),
  data: values.default({}),
  ccUserIds: z.array(z.string().min(1).max(64)).max(100).optional(),
}));

const filledAnswer = lazySchema(() => z.strictObject({ id: z.string(), recordId: z.string(), formVersion: z.number().int() }));

/** How long a fill-in link stays open, in days. */
export const linkDays = { min: 1, max: 30 } as const;

export const issueBody = lazySchema(() => z.object({
  enterpriseCode: z.string().trim().min(1).max(64),
  days: z.coerce.number().int().min(linkDays.min).max(linkDays.max),
}));
const issueAnswer = lazySchema(() => z.strictObject({ id: z.string(), token: z.string(), path: z.string(), url: z.string(), expiresAt: z.string(), enterpriseName: z.string(), formVersion: z.number().int() }));

export const tokenQuery = lazySchema(() => z.object({ token: z.string().min(1).max(4096) }));
export const submitBody = lazySchema(() => tokenQuery.extend({ data: values.default({}) }));

/** What a link's token opens: the release's layout, the model with the fields on the form, their dictionaries, the enterprise. */
const linkForm = lazySchema(() => z.strictObject({
  form: z.strictObject({ name: z.string(), code: z.string(), version: z.number().int() }),
  layout: formLayoutSchema,
  model: modelDefinition,
  dicts: z.record(z.string(), z.array(dictEntry)),
  enterprise: z.strictObject({ code: z.string(), name: z.string() }),
  expiresAt: z.string(),
}));

export const forms = {
  list: verb({ method: "GET", path: "/datamodel/form/list", response: () => z.array(formRow), paged: true }),
  info: verb({ method: "GET", path: "/datamodel/form/info/:id", response: formRow }),
  save: verb({ method: "POST", path: "/datamodel/form/save", response: () => savedRecord("id") }),
  update: verb({ method: "POST", path: "/datamodel/form/update", response: () => savedRecord("id") }),
  release: verb({ method: "POST", path: "/datamodel/form/release/:id", response: () => z.strictObject({ id: z.string(), version: z.number().int(), releaseId: z.string() }) }),
  revoke: verb({ method: "POST", path: "/datamodel/form/revoke/:id", response: () => z.strictObject({ id: z.string(), status: z.string() }) }),
  select: verb({
    method: "GET",
    path: "/datamodel/form/select",
    query: formSelectQuery,
    response: () => z.array(z.strictObject({ id: z.string(), name: z.string(), code: z.string(), dataModelId: z.string(), status: z.string().nullable(), version: z.number().int().nullable(), processForm: z.boolean().nullable() })),
  }),
  fill: verb({ method: "POST", path: "/form/data/save", body: fillBody, response: filledAnswer }),
  fillUpdate: verb({ method: "POST", path: "/form/data/update", body: fillBody, response: filledAnswer }),
  filledInfo: verb({
    method: "GET",
    path: "/form/data/info/:type/:id",
    response: () => filledRow.extend({ values, layout: formLayoutSchema, release: z.strictObject({ id: z.string(), version: z.number().int(), modelVersion: z.number().int().nullable() }) }),
  }),
  taskForm: verb({
    method: "GET",
    path: "/form/data/task/:taskId",
    response: () => z.strictObject({
      formDataId: z.string(),
      formCode: z.string(),
      dataModelId: z.string(),
      formVersion: z.number().int(),
      status: z.string().nullable(),
      procInsId: z.string().nullable(),
      /** whether the task still waits (else the form is read-only) */
      open: z.boolean(),
      perms: z.record(z.string(), nodePermSchema),
      layout: formLayoutSchema,
      values,
    }),
  }),
  linkIssue: verb({ method: "POST", path: "/datamodel/form/link/:id", body: issueBody, response: issueAnswer }),
  linkRead: verb({ method: "GET", path: "/form/link", query: tokenQuery, response: linkForm }),
  linkSubmit: verb({ method: "POST", path: "/form/link", body: submitBody, response: () => z.strictObject({ id: z.string(), formVersion: z.number().int(), submittedAt: z.string() }) }),
  taskComplete: verb({ method: "POST", path: "/form/data/task/complete", body: completeBody, response: () => z.strictObject({ procInsId: z.string().nullable(), changed: z.array(z.string()) }) }),
};
