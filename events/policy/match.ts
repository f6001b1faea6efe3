/**
 * Matching one enterprise's facts against one policy's conditions (pure): met, nearly met or not, with
 * the reasons read off the evaluator's trace (events/conditions/evaluate.ts) and, for a near miss, what
 * is missing in words ("需再获得 1 项发明专利", the fact's `more` phrase of events/conditions/facts.ts).
 *
 * A policy is **met** when every named condition holds.
 *
 * A policy is **nearly met** (a near miss) when it is not met and what would have to change is small
 * and countable — all of:
 *  - the failing leaves that would have to change (`missing(trace)` of each failing condition; for an
 *    `any`, its closest alternative) are at most `nearMiss.maxLeaves` (2);
 *  - each is a numeric shortfall: a number, count or percent fact that is present, compared by
 *    gt/gte/lt/lte or a range, missing its bound by a gap (a missing fact, a dictionary, a flag, an `eq`
 *    or a `not` is never "nearly" met);
 *  - each gap is within reach: for a count, at most `nearMiss.maxCountGap` (2) items; for an amount or a
 *    percentage, at most `nearMiss.maxShare` (30 %) of its bound (a bound of 0 leaves no room).
 * Everything else that is not met is unmet and not listed.
 */
import { evaluate, missing, type Trace } from "../conditions/evaluate.ts";
import { factByKey, type FactDef } from "../conditions/facts.ts";
import type { Facts, FactValue } from "../conditions/tree.ts";
import { fill, type Lang } from "../i18n.ts";
import type { PolicyCondition } from "./conditions.ts";

export const nearMiss = { maxLeaves: 2, maxCountGap: 2, maxShare: 0.3 } as const;

export type MatchKind = "met" | "near" | "unmet";

/** One leaf of a policy's trace, tied to the named condition it belongs to. */
export interface LeafOutcome {
  condition: PolicyCondition;
  trace: Trace;
}

export interface ConditionResult {
  condition: PolicyCondition;
  trace: Trace;
}

export interface PolicyOutcome {
  kind: MatchKind;
  conditions: ConditionResult[];
  /** met: the leaves that made it pass; otherwise the failing leaves that would have to change */
  reasons: LeafOutcome[];
  /** near: each failing leaf's shortfall (same order as reasons) */
  shortfalls: Shortfall[];
}

/** How far a numeric leaf is from passing, in the fact's own units, and in which direction. */
export interface Shortfall {
  fact: FactDef;
  /** how much the fact must rise (up) or fall (down) */
  n: number;
  direction: "up" | "down";
}

const numericTypes = new Set(["number", "count", "percent"]);
const round = (n: number) => Math.round(n * 100) / 100;

/** A failing leaf's shortfall when it is a numeric one within reach, else null. */
export function shortfallOf(t: Trace): Shortfall | null {
  if (!t.fact || t.pass || t.gap === undefined || typeof t.actual !== "number") return null;
  const fact = factByKey.get(t.fact);
  if (!fact || !numericTypes.has(fact.type)) return null;
  const integer = fact.type === "count";
  let bound: number;
  let direction: "up" | "down";
  let strict: boolean;
  if (t.op === "gt" || t.op === "gte" || t.op === "lt" || t.op === "lte") {
    if (typeof t.expected !== "number") return null;
    bound = t.expected;
    direction = t.op === "gt" || t.op === "gte" ? "up" : "down";
    strict = t.op === "gt" || t.op === "lt";
  } else if (t.op === "between") {
    const range = t.expected as { min?: number | string; max?: number | string };
    if (typeof range.min === "number" && t.actual < range.min) {
      bound = range.min;
      direction = "up";
      strict = false;
    } else if (typeof range.max === "number" && t.actual >= range.max) {
      bound = range.max;
      direction = "down";
      strict = true; // max is exclusive
    } else return null;
  } else return null;
  // a strict bound needs one more item for a count; for an amount the gap itself is what is missing
  const n = integer ? Math.ceil(t.gap) + (strict ? 1 : 0) : Math.max(round(t.gap), strict ? 0.01 : 0);
  if (n <= 0) return null;
  const within = integer ? n <= nearMiss.maxCountGap : bound !== 0 && n <= nearMiss.maxShare * Math.abs(bound);
  return within ? { fact, n, direction } : null;
}

/** The leaves under a passing trace that made it pass (an `any`: its first passing alternative). */
export function passingLeaves(t: Trace): Trace[] {
  if (!t.pass) return [];
  if (t.op === "all") return t.children!.flatMap(passingLeaves);
  if (t.op === "any") return passingLeaves(t.children!.find((c) => c.pass)!);
  return [t];
}

