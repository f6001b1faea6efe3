/**
 * What scoring one enterprise under one model answers (events/evaluation/score.ts): the breakdown. It is
 * self-contained — every metric's name, weight, value, band and points, the traces of the entry and
 * direct-pass conditions, the facts it read — so a stored result explains itself after its model changed
 * or was deleted. The same schema is the result record's `breakdown` field, the preview's answer and the
 * web's explanation panel's input.
 */
import * as z from "zod";
import { bilingual } from "../api/verb.ts";
import type { Trace } from "../conditions/evaluate.ts";
import { lazySchema } from "../lazy.ts";

const factValue = lazySchema(() => z.union([z.number(), z.string(), z.boolean(), z.array(z.string()), z.null()]));
const scalar = lazySchema(() => z.union([z.number(), z.string(), z.boolean()]));

/** events/conditions/evaluate.ts Trace as a schema (for stored breakdowns and the contract). */
export const traceSchema: z.ZodType<Trace> = lazySchema(() => z.lazy(() =>
  z.strictObject({
    path: z.string(),
    pass: z.boolean(),
    op: z.enum(["all", "any", "not", "eq", "ne", "gt", "gte", "lt", "lte", "between", "in", "notIn", "exists", "missing"]),
    label: bilingual.optional(),
    fact: z.string().optional(),
    actual: factValue.optional(),
    expected: z.union([scalar, z.strictObject({ min: z.union([z.number(), z.string()]).optional(), max: z.union([z.number(), z.string()]).optional() }), z.array(z.union([z.string(), z.number()]))]).optional(),
    gap: z.number().optional(),
    children: z.array(traceSchema).optional(),
  }),
)) as z.ZodType<Trace>;

/** A band as scored: its position in the metric's bands, its range (min inclusive, max exclusive) and points. */
export const bandHitSchema = lazySchema(() => z.strictObject({ index: z.number().int(), min: z.number().nullable(), max: z.number().nullable(), points: z.number(), label: z.string().optional() }));
export type BandHit = z.infer<typeof bandHitSchema>;

/** One alternative of a "best of" metric: its value, band and points, and whether it was the one taken. */
export const alternativeScoreSchema = lazySchema(() => z.strictObject({ label: bilingual, value: z.number().nullable(), band: bandHitSchema.nullable(), points: z.number(), taken: z.boolean() }));

export const itemScoreSchema = lazySchema(() => z.strictObject({ label: bilingual, pass: z.boolean(), points: z.number(), trace: traceSchema }));

export interface MetricScore {
  key: string;
  name: { "zh-CN": string; "en-US": string };
  /** share (%) of its parent */
  weight: number;
  /** the weight applied down the tree to the model's full score */
  fullPoints: number;
  points: number;
  kind: "group" | "bands" | "best" | "items" | "answer" | "none";
  /** the measured value (bands; best: the taken alternative's; answer: the answer's points) */
  value?: number | null;
  /** facts the measure read (a ratio reads two) */
  facts?: string[];
  band?: BandHit | null;
  alternatives?: z.infer<typeof alternativeScoreSchema>[];
  items?: z.infer<typeof itemScoreSchema>[];
  answer?: { question: string; value: z.infer<typeof factValue> };
  children?: MetricScore[];
}
export const metricScoreSchema: z.ZodType<MetricScore> = lazySchema(() => z.lazy(() =>
  z.strictObject({
    key: z.string(),
    name: bilingual,
    weight: z.number(),
    fullPoints: z.number(),
    points: z.number(),
    kind: z.enum(["group", "bands", "best", "items", "answer", "none"]),
    value: z.number().nullable().optional(),
    facts: z.array(z.string()).optional(),
    band: bandHitSchema.nullable().optional(),
    alternatives: z.array(alternativeScoreSchema).optional(),
    items: z.array(itemScoreSchema).optional(),
    answer: z.strictObject({ question: z.string(), value: factValue }).optional(),
    children: z.array(metricScoreSchema).optional(),
  }),
)) as z.ZodType<MetricScore>;

/**
 * What would raise the score: for a metric, the next band up (or the best item not yet met), the value
 * its measure needs (`needs`: at least `value` for a rising band, below it for a falling one), how far the
 * measure is from it, and the points it adds to the total.
 */
export const raiseSchema = lazySchema(() => z.strictObject({
  metric: z.string(),
  name: bilingual,
  /** the alternative or item that would move, when the metric has several */
  via: bilingual.optional(),
  facts: z.array(z.string()),
  value: z.number().nullable(),
  needs: z.strictObject({ op: z.enum(["gte", "lt"]), value: z.number() }).nullable(),
  gap: z.number().nullable(),
  band: bandHitSchema.nullable(),
  /** an item's failing conditions */
  missing: z.array(traceSchema).optional(),
  adds: z.number(),
}));
export type Raise = z.infer<typeof raiseSchema>;

export const directPassScoreSchema = lazySchema(() => z.strictObject({ label: bilingual, pass: z.boolean(), trace: traceSchema }));

export const breakdownSchema = lazySchema(() => z.strictObject({
  /** the model's full score */
  totalScore: z.number(),
  eligible: z.boolean(),
  /** the entry conditions' trace (null: the model has none) */
  entry: traceSchema.nullable(),
  /** the failing entry conditions (the reason an enterprise is not eligible) */
  entryMissing: z.array(traceSchema),
  directPass: z.array(directPassScoreSchema),
  /** the index of the direct-pass route taken (the first that passed), or null */
  directPassTaken: z.number().int().nullable(),
  metrics: z.array(metricScoreSchema),
  total: z.number(),
  passLine: z.number(),
  passRequires: z.array(z.strictObject({ metric: z.string(), above: z.number(), points: z.number().nullable(), met: z.boolean() })),
  /** passed the score (pass line and every requirement), apart from a direct pass */
  scorePassed: z.boolean(),
  passed: z.boolean(),
  grade: z.strictObject({ code: z.string(), label: bilingual, min: z.number() }).nullable(),
  raise: z.array(raiseSchema),
  /** every fact the definition reads, as it was when scored (answers as `q:<code>`) */
  facts: z.record(z.string(), factValue),
}));
export type Breakdown = z.infer<typeof breakdownSchema>;
