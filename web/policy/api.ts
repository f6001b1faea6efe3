/** The policy screens' calls: matching (events/api/policy.ts), publishing, declaring through pcSave, answering a question. */
import { queryOptions } from "@tanstack/react-query";
import { policy as policyVerbs } from "../../events/api/policy.ts";
import { policy, policyAdvice, policyDeclare } from "../../events/families/casework.ts";
import { call, pagedQuery } from "../core/api/call.ts";
import { post } from "../core/api/http.ts";

export { policy, policyAdvice, policyDeclare };
export type { EnterprisePolicyRow, MatchReason, PolicyEnterpriseRow } from "../../events/api/policy.ts";

export const matchQueries = {
  /** an enterprise's policies, met and near (`kind` narrows) */
  forEnterprise: pagedQuery(policyVerbs.enterpriseMatch, [policy.path, "match", "enterprise"]),
  /** a policy's enterprises */
  forPolicy: pagedQuery(policyVerbs.policyMatch, [policy.path, "match", "policy"]),
  trial: (policyId: string, creditCode: string) =>
    queryOptions({ queryKey: [policy.path, "match", "trial", policyId, creditCode], queryFn: () => call(policyVerbs.trial, { query: { policyId, creditCode } }) }),
};

export const publishPolicy = (id: string) => call(policyVerbs.publish, { params: { id } });
export const expirePolicy = (id: string) => call(policyVerbs.expire, { params: { id } });

/** A declaration saved as a draft, or with `submit` started into its approval flow. */
export const saveDeclaration = (values: Record<string, unknown>, submit: boolean) => post<{ id: string; procInsId?: string; status?: string }>(`${policyDeclare.path}/pcSave`, { ...values, submit });

export const answerAdvice = (id: string, answer: string) => post<{ id: string }>(`${policyAdvice.path}/answer`, { id, answer });

export const detailPath = "/bt/policy/detail";
export const declarePath = "/bt/declare";
