/**
 * The condition builder's edits as pure functions over a tree (events/conditions/tree.ts), addressed by the
 * paths `walk` gives ("" the root, "0.2" the third child of the root's first). While a person edits, a leaf
 * may be unfinished (no fact chosen yet, an empty value): it stays in the tree as typed so nothing they
 * entered is lost, and `builderProblems` names it at its node, as `checkCondition` names the rest, so a form
 * refuses to save until the tree is whole.
 */
import { checkCondition, factByKey, type ConditionProblem, type FactDef, type FactType } from "../../events/conditions/facts.ts";
import { isLeaf, walk, type ComparisonOp, type Condition, type Leaf, type LeafOp } from "../../events/conditions/tree.ts";

export type Group = "all" | "any";

/** The children of a node (a `not` has one). */
export const childrenOf = (c: Condition): Condition[] => ("all" in c ? c.all : "any" in c ? c.any : "not" in c ? [c.not] : []);

const withChildren = (c: Condition, kids: Condition[]): Condition =>
  "all" in c ? { ...c, all: kids } : "any" in c ? { ...c, any: kids } : "not" in c ? { ...c, not: kids[0]! } : c;

const split = (path: string): number[] => (path === "" ? [] : path.split(".").map(Number));

/** The node at a path, or undefined when the path leads nowhere. */
export function nodeAt(tree: Condition, path: string): Condition | undefined {
  let node: Condition | undefined = tree;
  for (const i of split(path)) node = node ? childrenOf(node)[i] : undefined;
  return node;
}

/** The tree with the node at `path` replaced by what `edit` makes of it. */
export function updateAt(tree: Condition, path: string, edit: (node: Condition) => Condition): Condition {
  const steps = split(path);
  const go = (node: Condition, depth: number): Condition => {
    if (depth === steps.length) return edit(node);
    const kids = childrenOf(node).slice();
    kids[steps[depth]!] = go(kids[steps[depth]!]!, depth + 1);
    return withChildren(node, kids);
  };
  return go(tree, 0);
}

/**
 * The tree without the node at `path`: a group left empty goes with it, a `not` goes with its only child, and
 * removing the root (or its last condition) leaves no condition at all (null).
 */
export function removeAt(tree: Condition, path: string): Condition | null {
  const steps = split(path);
  const go = (node: Condition, depth: number): Condition | null => {
    if (depth === steps.length) return null;
    const kids = childrenOf(node).slice();
    const i = steps[depth]!;
    const kept = go(kids[i]!, depth + 1);
    if (kept === null) kids.splice(i, 1);
    else kids[i] = kept;
    return kids.length === 0 ? null : withChildren(node, kids);
  };
  return go(tree, 0);
}

/** Adds a child at the end of the group at `path`; a leaf or a `not` there becomes an `all` of itself and the new node. */
export function addTo(tree: Condition | null, path: string, node: Condition): Condition {
  if (tree === null) return { all: [node] };
  return updateAt(tree, path, (at) => ("all" in at ? { ...at, all: [...at.all, node] } : "any" in at ? { ...at, any: [...at.any, node] } : { all: [at, node] }));
}

/** Switches a group between all and any, keeping its children and name. */
export function setGroup(tree: Condition, path: string, group: Group): Condition {
  return updateAt(tree, path, (at) => {
    if (!("all" in at) && !("any" in at)) return at;
    const kids = childrenOf(at);
    const label = at.label ? { label: at.label } : {};
    return group === "all" ? { ...label, all: kids } : { ...label, any: kids };
  });
}

/** Wraps the node at `path` in a `not`, or unwraps it when it is one. */
export function toggleNot(tree: Condition, path: string): Condition {
  return updateAt(tree, path, (at) => ("not" in at ? at.not : { not: at }));
}

/** Sets (or, with empty texts, clears) the name a person gave a node. */
export function setLabel(tree: Condition, path: string, label: { "zh-CN": string; "en-US": string } | undefined): Condition {
  return updateAt(tree, path, (at) => {
    const { label: _old, ...rest } = at as Condition & { label?: unknown };
    return label && (label["zh-CN"].trim() || label["en-US"].trim()) ? ({ ...rest, label } as Condition) : (rest as Condition);
  });
}

