/**
 * A read of an enterprise's credit (its report, or one relevance table): checked against a live
 * authorisation covering the reader and logged either way, through the command pipeline. The report is
 * assembled (our own data, or the configured bureau's) only after a check grants it; the logging command
 * checks again on what it reads, so the log states the check as it stood when the read was recorded, with
 * the SHA-256 of the canonical JSON of what was shown. A refused read is logged, then answered 422 with
 * the reason in words.
 */
import type { CreditReport, ReadKind, RefusalReason, RelevanceType } from "../../events/api/credit.ts";
import { creditTags } from "../../events/api/credit.ts";
import { enterpriseBasicInfo, shareholderInfo } from "../../events/families/enterprise.ts";
import { synEntInvItemList, synFiliationList, synRyPosPerList } from "../../events/families/syn-registration.ts";
import type { Family } from "../../events/family.ts";
import type { Lang, MessageKey } from "../../events/i18n.ts";
import { execute, type CommandActor, type ExecuteContext } from "../commands/execute.ts";
import type { Env } from "../http/env.ts";
import { canonicalJson, sha256Hex } from "../store/canonical.ts";
import { DomainError, codes, notFound } from "../errors.ts";
import { dictionaryEntries, labelsByValue } from "../resources/spreadsheet/lookups.ts";
import { chinaToday } from "../policy/match.ts";
import { bureauOf, bureauRelevance, bureauReport } from "./bureau.ts";
import { dictionariesOf, listColumns, listTable, ownReport } from "./report.ts";
import { checkRead, readEvent, readStream, type Authorisation, type ReadCheck, type Reader } from "./rules.ts";
import * as q from "./queries.ts";

export interface ReadContext {
  env: Env;
  actor: CommandActor & { id: string; name: string };
  reader: Reader;
  lang: Lang;
  context: ExecuteContext;
}

export const digest = (value: unknown) => sha256Hex(canonicalJson(value));

/** Logs one read (granted with its hash, or refused) after checking again; answers the check. */
async function logRead(rc: ReadContext, what: { creditCode: string; entName: string; kind: ReadKind; hash: string | null; source: string | null }, authorisations: (db: D1Database) => Promise<Authorisation[]>, at: string): Promise<ReadCheck> {
  return execute(
    {
      name: `credit.read.${what.kind}`,
      permission: creditTags.info,
      async decide({ db }) {
        const check = checkRead(await authorisations(db), rc.reader, chinaToday(Date.parse(at)));
        const readId = crypto.randomUUID();
        const data = { readId, creditCode: what.creditCode, entName: what.entName, kind: what.kind, ...(check.granted ? { outcome: "granted" as const, reason: null, authId: check.authId, hash: what.hash, source: what.source } : { outcome: "refused" as const, reason: check.reason, authId: null, hash: null, source: null }) };
        return { writes: [{ stream: readStream(readId), head: { version: 0, hash: "" }, events: [readEvent(data)] }], answer: check };
      },
    },
    rc.actor,
    { ...rc.context, at },
  );
}

const refusalKeys: Record<RefusalReason, MessageKey> = {
  noAuthorisation: "creditReadRefused_noAuthorisation",
  expired: "creditReadRefused_expired",
  notYetValid: "creditReadRefused_notYetValid",
  revoked: "creditReadRefused_revoked",
};
const refusal = (check: ReadCheck) => new DomainError(codes.validation, refusalKeys[check.granted ? "noAuthorisation" : check.reason]);

/** The report of an enterprise for this reader: refused (and logged) without a live authorisation. */
export async function readReport(rc: ReadContext, creditCode: string): Promise<{ report: CreditReport; hash: string; authId: string }> {
  const master = await q.masterOf(rc.context.db, creditCode);
  if (!master) throw notFound(enterpriseBasicInfo.label);
  const entName = String(master.entName ?? "");
  const at = new Date().toISOString();
  const of = (db: D1Database) => q.authorisationsOf(db, creditCode);
  const first = checkRead(await of(rc.context.db), rc.reader, chinaToday(Date.parse(at)));
  if (!first.granted) {
    await logRead(rc, { creditCode, entName, kind: "report", hash: null, source: null }, of, at);
    throw refusal(first);
  }
  const bureau = bureauOf(rc.env);
  const report: CreditReport = bureau
    ? { creditCode, source: bureau.name, assembledAt: at, ...(await bureauReport(bureau, creditCode, rc.lang)) }
    : await ownReport(rc.context.db, creditCode, rc.lang, at, chinaToday(Date.parse(at)));
  const hash = await digest(report);
  const check = await logRead(rc, { creditCode, entName, kind: "report", hash, source: report.source }, of, at);
  if (!check.granted) throw refusal(check);
  return { report, hash, authId: check.authId };
}

/** The lists each relevance type reads from our own data. */
const relevanceLists: Record<RelevanceType, Family> = {
  shareholders: shareholderInfo as unknown as Family,
  investments: synEntInvItemList as unknown as Family,
  branches: synFiliationList as unknown as Family,
  persons: synRyPosPerList as unknown as Family,
};
const relevanceRows = 100;
const relevanceColumns = 8;

/** One relevance table of the enterprise an authorisation is about, read under that authorisation. */
export async function readRelevance(rc: ReadContext, authId: string, type: RelevanceType) {
  const db = rc.context.db;
  const auth = await q.authorisationById(db, authId, chinaToday());
  if (!auth) throw new DomainError(codes.notFound, "creditAuthorisationMissing");
  const at = new Date().toISOString();
  const of = async (d: D1Database) => (await q.authorisationsOf(d, auth.creditCode)).filter((a) => a.authId === authId);
  const first = checkRead(await of(db), rc.reader, chinaToday(Date.parse(at)));
  const base = { creditCode: auth.creditCode, entName: auth.entName, kind: "relevance" as const };
  if (!first.granted) {
    await logRead(rc, { ...base, hash: null, source: null }, of, at);
    throw refusal(first);
  }
  const bureau = bureauOf(rc.env);
  let table: { columns: string[]; rows: string[][]; total: number; source: string };
  if (bureau) {
    const answer = await bureauRelevance(bureau, auth.creditCode, type, rc.lang);
    table = { ...answer, total: answer.rows.length, source: bureau.name };
  } else {
    const family = relevanceLists[type];
    const keys = listColumns(family, relevanceColumns);
    const [records, entries] = await Promise.all([q.recordsNaming(db, family, auth.creditCode, relevanceRows), dictionaryEntries(db, dictionariesOf(family, keys))]);
    table = { ...listTable(family, keys, records.rows, labelsByValue(entries, rc.lang), rc.lang), total: records.total, source: "qifu" };
  }
  const answer = { creditCode: auth.creditCode, entName: auth.entName, type, ...table };
  const hash = await digest(answer);
  const check = await logRead(rc, { ...base, hash, source: table.source }, of, at);
  if (!check.granted) throw refusal(check);
  return { ...answer, hash };
}
