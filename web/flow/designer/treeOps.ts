/**
 * Edits of the process tree (events/flow/tree.ts) as pure functions: each takes the tree and answers a new
 * one (a structured clone, edited in place — trees are a few dozen nodes), so the designer keeps one value
 * and undo could be a stack of them. Inserting always means "after node X": the "+" under a card, under a
 * branch's head card, or under a whole branch block (after its rejoin).
 */
import {
  approvalProps,
  ccProps,
  conditionProps,
  rootProps,
  walkTree,
  type ConcurrentNode,
  type ConditionNode,
  type ProcessNode,
  type ProcessTree,
} from "../../../events/flow/tree.ts";

/** The node types the "+" offers. */
export type AddableType = "APPROVAL" | "CC" | "CONDITIONS" | "CONCURRENTS";

/** Default names, in the designer's language (names are data: they stay as saved). */
export interface NodeNames {
  approval: string;
  cc: string;
  condition: (n: number) => string;
  otherwise: string;
  concurrent: (n: number) => string;
  conditions: string;
  concurrents: string;
}

/** A node id that is also a safe BPMN id and variable suffix (`approver_<id>`): a letter then letters and digits. */
export function newNodeId(): string {
  return `node_${crypto.randomUUID().replace(/-/g, "").slice(0, 12)}`;
}

export function newTree(initiator: string): ProcessTree {
  return { id: "root", type: "ROOT", name: initiator, props: rootProps.parse({}), children: null };
}

const conditionBranch = (name: string, isDefault: boolean): ConditionNode => ({
  id: newNodeId(),
  type: "CONDITION",
  name,
  props: { ...conditionProps.parse({}), isDefault },
  children: null,
});

const concurrentBranch = (name: string): ConcurrentNode => ({ id: newNodeId(), type: "CONCURRENT", name, props: {}, children: null });

export function makeNode(type: AddableType, names: NodeNames): ProcessNode {
  switch (type) {
    case "APPROVAL":
      return { id: newNodeId(), type, name: names.approval, props: approvalProps.parse({}), children: null };
    case "CC":
      return { id: newNodeId(), type, name: names.cc, props: ccProps.parse({}), children: null };
    case "CONDITIONS":
      // a condition to fill in and the default branch: every instance finds a way through
      return { id: newNodeId(), type, name: names.conditions, props: {}, branches: [conditionBranch(names.condition(1), false), conditionBranch(names.otherwise, true)], children: null };
    case "CONCURRENTS":
      return { id: newNodeId(), type, name: names.concurrents, props: {}, branches: [concurrentBranch(names.concurrent(1)), concurrentBranch(names.concurrent(2))], children: null };
  }
}

/** The node with this id, or null. */
export function findNode(tree: ProcessTree, id: string): ProcessNode | null {
  let found: ProcessNode | null = null;
  walkTree(tree, (n) => {
    if (n.id === id) found = n;
  });
  return found;
}

/** The branch block holding the branch `id`, or null. */
export function blockOf(tree: ProcessTree, branchId: string): Extract<ProcessNode, { branches: unknown }> | null {
  let found: Extract<ProcessNode, { branches: unknown }> | null = null;
  walkTree(tree, (n) => {
    if ((n.type === "CONDITIONS" || n.type === "CONCURRENTS") && (n.branches as ProcessNode[]).some((b) => b.id === branchId)) found = n;
  });
  return found;
}

/** Works on a copy of the tree: `edit` mutates it; answers the copy. */
function edited(tree: ProcessTree, edit: (copy: ProcessTree) => void): ProcessTree {
  const copy = structuredClone(tree);
  edit(copy);
  return copy;
}

/** The last node of the chain that starts at `node`. */
const tailOf = (node: ProcessNode): ProcessNode => {
  let n = node;
  while (n.children) n = n.children;
  return n;
};

export function insertAfter(tree: ProcessTree, afterId: string, node: ProcessNode): ProcessTree {
  return edited(tree, (copy) => {
    const at = findNode(copy, afterId);
    if (!at) return;
    const inserted = structuredClone(node);
    tailOf(inserted).children = at.children ?? null;
    at.children = inserted;
  });
}

