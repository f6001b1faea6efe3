/**
 * Who works a task: the model's assignee, candidate users and candidate groups, expressions evaluated over the
 * variables and names looked up in the Directory (users by id or account, roles by id or name). An expression
 * may answer one name, a comma list or a list.
 */
import { evaluate } from "../model/expressions.ts";
import { FlowRefused } from "./refusal.ts";
import { refuse } from "./texts.ts";
import type { CompiledNode, Directory, Person } from "./types.ts";

export interface Resolved {
  assignee: Person | null;
  candidateUsers: Person[];
  candidateGroups: Person[];
}

/** Each entry of a list attribute, evaluated and flattened to names. */
function names(entries: string[], variables: Record<string, unknown>, node: CompiledNode): string[] {
  const out: string[] = [];
  for (const entry of entries) {
    let value: unknown;
    try {
      value = evaluate(entry, variables);
    } catch (e) {
      throw wrap(e, node, entry);
    }
    for (const v of Array.isArray(value) ? value : value == null ? [] : String(value).split(",")) {
      const name = String(v ?? "").trim();
      if (name && !out.includes(name)) out.push(name);
    }
  }
  return out;
}

/** The variable an assignee entry names when it is the initiator's pick at start (`${approver_x}`), else null. */
export function approverVariable(entry: string): string | null {
  return /^\s*[$#]\{\s*(approver_[\w-]+)\s*\}\s*$/.exec(entry)?.[1] ?? null;
}

function wrap(e: unknown, node: CompiledNode, entry: string): unknown {
  if (!(e instanceof FlowRefused)) return e;
  const variable = approverVariable(entry);
  return variable ? refuse.missingApprover(node, variable) : refuse.assignment(node, e.text);
}

export async function users(keys: string[], directory: Directory): Promise<Person[]> {
  const out: Person[] = [];
  for (const key of keys) {
    const p = await directory.user(key);
    if (p && !out.some((o) => o.id === p.id)) out.push({ id: p.id, name: p.name });
  }
  return out;
}

/** The people of a node's assignment for one task (the variables include the multi-instance locals). */
export async function resolveAssignment(node: CompiledNode, variables: Record<string, unknown>, directory: Directory): Promise<Resolved> {
  const a = node.assignment ?? { assignee: null, candidateUsers: [], candidateGroups: [] };
  const assigneeKeys = a.assignee ? names([a.assignee], variables, node) : [];
  const assignee = assigneeKeys.length ? ((await users(assigneeKeys.slice(0, 1), directory))[0] ?? null) : null;
  const candidateUsers = await users(names(a.candidateUsers, variables, node), directory);
  const candidateGroups: Person[] = [];
  for (const key of names(a.candidateGroups, variables, node)) {
    const r = await directory.role(key);
    if (r && !candidateGroups.some((g) => g.id === r.id)) candidateGroups.push({ id: r.id, name: r.name });
  }
  return { assignee, candidateUsers, candidateGroups };
}

/** Who hears about a task: its assignee, or every candidate user and member of the candidate groups. */
export async function notifyList(r: Resolved, directory: Directory): Promise<string[]> {
  if (r.assignee) return [r.assignee.id];
  const out = r.candidateUsers.map((u) => u.id);
  for (const g of r.candidateGroups) for (const m of await directory.membersOf(g.id)) if (!out.includes(m.id)) out.push(m.id);
  return out;
}
