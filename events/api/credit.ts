/**
 * Credit query (worker/credit/): the spec's credit methods through the gateway's one method table (both
 * doors, `POST /gateway` and `POST /wutong/v1/jsonrpc`), the printable report page
 * `GET /wutong/v1/creditreprot/{creditCode}`, and the credit bureau protocol the adapter speaks when one
 * is configured.
 *
 * An enterprise authorises a member of staff (a user) or an institution (a department: every user of it)
 * to read its credit report for a period (validFrom..validTo, days in China time, both included). Every
 * read of a report or of an enterprise's relevance is checked against a live authorisation (granted, not
 * revoked, today within its period, covering the reader) and logged — refusals too — with the hash of what
 * it showed: the query records.
 */
import * as z from "zod";
import { lazySchema } from "../lazy.ts";

/** Permission tags of the credit screen (events/seed/menus.ts puts them on /bt/credit). */
export const creditTags = {
  /** the query records (read log), the enterprises to query, the authorisation list */
  list: "bt:credit:list",
  /** a report, its info URL, relevance, the credential check, an authorisation letter (reads still need a live authorisation) */
  info: "bt:credit:info",
  /** grant and revoke authorisations on an enterprise's behalf */
  accredit: "bt:credit:accredit",
} as const;

/** The report page's path below /api; `{id}` is the enterprise's credit code (the spec's spelling kept). */
export const creditReportPath = "/wutong/v1/creditreprot";
export const creditReportUrl = (creditCode: string) => `/api${creditReportPath}/${creditCode}`;

export const creditCode = lazySchema(() => z.string().trim().toUpperCase().regex(/^[0-9A-Z]{18}$/, "18 letters or digits"));
const day = lazySchema(() => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "YYYY-MM-DD"));
const page = lazySchema(() => z.coerce.number().int().min(1).max(1_000_000).default(1));
const size = lazySchema(() => z.coerce.number().int().min(1).max(100).default(10));
const fragment = lazySchema(() => z.string().trim().max(100).optional());
const authId = lazySchema(() => z.string().min(1).max(64));

export const granteeKinds = ["user", "institution"] as const;
export type GranteeKind = (typeof granteeKinds)[number];

export const authorisationStatuses = ["live", "pending", "expired", "revoked"] as const;
export type AuthorisationStatus = (typeof authorisationStatuses)[number];

export const readOutcomes = ["granted", "refused"] as const;
export const readKinds = ["report", "relevance"] as const;
export type ReadKind = (typeof readKinds)[number];

/** Why a read was refused (the log keeps the code; the screen words it). */
export const refusalReasons = ["noAuthorisation", "expired", "notYetValid", "revoked"] as const;
export type RefusalReason = (typeof refusalReasons)[number];

export const relevanceTypes = ["shareholders", "investments", "branches", "persons"] as const;
export type RelevanceType = (typeof relevanceTypes)[number];

// ---- method params (the gateway table's schemas)

export const queryRecordParams = lazySchema(() => z.object({ page, size, corpId: creditCode.optional(), corpName: fragment, outcome: z.enum(readOutcomes).optional() }));
export const enterprisesParams = lazySchema(() => z.object({ page, size, corpId: creditCode.optional(), corpName: fragment }));
export const infoUrlParams = lazySchema(() => z.object({ creditCode }));
export const relevanceParams = lazySchema(() => z.object({ type: z.enum(relevanceTypes), authId }));
export const accreditListParams = lazySchema(() => z.object({ page, size, corpId: creditCode.optional(), corpName: fragment, status: z.enum(authorisationStatuses).optional(), mine: z.boolean().optional() }));
export const authIdParams = lazySchema(() => z.object({ authId }));

export const accreditParams = lazySchema(() => z
  .object({
    creditCode,
    granteeKind: z.enum(granteeKinds),
    /** a user's id or a department's id */
    granteeId: z.string().min(1).max(64),
    validFrom: day,
    validTo: day,
    purpose: z.string().trim().min(1).max(200),
  })
  .refine((p) => p.validFrom <= p.validTo, { path: ["validTo"], message: "not before validFrom" }));
export type AccreditParams = z.infer<typeof accreditParams>;

export const granteesParams = lazySchema(() => z.object({ kind: z.enum(granteeKinds), name: fragment }));
export const revokeParams = lazySchema(() => z.object({ authId, reason: z.string().trim().min(1).max(200) }));

// ---- answers

