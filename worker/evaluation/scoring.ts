/**
 * Scoring enterprises under a model at the edge: their facts read in one batched pass (worker/conditions
 * loadFacts, only the facts the definition reads), their latest paper answers joined as `q:<code>`, the pure
 * score (events/evaluation/score.ts), and the result records that keep each breakdown — created through
 * the command pipeline as records of the result family, one append per chunk.
 */
import { evaluationResult } from "../../events/families/casework.ts";
import type { Family } from "../../events/family.ts";
import { factByKey } from "../../events/conditions/facts.ts";
import type { Facts } from "../../events/conditions/tree.ts";
import type { Breakdown } from "../../events/evaluation/breakdown.ts";
import type { Definition } from "../../events/evaluation/definition.ts";
import { factsOfDefinition, leafScores, score, withAnswers, type AnswerValue } from "../../events/evaluation/score.ts";
import { loadFacts } from "../conditions/index.ts";
import { createOf } from "../resources/commands.ts";
import type { StreamWrite } from "../store/types.ts";
import { latestAnswers, type ModelAt } from "./queries.ts";

const resultFamily = evaluationResult as unknown as Family;

/** Today in China time (YYYY-MM-DD): the default day facts are read as of. */
export { chinaDate as chinaToday } from "../time.ts";

/** The catalogue facts a definition reads (answers come from papers, not from the read models). */
export const catalogueFactsOf = (def: Definition) => factsOfDefinition(def).filter((k) => factByKey.has(k));
/** Whether a definition reads a paper's answers anywhere: an answer metric, a measure, an entry or direct-pass condition, an item. */
export const readsAnswers = (def: Definition) => factsOfDefinition(def).some((k) => k.startsWith("q:"));

export interface Scored {
  creditCode: string;
  entName: string;
  informationId: string | null;
  breakdown: Breakdown;
}

/** Reads the facts and answers of `enterprises` and scores each under `def`. */
export async function scoreEnterprises(db: D1Database, modelId: string, def: Definition, enterprises: { code: string; name: string }[], asOf: string): Promise<Scored[]> {
  const codes = enterprises.map((e) => e.code);
  const [facts, answers] = await Promise.all([
    loadFacts(db, codes, asOf, catalogueFactsOf(def)),
    readsAnswers(def) ? latestAnswers(db, modelId, codes) : Promise.resolve(new Map<string, { informationId: string; answers: Record<string, AnswerValue> }>()),
  ]);
  return enterprises.map((e) => {
    const paper = answers.get(e.code);
    const f: Facts = facts.get(e.code) ?? {};
    return { creditCode: e.code, entName: e.name, informationId: paper?.informationId ?? null, breakdown: score(def, withAnswers(f, paper?.answers)) };
  });
}

/** A result summary as the contract answers it. */
export function summaryOf(id: string, modelId: string, modelVersion: number, asOf: string, s: Scored) {
  const b = s.breakdown;
  return {
    id,
    creditCode: s.creditCode,
    entName: s.entName,
    modelId,
    modelVersion,
    evaluationDate: asOf,
    eligible: b.eligible,
    passed: b.passed,
    directPass: b.directPassTaken === null ? null : b.directPass[b.directPassTaken]!.label,
    totalScore: b.total,
    grade: b.grade?.code ?? null,
  };
}

/**
 * The result records of scored enterprises (one new record each: earlier results stay, explained by their
 * own breakdowns). `idOf` names each record: a run's are named by run and enterprise, so a chunk applied
 * twice clashes on its streams and writes nothing the second time.
 */
export function resultWrites(model: Pick<ModelAt, "id" | "version">, scored: Scored[], asOf: string, runId: string | null, idOf: (s: Scored) => string = () => crypto.randomUUID()) {
  const writes: StreamWrite[] = [];
  const summaries = scored.map((s) => {
    const id = idOf(s);
    const b = s.breakdown;
    const record = {
      creditCode: s.creditCode,
      entName: s.entName,
      modelId: model.id,
      ...(s.informationId ? { informationId: s.informationId } : {}),
      evaluationDate: asOf,
      totalScore: b.total,
      ...(b.grade ? { grade: b.grade.code } : {}),
      metricScores: leafScores(b).map((m) => ({ metricId: m.key, score: m.points })),
      modelVersion: model.version,
      eligible: b.eligible,
      passed: b.passed,
      breakdown: b,
      ...(runId ? { runId } : {}),
    };
    writes.push(createOf(resultFamily, record, id));
    return summaryOf(id, model.id, model.version, asOf, s);
  });
  return { writes, summaries };
}
