/**
 * The evaluation module's own verbs (worker/evaluation/): scoring enterprises under a model (one, a list,
 * or every enterprise as a durable run with progress), the "try on an enterprise" preview that saves
 * nothing, a result explained by its self-contained breakdown, an enterprise's latest results, and the
 * star lists (enterprises whose latest result under a model reaches the model's star threshold, each with
 * the result that put it there). The breakdown is events/evaluation/breakdown.ts.
 */
import * as z from "zod";
import { bilingual, verb } from "./verb.ts";
import { breakdownSchema } from "../evaluation/breakdown.ts";
import { definitionSchema } from "../evaluation/definition.ts";
import { lazySchema } from "../lazy.ts";

const model = "/common/tbevaluationmodel";
const creditCode = lazySchema(() => z.string().length(18));
const id = lazySchema(() => z.string().min(1).max(64));
const isoDate = lazySchema(() => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "a date YYYY-MM-DD"));
const paging = { page: lazySchema(() => z.coerce.number().int().min(1).optional()), limit: lazySchema(() => z.coerce.number().int().min(1).max(100).optional()) };
const factValue = lazySchema(() => z.union([z.number().finite(), z.string().max(200), z.boolean(), z.array(z.string().max(64)).max(50), z.null()]));
/** a paper's answers by question code: an option's value, several values, or a number */
const answers = lazySchema(() => z.record(z.string().min(1).max(64), z.union([z.string().max(2000), z.number().finite(), z.array(z.string().max(64)).max(30)])));

/**
 * Score under a model: `creditCode` (one), `creditCodes` (up to 100) or `all: true` (every enterprise, as a
 * run). `asOf` (default today, China time) is the day the facts are read for. Each scored enterprise gets
 * a result record; answers come from its latest evaluation information for the model.
 */
export const evaluationBody = lazySchema(() => z.union([
  z.strictObject({ modelId: id, creditCode, asOf: isoDate.optional() }),
  z.strictObject({ modelId: id, creditCodes: z.array(creditCode).min(1).max(100), asOf: isoDate.optional() }),
  z.strictObject({ modelId: id, all: z.literal(true), asOf: isoDate.optional() }),
]));

/** A result as the lists and the evaluation answer show it. */
export const resultSummary = lazySchema(() => z.strictObject({
  id: z.string(),
  creditCode: z.string(),
  entName: z.string(),
  modelId: z.string(),
  modelVersion: z.number().int(),
  evaluationDate: z.string(),
  eligible: z.boolean(),
  passed: z.boolean(),
  /** the label of the direct-pass route taken, if any */
  directPass: bilingual.nullable(),
  totalScore: z.number(),
  grade: z.string().nullable(),
}));

/** A run scoring every enterprise under a model (worker/evaluation/workflow.ts). */
export const evaluationRun = lazySchema(() => z.strictObject({
  runId: z.string(),
  modelId: z.string(),
  modelVersion: z.number().int(),
  asOf: z.string(),
  status: z.enum(["running", "done", "failed"]),
  /** enterprises to score, known once the run has counted them */
  total: z.number().int(),
  scored: z.number().int(),
  eligible: z.number().int(),
  passed: z.number().int(),
  error: z.string().nullable(),
  startedBy: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
}));

export const evaluationAnswer = lazySchema(() => z.strictObject({ results: z.array(resultSummary), run: evaluationRun.nullable() }));

/**
 * Try a model on an enterprise without saving anything: a saved model (`modelId`) or a definition being
 * designed (`definition`), the enterprise's facts as of `asOf`, with `answers` (by question code) and
 * `facts` overriding what was read ("what if it had one more patent").
 */
export const previewBody = lazySchema(() => z
  .strictObject({
    modelId: id.optional(),
    definition: definitionSchema.optional(),
    creditCode,
    asOf: isoDate.optional(),
    answers: answers.optional(),
    facts: z.record(z.string().min(1).max(64), factValue).optional(),
  })
  .refine((b) => (b.modelId === undefined) !== (b.definition === undefined), { message: "exactly one of modelId or definition", path: ["modelId"] }));

/** A definition's problem (events/evaluation/check.ts) with its message in both languages. */
export const definitionProblem = lazySchema(() => z.strictObject({
  path: z.string(),
  key: z.string(),
  message: bilingual,
  /** weights: what is left to reach 100 (negative: over) */
  remainder: z.number().optional(),
  fact: z.string().optional(),
  code: z.string().optional(),
  points: z.number().optional(),
  full: z.number().optional(),
}));

export const previewAnswer = lazySchema(() => z.strictObject({
  creditCode: z.string(),
  entName: z.string().nullable(),
  asOf: z.string(),
  breakdown: breakdownSchema,
  /** what is wrong with the definition (a preview of an unsaved one still scores what it can) */
  problems: z.array(definitionProblem),
}));

/** Check a definition being designed: its problems (weights with their remainder, bands, facts, keys). */
export const checkBody = lazySchema(() => z.strictObject({ definition: z.unknown() }));

/** A result with its breakdown, and the model as it is now (its version may have moved on). */
export const explainedResult = lazySchema(() => z.strictObject({
  result: resultSummary,
  breakdown: breakdownSchema,
  model: z.strictObject({ id: z.string(), name: z.string().nullable(), version: z.number().int().nullable(), current: z.boolean() }),
}));

/** One enterprise on a star list: its latest result under a model with a star threshold. */
export const starRow = lazySchema(() => z.strictObject({
  creditCode: z.string(),
  entName: z.string(),
  modelId: z.string(),
  modelName: z.string(),
  threshold: z.number(),
  resultId: z.string(),
  modelVersion: z.number().int(),
  evaluationDate: z.string(),
  totalScore: z.number(),
  grade: z.string().nullable(),
  passed: z.boolean(),
}));
export const starQuery = lazySchema(() => z.object({ modelId: id.optional(), entName: z.string().max(64).optional(), ...paging }));

export const evaluation = {
  evaluate: verb({ method: "POST", path: `${model}/evaluation`, body: evaluationBody, response: evaluationAnswer }),
  preview: verb({ method: "POST", path: `${model}/evaluation/preview`, body: previewBody, response: previewAnswer }),
  check: verb({ method: "POST", path: `${model}/evaluation/check`, body: checkBody, response: () => z.array(definitionProblem) }),
  runs: verb({ method: "GET", path: `${model}/evaluation/runs`, query: () => z.object({ modelId: id.optional(), ...paging }), response: () => z.array(evaluationRun), paged: true }),
  run: verb({ method: "GET", path: `${model}/evaluation/runs/:runId`, response: evaluationRun }),
  explain: verb({ method: "GET", path: "/common/result/explain/:id", response: explainedResult }),
  /** an enterprise's latest result under each model (the enterprise page's evaluation tab) */
  enterpriseResults: verb({ method: "GET", path: "/common/enterprise/tbevaluationinformanion/results", query: () => z.object({ creditCode }), response: () => z.array(resultSummary) }),
  /** the star list: enterprises at or above a model's star threshold (models listing as `star`) */
  stars: verb({ method: "GET", path: "/common/enstarenterprise/evaluated", query: starQuery, response: () => z.array(starRow), paged: true }),
  /** high-tech candidates: the same for models listing as `hitech` */
  hitech: verb({ method: "GET", path: "/common/hitech/evaluated", query: starQuery, response: () => z.array(starRow), paged: true }),
};
