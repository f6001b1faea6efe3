/**
 * A paper's answers as facts the designer's conditions may ask (`q:<question code>`): every question with a
 * code, named by its title, and the codes the definition already reads. Shared through a context so the
 * builders deep in the metrics tree see them.
 */
import { useQuery } from "@tanstack/react-query";
import { createContext, useContext, useMemo } from "react";
import type { FactDef } from "../../events/conditions/facts.ts";
import type { Definition } from "../../events/evaluation/definition.ts";
import { walk, isLeaf, type Condition } from "../../events/conditions/tree.ts";
import { recordQueries } from "../core/api/records.ts";

const questionPath = "/common/tbevaluationquestion";
const source = { "zh-CN": "评价问卷答案", "en-US": "Evaluation paper answers" };

export const AnswerFacts = createContext<readonly FactDef[]>([]);
export const useAnswerFacts = () => useContext(AnswerFacts);

const conditionsOf = (def: Definition): Condition[] => [
  ...(def.entry ? [def.entry] : []),
  ...def.directPass.map((d) => d.when),
  ...def.metrics.flatMap(function items(m): Condition[] {
    return [...(m.scoring?.kind === "items" ? m.scoring.items.map((i) => i.when) : []), ...(m.children ?? []).flatMap(items)];
  }),
];

/** Answer facts from the question list and the definition's own `q:` facts. */
export function answerFactsOf(def: Definition, questions: readonly { code?: unknown; title?: unknown }[]): FactDef[] {
  const named = new Map<string, string>();
  for (const q of questions) if (typeof q.code === "string" && q.code) named.set(q.code, typeof q.title === "string" ? q.title : q.code);
  for (const c of conditionsOf(def)) for (const { node } of walk(c)) if (isLeaf(node) && node.fact.startsWith("q:") && !named.has(node.fact.slice(2))) named.set(node.fact.slice(2), node.fact.slice(2));
  return [...named].map(([code, title]) => ({ key: `q:${code}`, label: { "zh-CN": title, "en-US": title }, type: "text", group: "master", source }));
}

export function useQuestionFacts(def: Definition): FactDef[] {
  const questions = useQuery(recordQueries(questionPath).listAll({}));
  return useMemo(() => answerFactsOf(def, questions.data ?? []), [def, questions.data]);
}