/** Matches one enterprise's facts against a policy's conditions. */
export function matchPolicy(conditions: readonly PolicyCondition[], facts: Facts): PolicyOutcome {
  const results = conditions.map((condition) => ({ condition, trace: evaluate(condition.condition, facts) }));
  const failing = results.filter((r) => !r.trace.pass);
  if (failing.length === 0) {
    return { kind: "met", conditions: results, reasons: results.flatMap((r) => passingLeaves(r.trace).map((trace) => ({ condition: r.condition, trace }))), shortfalls: [] };
  }
  const reasons = failing.flatMap((r) => missing(r.trace).map((trace) => ({ condition: r.condition, trace })));
  const shortfalls = reasons.map((r) => shortfallOf(r.trace));
  const near = reasons.length > 0 && reasons.length <= nearMiss.maxLeaves && shortfalls.every((s) => s !== null);
  return { kind: near ? "near" : "unmet", conditions: results, reasons, shortfalls: near ? (shortfalls as Shortfall[]) : [] };
}

// ---- words

const opWords: Record<string, Record<Lang, string>> = {
  eq: { "zh-CN": "=", "en-US": "=" },
  ne: { "zh-CN": "≠", "en-US": "≠" },
  gt: { "zh-CN": ">", "en-US": ">" },
  gte: { "zh-CN": "≥", "en-US": "≥" },
  lt: { "zh-CN": "<", "en-US": "<" },
  lte: { "zh-CN": "≤", "en-US": "≤" },
};

/** Renders a fact's value (a dictionary code as its label when the caller knows it). */
export type ValueText = (fact: string, value: string | number | boolean) => string;
const plain: ValueText = (_fact, value) => String(value);

function valueText(fact: FactDef | undefined, key: string, v: FactValue | undefined, lang: Lang, show: ValueText): string {
  if (v === null || v === undefined) return lang === "zh-CN" ? "无" : "none";
  if (Array.isArray(v)) return v.length ? v.map((x) => show(key, x)).join(lang === "zh-CN" ? "、" : ", ") : lang === "zh-CN" ? "无" : "none";
  if (typeof v === "boolean") return v ? (lang === "zh-CN" ? "是" : "yes") : lang === "zh-CN" ? "否" : "no";
  const unit = fact?.unit ? ` ${fact.unit[lang]}` : "";
  return typeof v === "number" ? `${round(v)}${unit}` : show(key, v);
}

/** One evaluated leaf in words: "有效发明专利：3 项（要求 ≥ 1 项）". */
export function leafText(t: Trace, lang: Lang, show: ValueText = plain): string {
  if (t.label) return `${t.label[lang]}${t.pass ? "" : lang === "zh-CN" ? "（未满足）" : " (not met)"}`;
  if (t.op === "not") {
    const inner = t.children?.[0];
    const what = inner ? leafText({ ...inner, label: undefined }, lang, show) : "";
    return lang === "zh-CN" ? `不应满足：${what}` : `must not hold: ${what}`;
  }
  if (t.op === "all" || t.op === "any") return t.children!.map((c) => leafText(c, lang, show)).join(t.op === "all" ? "；" : lang === "zh-CN" ? " 或 " : " or ");
  const key = t.fact!;
  const fact = factByKey.get(key);
  const name = fact?.label[lang] ?? key;
  const actual = valueText(fact, key, t.actual, lang, show);
  const one = (v: unknown) => valueText(fact, key, v as FactValue, lang, show);
  let rule: string;
  if (t.op === "exists") rule = lang === "zh-CN" ? "要求有记录" : "required: present";
  else if (t.op === "missing") rule = lang === "zh-CN" ? "要求无记录" : "required: absent";
  else if (t.op === "in" || t.op === "notIn") {
    const list = (t.expected as (string | number)[]).map((v) => show(key, v)).join(lang === "zh-CN" ? "、" : ", ");
    rule = t.op === "in" ? (lang === "zh-CN" ? `要求属于 ${list}` : `required: one of ${list}`) : lang === "zh-CN" ? `要求不属于 ${list}` : `required: none of ${list}`;
  } else if (t.op === "between") {
    const { min, max } = t.expected as { min?: number | string; max?: number | string };
    const parts = [min !== undefined ? `≥ ${one(min)}` : "", max !== undefined ? `< ${one(max)}` : ""].filter(Boolean).join(lang === "zh-CN" ? " 且 " : " and ");
    rule = lang === "zh-CN" ? `要求 ${parts}` : `required ${parts}`;
  } else rule = lang === "zh-CN" ? `要求 ${opWords[t.op]![lang]} ${one(t.expected)}` : `required ${opWords[t.op]![lang]} ${one(t.expected)}`;
  return lang === "zh-CN" ? `${name}：${actual}（${rule}）` : `${name}: ${actual} (${rule})`;
}

/** A near miss in words: the fact's `more` phrase ("需再获得 1 项发明专利"), else a plain one. */
export function shortfallText(s: Shortfall, lang: Lang): string {
  if (s.direction === "up" && s.fact.more) return fill(s.fact.more[lang], { n: s.n });
  const unit = s.fact.unit ? ` ${s.fact.unit[lang]}` : "";
  if (s.direction === "up") return lang === "zh-CN" ? `${s.fact.label[lang]}需再增加 ${s.n}${unit}` : `${s.fact.label[lang]} needs ${s.n}${unit} more`;
  return lang === "zh-CN" ? `${s.fact.label[lang]}需降低 ${s.n}${unit}` : `${s.fact.label[lang]} needs to fall by ${s.n}${unit}`;
}
