/**
 * Policy matching (worker/policy/): which published policies an enterprise meets and nearly meets, which
 * enterprises meet a policy, one policy tried on one enterprise with its whole trace, and publishing a
 * policy (which tells the service staff of the enterprises that meet it). Policies themselves (list, info,
 * save…) are the record engine's standard set of the `policy` family (/common/paclist), whose `conditions`
 * hold the named conditions split out of the policy's text (policyConditions below).
 *
 * Lists take the spec's policy paging: page and size (default 10, at most 100), name (a policy name
 * fragment) or firmName (an enterprise name fragment), moduleCode (the platform module a policy belongs to).
 * Reasons are rendered in the request's language; the structured fields beside the text let a screen
 * draw its own (fact, actual, expected, gap).
 */
import * as z from "zod";
import { verb } from "./verb.ts";
import { lazySchema } from "../lazy.ts";

const base = "/common/paclist";
const id = lazySchema(() => z.string().min(1).max(64));
const creditCode = lazySchema(() => z.string().length(18));
const date = lazySchema(() => z.string().regex(/^\d{4}-\d{2}-\d{2}$/));

export { policyCondition, policyConditions, type PolicyCondition } from "../policy/conditions.ts";

export const policyStatusValues = ["draft", "published", "expired"] as const;
export type PolicyStatus = (typeof policyStatusValues)[number];

const page = lazySchema(() => z.coerce.number<string | number>().int().min(1).max(1_000_000).catch(1));
const size = lazySchema(() => z.coerce.number<string | number>().int().min(1).max(100).catch(10));
const fragment = lazySchema(() => z.string().trim().max(100));
const moduleCode = lazySchema(() => z.string().trim().max(32));

/** The spec's policy list parameters. */
export const policyPaging = lazySchema(() => z.object({ page: page.optional(), size: size.optional(), moduleCode: moduleCode.optional() }));

/** How a near miss or a reason is explained: one leaf of a condition tree, evaluated. */
export const matchReason = lazySchema(() => z.strictObject({
  /** the named condition (policyCondition.code) the leaf belongs to */
  condition: z.string(),
  /** the named condition's label in the request's language */
  conditionLabel: z.string(),
  fact: z.string(),
  /** the fact's label in the request's language */
  factLabel: z.string(),
  op: z.string(),
  actual: z.union([z.number(), z.string(), z.boolean(), z.array(z.string())]).nullable(),
  expected: z.unknown().optional(),
  pass: z.boolean(),
  gap: z.number().optional(),
  /** the leaf in words: "有效发明专利 3 项，要求 ≥ 1 项" / a near miss "需再获得 1 项发明专利" */
  text: z.string(),
}));
export type MatchReason = z.infer<typeof matchReason>;

/** A named condition's outcome. */
export const conditionOutcome = lazySchema(() => z.strictObject({ code: z.string(), label: z.string(), pass: z.boolean() }));

export const matchKinds = ["met", "near"] as const;
export type MatchKind = (typeof matchKinds)[number];

const policySummary = {
  policyId: lazySchema(() => z.string()),
  policyName: lazySchema(() => z.string()),
  policyNo: lazySchema(() => z.string().nullable()),
  issuingAuthority: lazySchema(() => z.string().nullable()),
  policyLevel: lazySchema(() => z.string().nullable()),
  policyType: lazySchema(() => z.string().nullable()),
  subsidy: lazySchema(() => z.string().nullable()),
  subsidyAmount: lazySchema(() => z.number().nullable()),
  effectiveDate: lazySchema(() => z.string().nullable()),
  expiryDate: lazySchema(() => z.string().nullable()),
  moduleCode: lazySchema(() => z.string().nullable()),
};

/** A policy an enterprise meets (kind met) or nearly meets (kind near, with what is missing). */
export const enterprisePolicyRow = lazySchema(() => z.strictObject({
  ...policySummary,
  kind: z.enum(matchKinds),
  conditions: z.array(conditionOutcome),
  /** met: the leaves that passed; near: the leaves that failed */
  reasons: z.array(matchReason),
  /** near: the near-miss phrases, e.g. "需再获得 1 项发明专利" (empty for met) */
  missing: z.array(z.string()),
}));
export type EnterprisePolicyRow = z.infer<typeof enterprisePolicyRow>;

export const enterpriseMatchQuery = lazySchema(() => policyPaging.extend({
  creditCode,
  /** met, near, or both (met first) */
  kind: z.enum(matchKinds).optional(),
  name: fragment.optional(),
}));

/** An enterprise meeting a policy, with the leaves that passed. */
export const policyEnterpriseRow = lazySchema(() => z.strictObject({
  creditCode: z.string(),
  entName: z.string(),
  areaCode: z.string().nullable(),
  industry: z.string().nullable(),
  serviceUserId: z.string().nullable(),
  reasons: z.array(matchReason),
}));
export type PolicyEnterpriseRow = z.infer<typeof policyEnterpriseRow>;

export const policyMatchQuery = lazySchema(() => policyPaging.extend({ policyId: id, firmName: fragment.optional() }));

/** One policy tried on one enterprise: met, near or not, each named condition with its full trace. */
export const policyTrial = lazySchema(() => z.strictObject({
  ...policySummary,
  creditCode: z.string(),
  entName: z.string(),
  asOf: date,
  kind: z.enum(["met", "near", "unmet"]),
  conditions: z.array(conditionOutcome.extend({ reasons: z.array(matchReason) })),
  missing: z.array(z.string()),
}));

export const publishAnswer = lazySchema(() => z.strictObject({
  policyId: z.string(),
  version: z.number().int(),
  status: z.enum(policyStatusValues),
  /** enterprises whose service staff were told now (0 when published again: each is told once) */
  notified: z.number().int(),
  /** messages posted (one per member of staff) */
  messages: z.number().int(),
  /** false when the time budget ran out; the rest is told by the next cron tick */
  complete: z.boolean(),
}));

export const policy = {
  /** the published policies an enterprise meets and nearly meets (met first, then near misses by fewest gaps) */
  enterpriseMatch: verb({ method: "GET", path: `${base}/matchList`, query: enterpriseMatchQuery, response: () => z.array(enterprisePolicyRow), paged: true }),
  /** every enterprise that meets a policy (published or not: an editor checks a draft's reach) */
  policyMatch: verb({ method: "GET", path: `${base}/matchEnterprises`, query: policyMatchQuery, response: () => z.array(policyEnterpriseRow), paged: true }),
  /** one policy on one enterprise, with the trace of every named condition */
  trial: verb({ method: "GET", path: `${base}/matchDetail`, query: () => z.object({ policyId: id, creditCode }), response: policyTrial }),
  /** publish a draft (or expired) policy and tell the service staff of the enterprises that meet it */
  publish: verb({ method: "POST", path: `${base}/publish/:id`, response: publishAnswer }),
  /** take a published policy out of matching */
  expire: verb({ method: "POST", path: `${base}/expire/:id`, response: () => z.strictObject({ policyId: z.string(), version: z.number().int(), status: z.enum(policyStatusValues) }) }),
};
