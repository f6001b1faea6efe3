/**
 * What is wrong with an evaluation model's definition beyond its schema: sibling weights that do not sum
 * to 100 (with the remainder, which the designer shows), bands that overlap, are empty or give more than
 * the leaf's full points, facts the catalogue does not have or a measure that is not a number, metric
 * keys and grade codes used twice, a requirement naming no metric, a leaf without scoring. The model
 * record's `check` refuses a definition with any of them (events/families/casework.ts), naming the field
 * and the rule; the designer's preview lists them.
 */
import { checkCondition, factByKey, type ConditionProblem, type FactDef } from "../conditions/facts.ts";
import { isLeaf, walk, type Condition } from "../conditions/tree.ts";
import { t, type Lang, type MessageKey, type Text } from "../i18n.ts";
import type { Band, Definition, MetricNode } from "./definition.ts";
import { measureFacts, questionsOf } from "./score.ts";

export interface DefinitionProblem {
  /** where: `metrics` (the top level), `metrics.<key>.<key>` (a node), `…bands.1`, `entry.0.2`, `directPass.0`, `passRequires.0`, `grades.1` */
  path: string;
  key: "weightsSum" | "bandsOverlap" | "bandEmpty" | "bandAboveFull" | "unknownFact" | "operatorNotAllowed" | "valueType" | "conditionTooLarge" | "measureNotNumeric" | "duplicateKey" | "unknownMetric" | "leafUnscored" | "groupScored" | "aboveTotal";
  remainder?: number;
  fact?: string;
  code?: string;
  points?: number;
  full?: number;
}

const round = (n: number) => Math.round(n * 100) / 100;
const numeric = new Set(["number", "count", "percent", "bool"]);

/** Every condition of a definition: entry, direct passes, items. */
function conditionsOf(def: Definition): Condition[] {
  const out: Condition[] = [...(def.entry ? [def.entry] : []), ...def.directPass.map((d) => d.when)];
  const visit = (n: MetricNode) => {
    if (n.scoring?.kind === "items") out.push(...n.scoring.items.map((i) => i.when));
    n.children?.forEach(visit);
  };
  def.metrics.forEach(visit);
  return out;
}

const ordering = new Set(["gt", "gte", "lt", "lte", "between"]);

/** The answers (`q:<code>`) a definition's bands and best-of alternatives measure (a ratio's two sides too). */
function measuredAnswers(def: Definition): string[] {
  const out: string[] = [];
  const visit = (n: MetricNode) => {
    const s = n.scoring;
    if (s?.kind === "bands") out.push(...measureFacts(s.measure));
    if (s?.kind === "best") s.alternatives.forEach((a) => out.push(...measureFacts(a.measure)));
    n.children?.forEach(visit);
  };
  def.metrics.forEach(visit);
  return out.filter((k) => k.startsWith("q:")).map((k) => k.slice(2));
}

/**
 * A paper's answers as facts (`q:<code>`): the questions a definition's answer metrics, measures and
 * conditions name, plus those declared. An answer measured or compared by order (≥, a range) is a number;
 * any other is text.
 */
export function answerFacts(def: Definition, declared: readonly string[] = []): Map<string, FactDef> {
  const label = (code: string): Text => ({ "zh-CN": `题目 ${code}`, "en-US": `Question ${code}` });
  const numeric = new Set<string>(measuredAnswers(def));
  const named = new Set([...questionsOf(def), ...declared, ...numeric]);
  for (const c of conditionsOf(def)) {
    for (const { node } of walk(c)) {
      if (!isLeaf(node) || !node.fact.startsWith("q:")) continue;
      named.add(node.fact.slice(2));
      if (ordering.has(node.op)) numeric.add(node.fact.slice(2));
    }
  }
  return new Map([...named].map((code) => [`q:${code}`, { key: `q:${code}`, label: label(code), type: numeric.has(code) ? "number" : "text", group: "master", source: label(code) } satisfies FactDef]));
}

function conditionProblems(c: Condition, at: string, extra: ReadonlyMap<string, FactDef>): DefinitionProblem[] {
  return checkCondition(c, extra).map((p: ConditionProblem) => ({
    path: p.path ? `${at}.${p.path}` : at,
    key: p.key === "tooDeep" || p.key === "tooLarge" ? "conditionTooLarge" : p.key,
    ...(p.fact ? { fact: p.fact } : {}),
  }));
}

function bandProblems(bands: readonly Band[], at: string, full: number): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const lo = (b: Band) => b.min ?? -Infinity;
  const hi = (b: Band) => b.max ?? Infinity;
  bands.forEach((b, i) => {
    if (lo(b) >= hi(b)) problems.push({ path: `${at}.bands.${i}`, key: "bandEmpty" });
    else if (bands.some((o, j) => j < i && lo(o) < hi(o) && lo(b) < hi(o) && lo(o) < hi(b))) problems.push({ path: `${at}.bands.${i}`, key: "bandsOverlap" });
    if (b.points > full + 1e-9) problems.push({ path: `${at}.bands.${i}`, key: "bandAboveFull", points: b.points, full: round(full) });
  });
  return problems;
}

