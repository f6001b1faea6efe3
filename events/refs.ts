/**
 * Which reference fields hold a user's id. Declarations name them by key (serviceUserId, applicantId,
 * visitorId, createBy…); a data model's user field says so itself (Field.to). Imports read a person's name or
 * account in these fields and store the user's id.
 */
import type { Field } from "./fields.ts";

/** Keys of declared ref fields that point at a user. */
const userKey = /(UserId|userId|By|^applicantId|^examinerId|^assigneeId|^ownerId|^reporterId|^reporter|^reviewerId|^receiverId|^visitorId|^evaluatorId|^answererId|^leaderId|^recorderId|^followerId)$/;

/** Whether field `key` of a family is a reference to a user. */
export const isUserRef = (key: string, f: Field | undefined): boolean => f?.kind === "ref" && (f.to === "user" || userKey.test(key));
