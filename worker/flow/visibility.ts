/**
 * What of an instance's form a reader may see. The designer gives every node form-field permissions (edit,
 * read, hidden); the form's values are the instance's variables (a process form's record values too), so a
 * field hidden at the reader's node is taken out of every answer that carries variables: the task's view,
 * the process variables, the monitor's variable lists. The reader's node is the node of the task they read
 * by (open or finished). Without a task:
 *
 * - the initiator and process administrators (the monitor permission) see what the start node lets the
 *   initiator see (the designer's root permissions; usually everything: they filled the form in);
 * - anyone else who may read the instance (a copy's reader, an approver reading the instance rather than
 *   their task) sees only what no node hides: they have no node of their own to judge by.
 *
 * Values are removed, not blanked: a hidden field is absent, never null.
 */
import type { DeploymentRow } from "./repository.ts";
import type { FlowActor, InstanceState } from "./engine/types.ts";
import { treeNodeById } from "./routes/models.ts";
import { recordedTaskNode } from "./queries.ts";

export type FormPerm = "edit" | "read" | "hidden";

/** A node's form-field permissions: the compiled policy (qifu:formPerms), else the designer's tree node. */
export function nodeFormPerms(deployment: Pick<DeploymentRow, "model" | "tree">, nodeKey: string): Record<string, FormPerm> {
  const node = deployment.model.nodes[nodeKey];
  const treeNode = treeNodeById(deployment.tree, nodeKey) as { props?: { formPerms?: Record<string, FormPerm> } } | null;
  return (node?.policy?.formPerms ?? treeNode?.props?.formPerms ?? {}) as Record<string, FormPerm>;
}

const hiddenOf = (perms: Record<string, FormPerm>) => Object.keys(perms).filter((k) => perms[k] === "hidden");

/** The fields hidden at a node. */
export function hiddenAt(deployment: Pick<DeploymentRow, "model" | "tree">, nodeKey: string): Set<string> {
  return new Set(hiddenOf(nodeFormPerms(deployment, nodeKey)));
}

/** The fields hidden from a reader without a task (see the rule above). */
export function hiddenWithoutTask(deployment: Pick<DeploymentRow, "model" | "tree">, state: InstanceState, actor: FlowActor): Set<string> {
  if (actor.monitor || actor.id === state.initiator.id) return hiddenAt(deployment, deployment.model.startNode);
  const hidden = new Set<string>();
  for (const key of Object.keys(deployment.model.nodes)) for (const f of hiddenAt(deployment, key)) hidden.add(f);
  return hidden;
}

/** The node of a task of this instance: open in the state, else its flow-record row; null when it is not this instance's. */
export async function nodeOfTask(db: D1Database, state: InstanceState, taskId: string): Promise<string | null> {
  const open = state.tasks[taskId];
  if (open) return open.node;
  return recordedTaskNode(db, state.procInsId, taskId);
}

/** The fields hidden from this reader: at the node of the task they read by, else by the rule without a task. */
export async function hiddenFor(db: D1Database, deployment: Pick<DeploymentRow, "model" | "tree">, state: InstanceState, actor: FlowActor, taskId?: string | null): Promise<Set<string>> {
  const node = taskId ? await nodeOfTask(db, state, taskId) : null;
  return node ? hiddenAt(deployment, node) : hiddenWithoutTask(deployment, state, actor);
}

/** The values without the hidden ones (absent, not null). */
export function withoutHidden<T>(values: Record<string, T>, hidden: Set<string>): Record<string, T> {
  if (!hidden.size) return values;
  return Object.fromEntries(Object.entries(values).filter(([k]) => !hidden.has(k)));
}
