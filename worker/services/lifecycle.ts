/**
 * The state rules of what services publish, examine and submit (spec section 4), as pure decisions: each
 * takes the record as it is and answers the fields to change, or refuses with the rule that forbids it.
 * The routes read the record, decide, and write an update naming the command, so history shows it.
 */
import { DomainError, codes } from "../errors.ts";
import type { MessageKey } from "../../events/i18n.ts";
import type { InstanceState } from "../flow/engine/types.ts";

export type Values = Record<string, unknown>;

export const publishStatus = { draft: "0", published: "1", revoked: "2" } as const;
export const examStatus = { pending: "0", passed: "1", failed: "2" } as const;
export type ApplyStatus = "draft" | "reviewing" | "returned" | "approved" | "rejected" | "withdrawn";

const refuse = (key: MessageKey) => new DomainError(codes.validation, key);
const statusOf = (record: Values) => String(record.status ?? publishStatus.draft);

/** publish/{id}/{status}: 1 publishes a draft or revoked record; 0 or 2 takes a published one back. */
export function decidePublish(record: Values, target: string, now: string): Values {
  const current = statusOf(record);
  if (target === publishStatus.published) {
    if (current === publishStatus.published) throw refuse("publishNotAllowed");
    return { status: publishStatus.published, publishTime: now };
  }
  if (target === publishStatus.draft || target === publishStatus.revoked) {
    if (current !== publishStatus.published) throw refuse("unpublishNotAllowed");
    return { status: target, ...("isShow" in record ? { isShow: false } : {}) };
  }
  throw refuse("badPublishStatus");
}

/** revokeData: only what is published, and it leaves the portal. */
export const decideRevoke = (record: Values): Values => decidePublish(record, publishStatus.revoked, "");

/** examData: once, from pending; passing publishes and shows the record on the portal, failing keeps it a draft. */
export function decideExamine(record: Values, verdict: "1" | "2", opinion: string, examiner: string, now: string): Values {
  if (String(record.examStatus ?? examStatus.pending) !== examStatus.pending) throw refuse("examinedAlready");
  const passed = verdict === examStatus.passed;
  return {
    examStatus: verdict,
    examOpinion: opinion || null,
    examBy: examiner,
    examTime: now,
    status: passed ? publishStatus.published : publishStatus.draft,
    isShow: passed,
    ...(passed ? { publishTime: now } : {}),
  };
}

/** showChange: a published record is shown on the portal or hidden from it. */
export function decideShowChange(record: Values): Values {
  if (statusOf(record) !== publishStatus.published) throw refuse("showNotAllowed");
  return { isShow: !record.isShow };
}

/** An application may be submitted while a draft or after its flow returned it to the applicant. */
export function mayBeSubmitted(record: Values | null): boolean {
  const status = String(record?.status ?? "draft");
  return status === "draft" || status === "returned";
}

/** An application's status read off its instance: the status follows the flow. */
export function applicationStatusOf(instance: InstanceState): ApplyStatus {
  if (instance.deleted) return "withdrawn";
  switch (instance.status) {
    case "finished":
      return "approved";
    case "rejected":
      return "rejected";
    case "stopped":
    case "revoked":
      return "withdrawn";
    default:
      // a return to the start gives the applicant a task that resumes the flow when they resubmit
      return Object.values(instance.tasks).some((t) => t.resumeAt && t.assignee === instance.initiator.id) ? "returned" : "reviewing";
  }
}
