/**
 * What an evaluation model scores with: its definition, stored on the model record (tb_evaluation_model,
 * field `definition`) and versioned with it, so a result names the version that scored it and stays
 * explainable after the model changes. The scoring itself is pure (events/evaluation/score.ts).
 *
 * - `entry`: conditions an enterprise must meet to be evaluated at all (not met → not eligible, with the
 *   failing conditions as the reason).
 * - `directPass`: named routes that pass without the score (近三年内新认定的高新技术企业…).
 * - `metrics`: a tree. Each node's `weight` is its share (%) of its parent (the top level shares the
 *   model's full score); siblings' weights sum to 100. A leaf's full points are its weight applied down the
 *   tree; it scores by bands of a measure, by the best of alternative measures, by items that each add
 *   points (capped at the leaf's full points), or by a paper question's answer.
 * - `passLine`, `passRequires` (a metric that must score above a floor), and `grades` (lowest score first).
 *
 * Measures read facts (events/conditions/facts.ts) or a paper's answers (`q:<question code>`); a ratio of
 * two of them covers the schemes' "科技人员数占职工总数的比例".
 */
import * as z from "zod";
import { conditionSchema } from "../conditions/tree.ts";
import { lazySchema } from "../lazy.ts";

const text = lazySchema(() => z.strictObject({ "zh-CN": z.string().trim().min(1).max(200), "en-US": z.string().trim().min(1).max(200) }));
const key = lazySchema(() => z.string().regex(/^[a-zA-Z][a-zA-Z0-9_-]{0,31}$/, "a metric key"));
const factRef = lazySchema(() => z.string().regex(/^[a-zA-Z][a-zA-Z0-9_.:-]{0,63}$/, "a fact key"));

/** A value to score: a fact, a question's answer, or the ratio of two (×100 when `percent`). */
export const measureSchema = lazySchema(() => z.union([
  z.strictObject({ fact: factRef }),
  z.strictObject({ ratio: z.tuple([factRef, factRef]), percent: z.boolean().optional() }),
]));
export type Measure = z.infer<typeof measureSchema>;

/** A band: min inclusive, max exclusive, either end open (null); bands of a leaf must not overlap. */
export const bandSchema = lazySchema(() => z.strictObject({ min: z.number().finite().nullable(), max: z.number().finite().nullable(), points: z.number().min(0), label: z.string().max(32).optional() }));
export type Band = z.infer<typeof bandSchema>;

export const alternativeSchema = lazySchema(() => z.strictObject({ label: text, measure: measureSchema, bands: z.array(bandSchema).min(1).max(20) }));

export const scoringSchema = lazySchema(() => z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("bands"), measure: measureSchema, bands: z.array(bandSchema).min(1).max(20) }),
  z.strictObject({ kind: z.literal("best"), alternatives: z.array(alternativeSchema).min(2).max(5) }),
  z.strictObject({ kind: z.literal("items"), items: z.array(z.strictObject({ label: text, when: conditionSchema, points: z.number().min(0) })).min(1).max(20) }),
  // the answer's points: the chosen option's (several chosen: their sum), or the answer itself when it is a number; capped at the leaf's full points
  z.strictObject({ kind: z.literal("answer"), question: z.string().min(1).max(64), options: z.array(z.strictObject({ value: z.string().min(1).max(64), points: z.number().min(0) })).max(30).optional() }),
]));
export type Scoring = z.infer<typeof scoringSchema>;

export interface MetricNode {
  key: string;
  name: { "zh-CN": string; "en-US": string };
  weight: number;
  scoring?: Scoring;
  children?: MetricNode[];
}
export const metricNodeSchema: z.ZodType<MetricNode> = lazySchema(() => z.lazy(() =>
  z.strictObject({
    key,
    name: text,
    weight: z.number().min(0).max(100),
    scoring: scoringSchema.optional(),
    children: z.array(metricNodeSchema).min(1).max(30).optional(),
  }),
)) as z.ZodType<MetricNode>;

export const definitionSchema = lazySchema(() => z.strictObject({
  totalScore: z.number().positive().max(10000),
  entry: conditionSchema.nullable(),
  directPass: z.array(z.strictObject({ label: text, when: conditionSchema })).max(10),
  metrics: z.array(metricNodeSchema).min(1).max(30),
  passLine: z.number().min(0),
  passRequires: z.array(z.strictObject({ metric: key, above: z.number().min(0) })).max(10),
  grades: z.array(z.strictObject({ code: z.string().min(1).max(32), label: text, min: z.number().min(0) })).max(10),
}));
export type Definition = z.infer<typeof definitionSchema>;
