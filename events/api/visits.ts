/**
 * The visits module's own verbs (worker/visits/): visits recorded against their tasks with their archive
 * (走访 zfda, 服务 fwda, 需求 xqda), the reads of spec §7 "Visits" and "/common/envisithistory", the
 * allocation of enterprises to staff (confirm, then commit once) and check-ins with their distance.
 * Rows of a declared family are the family's record (its fields and meta), so they are `familyRow`.
 */
import * as z from "zod";
import { bilingual, verb } from "./verb.ts";
import { lazySchema } from "../lazy.ts";

const visit = "/common/encompanyvisit";
const archive = "/common/envisithistory";
const allocation = "/common/envisituserallocation";
const checkIn = "/common/encheckinrecord";

const creditCode = lazySchema(() => z.string().length(18));
const id = lazySchema(() => z.string().min(1).max(64));
const paging = { page: lazySchema(() => z.coerce.number().int().min(1).optional()), limit: lazySchema(() => z.coerce.number().int().min(1).max(100).optional()) };
const isoDate = lazySchema(() => z.string().regex(/^\d{4}-\d{2}-\d{2}$/));

/** A record of a declared family: its id and fields as the declaration has them, plus the meta columns. */
export const familyRow = lazySchema(() => z.record(z.string(), z.unknown()).refine((r) => typeof r.id === "string" && typeof r.version === "number", "a record with its id and version"));

export const archiveKind = lazySchema(() => z.enum(["zfda", "fwda", "xqda"]));

/** What a visit raised: a demand that becomes a portal demand and/or a service application (a draft). */
export const raisedDemand = lazySchema(() => z.strictObject({
  title: z.string().trim().min(1).max(128),
  demandType: z.string().min(1).max(32),
  content: z.string().max(5000).optional(),
  /** also a portal demand, reviewed before the portal shows it */
  toPortal: z.boolean().optional(),
  /** also a service application of this service type (a draft the enterprise's service staff submit) */
  serviceType: z.string().min(1).max(32).optional(),
}));

/** Recording a visit against its task (a task message of the enterprise). */
export const recordVisitBody = lazySchema(() => z.strictObject({
  taskId: id,
  visitDate: isoDate,
  visitType: z.string().min(1).max(32),
  archiveType: archiveKind,
  content: z.string().trim().min(1).max(5000),
  contactName: z.string().max(64).optional(),
  contactPhone: z.string().max(20).optional(),
  companions: z.string().max(200).optional(),
  demandTypes: z.array(z.string().max(32)).max(10).optional(),
  demands: z.string().max(5000).optional(),
  solution: z.string().max(5000).optional(),
  satisfaction: z.string().max(8).optional(),
  details: z.record(z.string().max(64), z.unknown()).optional(),
  demand: raisedDemand.optional(),
  /** the next follow-up: a new task for the same visitor on that day */
  nextFollowDate: isoDate.optional(),
}));

export const recordedVisit = lazySchema(() => z.strictObject({
  visitId: z.string(),
  archiveId: z.string(),
  portalDemandId: z.string().nullable(),
  serviceApplicationId: z.string().nullable(),
  nextTaskId: z.string().nullable(),
}));

export const visitedEnterprise = lazySchema(() => z.strictObject({ creditCode: z.string(), entName: z.string().nullable(), visitCount: z.number().int(), lastVisitDate: z.string().nullable() }));

export const visitCounts = lazySchema(() => z.strictObject({
  total: z.number().int(),
  enterprises: z.number().int(),
  thisYear: z.number().int(),
  thisMonth: z.number().int(),
  byArchiveType: z.strictObject({ zfda: z.number().int(), fwda: z.number().int(), xqda: z.number().int() }),
}));

export const detailField = lazySchema(() => z.strictObject({
  key: z.string(),
  label: bilingual,
  kind: z.enum(["text", "longText", "date", "dict", "number"]),
  required: z.boolean(),
  dict: z.string().optional(),
  max: z.number().int().optional(),
}));
export const archiveFields = lazySchema(() => z.strictObject({ archiveType: archiveKind, label: bilingual, fields: z.array(detailField) }));

const dictEntry = lazySchema(() => z.strictObject({ value: z.string(), label: z.string() }));
export const visitDictionaries = lazySchema(() => z.record(z.string(), z.array(dictEntry)));

export const visitWithArchives = lazySchema(() => z.strictObject({ visit: familyRow, archives: z.array(familyRow), checkIns: z.array(familyRow) }));
export const archiveWithEnterprise = lazySchema(() => z.strictObject({ archive: familyRow, enterprise: familyRow.nullable() }));

const listQuery = lazySchema(() => z.object({ ...paging }).passthrough());
const archiveUpdateBody = lazySchema(() => z.object({ id, version: z.number().int().optional() }).passthrough());
const idsBody = lazySchema(() => z.strictObject({ ids: z.array(id).min(1).max(100) }));
export const allocationStepAnswer = lazySchema(() => z.strictObject({ ids: z.array(z.string()), status: z.enum(["pending", "confirmed", "committed"]) }));
export const allocationField = lazySchema(() => z.strictObject({ key: z.string(), label: bilingual, kind: z.string(), required: z.boolean() }));

