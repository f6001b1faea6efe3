/**
 * Work reports and their statistics (worker/workreports): writing a report (save, update when an id is
 * present), one's own and one's team's reports, a report with who has read it (opening it as a notified
 * person leaves the read receipt), the leader's review, and the statistics calls of spec §7
 * (`/common/enworkreport` visitList, trainingList, roadshowList, statCount, jgStatCount).
 */
import * as z from "zod";
import { recordMeta, verb } from "./verb.ts";
import { lazySchema } from "../lazy.ts";

const base = "/common/enworkreport";
const id = lazySchema(() => z.union([z.string().min(1).max(64), z.number()]).transform(String));
const date = lazySchema(() => z.string().regex(/^\d{4}-\d{2}-\d{2}$/));
const paging = { page: lazySchema(() => z.coerce.number().int().min(1).optional()), limit: lazySchema(() => z.coerce.number().int().min(1).max(100).optional()) };

export const workReportKinds = ["daily", "weekly", "monthly", "quarterly", "annual", "special"] as const;
export const workReportStatuses = ["draft", "submitted", "reviewed", "returned"] as const;

/** A work report as stored (the family's fields and the meta columns). */
const reportFields = {
  id: lazySchema(() => z.string()),
  title: lazySchema(() => z.string()),
  reportType: lazySchema(() => z.string()),
  period: lazySchema(() => z.string()),
  periodStart: lazySchema(() => z.string().nullable()),
  periodEnd: lazySchema(() => z.string().nullable()),
  reporterId: lazySchema(() => z.string()),
  deptId: lazySchema(() => z.string().nullable()),
  content: lazySchema(() => z.string()),
  nextPlan: lazySchema(() => z.string().nullable()),
  problems: lazySchema(() => z.string().nullable()),
  notifyUserIds: lazySchema(() => z.array(z.string()).nullable()),
  visitCount: lazySchema(() => z.number().int().nullable()),
  serviceCount: lazySchema(() => z.number().int().nullable()),
  attachments: lazySchema(() => z.array(z.string()).nullable()),
  status: lazySchema(() => z.string()),
  submitTime: lazySchema(() => z.string().nullable()),
  reviewerId: lazySchema(() => z.string().nullable()),
  reviewOpinion: lazySchema(() => z.string().nullable()),
  reviewTime: lazySchema(() => z.string().nullable()),
  ...recordMeta,
};

/** A report in a list: with the names of its people and how many of those notified have read it. */
export const workReportRow = lazySchema(() => z.strictObject({
  ...reportFields,
  reporterName: z.string().nullable(),
  deptName: z.string().nullable(),
  reviewerName: z.string().nullable(),
  notifiedCount: z.number().int(),
  readCount: z.number().int(),
  /** the reader's own receipt (null: not notified or not read yet) */
  myReadTime: z.string().nullable(),
}));

/** One notified person and when they opened the report (null: not yet). */
export const workReportReader = lazySchema(() => z.strictObject({ userId: z.string(), name: z.string().nullable(), readTime: z.string().nullable() }));

export const workReportDetail = lazySchema(() => z.strictObject({
  ...reportFields,
  reporterName: z.string().nullable(),
  deptName: z.string().nullable(),
  reviewerName: z.string().nullable(),
  readers: z.array(workReportReader),
  /** whether the reader is the one who may review it now */
  mayReview: z.boolean(),
  /** whether the reader may still edit it (its reporter, not reviewed) */
  mayEdit: z.boolean(),
}));

/** What a writer sends: the report's own fields; `submit` hands it to the leader (else it stays a draft). */
export const workReportWrite = lazySchema(() => z.object({
  id: id.optional(),
  version: z.coerce.number().int().min(0).optional(),
  title: z.string(),
  reportType: z.enum(workReportKinds),
  period: z.string(),
  content: z.string(),
  nextPlan: z.string().nullable().optional(),
  problems: z.string().nullable().optional(),
  notifyUserIds: z.array(z.string().min(1).max(64)).max(50).nullable().optional(),
  visitCount: z.coerce.number().int().min(0).nullable().optional(),
  serviceCount: z.coerce.number().int().min(0).nullable().optional(),
  attachments: z.array(z.string().min(1).max(64)).max(20).nullable().optional(),
  submit: z.boolean().optional(),
}));

export const workReportReview = lazySchema(() => z.object({ id, verdict: z.enum(["approve", "return"]), opinion: z.string().max(2000).optional().default("") }));

const saved = lazySchema(() => z.strictObject({ id: z.string(), version: z.number().int(), status: z.string() }));

