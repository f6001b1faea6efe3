/**
 * A policy's states (pure): draft → published (matched, its enterprises' staff told) → expired, and an
 * expired policy may be published again. Each decision takes the record as its stream has it and answers
 * the fields to change, or refuses with the rule.
 */
import { DomainError, codes } from "../errors.ts";
import type { PolicyStatus } from "../../events/api/policy.ts";

type Values = Record<string, unknown>;

export const statusOf = (record: Values): PolicyStatus => (record.status === "published" || record.status === "expired" ? record.status : "draft");

/** Publishing needs conditions to match by; it restarts the notices (noticedAt empty until they are all sent). */
export function decidePublish(record: Values, now: string): Values {
  if (statusOf(record) === "published") throw new DomainError(codes.validation, "policyPublishNotAllowed");
  if (!Array.isArray(record.conditions) || record.conditions.length === 0) throw new DomainError(codes.validation, "policyWithoutConditions");
  return { status: "published", publishTime: now, noticedAt: null };
}

export function decideExpire(record: Values): Values {
  if (statusOf(record) !== "published") throw new DomainError(codes.validation, "policyExpireNotAllowed");
  return { status: "expired" };
}

/** The notices of a published policy are all sent. */
export function decideNoticed(record: Values, now: string): Values {
  return statusOf(record) === "published" ? { noticedAt: now } : {};
}
