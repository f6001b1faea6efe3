/**
 * The notarisation aggregate, pure: an application's state folded from its stream, and the events a
 * command decides. Applied once; then notarised (with the subject's anchor) or refused, once.
 */
import type { NotaryKind, NotaryStatus } from "../../events/api/notary.ts";
import { DomainError, codes } from "../errors.ts";
import type { PendingEvent, StoredEvent } from "../store/types.ts";

export const notaryEventTypes = { applied: "notary.applied", notarised: "notary.notarised", refused: "notary.refused" } as const;

export const streamOfApplication = (applicationNo: string) => `notary:${applicationNo}`;

/** What the notarising event pins: the subject's stream at a version, its chain value, its bytes' sha256. */
export interface Anchor {
  stream: string;
  version: number;
  hash: string;
  sha256: string;
}

export interface NotaryEvents {
  "notary.applied": { applicationNo: string; kind: NotaryKind; subjectId: string; subjectName: string; reason: string; moduleCode: string | null; applicantId: string | null; applicantName: string | null; userCode: string | null };
  "notary.notarised": { applicationNo: string; anchor: Anchor; handlerName: string | null };
  "notary.refused": { applicationNo: string; reason: string | null; handlerName: string | null };
}

export interface NotaryState {
  status: NotaryStatus | null;
  applied: NotaryEvents["notary.applied"] | null;
  anchor: Anchor | null;
}

export function fold(events: readonly StoredEvent[]): NotaryState {
  let state: NotaryState = { status: null, applied: null, anchor: null };
  for (const e of events) state = evolve(state, e);
  return state;
}

export function evolve(state: NotaryState, e: PendingEvent): NotaryState {
  if (e.type === notaryEventTypes.applied) return { ...state, status: "applied", applied: e.data as unknown as NotaryEvents["notary.applied"] };
  if (e.type === notaryEventTypes.notarised) return { ...state, status: "notarised", anchor: (e.data as unknown as NotaryEvents["notary.notarised"]).anchor };
  if (e.type === notaryEventTypes.refused) return { ...state, status: "refused" };
  return state;
}

const event = <K extends keyof NotaryEvents>(type: K, data: NotaryEvents[K]): PendingEvent => ({ type, data: data as unknown as Record<string, unknown> });

export function decideApply(state: NotaryState, data: NotaryEvents["notary.applied"]): PendingEvent[] {
  if (state.status !== null) throw new DomainError(codes.concurrency, "changedMeanwhile");
  return [event(notaryEventTypes.applied, data)];
}

/** Only an application still waiting may be handled or refused; a handled one says how it ended. */
function mustBePending(state: NotaryState) {
  if (state.status === "notarised") throw new DomainError(codes.validation, "notaryAlreadyNotarised");
  if (state.status === "refused") throw new DomainError(codes.validation, "notaryAlreadyRefused");
}

export function decideHandle(state: NotaryState, anchor: Anchor, handlerName: string | null): PendingEvent[] {
  mustBePending(state);
  return [event(notaryEventTypes.notarised, { applicationNo: state.applied!.applicationNo, anchor, handlerName })];
}

export function decideRefuse(state: NotaryState, reason: string | null, handlerName: string | null): PendingEvent[] {
  mustBePending(state);
  return [event(notaryEventTypes.refused, { applicationNo: state.applied!.applicationNo, reason, handlerName })];
}