const listQuery = lazySchema(() => z.object({
  ...paging,
  reportType: z.enum(workReportKinds).optional(),
  status: z.enum(workReportStatuses).optional(),
  from: date.optional(),
  to: date.optional(),
}));

/** The statistics' filters: a period (dates, inclusive), a department and a member of staff. */
export const statFilters = lazySchema(() => z.object({ from: date.optional(), to: date.optional(), deptId: z.string().max(64).optional(), staffId: z.string().max(64).optional() }));

const counted = lazySchema(() => z.strictObject({ value: z.string().nullable(), count: z.number().int() }));

/** Totals of a period and their months. */
export const statCountAnswer = lazySchema(() => z.strictObject({
  visits: z.number().int(),
  visitedEnterprises: z.number().int(),
  services: z.number().int(),
  demands: z.number().int(),
  trainings: z.number().int(),
  trainingParticipants: z.number().int(),
  roadshows: z.number().int(),
  reports: z.number().int(),
  reviewedReports: z.number().int(),
  months: z.array(
    z.strictObject({ month: z.string(), visits: z.number().int(), services: z.number().int(), demands: z.number().int(), trainings: z.number().int(), roadshows: z.number().int(), reports: z.number().int() }),
  ),
  visitTypes: z.array(counted),
  serviceStatuses: z.array(counted),
  satisfaction: z.array(counted),
  trainingTypes: z.array(counted),
  reportTypes: z.array(counted),
}));

/** One department's figures of the period (deptId null: staff without a department). */
export const jgStatRow = lazySchema(() => z.strictObject({
  deptId: z.string().nullable(),
  deptName: z.string().nullable(),
  staff: z.number().int(),
  visits: z.number().int(),
  visitedEnterprises: z.number().int(),
  services: z.number().int(),
  demands: z.number().int(),
  trainings: z.number().int(),
  roadshows: z.number().int(),
  reports: z.number().int(),
}));

const staffColumns = { staffId: lazySchema(() => z.string().nullable()), staffName: lazySchema(() => z.string().nullable()), deptId: lazySchema(() => z.string().nullable()), deptName: lazySchema(() => z.string().nullable()) };

/** One member of staff's visits in the period. */
export const visitStatRow = lazySchema(() => z.strictObject({
  ...staffColumns,
  visits: z.number().int(),
  enterprises: z.number().int(),
  services: z.number().int(),
  demands: z.number().int(),
  /** visits by visit type (the visitType dictionary's values) */
  byType: z.record(z.string(), z.number().int()),
}));

/** One member of staff's trainings in the period. */
export const trainingStatRow = lazySchema(() => z.strictObject({ ...staffColumns, trainings: z.number().int(), participants: z.number().int(), byType: z.record(z.string(), z.number().int()) }));

/** A roadshow of the period, with the member of staff who entered it. */
export const roadshowStatRow = lazySchema(() => z.strictObject({
  id: z.string(),
  title: z.string().nullable(),
  entName: z.string().nullable(),
  roadshowTime: z.string().nullable(),
  venue: z.string().nullable(),
  organizer: z.string().nullable(),
  status: z.string().nullable(),
  ...staffColumns,
}));

export const workreports = {
  save: verb({ method: "POST", path: `${base}/save`, body: workReportWrite, response: saved }),
  update: verb({ method: "POST", path: `${base}/update`, body: workReportWrite, response: saved }),
  info: verb({ method: "GET", path: `${base}/info/:id`, response: workReportDetail }),
  mine: verb({ method: "GET", path: `${base}/mine`, query: listQuery, response: () => z.array(workReportRow), paged: true }),
  reviewList: verb({
    method: "GET",
    path: `${base}/reviewList`,
    query: () => listQuery.extend({ scope: z.enum(["review", "notified"]).optional(), staffId: z.string().max(64).optional() }),
    response: () => z.array(workReportRow),
    paged: true,
  }),
  review: verb({ method: "POST", path: `${base}/review`, body: workReportReview, response: saved }),
  statCount: verb({ method: "GET", path: `${base}/statCount`, query: statFilters, response: statCountAnswer }),
  jgStatCount: verb({ method: "GET", path: `${base}/jgStatCount`, query: statFilters, response: () => z.array(jgStatRow) }),
  visitList: verb({ method: "GET", path: `${base}/visitList`, query: () => statFilters.extend(paging), response: () => z.array(visitStatRow), paged: true }),
  trainingList: verb({ method: "GET", path: `${base}/trainingList`, query: () => statFilters.extend(paging), response: () => z.array(trainingStatRow), paged: true }),
  roadshowList: verb({ method: "GET", path: `${base}/roadshowList`, query: () => statFilters.extend(paging), response: () => z.array(roadshowStatRow), paged: true }),
};
