/**
 * Pure helpers for checkbox trees where a parent's state follows its leaves (the classic role form):
 * checking a node checks every leaf below it; a parent with some checked leaves is half-checked, and
 * half-checked parents are part of the saved selection.
 *
 * @example
 * const leaves = checkedLeaves(tree, role.menuIdList);   // what to show as checked
 * save({ menuIdList: selection(tree, leaves) });         // checked + half-checked ids
 */
export interface CheckNode {
  value: string;
  children?: CheckNode[];
}

export type CheckState = "checked" | "half" | "none";

const kids = (node: CheckNode) => node.children ?? [];

/** The leaves under `node` (the node itself when it has no children). */
export function leavesOf(node: CheckNode): string[] {
  const out: string[] = [];
  const walk = (n: CheckNode) => (kids(n).length ? kids(n).forEach(walk) : out.push(n.value));
  walk(node);
  return out;
}

/** Which of the saved ids are leaves: the state to show (parents follow from them). */
export function checkedLeaves(data: CheckNode[], saved: Iterable<string>): Set<string> {
  const wanted = new Set(saved);
  const out = new Set<string>();
  data.forEach((root) => leavesOf(root).forEach((leaf) => wanted.has(leaf) && out.add(leaf)));
  return out;
}

/** Every node's state, computed in one pass. */
export function checkStates(data: CheckNode[], leaves: Set<string>): Map<string, CheckState> {
  const states = new Map<string, CheckState>();
  const visit = (node: CheckNode): CheckState => {
    const children = kids(node);
    let state: CheckState;
    if (!children.length) state = leaves.has(node.value) ? "checked" : "none";
    else {
      const below = children.map(visit);
      state = below.every((s) => s === "checked") ? "checked" : below.some((s) => s !== "none") ? "half" : "none";
    }
    states.set(node.value, state);
    return state;
  };
  data.forEach(visit);
  return states;
}

/** Checks or unchecks `node` with everything below it, from the node's current state. */
export function toggleNode(node: CheckNode, leaves: Set<string>, states: Map<string, CheckState>): Set<string> {
  const next = new Set(leaves);
  const checking = states.get(node.value) !== "checked";
  for (const leaf of leavesOf(node)) (checking ? next.add(leaf) : next.delete(leaf));
  return next;
}

/** The saved selection: checked and half-checked nodes, in tree order. */
export function selection(data: CheckNode[], leaves: Set<string>): string[] {
  const states = checkStates(data, leaves);
  const out: string[] = [];
  const walk = (n: CheckNode) => {
    if (states.get(n.value) !== "none") out.push(n.value);
    kids(n).forEach(walk);
  };
  data.forEach(walk);
  return out;
}

/** All values of a tree, parents first. */
export function allValues(data: CheckNode[]): string[] {
  const out: string[] = [];
  const walk = (n: CheckNode) => {
    out.push(n.value);
    kids(n).forEach(walk);
  };
  data.forEach(walk);
  return out;
}
