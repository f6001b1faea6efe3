/**
 * The schedule screen's calls (worker/gantt): the projects, a project's plan and picture settings as query
 * options keyed by path, the commands, and the files (export, template, import) as blobs and uploads.
 */
import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { gantt, type importAnswer } from "../../events/api/gantt.ts";
import type { Answer } from "../../events/api/verb.ts";
import type { PlanTaskInput } from "../../events/gantt/plan.ts";
import type { VisualSettings } from "../../events/gantt/visual.ts";
import { call, send } from "../core/api/call.ts";
import { request } from "../core/api/http.ts";

export type Plan = Answer<typeof gantt.plan>;
export type StoredTask = Plan["tasks"][number];
export type VisualConf = Answer<typeof gantt.selectConf>;
export type ScheduleProject = Answer<typeof gantt.projects>[number];
export type PlanFormat = "xml" | "xlsx";

export const ganttTags = {
  save: "common:projectprodscheduleplan:save",
  import: "common:projectprodscheduleplan:import",
  export: "common:projectprodscheduleplan:export",
  confSave: "project:visualpicconf:save",
  confDelete: "project:visualpicconf:delete",
} as const;

export const ganttQueries = {
  projects: (keyword: string) => queryOptions({ queryKey: ["/gantt", "projects", keyword] as const, queryFn: () => call(gantt.projects, { query: { keyword } }) }),
  plan: (projectId: string) => queryOptions({ queryKey: ["/gantt", "plan", projectId] as const, queryFn: () => call(gantt.plan, { query: { projectId } }) }),
  conf: (projectId: string) => queryOptions({ queryKey: ["/project/visualpicconf", projectId] as const, queryFn: () => call(gantt.selectConf, { query: { projectId } }) }),
};

export type ImportAnswer = z.output<typeof importAnswer>;

export const ganttApi = {
  save: (projectId: string, tasks: PlanTaskInput[]) => send(gantt.savePlan, { body: { projectId, tasks } }),
  saveConf: (projectId: string, settings: Partial<VisualSettings>) => send(gantt.saveConf, { body: { projectId, settings } }),
  deleteConf: (projectId: string) => send(gantt.deleteConf, { body: { projectId } }),
  exportFile: (projectId: string, format: PlanFormat) => request<Blob>("/gantt/exportProject", { method: "POST", body: { applNum: projectId, format }, blob: true }),
  template: () => request<Blob>("/gantt/template", { blob: true }),
  importFile: (projectId: string, file: File) => {
    const form = new FormData();
    form.append("file", file);
    return request<ImportAnswer>("/gantt/importProject", { method: "POST", query: { applNum: projectId }, form, timeoutMs: 120_000 });
  },
};
