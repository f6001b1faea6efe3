/**
 * Recording a visit against its task, decided in one command: the task followed up to done (the tasks
 * module's own follow-up decision on the task's stream as read, so a done or cancelled task refuses the
 * visit and a visit racing another on the same task clashes on its head), the visit, its archive of the
 * chosen kind (details validated by the kind), what the visit raised (a portal demand awaiting review, a
 * draft service application) and, when a next follow-up date is given, the next task for the same
 * visitor — all appended together or not at all.
 */
import type { z } from "zod";
import type { recordVisitBody } from "../../events/api/visits.ts";
import { l } from "../../events/family.ts";
import { ValidationError } from "../errors.ts";
import { newCreate } from "../resources/commands.ts";
import type { StoredEvent, StreamWrite } from "../store/types.ts";
import { displayTime } from "../time.ts";
import { followUpWrite, taskStream } from "../tasks/followUp.ts";
import { detailProblems } from "./archives.ts";
import { archiveFamily, portalDemandFamily, serviceApplicationFamily, taskFamily, visitFamily } from "./families.ts";

export type RecordVisit = z.infer<typeof recordVisitBody>;

const idOf = (write: StreamWrite) => write.stream.slice(write.stream.indexOf(":") + 1);

/** Who records: the visitor, and whether they may record on another staff member's task (the task list's update tag). */
export interface Recorder {
  id: string;
  mayRecordForOthers: boolean;
}

/** The stream a recorded visit reads (its task's), named by the command before it decides. */
export const visitTaskStream = (input: RecordVisit) => taskStream(input.taskId);

/**
 * The writes of one recorded visit, decided on its task's events as read at instant `at`; refuses (naming
 * the field) before anything is written.
 */
export function recordVisitWrites(input: RecordVisit, recorder: Recorder, taskEvents: StoredEvent[], at: string) {
  const visitorId = recorder.id;
  const now = displayTime(at);
  // a staff member records their own tasks; someone who manages the tasks may record anyone's
  const followUp = followUpWrite(input.taskId, taskEvents, { id: visitorId, mayFollowOthers: recorder.mayRecordForOthers }, { status: "done", handleResult: input.content.slice(0, 2000), closed: "taskClosedForVisit" }, at);
  const task = followUp.task;
  const problems = detailProblems(input.archiveType, input.details ?? {});
  if (problems.length) throw new ValidationError(problems.map((p) => ({ ...p, key: "valueNotAllowed" as const })));
  if (input.nextFollowDate && input.nextFollowDate <= input.visitDate) {
    throw new ValidationError([{ field: "nextFollowDate", label: visitFamily.fields.nextFollowDate!.label, key: "valueNotAllowed" }]);
  }
  const enterprise = { creditCode: String(task.creditCode), entName: String(task.entName) };
  const shared = {
    ...enterprise,
    visitDate: input.visitDate,
    content: input.content,
    ...(input.demands ? { demands: input.demands } : {}),
  };
  const visit = newCreate(visitFamily, {
    ...shared,
    visitorId,
    visitType: input.visitType,
    archiveType: input.archiveType,
    taskId: input.taskId,
    ...(task.taskPlanId ? { taskPlanId: task.taskPlanId } : {}),
    ...(input.companions ? { companions: input.companions } : {}),
    ...(input.contactName ? { contactName: input.contactName } : {}),
    ...(input.contactPhone ? { contactPhone: input.contactPhone } : {}),
    ...(input.demandTypes?.length ? { demandTypes: input.demandTypes } : {}),
    ...(input.nextFollowDate ? { nextFollowDate: input.nextFollowDate } : {}),
    status: "visited",
  });
  const archive = newCreate(archiveFamily, {
    ...shared,
    archiveType: input.archiveType,
    visitId: idOf(visit),
    taskId: input.taskId,
    visitorId,
    ...(input.solution ? { solution: input.solution } : {}),
    ...(input.satisfaction ? { satisfaction: input.satisfaction } : {}),
    details: input.details ?? {},
    status: input.archiveType === "xqda" ? "pending" : "done",
  });
  const writes: StreamWrite[] = [followUp.write, visit, archive];
  let portalDemandId: string | null = null;
  let serviceApplicationId: string | null = null;
  if (input.demand?.toPortal) {
    const demand = newCreate(portalDemandFamily, { ...enterprise, title: input.demand.title, demandType: input.demand.demandType, ...(input.demand.content ? { content: input.demand.content } : {}), submitTime: now, followStatus: "following", assigneeUserId: visitorId, examStatus: "0", status: "0" });
    writes.push(demand);
    portalDemandId = idOf(demand);
  }
  if (input.demand?.serviceType) {
    const application = newCreate(serviceApplicationFamily, { ...enterprise, serviceType: input.demand.serviceType, demandDescription: input.demand.content || input.demand.title, status: "draft", applicantId: visitorId });
    writes.push(application);
    serviceApplicationId = idOf(application);
  }
  let nextTaskId: string | null = null;
  if (input.nextFollowDate) {
    const next = newCreate(taskFamily, {
      ...enterprise,
      title: `${l("跟进走访", "Follow-up visit")["zh-CN"]}：${enterprise.entName}`.slice(0, 200),
      msgType: "visit",
      ...(task.taskPlanId ? { taskPlanId: task.taskPlanId } : {}),
      receiverId: visitorId,
      content: input.content.slice(0, 2000),
      deadline: input.nextFollowDate,
      readFlag: false,
      status: "notStarted",
    });
    writes.push(next);
    nextTaskId = idOf(next);
  }
  return { writes, answer: { visitId: idOf(visit), archiveId: idOf(archive), portalDemandId, serviceApplicationId, nextTaskId } };
}

