/**
 * The actions a user is offered on a task are the commands the engine would accept from them now: each
 * candidate is decided in memory against the current state (decide is pure; its events are dropped), so
 * what the buttons offer and what the engine allows can never disagree. The Directory is wrapped once for
 * all the dry runs (each key looked up at most once), and the people a command needs (a user to transfer to,
 * a signer, a copy) are a stand-in nobody holds, so no lookup is made for them.
 */
import { decide } from "./decide.ts";
import { returnTargets } from "./queries.ts";
import { FlowRefused } from "./refusal.ts";
import type { CompiledModel, DecideContext, Directory, FlowCommand, InstanceState, Person } from "./types.ts";

import { taskActions, type TaskAction } from "../../../events/api/flow-task.ts";

export { taskActions, type TaskAction };

/** The stand-in for "some other user" in a dry run: a key no real user has. */
const probeKey = "\u0000probe";
const probe: Person = { id: probeKey, name: "probe" };

/** One lookup per key across every dry run, and the stand-in answered without asking. */
function memoDirectory(directory: Directory): Directory {
  const memo = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, ask: () => Promise<T>): Promise<T> => {
    if (!memo.has(key)) memo.set(key, ask());
    return memo.get(key) as Promise<T>;
  };
  return {
    user: (key) => (key === probeKey ? Promise.resolve(probe) : once(`u:${key}`, () => directory.user(key))),
    role: (key) => once(`r:${key}`, () => directory.role(key)),
    membersOf: (roleId) => once(`m:${roleId}`, () => directory.membersOf(roleId)),
    leaderOf: (userId) => once(`l:${userId}`, () => directory.leaderOf(userId)),
    administrators: () => once("a", () => directory.administrators()),
  };
}

/** The command an action sends for this task, or null when it has nothing to act on (no return target). */
function commandOf(action: TaskAction, model: CompiledModel, state: InstanceState, taskId: string): FlowCommand | null {
  switch (action) {
    case "complete":
    case "resolve":
      return { type: "complete", taskId, variables: {} };
    case "reject":
      return { type: "reject", taskId };
    case "return": {
      const target = returnTargets(model, state, taskId)[0];
      return target ? { type: "return", taskId, targetKey: target.key } : null;
    }
    case "delegate":
    case "transfer":
      return { type: action, taskId, userId: probeKey };
    case "addSigner":
      return { type: "addSigner", taskId, userIds: [probeKey], position: "after" };
    case "removeSigner":
      return { type: "removeSigner", taskId };
    case "recall":
      return { type: "recall", taskId };
    case "cc":
      return { type: "cc", userIds: [probeKey] };
    case "urge":
      return { type: "urge" };
    case "revoke":
      return { type: "revoke" };
    case "stop":
      return { type: "stop" };
  }
}

/**
 * Whether a dry run accepts the command. A completion refused only for what its form carries (a condition
 * or collection the variables do not satisfy yet: 422) is still offered — the user sends the form with it;
 * every other refusal means the action is not theirs now.
 */
async function accepted(model: CompiledModel, state: InstanceState, command: FlowCommand, ctx: DecideContext): Promise<boolean> {
  try {
    await decide(model, state, command, ctx);
    return true;
  } catch (error) {
    if (!(error instanceof FlowRefused)) throw error;
    return command.type === "complete" && error.code === 422 && !!state.tasks[command.taskId];
  }
}

/**
 * What this actor may do now with this task and its instance: exactly the actions whose command the engine
 * accepts. `complete` and `resolve` are the same command: a delegated task offers `resolve` (it goes back to
 * its owner), any other `complete`.
 */
export async function offeredActions(model: CompiledModel, state: InstanceState, taskId: string, ctx: DecideContext): Promise<TaskAction[]> {
  const dry: DecideContext = { ...ctx, directory: memoDirectory(ctx.directory), newId: () => crypto.randomUUID() };
  const delegated = state.tasks[taskId]?.delegation === "pending";
  const out: TaskAction[] = [];
  for (const action of taskActions) {
    if (action === (delegated ? "complete" : "resolve")) continue;
    const command = commandOf(action, model, state, taskId);
    if (command && (await accepted(model, state, command, dry))) out.push(action);
  }
  return out;
}