const numeric: readonly FactType[] = ["number", "count", "percent"];

/** The operator a new leaf on a fact of this type starts with. */
export function defaultOp(type: FactType): ComparisonOp {
  if (numeric.includes(type) || type === "date") return "gte";
  return "eq";
}

/** A new, unfinished leaf: no fact chosen yet. */
export const blankLeaf = (): Leaf => ({ fact: "", op: "eq", value: "" });

/** The leaf re-shaped for another operator, keeping what of its value still fits. */
export function withOp(leaf: Leaf, op: LeafOp, type: FactType | undefined): Leaf {
  const label = leaf.label ? { label: leaf.label } : {};
  const base = { ...label, fact: leaf.fact };
  const single: unknown = "value" in leaf ? leaf.value : "values" in leaf ? leaf.values[0] : "min" in leaf ? (leaf.min ?? leaf.max) : undefined;
  const many: (string | number)[] = "values" in leaf ? leaf.values : typeof single === "string" || typeof single === "number" ? (single === "" ? [] : [single]) : [];
  switch (op) {
    case "exists":
    case "missing":
      return { ...base, op };
    case "in":
    case "notIn":
      return { ...base, op, values: many };
    case "between":
      return { ...base, op, ...("min" in leaf || "max" in leaf ? { min: (leaf as { min?: number | string }).min, max: (leaf as { max?: number | string }).max } : typeof single === "number" || typeof single === "string" ? { min: single } : {}) };
    default: {
      const value = type === "bool" ? (typeof single === "boolean" ? single : true) : typeof single === "string" || typeof single === "number" ? single : "";
      return { ...base, op, value };
    }
  }
}

/** The leaf for a newly chosen fact: operator and value kept when the fact is of the same type (and dictionary), else the type's defaults. */
export function withFact(leaf: Leaf, def: FactDef, previous: FactDef | undefined): Leaf {
  if (previous && previous.type === def.type && previous.dict === def.dict) return { ...leaf, fact: def.key };
  const fresh: Leaf = def.type === "bool" ? { fact: def.key, op: "eq", value: true } : { fact: def.key, op: defaultOp(def.type), value: "" };
  return leaf.label ? { label: leaf.label, ...fresh } : fresh;
}

export type BuilderProblem = ConditionProblem | { path: string; key: "chooseFact" | "valueRequired"; fact?: string };

const empty = (v: unknown) => v === undefined || v === null || v === "" || (typeof v === "number" && !Number.isFinite(v));

/** Leaves still unfinished: no fact chosen, or a value (or both range ends) left empty. */
export function unfinished(tree: Condition): BuilderProblem[] {
  const out: BuilderProblem[] = [];
  for (const { node, path } of walk(tree)) {
    if (!isLeaf(node)) continue;
    if (!node.fact) out.push({ path, key: "chooseFact" });
    else if ((node.op === "in" || node.op === "notIn") && node.values.length === 0) out.push({ path, key: "valueRequired", fact: node.fact });
    else if (node.op === "between" && empty(node.min) && empty(node.max)) out.push({ path, key: "valueRequired", fact: node.fact });
    else if ("value" in node && empty(node.value)) out.push({ path, key: "valueRequired", fact: node.fact });
  }
  return out;
}

/**
 * Everything wrong with a tree being edited, at most one problem per node: unfinished leaves first (an empty
 * value is "required", not "the wrong type"), then the catalogue's checks (events/conditions/facts.ts).
 */
export function builderProblems(tree: Condition | null, extra: readonly FactDef[] = []): BuilderProblem[] {
  if (tree === null) return [];
  const own = unfinished(tree);
  const seen = new Set(own.map((p) => p.path));
  const extraMap = new Map(extra.map((d) => [d.key, d]));
  const checked = checkCondition(tree, extraMap).filter((p) => !seen.has(p.path) || p.key === "tooLarge" || p.key === "tooDeep");
  return [...own, ...checked];
}

/** The catalogue's definition of a fact, or the caller's (a paper's answers). */
export const factDef = (key: string, extra: readonly FactDef[] = []): FactDef | undefined => factByKey.get(key) ?? extra.find((d) => d.key === key);
