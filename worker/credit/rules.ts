/**
 * The authorisation's pure rules: its events, their fold (`evolve`), the decisions of granting and revoking,
 * its status on a day, and whether it covers a reader — the one check every read of a report goes through.
 */
import type { AuthorisationStatus, GranteeKind, ReadKind, RefusalReason } from "../../events/api/credit.ts";
import type { PendingEvent, StoredEvent } from "../store/types.ts";
import { DomainError, codes } from "../errors.ts";

export const creditEvents = {
  accredited: "credit.accredited",
  revoked: "credit.accreditRevoked",
  credentialIssued: "credit.credentialIssued",
  read: "credit.read",
} as const;

export const authStream = (authId: string) => `creditauth:${authId}`;
export const readStream = (readId: string) => `creditread:${readId}`;

export interface Grant {
  authId: string;
  creditCode: string;
  entName: string;
  granteeKind: GranteeKind;
  granteeId: string;
  granteeName: string;
  validFrom: string;
  validTo: string;
  purpose: string;
}

export interface CreditEventData {
  "credit.accredited": Grant;
  "credit.accreditRevoked": { authId: string; reason: string };
  "credit.credentialIssued": { authId: string; credentialId: string };
  "credit.read": { readId: string; creditCode: string; entName: string; kind: ReadKind; outcome: "granted" | "refused"; reason: RefusalReason | null; authId: string | null; hash: string | null; source: string | null };
}

export interface Authorisation extends Grant {
  revoked: boolean;
  credentialId: string | null;
}

/** The authorisation its stream's events make (null before it is granted). */
export const evolve = (events: readonly StoredEvent[]): Authorisation | null => events.reduce<Authorisation | null>(step, null);

function step(state: Authorisation | null, e: StoredEvent): Authorisation | null {
  if (e.type === creditEvents.accredited) return { ...(e.data as unknown as Grant), revoked: false, credentialId: null };
  if (!state) return state;
  if (e.type === creditEvents.revoked) return { ...state, revoked: true };
  if (e.type === creditEvents.credentialIssued) return { ...state, credentialId: (e.data as { credentialId: string }).credentialId };
  return state;
}

const event = <T extends keyof CreditEventData>(type: T, data: CreditEventData[T]): PendingEvent => ({ type, data: data as unknown as Record<string, unknown> });

/** Granting: a period that ends before it starts, or ends before today, is refused. */
export function decideAccredit(grant: Grant, today: string): PendingEvent[] {
  if (grant.validTo < grant.validFrom) throw new DomainError(codes.validation, "creditPeriodReversed");
  if (grant.validTo < today) throw new DomainError(codes.validation, "creditPeriodPast");
  return [event(creditEvents.accredited, grant)];
}

/** Revoking: once only. */
export function decideRevoke(state: Authorisation | null, reason: string): PendingEvent[] {
  if (!state) throw new DomainError(codes.notFound, "creditAuthorisationMissing");
  if (state.revoked) throw new DomainError(codes.validation, "creditAuthorisationRevoked");
  return [event(creditEvents.revoked, { authId: state.authId, reason })];
}

export function decideCredential(state: Authorisation | null, credentialId: string): PendingEvent[] {
  if (!state) throw new DomainError(codes.notFound, "creditAuthorisationMissing");
  return state.credentialId === credentialId ? [] : [event(creditEvents.credentialIssued, { authId: state.authId, credentialId })];
}

/** The status on `today`: revoked, before its period, after it, or live. */
export function statusOn(auth: Pick<Authorisation, "revoked" | "validFrom" | "validTo">, today: string): AuthorisationStatus {
  if (auth.revoked) return "revoked";
  if (today < auth.validFrom) return "pending";
  if (today > auth.validTo) return "expired";
  return "live";
}

/** Who reads: a user and the department (institution) they belong to. */
export interface Reader {
  userId: string;
  deptId: string | null;
}

export const covers = (auth: Pick<Authorisation, "granteeKind" | "granteeId">, reader: Reader) =>
  auth.granteeKind === "user" ? auth.granteeId === reader.userId : reader.deptId !== null && auth.granteeId === reader.deptId;

export type ReadCheck = { granted: true; authId: string } | { granted: false; reason: RefusalReason };

const refusalOf: Record<Exclude<AuthorisationStatus, "live">, RefusalReason> = { revoked: "revoked", pending: "notYetValid", expired: "expired" };

/**
 * A read against the enterprise's authorisations: granted by a live one covering the reader; else refused
 * for the reason of the most telling one covering them (not yet valid: one is coming; expired; revoked),
 * or for having none.
 */
export function checkRead(auths: readonly Authorisation[], reader: Reader, today: string): ReadCheck {
  const mine = auths.filter((a) => covers(a, reader));
  const live = mine.find((a) => statusOn(a, today) === "live");
  if (live) return { granted: true, authId: live.authId };
  const order: AuthorisationStatus[] = ["pending", "expired", "revoked"];
  for (const status of order) if (mine.some((a) => statusOn(a, today) === status)) return { granted: false, reason: refusalOf[status as Exclude<AuthorisationStatus, "live">] };
  return { granted: false, reason: "noAuthorisation" };
}

/** The log's event of one read. */
export const readEvent = (data: CreditEventData["credit.read"]) => event(creditEvents.read, data);
