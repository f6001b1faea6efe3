/**
 * The policy module's own verbs (events/api/policy.ts): matching for an enterprise and for a policy, one
 * policy tried on one enterprise, publish (with the notices) and expire. Every input through its zod
 * schema, every route behind its permission; the reads' SQL is in ./queries.ts.
 */
import type { Context } from "hono";
import * as z from "zod";
import { policy as api } from "../../events/api/policy.ts";
import { policy as policyFamily } from "../../events/families/casework.ts";
import { l } from "../../events/family.ts";
import type { Text } from "../../events/i18n.ts";
import type { Verb } from "../../events/api/verb.ts";
import type { AppEnv } from "../http/env.ts";
import type { Handler, RouteTable } from "../http/routes.ts";
import { page, reply } from "../http/envelope.ts";
import { parseInput } from "../http/input.ts";
import { actorOfRequest, executeHere } from "../http/command.ts";
import { newTransition } from "../resources/commands.ts";
import { requireParam } from "../resources/validate.ts";
import { displayTime } from "../time.ts";
import { chinaToday, enterpriseMatchPage, enterpriseOr404, policyMatchPage, policyOr404, trialOf } from "./match.ts";
import { notifyPolicy } from "./notify.ts";
import { decideExpire, decidePublish } from "./lifecycle.ts";

export const policyTags = { match: "common:paclist:match", publish: "common:paclist:publish" } as const;

/** How long a publish request keeps telling staff before it leaves the rest to the cron (ms). */
const publishBudgetMs = 15_000;

const labels: Record<string, Text> = {
  creditCode: l("统一社会信用代码", "Unified social credit code"),
  policyId: l("政策", "Policy"),
  page: l("页码", "Page"),
  size: l("每页条数", "Page size"),
  name: l("政策名称", "Policy name"),
  firmName: l("企业名称", "Enterprise name"),
  moduleCode: l("模块编码", "Module code"),
  kind: l("匹配类型", "Match kind"),
};
const query = <S extends z.ZodType>(c: Context<AppEnv>, schema: S): z.infer<S> => parseInput(schema, c.req.query(), labels);
const idParam = (c: Context<AppEnv>) => requireParam(c.req.param("id"), z.string().min(1).max(64), "id", policyFamily.label);

const summaries = new Map<object, Text>([
  [api.enterpriseMatch, l("企业匹配的政策：符合的与差一点符合的（附原因与所缺条件）", "Policies an enterprise meets and nearly meets, with reasons and what is missing")],
  [api.policyMatch, l("符合政策的企业（附原因）", "Enterprises meeting a policy, with reasons")],
  [api.trial, l("政策在某企业上的逐条判定", "One policy tried on one enterprise, condition by condition")],
  [api.publish, l("发布政策并通知符合企业的服务专员（每家企业每项政策一次）", "Publish a policy and tell the service staff of the enterprises meeting it (once per enterprise and policy)")],
  [api.expire, l("将已发布的政策设为失效", "Make a published policy expired")],
]);

/** The transition of one policy as a command of this request; answers the policy's new version. */
async function transition(c: Context<AppEnv>, id: string, action: string, decide: (record: Record<string, unknown>) => Record<string, unknown>) {
  return executeHere(c, {
    name: `policy.${action}`,
    async decide() {
      const write = await newTransition(c.env.DB, policyFamily, id, action, decide);
      return { writes: [write], answer: { version: write.head.version + write.events.length } };
    },
  });
}

export function policyRoutes(routes: RouteTable) {
  const own = (v: Verb, access: string, handler: Handler) => routes.verb(v, access, handler, { doc: { summary: summaries.get(v)! } });

  own(api.enterpriseMatch, policyTags.match, async (c) => {
    const input = query(c, api.enterpriseMatch.query);
    const { total, rows } = await enterpriseMatchPage(c.env.DB, input.creditCode, { asOf: chinaToday(), lang: c.get("lang"), name: input.name, moduleCode: input.moduleCode, kind: input.kind, page: input.page ?? 1, size: input.size ?? 10 });
    return page(c, total, rows);
  });

  own(api.policyMatch, policyTags.match, async (c) => {
    const input = query(c, api.policyMatch.query);
    const { total, rows } = await policyMatchPage(c.env.DB, input.policyId, { asOf: chinaToday(), lang: c.get("lang"), firmName: input.firmName, moduleCode: input.moduleCode, page: input.page ?? 1, size: input.size ?? 10 });
    return page(c, total, rows);
  });

  own(api.trial, policyTags.match, async (c) => {
    const input = query(c, api.trial.query);
    const [policy, enterprise] = await Promise.all([policyOr404(c.env.DB, input.policyId), enterpriseOr404(c.env.DB, input.creditCode)]);
    return reply(c, api.trial, await trialOf(c.env.DB, policy, enterprise, chinaToday(), c.get("lang")));
  });

  own(api.publish, policyTags.publish, async (c) => {
    const id = idParam(c);
    await transition(c, id, "publish", (record) => decidePublish(record, displayTime(new Date().toISOString())));
    const told = await notifyPolicy({ db: c.env.DB, store: c.get("store"), actor: actorOfRequest(c), asOf: chinaToday(), budgetMs: publishBudgetMs, requestId: c.get("requestId") }, id);
    // the version after the notices (their completion is recorded on the policy too)
    const { version } = await policyOr404(c.env.DB, id);
    return reply(c, api.publish, { policyId: id, version, status: "published", ...told });
  });

  own(api.expire, policyTags.publish, async (c) => {
    const id = idParam(c);
    const { version } = await transition(c, id, "expire", decideExpire);
    return reply(c, api.expire, { policyId: id, version, status: "expired" });
  });
}
