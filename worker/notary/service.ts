/**
 * The notarisation commands and reads behind the gateway methods and the public routes: apply, handle
 * (notarise or confirm, anchoring the subject), refuse, verify, and the chain explorer summary. Every
 * writer through the command pipeline; the store is read through its own functions.
 */
import { createHash } from "node:crypto";
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
import { decideApply, decideHandle, decideRefuse, fold, streamOfApplication, type Anchor } from "./decide.ts";
import { notaryTags } from "../../events/api/notary.ts";
import * as q from "./queries.ts";

export const applicationLabel = l("存证申请", "Notarisation application");
const fileLabel = l("文件", "File");
const prefixOf: Record<NotaryKind, string> = { notary: "NT", confirm: "QQ" };

/** The sha256 of an R2 object's bytes (null when it is gone). */
async function bytesSha256(bucket: R2Bucket, key: string): Promise<string | null> {
  const object = await bucket.get(key);
  if (!object) return null;
  return createHash("sha256").update(new Uint8Array(await object.arrayBuffer())).digest("hex");
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

/** The application as its stream has it, refused when it is not in the module named. */
async function application(db: D1Database, applicationNo: string, moduleCode: string | undefined) {
  const events = await readStream(db, streamOfApplication(applicationNo));
  const state = fold(events);
  if (!state.applied || (moduleCode && state.applied.moduleCode !== moduleCode)) throw notFound(applicationLabel);
  return { events, state };
}

/** Notarises (or confirms) an application: the subject's stream head and bytes are anchored in the event. */
export async function handle(c: Context<AppEnv>, applicationNo: string, moduleCode: string | undefined) {
  const db = c.env.DB;
  await application(db, applicationNo, moduleCode);
  const actor = c.get("actor");
  return executeHere(c, {
    name: "notary.handle",
    permission: notaryTags.handle,
    streams: [streamOfApplication(applicationNo)],
    async decide({ streams }) {
      const events = streams.get(streamOfApplication(applicationNo)) ?? [];
      const state = fold(events);
      const subjectStream = streamOf(fileFamily, state.applied!.subjectId);
      const [subject, file] = await Promise.all([readStream(db, subjectStream), q.fileById(db, state.applied!.subjectId)]);
      const sha256 = file ? await bytesSha256(c.env.FILES, file.objectKey) : null;
      if (!subject.length || !file || !sha256) throw notFound(fileLabel);
      // a subject whose own chain is already broken cannot be vouched for
      if (!chainHolds(await chainPath(subject))) throw new DomainError(codes.validation, "notarySubjectTampered");
      const anchor: Anchor = { stream: subjectStream, ...headOf(subject), sha256 };
      const pending = decideHandle(state, anchor, actor?.name ?? null);
      return { writes: [{ stream: streamOfApplication(applicationNo), head: headOf(events), events: pending }], answer: { applicationNo } };
    },
  }).then(async () => ({ applicationNo, txHash: (await q.recordByNo(db, applicationNo))!.txHash }));
}

export async function refuse(c: Context<AppEnv>, applicationNo: string, moduleCode: string | undefined, reason: string | undefined) {
  const db = c.env.DB;
  await application(db, applicationNo, moduleCode);
  const actor = c.get("actor");
  return executeHere(c, {
    name: "notary.refuse",
    permission: notaryTags.handle,
    streams: [streamOfApplication(applicationNo)],
    decide({ streams }) {
      const events = streams.get(streamOfApplication(applicationNo)) ?? [];
      const pending = decideRefuse(fold(events), reason ?? null, actor?.name ?? null);
      return { writes: [{ stream: streamOfApplication(applicationNo), head: headOf(events), events: pending }], answer: { applicationNo, status: "refused" } };
    },
  });
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
