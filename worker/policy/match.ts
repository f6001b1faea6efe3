/**
 * Matching over the read models: one enterprise against every published policy (its facts loaded once,
 * each policy evaluated by the pure matcher of events/policy/match.ts), and one policy against every
 * enterprise (its conditions compiled to SQL for the candidates, then the page's facts loaded and traced
 * for the reasons). The reasons are rendered in the request's language, dictionary codes by their labels.
 */
import type { Lang } from "../../events/i18n.ts";
import { factByKey } from "../../events/conditions/facts.ts";
import type { Facts } from "../../events/conditions/tree.ts";
import { factsOf } from "../../events/conditions/tree.ts";
import type { Trace } from "../../events/conditions/evaluate.ts";
import type { PolicyCondition } from "../../events/policy/conditions.ts";
import { leafText, matchPolicy, shortfallText, type LeafOutcome, type PolicyOutcome, type ValueText } from "../../events/policy/match.ts";
import type { EnterprisePolicyRow, MatchKind, MatchReason, PolicyEnterpriseRow } from "../../events/api/policy.ts";
import { enterprisesMeeting, loadFacts } from "../conditions/index.ts";
import { policy as policyFamily } from "../../events/families/casework.ts";
import { enterpriseBasicInfo } from "../../events/families/enterprise.ts";
import { notFound } from "../errors.ts";
import * as q from "./queries.ts";

/** The day matching is decided for: today in China (UTC+8). */
export { chinaDate as chinaToday } from "../time.ts";

export async function policyOr404(db: D1Database, id: string) {
  const found = await q.policyById(db, id);
  if (!found) throw notFound(policyFamily.label);
  return found;
}

export async function enterpriseOr404(db: D1Database, creditCode: string) {
  const found = await q.enterpriseByCode(db, creditCode);
  if (!found) throw notFound(enterpriseBasicInfo.label);
  return found;
}

/** The facts every condition of these policies asks (loaded once for all of them). */
const factKeysOf = (policies: readonly { conditions: readonly PolicyCondition[] }[]) => [...new Set(policies.flatMap((p) => p.conditions.flatMap((c) => factsOf(c.condition))))];

/** Renders dictionary codes of dict facts by their labels (the types the policies' facts name). */
async function valueTextFor(db: D1Database, keys: readonly string[], lang: Lang): Promise<ValueText> {
  const types = [...new Set(keys.flatMap((k) => factByKey.get(k)?.dict ?? []))];
  const labels = await q.dictionaryLabels(db, types);
  return (fact, value) => {
    const dict = factByKey.get(fact)?.dict;
    const label = dict ? labels.get(dict)?.get(String(value)) : undefined;
    return label ? (lang === "zh-CN" ? label.zh : label.en) : String(value);
  };
}

function reasonOf(leaf: LeafOutcome, lang: Lang, show: ValueText): MatchReason {
  const t: Trace = leaf.trace;
  const fact = t.fact ?? (t.children?.[0]?.fact ?? "");
  return {
    condition: leaf.condition.code,
    conditionLabel: leaf.condition.label[lang],
    fact,
    factLabel: factByKey.get(fact)?.label[lang] ?? fact,
    op: t.op,
    actual: t.actual ?? null,
    ...(t.expected === undefined ? {} : { expected: t.expected }),
    pass: t.pass,
    ...(t.gap === undefined ? {} : { gap: t.gap }),
    text: leafText(t, lang, show),
  };
}

const conditionsOf = (outcome: PolicyOutcome, lang: Lang) => outcome.conditions.map((r) => ({ code: r.condition.code, label: r.condition.label[lang], pass: r.trace.pass }));
const missingOf = (outcome: PolicyOutcome, lang: Lang) => outcome.shortfalls.map((s) => shortfallText(s, lang));

const summaryOf = (p: q.PolicyRow) => ({
  policyId: p.policyId,
  policyName: p.policyName,
  policyNo: p.policyNo,
  issuingAuthority: p.issuingAuthority,
  policyLevel: p.policyLevel,
  policyType: p.policyType,
  subsidy: p.subsidy,
  subsidyAmount: p.subsidyAmount,
  effectiveDate: p.effectiveDate,
  expiryDate: p.expiryDate,
  moduleCode: p.moduleCode,
});

export interface EnterpriseMatchOptions {
  asOf: string;
  lang: Lang;
  name?: string | undefined;
  moduleCode?: string | undefined;
  kind?: "met" | "near" | undefined;
}

/**
 * The published policies one enterprise meets and nearly meets: met first (by name), then near misses
 * by fewest gaps. Every row, not a page: the route pages them (500 policies stay one read and 500 pure
 * evaluations).
 */
