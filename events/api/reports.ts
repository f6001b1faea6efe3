/**
 * The report verbs (worker/reports/routes.ts): the designer's models, sources and preview, publish and copy,
 * a report file by code and a run of a published report. The balance sheet and the export (a file) are not
 * typed here yet.
 */
import * as z from "zod";
import { reportDefinitionSchema, reportSourceSchema } from "../reports/definition.ts";
import { reportAnswerSchema, sourceFieldSchema } from "../reports/answer.ts";
import { bilingual, recordMeta, verb } from "./verb.ts";
import { lazySchema } from "../lazy.ts";

/** A record id in a query: text, or a number the seed's clients send. */
const id = lazySchema(() => z.union([z.string().min(1).max(64), z.number()]).transform(String));

/** A report model as its list and getModel answer it. */
export const reportModelRow = lazySchema(() => z.strictObject({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  source: reportSourceSchema,
  definition: reportDefinitionSchema,
  /** publishStatus: "0" draft, "1" published */
  status: z.string().nullable(),
  publishedVersion: z.number().int().nullable(),
  publishTime: z.string().nullable(),
  remark: z.string().nullable(),
  ...recordMeta,
}));

/** A published report file (the viewer's entry). */
export const reportFileRow = lazySchema(() => z.strictObject({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  reportModelId: z.string(),
  source: reportSourceSchema.nullable(),
  definition: reportDefinitionSchema.nullable(),
  modelVersion: z.number().int().nullable(),
  status: z.string().nullable(),
  publishTime: z.string().nullable(),
  remark: z.string().nullable(),
  ...recordMeta,
}));

/** A source a report may read: a data model (table or view) or a declared family. */
export const reportSourceOption = lazySchema(() => z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("model"), id: z.string(), label: bilingual, code: z.string(), type: z.string().nullable() }),
  z.strictObject({ kind: z.literal("family"), id: z.string(), label: bilingual, path: z.string() }),
]));

export const publishQuery = lazySchema(() => z.object({ id, code: z.string().trim().min(1).max(64).optional(), name: z.string().trim().min(1).max(100).optional() }));
export const previewBody = lazySchema(() => z.object({ source: reportSourceSchema, definition: reportDefinitionSchema, page: z.coerce.number<string | number>().int().min(1).max(100_000).optional() }));
export const runQuery = lazySchema(() => z.object({ filters: z.string().max(4000).optional(), page: z.coerce.number<string | number>().int().min(1).max(100_000).optional(), token: z.string().optional() }));
export const copyBody = lazySchema(() => z.object({ name: z.string().trim().min(1).max(100).optional(), code: z.string().trim().min(1).max(64).optional() }));
export const sourceQuery = lazySchema(() => z.object({ kind: z.enum(["model", "family"]), id: z.string().min(1).max(64) }));

const saved = lazySchema(() => z.strictObject({ id: z.string(), version: z.number().int() }));
const publishedAnswer = lazySchema(() => z.strictObject({ id: z.string(), fileId: z.string(), code: z.string(), publishedVersion: z.number().int() }));

export const reports = {
  models: verb({ method: "GET", path: "/report/models", response: () => z.array(reportModelRow), paged: true }),
  model: verb({ method: "GET", path: "/report/model/getModel/:id", response: reportModelRow }),
  create: verb({ method: "POST", path: "/report/model/create", response: saved }),
  save: verb({ method: "POST", path: "/report/model/save", response: saved }),
  update: verb({ method: "POST", path: "/report/model/update", response: saved }),
  delete: verb({ method: "POST", path: "/report/model/del/:id", response: () => z.null() }),
  sources: verb({ method: "GET", path: "/report/model/sources", response: () => z.array(reportSourceOption) }),
  sourceFields: verb({ method: "GET", path: "/report/model/sourceFields", query: sourceQuery, response: () => z.strictObject({ label: bilingual, runtime: z.boolean(), fields: z.array(sourceFieldSchema) }) }),
  preview: verb({ method: "POST", path: "/report/model/preview", body: previewBody, response: reportAnswerSchema }),
  publish: verb({ method: "GET", path: "/flow/service/publish", query: publishQuery, response: publishedAnswer }),
  copy: verb({ method: "POST", path: "/flow/service/copyModel/:id/:id2", body: copyBody, response: () => z.strictObject({ id: z.string() }) }),
  publishFile: verb({ method: "GET", path: "/report/reportfile/publish", query: () => z.object({ id }), response: publishedAnswer }),
  files: verb({ method: "GET", path: "/report/reportfile/list", response: () => z.array(reportFileRow), paged: true }),
  fileByCode: verb({ method: "GET", path: "/report/reportfile/getByCode/:code", response: reportFileRow }),
  run: verb({
    method: "GET",
    path: "/report/run/:code",
    query: runQuery,
    // filterFields: the source fields the offered filters read (label, type, dictionary), so the viewer labels
    // and shapes each input even when its field is no column of the answer
    response: () => reportAnswerSchema.extend({ name: z.string(), code: z.string(), filters: reportDefinitionSchema.shape.filters, filterFields: z.array(sourceFieldSchema) }),
  }),
};
