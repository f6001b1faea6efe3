/**
 * The policy source protocol: how policies are imported from an external policy library (a provincial
 * policy platform, a policy-data vendor) by worker/policy/import.ts. Shared by the Worker, the tests' local
 * server (tests/policy-source) and the demo policies, which are written in it.
 *
 *   GET {base}/policies?page=<n ≥ 1>&size=<1..100>[&updatedSince=<ISO instant>]
 *   Authorization: Bearer <key>                  (when the source needs a key)
 *
 *   200 { "code": 0, "message": "ok", "data": { "page": 1, "size": 50, "total": 123, "items": [ExternalPolicy…] } }
 *   200 { "code": <non-zero>, "message": "<why>" }   the source refuses (bad key, bad query): not retried
 *   429, 5xx, a timeout, a network error            retried with backoff; after the last attempt the import fails
 *
 * Items are in a stable order (by id); a page past the end has no items. An item's `id` is stable at the
 * source: importing it again updates the policy it made (sourceCode + externalId), never a second one.
 */
import * as z from "zod";
import { policyConditions } from "./conditions.ts";
import { lazySchema } from "../lazy.ts";

export const sourceLevels = ["national", "provincial", "municipal", "county"] as const;

export const externalPolicy = lazySchema(() => z.object({
  id: z.string().min(1).max(64),
  title: z.string().min(1).max(200),
  docNo: z.string().max(100).optional(),
  issuer: z.string().max(128).optional(),
  level: z.enum(sourceLevels),
  /** the policyType dictionary's code */
  category: z.string().min(1).max(32),
  /** the zoning code the policy applies in */
  region: z.string().regex(/^\d{6}$/).optional(),
  publishedOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  effectiveFrom: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  effectiveTo: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  summary: z.string().max(2000).optional(),
  content: z.string().max(50000).optional(),
  url: z.string().url().max(500).optional(),
  support: z.object({ text: z.string().max(500), maxAmount: z.number().min(0).optional() }).optional(),
  /** the conditions the source split out of the text, in our condition language */
  conditions: policyConditions.optional(),
  updatedAt: z.string().optional(),
}));
export type ExternalPolicy = z.infer<typeof externalPolicy>;

/** A page as the source answers it; items are checked one by one (one bad item does not sink the page). */
export const sourcePage = lazySchema(() => z.object({
  code: z.number().int(),
  message: z.string().optional(),
  data: z.object({ page: z.number().int().min(1), size: z.number().int().min(1), total: z.number().int().min(0), items: z.array(z.unknown()) }).optional(),
}));

export const pageSizeMax = 100;

/** The address of one page. */
export function policyPageUrl(base: string, page: number, size: number, updatedSince?: string): string {
  const url = new URL(`${base.replace(/\/+$/, "")}/policies`);
  url.searchParams.set("page", String(page));
  url.searchParams.set("size", String(size));
  if (updatedSince) url.searchParams.set("updatedSince", updatedSince);
  return url.toString();
}

/** An item as the policy family's record (the import's and the demo's one mapping). */
export function policyRecordOf(item: ExternalPolicy, sourceCode: string, moduleCode?: string): Record<string, unknown> {
  return {
    policyName: item.title,
    policyNo: item.docNo ?? null,
    issuingAuthority: item.issuer ?? null,
    policyLevel: item.level,
    policyType: item.category,
    areaCode: item.region ?? null,
    publishDate: item.publishedOn ?? null,
    effectiveDate: item.effectiveFrom ?? null,
    expiryDate: item.effectiveTo ?? null,
    summary: item.summary ?? null,
    content: item.content ?? null,
    sourceUrl: item.url ?? null,
    subsidy: item.support?.text ?? null,
    subsidyAmount: item.support?.maxAmount ?? null,
    conditions: item.conditions ?? null,
    declarable: !!item.conditions?.length,
    sourceCode,
    externalId: item.id,
    ...(moduleCode ? { moduleCode } : {}),
  };
}