export async function policiesForEnterprise(db: D1Database, creditCode: string, options: EnterpriseMatchOptions): Promise<EnterprisePolicyRow[]> {
  const policies = await q.publishedPolicies(db, options.asOf, { name: options.name, moduleCode: options.moduleCode });
  const keys = factKeysOf(policies);
  const [factsByCode, show] = await Promise.all([loadFacts(db, [creditCode], options.asOf, keys), valueTextFor(db, keys, options.lang)]);
  const facts: Facts = factsByCode.get(creditCode) ?? {};
  const rows: (EnterprisePolicyRow & { gaps: number })[] = [];
  for (const p of policies) {
    if (p.conditions.length === 0) continue;
    const outcome = matchPolicy(p.conditions, facts);
    if (outcome.kind === "unmet" || (options.kind && outcome.kind !== options.kind)) continue;
    rows.push({
      ...summaryOf(p),
      kind: outcome.kind,
      conditions: conditionsOf(outcome, options.lang),
      reasons: outcome.reasons.map((r) => reasonOf(r, options.lang, show)),
      missing: missingOf(outcome, options.lang),
      gaps: outcome.kind === "met" ? 0 : outcome.reasons.length,
    });
  }
  rows.sort((a, b) => (a.kind === b.kind ? a.gaps - b.gaps : a.kind === "met" ? -1 : 1));
  return rows.map(({ gaps: _g, ...row }) => row);
}

export interface PolicyMatchOptions {
  asOf: string;
  lang: Lang;
  firmName?: string | undefined;
  limit: number;
  offset: number;
}

/** The enterprises meeting one policy (SQL finds them), the page's with the leaves that made them pass. */
export async function enterprisesForPolicy(db: D1Database, policy: q.PolicyRow, options: PolicyMatchOptions): Promise<{ total: number; rows: PolicyEnterpriseRow[] }> {
  if (policy.conditions.length === 0) return { total: 0, rows: [] };
  const tree = q.treeOf(policy.conditions);
  const { total, creditCodes } = await enterprisesMeeting(db, tree, options.asOf, { limit: options.limit, offset: options.offset, ...(options.firmName ? { name: options.firmName } : {}) });
  if (creditCodes.length === 0) return { total, rows: [] };
  const keys = factKeysOf([policy]);
  const [enterprises, factsByCode, show] = await Promise.all([q.enterprisesByCodes(db, creditCodes), loadFacts(db, creditCodes, options.asOf, keys), valueTextFor(db, keys, options.lang)]);
  const rows = enterprises.map((e) => {
    const outcome = matchPolicy(policy.conditions, factsByCode.get(e.creditCode) ?? {});
    return { ...e, reasons: outcome.reasons.map((r) => reasonOf(r, options.lang, show)) };
  });
  return { total, rows };
}

/** One page of an enterprise's matches, as the route and the gateway answer them (the enterprise must exist). */
export async function enterpriseMatchPage(db: D1Database, creditCode: string, options: EnterpriseMatchOptions & { page: number; size: number }) {
  await enterpriseOr404(db, creditCode);
  const rows = await policiesForEnterprise(db, creditCode, options);
  const from = (options.page - 1) * options.size;
  return { total: rows.length, rows: rows.slice(from, from + options.size) };
}

/** One page of the enterprises meeting a policy; a policy outside the module asked for has none there. */
export async function policyMatchPage(db: D1Database, policyId: string, options: Omit<PolicyMatchOptions, "limit" | "offset"> & { moduleCode?: string | undefined; page: number; size: number }) {
  const policy = await policyOr404(db, policyId);
  if (options.moduleCode && policy.moduleCode !== options.moduleCode) return { total: 0, rows: [] };
  return enterprisesForPolicy(db, policy, { asOf: options.asOf, lang: options.lang, firmName: options.firmName, limit: options.size, offset: (options.page - 1) * options.size });
}

/** One policy on one enterprise, every named condition with the reasons of its whole trace. */
export async function trialOf(db: D1Database, policy: q.PolicyRow, enterprise: q.EnterpriseRow, asOf: string, lang: Lang) {
  const keys = factKeysOf([policy]);
  const [factsByCode, show] = await Promise.all([loadFacts(db, [enterprise.creditCode], asOf, keys), valueTextFor(db, keys, lang)]);
  const outcome = matchPolicy(policy.conditions, factsByCode.get(enterprise.creditCode) ?? {});
  const kind: MatchKind | "unmet" = policy.conditions.length === 0 ? "unmet" : outcome.kind;
  const leaves = (t: Trace): Trace[] => (t.children && t.op !== "not" ? t.children.flatMap(leaves) : [t]);
  return {
    ...summaryOf(policy),
    creditCode: enterprise.creditCode,
    entName: enterprise.entName,
    asOf,
    kind,
    conditions: outcome.conditions.map((r) => ({
      code: r.condition.code,
      label: r.condition.label[lang],
      pass: r.trace.pass,
      reasons: leaves(r.trace).map((trace) => reasonOf({ condition: r.condition, trace }, lang, show)),
    })),
    missing: missingOf(outcome, lang),
  };
}
