/**
 * A policy's conditions, split out of its text (政策颗粒化): a list of named conditions, each a condition
 * tree over the facts catalogue (events/conditions/). A policy is met when every one of them holds. This
 * file is what the family's check, the matching in the Worker and the policy editor share.
 */
import * as z from "zod";
import { conditionSchema } from "../conditions/tree.ts";
import { checkCondition, type ConditionProblem } from "../conditions/facts.ts";
import type { MessageKey } from "../i18n.ts";
import type { RecordProblem } from "../family.ts";
import { lazySchema } from "../lazy.ts";

const bilingual = lazySchema(() => z.strictObject({ "zh-CN": z.string().trim().min(1).max(200), "en-US": z.string().trim().min(1).max(200) }));

/** One condition split out of a policy's text: a short code, its name in both languages and its tree. */
export const policyCondition = lazySchema(() => z.strictObject({
  /** stable within the policy ("c1", "ip"), so a reason can point back to its condition */
  code: z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,31}$/, "a code of letters, digits, _ or -"),
  label: bilingual,
  condition: conditionSchema,
}));
export type PolicyCondition = z.infer<typeof policyCondition>;

/** A policy's conditions: every one must hold for the policy to be met (1 to 30 of them). */
export const policyConditions = lazySchema(() => z.array(policyCondition).min(1).max(30));

const problemKeys: Record<ConditionProblem["key"], MessageKey> = {
  unknownFact: "policyConditionUnknownFact",
  operatorNotAllowed: "policyConditionOperator",
  valueType: "policyConditionValueType",
  tooDeep: "policyConditionTooDeep",
  tooLarge: "policyConditionTooLarge",
};

/**
 * The family's check of `conditions`: codes unique, every tree valid against the facts catalogue
 * (checkCondition). Each refusal names the field, the condition's code, the node's path and the fact.
 */
export function checkPolicyConditions(value: unknown, field = "conditions"): RecordProblem[] {
  if (value === null || value === undefined) return [];
  const parsed = policyConditions.safeParse(value);
  if (!parsed.success) return []; // the field's own schema reports its shape
  const problems: RecordProblem[] = [];
  const seen = new Set<string>();
  for (const c of parsed.data) {
    if (seen.has(c.code)) problems.push({ field, key: "policyConditionDuplicateCode", params: { code: c.code } });
    seen.add(c.code);
    for (const p of checkCondition(c.condition)) {
      problems.push({ field, key: problemKeys[p.key], params: { code: c.code, path: p.path || "0", fact: p.fact ?? "" } });
    }
  }
  return problems;
}