/** The problems of a definition (none: it can be saved). `questions` declares question codes answers may name. */
export function checkDefinition(def: Definition, questions: readonly string[] = []): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const extra = answerFacts(def, questions);
  const measureProblems = (facts: string[], at: string) => {
    for (const fact of facts) {
      const known = factByKey.get(fact) ?? extra.get(fact);
      if (!known) problems.push({ path: at, key: "unknownFact", fact });
      else if (!numeric.has(known.type)) problems.push({ path: at, key: "measureNotNumeric", fact });
    }
  };
  const keys = new Set<string>();
  const weights = (nodes: MetricNode[], at: string) => {
    const sum = nodes.reduce((t, n) => t + n.weight, 0);
    if (Math.abs(sum - 100) > 1e-6) problems.push({ path: at, key: "weightsSum", remainder: round(100 - sum) });
  };
  const visit = (node: MetricNode, parent: string, parentFull: number) => {
    const at = `${parent}.${node.key}`;
    const full = (parentFull * node.weight) / 100;
    if (keys.has(node.key)) problems.push({ path: at, key: "duplicateKey", code: node.key });
    keys.add(node.key);
    if (node.children?.length) {
      if (node.scoring) problems.push({ path: at, key: "groupScored", code: node.key });
      weights(node.children, at);
      node.children.forEach((c) => visit(c, at, full));
      return;
    }
    const s = node.scoring;
    if (!s) return void problems.push({ path: at, key: "leafUnscored", code: node.key });
    if (s.kind === "bands") {
      measureProblems(measureFacts(s.measure), at);
      problems.push(...bandProblems(s.bands, at, full));
    } else if (s.kind === "best") {
      s.alternatives.forEach((a, i) => {
        measureProblems(measureFacts(a.measure), `${at}.alternatives.${i}`);
        problems.push(...bandProblems(a.bands, `${at}.alternatives.${i}`, full));
      });
    } else if (s.kind === "items") {
      s.items.forEach((it, i) => problems.push(...conditionProblems(it.when, `${at}.items.${i}`, extra)));
    } else if (s.kind === "answer") {
      s.options?.forEach((o, i) => {
        if (o.points > full + 1e-9) problems.push({ path: `${at}.options.${i}`, key: "bandAboveFull", points: o.points, full: round(full) });
      });
    }
  };
  weights(def.metrics, "metrics");
  def.metrics.forEach((m) => visit(m, "metrics", def.totalScore));
  if (def.entry) problems.push(...conditionProblems(def.entry, "entry", extra));
  def.directPass.forEach((d, i) => problems.push(...conditionProblems(d.when, `directPass.${i}`, extra)));
  def.passRequires.forEach((r, i) => {
    if (!keys.has(r.metric)) problems.push({ path: `passRequires.${i}`, key: "unknownMetric", code: r.metric });
  });
  if (def.passLine > def.totalScore) problems.push({ path: "passLine", key: "aboveTotal", points: def.passLine, full: def.totalScore });
  const grades = new Set<string>();
  def.grades.forEach((g, i) => {
    if (grades.has(g.code)) problems.push({ path: `grades.${i}`, key: "duplicateKey", code: g.code });
    grades.add(g.code);
    if (g.min > def.totalScore) problems.push({ path: `grades.${i}`, key: "aboveTotal", points: g.min, full: def.totalScore });
  });
  return problems;
}

/** The message catalogue's key for a problem (events/i18n.ts). */
export const problemMessage: Record<DefinitionProblem["key"], MessageKey> = {
  weightsSum: "definitionWeightsSum",
  bandsOverlap: "definitionBandsOverlap",
  bandEmpty: "definitionBandEmpty",
  bandAboveFull: "definitionBandAboveFull",
  unknownFact: "definitionUnknownFact",
  operatorNotAllowed: "definitionOperatorNotAllowed",
  valueType: "definitionValueType",
  conditionTooLarge: "definitionConditionTooLarge",
  measureNotNumeric: "definitionMeasureNotNumeric",
  duplicateKey: "definitionDuplicateKey",
  unknownMetric: "definitionUnknownMetric",
  leafUnscored: "definitionLeafUnscored",
  groupScored: "definitionGroupScored",
  aboveTotal: "definitionAboveTotal",
};

/** A problem's parameters for its message. */
export const problemParams = (p: DefinitionProblem, name: string): Record<string, string | number> => ({
  name,
  at: p.path,
  remainder: p.remainder ?? 0,
  fact: p.fact ?? "",
  code: p.code ?? "",
  points: p.points ?? 0,
  full: p.full ?? 0,
});

/** A problem in both languages, `name` being the field's label in each. */
export const problemText = (p: DefinitionProblem, name: Text): Text =>
  Object.fromEntries((["zh-CN", "en-US"] as Lang[]).map((lang) => [lang, t(problemMessage[p.key], lang, problemParams(p, name[lang]))])) as Text;