/** Removes a chain node (a block goes with its branches); the node after it moves up. */
export function removeNode(tree: ProcessTree, id: string): ProcessTree {
  return edited(tree, (copy) => {
    walkTree(copy, (n) => {
      if (n.children?.id === id) n.children = n.children.children ?? null;
    });
  });
}

/** Replaces a node's name and props (not its place). */
export function updateNode<N extends ProcessNode>(tree: ProcessTree, id: string, change: (node: N) => void): ProcessTree {
  return edited(tree, (copy) => {
    const node = findNode(copy, id);
    if (node) change(node as N);
  });
}

/** A new branch: conditions go before the default branch (which stays last, taken when nothing else holds). */
export function addBranch(tree: ProcessTree, blockId: string, names: NodeNames): ProcessTree {
  return edited(tree, (copy) => {
    const block = findNode(copy, blockId);
    if (block?.type === "CONDITIONS") {
      const at = block.branches.findIndex((b) => b.props.isDefault);
      const branch = conditionBranch(names.condition(block.branches.length + (at < 0 ? 1 : 0)), false);
      block.branches.splice(at < 0 ? block.branches.length : at, 0, branch);
    } else if (block?.type === "CONCURRENTS") block.branches.push(concurrentBranch(names.concurrent(block.branches.length + 1)));
  });
}

/**
 * Removes a branch. A block keeps at least two branches, so removing one of the last two dissolves the
 * block: the other branch's nodes take its place in the chain.
 */
export function removeBranch(tree: ProcessTree, branchId: string): ProcessTree {
  return edited(tree, (copy) => {
    const block = blockOf(copy, branchId);
    if (!block) return;
    const branches = block.branches as ProcessNode[];
    if (branches.length > 2) {
      block.branches = branches.filter((b) => b.id !== branchId) as typeof block.branches;
      return;
    }
    const kept = branches.find((b) => b.id !== branchId)?.children ?? null;
    walkTree(copy, (n) => {
      if (n.children?.id !== block.id) return;
      if (kept) {
        tailOf(kept).children = block.children ?? null;
        n.children = kept;
      } else n.children = block.children ?? null;
    });
  });
}

/** Moves a branch left (-1) or right (+1): for conditions the order is the evaluation order. */
export function moveBranch(tree: ProcessTree, branchId: string, delta: -1 | 1): ProcessTree {
  return edited(tree, (copy) => {
    const block = blockOf(copy, branchId);
    if (!block) return;
    const branches = block.branches as ProcessNode[];
    const from = branches.findIndex((b) => b.id === branchId);
    const to = from + delta;
    if (to < 0 || to >= branches.length) return;
    // the default branch stays last: nothing moves past it
    const isDefault = (n: ProcessNode) => n.type === "CONDITION" && n.props.isDefault;
    if (isDefault(branches[from]!) || isDefault(branches[to]!)) return;
    [branches[from], branches[to]] = [branches[to]!, branches[from]!];
  });
}

/** Drops conditions and permissions that name form fields no longer on the ROOT form (after a field is removed or renamed). */
export function pruneFieldRefs(tree: ProcessTree): ProcessTree {
  const keys = new Set(tree.props.formFields.map((f) => f.key));
  return edited(tree, (copy) => {
    walkTree(copy, (n) => {
      if (n.type === "CONDITION") n.props.conditions = n.props.conditions.filter((c) => keys.has(c.field));
      if (n.type === "APPROVAL" || n.type === "ROOT") n.props.formPerms = Object.fromEntries(Object.entries(n.props.formPerms).filter(([k]) => keys.has(k)));
    });
  });
}

/** Follows a form field's key change into the conditions and permissions that name it. */
export function renameFieldRefs(tree: ProcessTree, from: string, to: string): ProcessTree {
  if (from === to) return tree;
  return edited(tree, (copy) => {
    walkTree(copy, (n) => {
      if (n.type === "CONDITION") for (const c of n.props.conditions) if (c.field === from) c.field = to;
      if ((n.type === "APPROVAL" || n.type === "ROOT") && from in n.props.formPerms) {
        n.props.formPerms[to] = n.props.formPerms[from]!;
        delete n.props.formPerms[from];
      }
    });
  });
}