export const authorisationRow = lazySchema(() => z.strictObject({
  authId: z.string(),
  creditCode: z.string(),
  entName: z.string(),
  granteeKind: z.enum(granteeKinds),
  granteeId: z.string(),
  granteeName: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  purpose: z.string(),
  status: z.enum(authorisationStatuses),
  grantedBy: z.string().nullable(),
  grantedAt: z.string(),
  revokedAt: z.string().nullable(),
  revokeReason: z.string().nullable(),
  /** the verifiable credential issued for it (the DID module), null until issued */
  credentialId: z.string().nullable(),
}));
export type AuthorisationRow = z.infer<typeof authorisationRow>;

export const queryRecordRow = lazySchema(() => z.strictObject({
  readId: z.string(),
  creditCode: z.string(),
  entName: z.string(),
  readerId: z.string().nullable(),
  readerName: z.string().nullable(),
  kind: z.enum(readKinds),
  outcome: z.enum(readOutcomes),
  reason: z.enum(refusalReasons).nullable(),
  authId: z.string().nullable(),
  /** the SHA-256 of what a granted read showed */
  hash: z.string().nullable(),
  source: z.string().nullable(),
  at: z.string(),
}));
export type QueryRecordRow = z.infer<typeof queryRecordRow>;

export const enterpriseRow = lazySchema(() => z.strictObject({
  creditCode: z.string(),
  entName: z.string(),
  legalPerson: z.string().nullable(),
  /** the reader's live authorisation on it, if any */
  authId: z.string().nullable(),
  validTo: z.string().nullable(),
}));

export const infoUrlAnswer = lazySchema(() => z.strictObject({ creditCode: z.string(), url: z.string(), authorised: z.boolean(), authId: z.string().nullable(), validTo: z.string().nullable() }));

// ---- the report (our own and the bureau's alike)

/** One section of a report: labelled values, or a table of rows. */
export const reportSection = lazySchema(() => z.union([
  z.strictObject({ kind: z.literal("fields"), title: z.string().max(200), items: z.array(z.strictObject({ label: z.string().max(200), value: z.string().max(4000) })).max(200) }),
  z.strictObject({
    kind: z.literal("table"),
    title: z.string().max(200),
    columns: z.array(z.string().max(200)).max(20),
    rows: z.array(z.array(z.string().max(2000)).max(20)).max(500),
    /** every record of the list, when more than the rows shown */
    total: z.number().int().min(0),
  }),
]));
export type ReportSection = z.infer<typeof reportSection>;

export const creditReport = lazySchema(() => z.strictObject({
  creditCode: z.string(),
  entName: z.string(),
  /** "qifu" (our own read models) or the bureau's name */
  source: z.string().max(64),
  /** ISO instant the report was assembled */
  assembledAt: z.string(),
  sections: z.array(reportSection).max(100),
}));
export type CreditReport = z.infer<typeof creditReport>;

/**
 * The credit bureau protocol (CREDIT_BUREAU_URL configured; its key CREDIT_BUREAU_KEY a Worker secret):
 *
 *   POST {base}/reports   { creditCode, lang }   Authorization: Bearer {key}, Accept: application/json
 *   → 200 { code: 0, data: { entName, sections } }      sections as `reportSection` above
 *   → 200 { code: <non-zero>, message }                   the bureau refuses (unknown enterprise, bad key…)
 *   → 4xx/5xx, a timeout or a body that is not this shape: the bureau failed
 *
 *   POST {base}/relevance { creditCode, type, lang }     → 200 { code: 0, data: { columns, rows } }
 *
 * The bureau answers what it holds; the authorisation check, the log and the hash stay ours.
 */
export const bureauReportAnswer = lazySchema(() => z.object({ code: z.number().int(), message: z.string().max(500).optional(), data: z.object({ entName: z.string().max(200), sections: z.array(reportSection).max(100) }).optional() }));
export const bureauRelevanceAnswer = lazySchema(() => z.object({ code: z.number().int(), message: z.string().max(500).optional(), data: z.object({ columns: z.array(z.string().max(200)).max(20), rows: z.array(z.array(z.string().max(2000)).max(20)).max(500) }).optional() }));

export const relevanceAnswer = lazySchema(() => z.strictObject({ creditCode: z.string(), entName: z.string(), type: z.enum(relevanceTypes), columns: z.array(z.string()), rows: z.array(z.array(z.string())), total: z.number().int(), source: z.string(), hash: z.string() }));

export const checkVcAnswer = lazySchema(() => z.strictObject({ authId: z.string(), credentialId: z.string().nullable(), valid: z.boolean(), reason: z.string() }));
