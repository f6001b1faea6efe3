/**
 * The work-report calls (worker/workreports) as TanStack queries keyed by the resource's path, so a command
 * invalidates every list and statistic it changed; the answers' types come from the contract.
 */
import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { workreports } from "../../events/api/workreports.ts";
import { workReport } from "../../events/families/casework.ts";
import type { Answer } from "../../events/api/verb.ts";
import { call, callPage, send } from "../core/api/call.ts";
import { post, type Query } from "../core/api/http.ts";

// the path and permission tags are the family's own (events/families/casework.ts)
export const reportPath = workReport.path;

export type ReportRow = Answer<typeof workreports.mine>[number];
export type ReportDetail = Answer<typeof workreports.info>;
export type StatCount = Answer<typeof workreports.statCount>;
export type JgRow = Answer<typeof workreports.jgStatCount>[number];
export type VisitStatRow = Answer<typeof workreports.visitList>[number];
export type TrainingStatRow = Answer<typeof workreports.trainingList>[number];
export type RoadshowStatRow = Answer<typeof workreports.roadshowList>[number];
export type ReportWrite = z.input<typeof workreports.save.body>;

/** The statistics' filters as the URL and the calls carry them. */
export interface StatFilter {
  from?: string;
  to?: string;
  deptId?: string;
  staffId?: string;
}

export const statFilterOf = (q: Query): StatFilter => {
  const pick = (k: string) => (typeof q[k] === "string" && q[k] !== "" ? (q[k] as string) : undefined);
  return { from: pick("from"), to: pick("to"), deptId: pick("deptId"), staffId: pick("staffId") };
};

export const reportQueries = {
  mine: (params: Query) => queryOptions({ queryKey: [reportPath, "mine", params] as const, queryFn: () => callPage(workreports.mine, { query: params }) }),
  review: (params: Query) => queryOptions({ queryKey: [reportPath, "reviewList", params] as const, queryFn: () => callPage(workreports.reviewList, { query: params }) }),
  detail: (id: string) => queryOptions({ queryKey: [reportPath, "info", id] as const, queryFn: () => call(workreports.info, { params: { id } }) }),
};

export const statQueries = {
  count: (f: StatFilter) => queryOptions({ queryKey: [reportPath, "statCount", f] as const, queryFn: () => call(workreports.statCount, { query: { ...f } }) }),
  jg: (f: StatFilter) => queryOptions({ queryKey: [reportPath, "jgStatCount", f] as const, queryFn: () => call(workreports.jgStatCount, { query: { ...f } }) }),
  visits: (params: Query) => queryOptions({ queryKey: [reportPath, "visitList", params] as const, queryFn: () => callPage(workreports.visitList, { query: params }) }),
  trainings: (params: Query) => queryOptions({ queryKey: [reportPath, "trainingList", params] as const, queryFn: () => callPage(workreports.trainingList, { query: params }) }),
  roadshows: (params: Query) => queryOptions({ queryKey: [reportPath, "roadshowList", params] as const, queryFn: () => callPage(workreports.roadshowList, { query: params }) }),
};

export const reportApi = {
  save: (body: ReportWrite) => send(body.id ? workreports.update : workreports.save, { body }),
  review: (id: string, verdict: "approve" | "return", opinion: string) => send(workreports.review, { body: { id, verdict, opinion } }),
  delete: (ids: string[]) => post<null>(`${reportPath}/delete`, ids),
};