export const checkInBody = lazySchema(() => z.strictObject({
  creditCode,
  entName: z.string().min(1).max(128),
  visitId: id.optional(),
  checkInType: z.enum(["in", "out"]),
  longitude: z.number().min(-180).max(180).optional(),
  latitude: z.number().min(-90).max(90).optional(),
  address: z.string().max(256).optional(),
  photos: z.array(id).max(9).optional(),
  remark: z.string().max(500).optional(),
}));
export const checkedIn = lazySchema(() => z.strictObject({ id: z.string(), checkInTime: z.string(), distanceMeters: z.number().nullable() }));

export const visits = {
  record: verb({ method: "POST", path: `${visit}/record`, body: recordVisitBody, response: recordedVisit }),
  enList: verb({ method: "GET", path: `${visit}/enList`, query: () => z.object(paging), response: () => z.array(visitedEnterprise), paged: true }),
  visitHistory: verb({ method: "GET", path: `${visit}/visitHistory`, query: () => z.object({ creditCode, ...paging }).passthrough(), response: () => z.array(familyRow), paged: true }),
  visitCount: verb({ method: "GET", path: `${visit}/visitCount`, query: () => z.object({ creditCode: creditCode.optional(), visitorId: id.optional() }), response: visitCounts }),
  getWzf: verb({ method: "GET", path: `${visit}/getWzf/:id`, response: visitWithArchives }),
  getDemandList: verb({ method: "GET", path: `${visit}/getDemandList`, query: listQuery, response: () => z.array(familyRow), paged: true }),
  getOtherDemandList: verb({ method: "GET", path: `${visit}/getOtherDemandList`, query: listQuery, response: () => z.array(familyRow), paged: true }),
  zfdalist: verb({ method: "GET", path: `${archive}/zfdalist`, query: listQuery, response: () => z.array(familyRow), paged: true }),
  fwdalist: verb({ method: "GET", path: `${archive}/fwdalist`, query: listQuery, response: () => z.array(familyRow), paged: true }),
  fwdaSelectlist: verb({ method: "GET", path: `${archive}/fwdaSelectlist`, query: () => z.object({ creditCode: creditCode.optional() }).passthrough(), response: () => z.array(familyRow) }),
  zfdaFields: verb({ method: "GET", path: `${archive}/zfdaFields`, query: () => z.object({ archiveType: archiveKind.optional() }), response: () => z.array(archiveFields) }),
  getInfoByTaskId: verb({ method: "GET", path: `${archive}/getInfoByTaskId/:id`, response: () => z.array(familyRow) }),
  pcHistoryInfo: verb({ method: "GET", path: `${archive}/pcHistoryInfo/:id`, response: archiveWithEnterprise }),
  getHistoryList: verb({ method: "GET", path: `${archive}/getHistoryList`, query: () => z.object({ creditCode, ...paging }).passthrough(), response: () => z.array(familyRow), paged: true }),
  zfdaUpdate: verb({ method: "POST", path: `${archive}/zfdaUpdate`, body: archiveUpdateBody, response: () => z.strictObject({ id: z.string(), version: z.number().int() }) }),
  fwdaUpdate: verb({ method: "POST", path: `${archive}/fwdaUpdate`, body: archiveUpdateBody, response: () => z.strictObject({ id: z.string(), version: z.number().int() }) }),
  xqdaUpdate: verb({ method: "POST", path: `${archive}/xqdaUpdate`, body: archiveUpdateBody, response: () => z.strictObject({ id: z.string(), version: z.number().int() }) }),
  dictVisitTable: verb({ method: "GET", path: `${archive}/dictVisitTable`, response: visitDictionaries }),
  allocationList: verb({ method: "GET", path: `${allocation}/fwdalist`, query: listQuery, response: () => z.array(familyRow), paged: true }),
  allocationFields: verb({ method: "GET", path: `${allocation}/fields`, response: () => z.array(allocationField) }),
  allocationByTask: verb({ method: "GET", path: `${allocation}/getInfoByTaskId/:id`, response: () => z.array(familyRow) }),
  allocationInfo: verb({ method: "GET", path: `${allocation}/pcHistoryInfo/:id`, response: () => z.strictObject({ allocation: familyRow, enterprise: familyRow.nullable() }) }),
  confirm: verb({ method: "POST", path: `${allocation}/confirm`, body: idsBody, response: allocationStepAnswer }),
  commit: verb({ method: "POST", path: `${allocation}/commit`, body: idsBody, response: allocationStepAnswer }),
  xqdaCheck: verb({ method: "POST", path: `${allocation}/xqdaCheck`, body: () => z.strictObject({ id, status: z.enum(["handling", "done"]), checkOpinion: z.string().max(1000).optional() }), response: () => z.strictObject({ id: z.string(), version: z.number().int() }) }),
  batchUpdateService: verb({ method: "POST", path: `${allocation}/batchUpdateService`, body: () => z.strictObject({ ids: z.array(id).min(1).max(100), userId: id }), response: allocationStepAnswer }),
  checkIn: verb({ method: "POST", path: `${checkIn}/checkIn`, body: checkInBody, response: checkedIn }),
  checkInsOfVisit: verb({ method: "GET", path: `${checkIn}/getInfoByVisitTableId/:id`, response: () => z.array(familyRow) }),
};
