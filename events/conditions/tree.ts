/**
 * One condition language over enterprise facts, shared by evaluation metrics and entry conditions,
 * policies and their matching, and the web's condition builder. A condition is a JSON tree: `all`, `any`,
 * `not`, or a leaf that asks one fact (events/conditions/facts.ts) one question. It is compiled two ways:
 * to SQL over the read models (worker/conditions/queries.ts, to find candidates fast) and to the pure
 * evaluator of events/conditions/evaluate.ts, which answers with a trace. The two agree because both use
 * two-valued logic: a comparison on a missing fact is false (the SQL wraps every leaf in coalesce(…, 0)),
 * and `not` flips the answer.
 */
import * as z from "zod";
import { lazySchema } from "../lazy.ts";

/** A fact's value as the evaluator sees it: a number, text (ISO date, dictionary value), a flag, a multi-value dictionary, or missing. */
export type FactValue = number | string | boolean | string[] | null;
export type Facts = Readonly<Record<string, FactValue>>;

export const comparisonOps = ["eq", "ne", "gt", "gte", "lt", "lte"] as const;
export type ComparisonOp = (typeof comparisonOps)[number];
export const leafOps = [...comparisonOps, "between", "in", "notIn", "exists", "missing"] as const;
export type LeafOp = (typeof leafOps)[number];

/** An optional name a person gave the condition ("近三年内获得过国家级科技奖励"), shown in traces instead of the generated text. */
interface Named {
  label?: { "zh-CN": string; "en-US": string };
}
export type Scalar = number | string | boolean;
export type Comparison = Named & { fact: string; op: ComparisonOp; value: Scalar };
/** A range: `min` inclusive, `max` exclusive (a band "25%–30%" is 25 ≤ x < 30); either end may be open. */
export type Range = Named & { fact: string; op: "between"; min?: number | string; max?: number | string };
export type InList = Named & { fact: string; op: "in" | "notIn"; values: (string | number)[] };
export type Presence = Named & { fact: string; op: "exists" | "missing" };
export type Leaf = Comparison | Range | InList | Presence;
export type Condition = Leaf | (Named & { all: Condition[] }) | (Named & { any: Condition[] }) | (Named & { not: Condition });

/** Bounds that keep a stored tree small enough to evaluate and compile within a request. */
export const conditionLimits = { depth: 8, children: 50, nodes: 200, inValues: 200 } as const;

const factKey = lazySchema(() => z.string().regex(/^[a-zA-Z][a-zA-Z0-9_.:-]{0,63}$/, "a fact key"));
const scalar = lazySchema(() => z.union([z.number().finite(), z.string().max(200), z.boolean()]));
const label = lazySchema(() => z.strictObject({ "zh-CN": z.string().max(200), "en-US": z.string().max(200) }).optional());

export const conditionSchema: z.ZodType<Condition> = lazySchema(() => z.lazy(() =>
  z.union([
    z.strictObject({ label, all: z.array(conditionSchema).min(1).max(conditionLimits.children) }),
    z.strictObject({ label, any: z.array(conditionSchema).min(1).max(conditionLimits.children) }),
    z.strictObject({ label, not: conditionSchema }),
    z.strictObject({ label, fact: factKey, op: z.enum(comparisonOps), value: scalar }),
    z
      .strictObject({ label, fact: factKey, op: z.literal("between"), min: z.union([z.number().finite(), z.string().max(200)]).optional(), max: z.union([z.number().finite(), z.string().max(200)]).optional() })
      .refine((r) => r.min !== undefined || r.max !== undefined, "a range needs a minimum or a maximum"),
    z.strictObject({ label, fact: factKey, op: z.enum(["in", "notIn"]), values: z.array(z.union([z.string().max(200), z.number().finite()])).min(1).max(conditionLimits.inValues) }),
    z.strictObject({ label, fact: factKey, op: z.enum(["exists", "missing"]) }),
  ]),
)) as z.ZodType<Condition>;

export const isLeaf = (c: Condition): c is Leaf => "fact" in c;

/** Every node, depth first, with its path ("0.2.1": the second child of the third child of the root's first…). */
export function* walk(c: Condition, path = "", depth = 0): Generator<{ node: Condition; path: string; depth: number }> {
  yield { node: c, path, depth };
  const kids = "all" in c ? c.all : "any" in c ? c.any : "not" in c ? [c.not] : [];
  for (let i = 0; i < kids.length; i++) yield* walk(kids[i], path ? `${path}.${i}` : String(i), depth + 1);
}

/** The facts a tree asks about, each once. */
export const factsOf = (c: Condition): string[] => [...new Set([...walk(c)].flatMap(({ node }) => (isLeaf(node) ? [node.fact] : [])))];
