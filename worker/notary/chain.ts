/**
 * Verification, pure over events already read: each link of a stream recomputed from the previous link
 * and the canonical event (worker/store/canonical.ts, the store's own rule), and a notarised application
 * checked against what its notarising event anchored.
 */
import type { ChainLinkRow, VerifyReport } from "../../events/api/notary.ts";
import { chainLink } from "../store/canonical.ts";
import type { StoredEvent } from "../store/types.ts";
import { displayTime } from "../time.ts";
import { fold, notaryEventTypes, type NotaryEvents } from "./decide.ts";

/** Every link of a stream (up to `upTo` when given), recomputed; a link is ok when it reproduces the stored hash from the stored previous one. */
export async function chainPath(events: readonly StoredEvent[], upTo?: number): Promise<ChainLinkRow[]> {
  const links: ChainLinkRow[] = [];
  let previous = "";
  for (const e of events) {
    if (upTo !== undefined && e.version > upTo) break;
    const computed = await chainLink(previous, e);
    links.push({ version: e.version, type: e.type, at: displayTime(e.at), previous, stored: e.hash, computed, ok: computed === e.hash && e.version === links.length + 1 });
    previous = e.hash;
  }
  return links;
}

export const chainHolds = (links: readonly ChainLinkRow[]) => links.length > 0 && links.every((l) => l.ok);

export interface VerifyInput {
  applicationNo: string;
  /** the application's stream as stored */
  notary: readonly StoredEvent[];
  /** the subject's stream as stored */
  subject: readonly StoredEvent[];
  /** the transaction hash the read model keeps */
  recordedTxHash: string | null;
  /** sha256 of the subject's bytes as stored now (null: the bytes are gone) */
  contentSha256: string | null;
}

export async function verifyApplication(input: VerifyInput): Promise<VerifyReport> {
  const state = fold(input.notary);
  const applied = state.applied!;
  const notaryPath = await chainPath(input.notary);
  const notarising = input.notary.find((e) => e.type === notaryEventTypes.notarised);
  const anchor = notarising ? (notarising.data as unknown as NotaryEvents["notary.notarised"]).anchor : null;
  const subjectPath = anchor ? await chainPath(input.subject, anchor.version) : [];
  const notarisingLink = notarising ? notaryPath.find((l) => l.version === notarising.version) : undefined;
  const checks = {
    notaryChain: chainHolds(notaryPath),
    anchor: !!notarisingLink && notarisingLink.ok && input.recordedTxHash === notarisingLink.computed,
    subjectChain: !!anchor && chainHolds(subjectPath) && subjectPath.length === anchor.version && subjectPath.at(-1)!.computed === anchor.hash,
    subjectContent: !!anchor && input.contentSha256 === anchor.sha256,
  };
  return {
    applicationNo: input.applicationNo,
    kind: applied.kind,
    status: state.status!,
    subjectName: applied.subjectName,
    handleTime: notarising ? displayTime(notarising.at) : null,
    txHash: input.recordedTxHash,
    valid: state.status === "notarised" && Object.values(checks).every(Boolean),
    checks,
    path: { notary: notaryPath, subject: subjectPath },
    subjectStream: anchor?.stream ?? null,
    anchoredVersion: anchor?.version ?? null,
  };
}
