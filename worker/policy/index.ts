/**
 * The policy module: matching (an enterprise against every published policy, a policy against every
 * enterprise, with reasons and near misses), publishing with the notices to the service staff of the
 * enterprises that meet a policy (once per enterprise and policy: the policy_notice ledger), and the
 * import of policies from an external source (./import.ts). Policies themselves are the record engine's
 * standard set of the `policy` family.
 */
import type { Module } from "../module.ts";
import { principal } from "../commands/execute.ts";
import { policyRoutes } from "./routes.ts";
import { noticeProjection, notifyPending } from "./notify.ts";
import { chinaToday } from "./match.ts";

/** The cron tick's share: at most 8 s of notices (the rest on the next tick). */
const tickBudgetMs = 8_000;

export const policyModule: Module = {
  name: "policy",
  routes: policyRoutes,
  projections: [noticeProjection],
  jobs: {
    async policyNotices(env, now, store) {
      await notifyPending({ db: env.DB, store, actor: principal("scheduler"), asOf: chinaToday(now), budgetMs: tickBudgetMs });
    },
  },
};
