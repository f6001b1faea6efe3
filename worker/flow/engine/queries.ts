/** Questions about an instance that write nothing: who may act, where a task may return to, what comes next. */
import { evaluate, evaluateCondition, isExpression } from "../model/expressions.ts";
import { resolveAssignment } from "./people.ts";
import type { CompiledModel, CompiledNode, Directory, InstanceState, Person } from "./types.ts";

/** Nodes holding a token now: user tasks being worked and joins waiting (the diagram's active nodes). */
export function activeNodes(state: InstanceState): string[] {
  return [...new Set([...Object.values(state.tasks).map((t) => t.node), ...Object.values(state.tokens).map((t) => t.node)])];
}

/**
 * Whether the actor may work the task: its assignee; a task without assignee, any candidate user or member of
 * a candidate group (a group member never works a task another member holds). Open tasks of a running instance only.
 */
export function mayAct(state: InstanceState, taskId: string, actor: { id: string; roleIds: string[] }): boolean {
  const task = state.tasks[taskId];
  if (!task || state.status !== "running" || state.deleted || task.state !== "open") return false;
  if (task.assignee) return task.assignee === actor.id;
  return task.candidateUsers.includes(actor.id) || task.candidateGroups.some((g) => actor.roleIds.includes(g));
}

/**
 * The nodes a task may be returned to: user tasks completed earlier from which the task's node can be reached
 * (in order of first completion), and the start (the initiator, who resubmits). None for the initiator's own task.
 */
export function returnTargets(model: CompiledModel, state: InstanceState, taskId: string): { key: string; name: string }[] {
  const task = state.tasks[taskId];
  if (!task || task.node === model.startNode) return [];
  const start = model.nodes[model.startNode];
  const out = [{ key: start.id, name: start.name || "发起人" }];
  for (const c of state.completed) {
    const node = model.nodes[c.node];
    if (!node || node.kind !== "userTask" || c.node === task.node || out.some((o) => o.key === c.node)) continue;
    if ((model.reach[c.node] ?? []).includes(task.node)) out.push({ key: node.id, name: node.name });
  }
  return out;
}

export interface NextNode {
  key: string;
  name: string;
  kind: string;
  approvers: Person[];
}

/**
 * The nodes the flow reaches after this task completes with these variables: the next user tasks with their
 * approvers, or the end. A node whose other instances are still open answers itself.
 */
export async function predictNext(model: CompiledModel, state: InstanceState, taskId: string, variables: Record<string, unknown>, directory: Directory): Promise<NextNode[]> {
  const task = state.tasks[taskId];
  if (!task) return [];
  const vars = { ...state.variables, ...variables };
  const a = state.activations[task.activation];
  const node = model.nodes[task.node];
  if (task.resumeAt) return describe(model, model.nodes[task.resumeAt], vars, directory).then((n) => [n]);
  if (a && !a.completionCondition) {
    const others = Object.values(state.tasks).filter((t) => t.activation === a.id && t.taskId !== taskId).length + a.pending.length;
    if (others > 0) return [{ key: node.id, name: node.name, kind: node.kind, approvers: [] }];
  }
  const out: NextNode[] = [];
  const seen = new Set<string>();
  const walk = async (n: CompiledNode): Promise<void> => {
    for (const f of chosen(model, n, vars)) {
      const target = model.nodes[model.flows[f].target];
      if (!target || seen.has(target.id)) continue;
      seen.add(target.id);
      if (target.kind === "userTask" || target.kind === "endEvent") out.push(await describe(model, target, vars, directory));
      else await walk(target);
    }
  };
  await walk(node);
  return out;
}

/**
 * The flows a node takes when `holds` tells which conditions are true: exclusive, the first true condition in
 * document order; others, every true condition (a parallel gateway ignores them); none true, the default.
 */
export function pickFlows(model: CompiledModel, node: CompiledNode, holds: (condition: string) => boolean): string[] {
  const takes = (f: string) => {
    const c = model.flows[f].condition;
    return node.kind === "parallelGateway" || !c || holds(c);
  };
  const candidates = node.outgoing.filter((f) => f !== node.defaultFlow);
  let picked: string[];
  if (node.kind === "exclusiveGateway") {
    const first = candidates.find(takes);
    picked = first ? [first] : [];
  } else picked = candidates.filter(takes);
  return picked.length ? picked : node.defaultFlow ? [node.defaultFlow] : [];
}

/** Flows a node would take; a condition that cannot be evaluated yet counts as possible. */
function chosen(model: CompiledModel, node: CompiledNode, vars: Record<string, unknown>): string[] {
  return pickFlows(model, node, (c) => {
    try {
      return evaluateCondition(c, vars);
    } catch {
      return true;
    }
  });
}

async function describe(model: CompiledModel, node: CompiledNode, vars: Record<string, unknown>, directory: Directory): Promise<NextNode> {
  const approvers: Person[] = [];
  if (node.kind === "userTask") {
    const add = (p: Person | null) => p && !approvers.some((x) => x.id === p.id) && approvers.push(p);
    let elements: unknown[] = [null];
    const multi = node.multi;
    try {
      if (multi?.collection) {
        const text = multi.collection.trim();
        const v = !isExpression(text) && Object.hasOwn(vars, text) ? vars[text] : evaluate(text, vars);
        elements = Array.isArray(v) ? v : typeof v === "string" ? v.split(",").map((s) => s.trim()) : [null];
      }
    } catch {
      elements = [null];
    }
    for (const [i, el] of elements.entries()) {
      const local = { ...vars, loopCounter: i, ...(multi?.elementVariable ? { [multi.elementVariable]: el } : {}) };
      try {
        const r = await resolveAssignment(node, local, directory);
        add(r.assignee);
        r.candidateUsers.forEach(add);
        for (const g of r.candidateGroups) for (const m of await directory.membersOf(g.id)) add(m);
      } catch {
        // an approver picked later or a variable not set yet: unknown for now
      }
    }
  }
  return { key: node.id, name: node.name || (node.id === model.startNode ? "发起人" : node.id), kind: node.kind, approvers };
}
