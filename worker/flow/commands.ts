/**
 * How a flow command runs over HTTP: read the instance's stream, fold it, let the engine decide, and
 * append with the stream's head as the expected version. A clash (another command got in first) decides
 * again on the new state, so the second of two concurrent completions meets a task already handled and is
 * refused by the engine with that text: exactly one wins, and a refusal writes nothing.
 */
import type { Context } from "hono";
import { t } from "../../events/i18n.ts";
import type { AppEnv } from "../http/env.ts";
import { actorOf } from "../http/envelope.ts";
import { runCommand, type Decision } from "../http/command.ts";
import { execute, principal } from "../commands/execute.ts";
import { codes } from "../errors.ts";
import type { EventStore } from "../store/index.ts";
import type { PendingEvent, StreamWrite } from "../store/types.ts";
import { decide } from "./engine/decide.ts";
import { apply } from "./engine/evolve.ts";
import { businessWrites } from "./business.ts";
import { instanceStream, type FlowEvent } from "./engine/events.ts";
import type { DecideContext, FlowActor, FlowCommand, InstanceState } from "./engine/types.ts";
import { d1Directory } from "./directory.ts";
import { deploymentById, deploymentMissing, loadInstance, type DeploymentRow, type InstanceTarget } from "./repository.ts";

/** Holding this tag makes a user a process administrator for the engine (transfer, stop, suspend any instance). */
export const monitorTag = "flowable:monitor:list";

/** The signed-in user as the engine checks them: roles for candidate groups, the monitor permission. */
export function flowActorOf(c: Context<AppEnv>): FlowActor {
  const actor = actorOf(c);
  return { id: actor.id, name: actor.name, roleIds: actor.roleIds, monitor: actor.admin || actor.permissions.has(monitorTag) };
}

export function decideContext(db: D1Database, actor: FlowActor, now = new Date().toISOString()): DecideContext {
  return { actor, now, directory: d1Directory(db), newId: () => crypto.randomUUID() };
}

const okAnswer = (c: Context<AppEnv>, data: unknown) => ({ code: codes.ok, msg: t("ok", c.get("lang")), data: data ?? null });

/** Decides a command against an instance (read fresh on every attempt) and the write that appends it. */
export async function decideOn(db: D1Database, target: InstanceTarget, command: FlowCommand | ((state: InstanceState) => FlowCommand), ctx: DecideContext) {
  const { state, head, events } = await loadInstance(db, target);
  const deployment = await deploymentById(db, state.deployId);
  if (!deployment) throw deploymentMissing();
  const decided = await decide(deployment.model, state, typeof command === "function" ? command(state) : command, ctx);
  const write: StreamWrite = { stream: instanceStream(state.procInsId), head, events: decided as unknown as PendingEvent[] };
  // a linked business record (an application) moves with its instance, in the same append
  const linked = state.businessKey && decided.length ? await businessWrites(db, { businessKey: state.businessKey, procInsId: state.procInsId, after: decided.reduce(apply, structuredClone(state)), decided }) : [];
  return { write, writes: decided.length ? [write, ...linked] : [], state, deployment, decided, before: events.length };
}

export interface InstanceCommandOptions {
  /** the answer's data, from the decided events */
  answer?: (decided: FlowEvent[], state: InstanceState) => unknown;
}

/** Runs one command on an instance over HTTP (retried on a clash: the engine sees the new state). */
export async function runOnInstance(
  c: Context<AppEnv>,
  target: InstanceTarget,
  command: FlowCommand | ((state: InstanceState) => FlowCommand),
  options: InstanceCommandOptions = {},
): Promise<Response> {
  const actor = flowActorOf(c);
  return runCommand(
    c,
    async (): Promise<Decision> => {
      const { writes, decided, state } = await decideOn(c.env.DB, target, command, decideContext(c.env.DB, actor));
      return { writes, response: okAnswer(c, options.answer ? options.answer(decided, state) : { procInsId: state.procInsId }) };
    },
    { retries: 3 },
  );
}

/** Runs a command that names a task: its instance is found by the task (in the stream's own query), also when the task is gone. */
export async function runOnTask(c: Context<AppEnv>, taskId: string, command: FlowCommand, options: InstanceCommandOptions = {}) {
  return runOnInstance(c, { taskId }, command, options);
}

/** Starts an instance of a deployment; answers its id. */
export async function startInstance(c: Context<AppEnv>, deployment: DeploymentRow, variables: Record<string, unknown>, businessKey: string | null) {
  const actor = flowActorOf(c);
  const procInsId = crypto.randomUUID();
  return runCommand(c, async () => {
    const ctx = decideContext(c.env.DB, actor);
    const decided = await decide(deployment.model, null, { type: "start", deployment, procInsId, businessKey, variables }, ctx);
    const write: StreamWrite = { stream: instanceStream(procInsId), head: { version: 0, hash: "" }, events: decided as unknown as PendingEvent[] };
    return { writes: [write], response: okAnswer(c, { procInsId }) };
  });
}

/**
 * A command from the clock (timers): decided by the engine as the system and run by the pipeline as the
 * `system` principal; a refusal or a clash is the caller's to handle (the timer row stays until a fired event removes it).
 */
export async function runAsSystem(db: D1Database, store: EventStore, procInsId: string, command: FlowCommand, now: string) {
  const actor: FlowActor = { id: "system", name: "系统", roleIds: [], monitor: true };
  await execute(
    {
      name: `flow.${command.type}`,
      async decide() {
        const { writes } = await decideOn(db, procInsId, command, decideContext(db, actor, now));
        return { writes, answer: null };
      },
    },
    principal("system"),
    { db, store, requestId: `timer:${crypto.randomUUID()}`, at: now },
  );
}

