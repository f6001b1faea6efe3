/**
 * The report screens' calls (worker/reports/routes.ts) and the shapes they answer. The definition's schema
 * and its column keys come from events/reports/definition.ts, the answers' shapes from events/reports/answer.ts,
 * both shared with the Worker.
 */
import { reports } from "../../events/api/reports.ts";
import type { Answer } from "../../events/api/verb.ts";
import { pagedQuery, send } from "../core/api/call.ts";
import { apiUrl, type Query } from "../core/api/http.ts";
import { getToken } from "../core/session.ts";
import type { ReportDefinition, ReportSource } from "../../events/reports/definition.ts";
import type { ColumnType, ReportAnswer, ResultColumn, SourceField } from "../../events/reports/answer.ts";

export type { ColumnType, ReportAnswer, ResultColumn, SourceField };

/** The answers' types, inferred from the contract (events/api/reports.ts). */
export type SourceOption = Answer<typeof reports.sources>[number];
export type RunAnswer = Answer<typeof reports.run>;
export type ReportModel = Answer<typeof reports.model>;

export type ReportFile = Answer<typeof reports.files>[number];

export const reportApi = {
  models: (query: Query) => send(reports.models, { query }),
  model: (id: string) => send(reports.model, { params: { id } }),
  create: (body: Partial<ReportModel>) => send(reports.create, { body }),
  update: (body: Partial<ReportModel> & { id: string }) => send(reports.update, { body }),
  remove: (id: string) => send(reports.delete, { params: { id } }),
  copy: (id: string, id2 = "0") => send(reports.copy, { params: { id, id2 }, body: {} }),
  publish: (id: string, code?: string) => send(reports.publish, { query: { id, code } }),
  sources: () => send(reports.sources),
  sourceFields: (source: ReportSource) => send(reports.sourceFields, { query: { kind: source.kind, id: source.id } }),
  preview: (source: ReportSource, definition: ReportDefinition, page = 1) => send(reports.preview, { body: { source, definition, page } }),
  run: (code: string, filters: Record<string, unknown>, page = 1) => send(reports.run, { params: { code }, query: { filters: JSON.stringify(filters), page } }),
};

export const modelsPath = "/report/models";
export const filesPath = reports.files.path;

/** The lists' queries (the list kit's): report models, and the published reports. */
export const reportQueries = {
  models: pagedQuery(reports.models),
  published: (query: Query) => pagedQuery(reports.files)({ ...query, status: "1" }),
};

/**
 * Links a browser opens by itself (a download, a new tab) carry the session in the query, as the seed's
 * designer, preview and export links do: the header cannot travel with them.
 */
export const exportUrl = (code: string, filters: Record<string, unknown>) => apiUrl(`/report/run/${encodeURIComponent(code)}/export`, { filters: JSON.stringify(filters), token: getToken() });
export const runUrl = (code: string, filters: Record<string, unknown> = {}) => apiUrl(`/report/run/${encodeURIComponent(code)}`, { filters: JSON.stringify(filters), token: getToken() });
/** The viewer screen opened on one report (the designer's "open" link). */
export const viewerPath = (code: string) => `/report/view?code=${encodeURIComponent(code)}`;
