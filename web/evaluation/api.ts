/**
 * The evaluation calls (events/api/evaluation.ts): queries keyed by the families' paths, so scoring an
 * enterprise refreshes its results, the result list and the star lists.
 */
import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { evaluation } from "../../events/api/evaluation.ts";
import type { Answer } from "../../events/api/verb.ts";
import { definitionSchema, type Definition } from "../../events/evaluation/definition.ts";
import { evaluationModel } from "../../events/families/casework.ts";
import { call } from "../core/api/call.ts";
import { editableFields } from "../crud/values.ts";
import { recordQueries, saveRecord, type Row } from "../core/api/records.ts";

import { hitechPath, modelPath, resultPath, starPath } from "./paths.ts";

export { hitechPath, modelPath, resultPath, starPath };

export type ResultSummary = Answer<typeof evaluation.enterpriseResults>[number];
export type Explained = Answer<typeof evaluation.explain>;
export type Preview = Answer<typeof evaluation.preview>;
export type DefinitionProblem = Answer<typeof evaluation.check>[number];
export type StarRow = Answer<typeof evaluation.stars>[number];
export type { Breakdown } from "../../events/evaluation/breakdown.ts";

export const evaluationQueries = {
  explain: (id: string) => queryOptions({ queryKey: [resultPath, "explain", id] as const, queryFn: () => call(evaluation.explain, { params: { id } }) }),
  ofEnterprise: (creditCode: string) => queryOptions({ queryKey: [resultPath, "enterprise", creditCode] as const, queryFn: () => call(evaluation.enterpriseResults, { query: { creditCode } }) }),
  models: () => queryOptions({ ...recordQueries(modelPath).listAll({}) }),
  model: (id: string) => recordQueries(modelPath).detail(id),
};

/** Scores one enterprise now, then forgets what showed its results. */
export async function scoreEnterprise(queryClient: QueryClient, modelId: string, creditCode: string) {
  const answer = await call(evaluation.evaluate, { body: { modelId, creditCode } });
  for (const path of [resultPath, starPath, hitechPath]) await queryClient.invalidateQueries({ queryKey: [path] });
  return answer;
}

export const previewDefinition = (definition: Definition, creditCode: string, facts?: Record<string, number | string | boolean | null>) =>
  call(evaluation.preview, { body: { definition, creditCode, ...(facts ? { facts } : {}) } });

export const checkDefinition = (definition: unknown) => call(evaluation.check, { body: { definition } });

/** The model record's definition, or null when it has none yet (or one that no longer parses). */
export function definitionOf(row: Row | undefined): Definition | null {
  const raw = row?.definition;
  const parsed = definitionSchema.safeParse(typeof raw === "string" ? safeJson(raw) : raw);
  return parsed.success ? parsed.data : null;
}

const safeJson = (s: string): unknown => {
  try {
    return JSON.parse(s);
  } catch {
    return null;
  }
};

/** Saves a model record with its definition: the record's writable fields as they were read, its version (a change meanwhile is refused), the full score following the definition's. */
export function saveDefinition(row: Row, definition: Definition) {
  const fields = Object.fromEntries(editableFields(evaluationModel).map(([key]) => [key, row[key]]).filter(([, v]) => v !== undefined && v !== null));
  return saveRecord(modelPath, { ...fields, id: row.id, version: row.version, definition, totalScore: definition.totalScore });
}
