/**
 * The notarisation commands and reads behind the gateway methods and the public routes: apply, handle
 * (notarise or confirm, anchoring the subject), refuse, verify, and the chain explorer summary. Every
 * writer through the command pipeline; the store is read through its own functions.
 */
import type { Context } from "hono";
import type { ExplorerSummary, NotaryKind, VerifyReport } from "../../events/api/notary.ts";
import { l } from "../../events/family.ts";
import { DomainError, codes, notFound } from "../errors.ts";
import { executeHere } from "../http/command.ts";
import type { AppEnv } from "../http/env.ts";
import { fileFamily } from "../files/store.ts";
import { streamOf } from "../resources/commands.ts";
import { chainSummary, largestStreamNumber, readStream, readStreams } from "../store/index.ts";
import { headOf } from "../store/read.ts";
import { displayTime } from "../time.ts";
import { chainHolds, chainPath, verifyApplication } from "./chain.ts";
import { decideApply, decideHandle, decideRefuse, fold, streamOfApplication, type Anchor, type NotaryState } from "./decide.ts";
import type { PendingEvent } from "../store/types.ts";
import { notaryTags } from "../../events/api/notary.ts";
import * as q from "./queries.ts";

export const applicationLabel = l("存证申请", "Notarisation application");
const fileLabel = l("文件", "File");
const prefixOf: Record<NotaryKind, string> = { notary: "NT", confirm: "QQ" };

/**
 * The sha256 of an R2 object's bytes (null when it is gone), streamed through the runtime's digest so a
 * file of the upload limit (40 MB) is never held in memory: the public verify page computes it too.
 */
async function bytesSha256(bucket: R2Bucket, key: string): Promise<string | null> {
  const object = await bucket.get(key);
  if (!object) return null;
  const digest = new crypto.DigestStream("SHA-256");
  await object.body.pipeTo(digest);
  return [...new Uint8Array(await digest.digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export interface ApplyInput {
  id: string;
  reason: string;
  moduleCode: string | undefined;
  kind: NotaryKind;
}

/** A new application numbered NT|QQ + China date + 4 digits; a number taken meanwhile is decided again. */
export async function apply(c: Context<AppEnv>, input: ApplyInput) {
  const db = c.env.DB;
  const file = await q.fileById(db, input.id);
  if (!file) throw notFound(fileLabel);
  const actor = c.get("actor");
  return executeHere(c, {
    name: "notary.apply",
    permission: notaryTags.apply,
    retries: 3,
    async decide({ at }) {
      const prefix = `${prefixOf[input.kind]}${displayTime(at).slice(0, 10).replaceAll("-", "")}`;
      const last = (await largestStreamNumber(db, streamOfApplication(prefix), 4)) ?? 0;
      const applicationNo = `${prefix}${String(last + 1).padStart(4, "0")}`;
      const events = decideApply(fold([]), {
        applicationNo,
        kind: input.kind,
        subjectId: file.id,
        subjectName: file.name,
        reason: input.reason,
        moduleCode: input.moduleCode ?? null,
        applicantId: actor?.id ?? null,
        applicantName: actor?.name ?? null,
        userCode: actor?.userNo ?? null,
      });
      return { writes: [{ stream: streamOfApplication(applicationNo), head: { version: 0, hash: "" }, events }], answer: { applicationNo } };
    },
  });
}

/**
 * Runs a command on one application: refused as not found when there is none or it is not in the module
 * named; `decide` gets its state as read for the attempt and the handler's name.
 */
async function onApplication(c: Context<AppEnv>, name: string, applicationNo: string, moduleCode: string | undefined, decide: (state: NotaryState, handlerName: string | null) => Promise<PendingEvent[]> | PendingEvent[]) {
  const stream = streamOfApplication(applicationNo);
  const applied = fold(await readStream(c.env.DB, stream)).applied;
  if (!applied || (moduleCode && applied.moduleCode !== moduleCode)) throw notFound(applicationLabel);
  await executeHere(c, {
    name,
    permission: notaryTags.handle,
    streams: [stream],
    async decide({ streams }) {
      const events = streams.get(stream) ?? [];
      return { writes: [{ stream, head: headOf(events), events: await decide(fold(events), c.get("actor")?.name ?? null) }], answer: null };
    },
  });
}

/** Notarises (or confirms) an application: the subject's stream head and bytes are anchored in the event. */
export async function handle(c: Context<AppEnv>, applicationNo: string, moduleCode: string | undefined) {
  const db = c.env.DB;
  await onApplication(c, "notary.handle", applicationNo, moduleCode, async (state, handlerName) => {
    const subjectStream = streamOf(fileFamily, state.applied!.subjectId);
    const [subject, file] = await Promise.all([readStream(db, subjectStream), q.fileById(db, state.applied!.subjectId)]);
    const sha256 = file ? await bytesSha256(c.env.FILES, file.objectKey) : null;
    if (!subject.length || !file || !sha256) throw notFound(fileLabel);
    // a subject whose own chain is already broken cannot be vouched for
    if (!chainHolds(await chainPath(subject))) throw new DomainError(codes.validation, "notarySubjectTampered");
    const anchor: Anchor = { stream: subjectStream, ...headOf(subject), sha256 };
    return decideHandle(state, anchor, handlerName);
  });
  return { applicationNo, txHash: (await q.recordByNo(db, applicationNo))?.txHash ?? null };
}

export async function refuse(c: Context<AppEnv>, applicationNo: string, moduleCode: string | undefined, reason: string | undefined) {
  await onApplication(c, "notary.refuse", applicationNo, moduleCode, (state, handlerName) => decideRefuse(state, reason ?? null, handlerName));
  return { applicationNo, status: "refused" as const };
}

/** The verification of one application (null: no such application). */
export async function verify(db: D1Database, bucket: R2Bucket, applicationNo: string): Promise<VerifyReport | null> {
  const notary = await readStream(db, streamOfApplication(applicationNo));
  const state = fold(notary);
  if (!state.applied) return null;
  const record = await q.recordByNo(db, applicationNo);
  const subject = state.anchor ? await readStream(db, state.anchor.stream) : [];
  const file = state.anchor ? await q.fileById(db, state.applied.subjectId) : null;
  const contentSha256 = file ? await bytesSha256(bucket, file.objectKey) : null;
  return verifyApplication({ applicationNo, notary, subject, recordedTxHash: record?.txHash ?? null, contentSha256 });
}

/** How many streams the explorer recomputes at most per call. */
const streamsVerified = 50;

/** The explorer summary of a chain: counts, latest hashes, and the recomputation of its recent streams. */
export async function explorer(db: D1Database, chain: "all" | "notary"): Promise<ExplorerSummary> {
  const summary = await chainSummary(db, chain === "notary" ? "notary" : null, 10, streamsVerified);
  const streams = await readStreams(db, summary.recentStreams);
  const broken: { stream: string; brokenAt: number }[] = [];
  let eventsChecked = 0;
  for (const name of summary.recentStreams) {
    const links = await chainPath(streams.get(name) ?? []);
    eventsChecked += links.length;
    const bad = links.find((link) => !link.ok);
    if (bad) broken.push({ stream: name, brokenAt: bad.version });
  }
  return {
    chain,
    events: summary.events,
    streams: summary.streams,
    latest: summary.latest,
    verification: { streamsChecked: summary.recentStreams.length, eventsChecked, valid: broken.length === 0, broken },
  };
}
