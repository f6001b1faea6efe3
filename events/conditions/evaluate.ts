/**
 * The pure evaluator of a condition tree over one enterprise's facts. It answers with a trace: every node
 * with whether it passed, and for a leaf the fact's value, what was expected and, when a number missed,
 * by how much (`gap`, always ≥ 0: "needs 1 more invention patent" is a `gte 1` leaf with gap 1). Rules the
 * SQL compiler follows too (worker/conditions/queries.ts): two-valued logic, a missing fact fails every
 * comparison, range and list test (and passes `missing`); a list-valued fact (a multi-value dictionary)
 * is `eq v` when it contains v, `in` when it shares a value, `notIn` when it shares none.
 */
import { isLeaf, type Comparison, type Condition, type FactValue, type Facts, type Leaf, type LeafOp, type Scalar } from "./tree.ts";

export interface Trace {
  path: string;
  pass: boolean;
  op: "all" | "any" | "not" | LeafOp;
  label?: { "zh-CN": string; "en-US": string };
  fact?: string;
  actual?: FactValue;
  expected?: Scalar | { min?: number | string; max?: number | string } | (string | number)[];
  /** A numeric leaf that failed: how far its fact is from passing. */
  gap?: number;
  children?: Trace[];
}

const present = (v: FactValue | undefined): v is Exclude<FactValue, null> => v !== null && v !== undefined && !(Array.isArray(v) && v.length === 0);
const sameKind = (a: unknown, b: unknown) => typeof a === typeof b;

function compare(op: string, a: Exclude<FactValue, null>, v: Scalar): boolean {
  if (Array.isArray(a)) return op === "eq" ? a.includes(String(v)) : op === "ne" ? !a.includes(String(v)) : false;
  if (!sameKind(a, v)) return false;
  switch (op) {
    case "eq": return a === v;
    case "ne": return a !== v;
    case "gt": return a > v;
    case "gte": return a >= v;
    case "lt": return a < v;
    case "lte": return a <= v;
  }
  return false;
}

function gapOf(leaf: Leaf, a: FactValue | undefined): number | undefined {
  if (typeof a !== "number") return undefined;
  switch (leaf.op) {
    case "gt": case "gte": return typeof leaf.value === "number" ? Math.max(0, leaf.value - a) : undefined;
    case "lt": case "lte": return typeof leaf.value === "number" ? Math.max(0, a - leaf.value) : undefined;
    case "eq": return typeof leaf.value === "number" ? Math.abs(a - leaf.value) : undefined;
    case "between":
      if (typeof leaf.min === "number" && a < leaf.min) return leaf.min - a;
      if (typeof leaf.max === "number" && a >= leaf.max) return a - leaf.max;
      return undefined;
  }
  return undefined;
}

/** Whether one leaf holds for a fact value. */
export function holds(leaf: Leaf, a: FactValue | undefined): boolean {
  if (leaf.op === "exists") return present(a);
  if (leaf.op === "missing") return !present(a);
  if (!present(a)) return false;
  switch (leaf.op) {
    case "between":
      if (Array.isArray(a)) return false;
      return (leaf.min === undefined || (sameKind(a, leaf.min) && a >= leaf.min)) && (leaf.max === undefined || (sameKind(a, leaf.max) && a < leaf.max));
    case "in":
    case "notIn": {
      const values = leaf.values.map(String);
      const shares = Array.isArray(a) ? a.some((x) => values.includes(x)) : leaf.values.some((v) => sameKind(a, v) && a === v);
      return leaf.op === "in" ? shares : !shares;
    }
    default:
      return compare(leaf.op, a, (leaf as Comparison).value);
  }
}

/** The trace of a tree over one enterprise's facts; `trace.pass` is the answer. */
export function evaluate(c: Condition, facts: Facts, path = ""): Trace {
  const at = (i: number) => (path ? `${path}.${i}` : String(i));
  if (isLeaf(c)) {
    const actual = facts[c.fact] ?? null;
    const pass = holds(c, actual);
    const expected = c.op === "between" ? { min: c.min, max: c.max } : c.op === "in" || c.op === "notIn" ? c.values : c.op === "exists" || c.op === "missing" ? undefined : (c as Comparison).value;
    const gap = pass ? undefined : gapOf(c, actual);
    return { path, pass, op: c.op, label: c.label, fact: c.fact, actual, ...(expected === undefined ? {} : { expected }), ...(gap === undefined ? {} : { gap }) };
  }
  if ("not" in c) {
    const child = evaluate(c.not, facts, at(0));
    return { path, pass: !child.pass, op: "not", label: c.label, children: [child] };
  }
  const kids = "all" in c ? c.all : c.any;
  const children = kids.map((k, i) => evaluate(k, facts, at(i)));
  const pass = "all" in c ? children.every((t) => t.pass) : children.some((t) => t.pass);
  return { path, pass, op: "all" in c ? "all" : "any", label: c.label, children };
}

/** The failing leaves under a trace that would have to change for it to pass (for `all`: every failing child; for `any`: the closest alternative). */
export function missing(t: Trace): Trace[] {
  if (t.pass) return [];
  if (t.op === "all") return t.children!.flatMap(missing);
  if (t.op === "any") {
    const options = t.children!.map(missing).filter((m) => m.length > 0);
    return options.sort((a, b) => a.length - b.length)[0] ?? [];
  }
  if (t.op === "not") return [t];
  return [t];
}
