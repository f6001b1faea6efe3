/**
 * The report screens' calls (worker/reports/routes.ts) and the shapes they answer. The definition's schema
 * and its column keys come from events/reports/definition.ts, the answers' shapes from events/reports/answer.ts,
 * both shared with the Worker.
 */
import { apiUrl, get, post } from "../core/api/http.ts";
import { getToken } from "../core/session.ts";
import type { Text } from "../../events/i18n.ts";
import type { ReportDefinition, ReportSource } from "../../events/reports/definition.ts";
import type { ColumnType, ReportAnswer, ResultColumn, SourceField } from "../../events/reports/answer.ts";

export type { ColumnType, ReportAnswer, ResultColumn, SourceField };

export interface SourceOption {
  kind: "model" | "family";
  id: string;
  label: Text;
  code?: string;
  type?: string | null;
}

export interface RunAnswer extends ReportAnswer {
  name: string;
  code: string;
  filters: ReportDefinition["filters"];
}

export interface ReportModel {
  id: string;
  name: string;
  code: string;
  source: ReportSource;
  definition: ReportDefinition;
  status: string | null;
  publishedVersion: number | null;
  publishTime: string | null;
  remark: string | null;
  version: number;
}

export interface ReportFile {
  id: string;
  name: string;
  code: string;
  reportModelId: string;
  status: string | null;
  modelVersion: number | null;
  publishTime: string | null;
  remark: string | null;
}

export const reportApi = {
  models: (query: Record<string, string | number | undefined>) => get<ReportModel[]>("/report/models", query),
  model: (id: string) => get<ReportModel>(`/report/model/getModel/${id}`),
  create: (body: Partial<ReportModel>) => post<{ id: string; version: number }>("/report/model/create", body),
  update: (body: Partial<ReportModel> & { id: string }) => post<{ id: string; version: number }>("/report/model/update", body),
  remove: (id: string) => post<null>(`/report/model/del/${id}`),
  copy: (id: string, id2 = "0") => post<{ id: string }>(`/flow/service/copyModel/${id}/${id2}`, {}),
  publish: (id: string, code?: string) => get<{ id: string; fileId: string; code: string; publishedVersion: number }>("/flow/service/publish", { id, code }),
  sources: () => get<SourceOption[]>("/report/model/sources"),
  sourceFields: (source: ReportSource) => get<{ label: Text; runtime: boolean; fields: SourceField[] }>("/report/model/sourceFields", { kind: source.kind, id: source.id }),
  preview: (source: ReportSource, definition: ReportDefinition, page = 1) => post<ReportAnswer>("/report/model/preview", { source, definition, page }),
  files: (query: Record<string, string | number | undefined>) => get<ReportFile[]>("/report/reportfile/list", query),
  run: (code: string, filters: Record<string, unknown>, page = 1) => get<RunAnswer>(`/report/run/${encodeURIComponent(code)}`, { filters: JSON.stringify(filters), page }),
};

/**
 * Links a browser opens by itself (a download, a new tab) carry the session in the query, as the seed's
 * designer, preview and export links do: the header cannot travel with them.
 */
export const exportUrl = (code: string, filters: Record<string, unknown>) => apiUrl(`/report/run/${encodeURIComponent(code)}/export`, { filters: JSON.stringify(filters), token: getToken() });
export const runUrl = (code: string, filters: Record<string, unknown> = {}) => apiUrl(`/report/run/${encodeURIComponent(code)}`, { filters: JSON.stringify(filters), token: getToken() });
/** The viewer screen opened on one report (the designer's "open" link). */
export const viewerPath = (code: string) => `/report/view?code=${encodeURIComponent(code)}`;
