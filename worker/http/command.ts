/**
 * Running a command over HTTP: the route parses, the pipeline (worker/commands/execute.ts) authorises,
 * decides and appends, and this adapter supplies the request's actor, id, address and Idempotency-Key and
 * wraps the answer. A repeated key answers the first answer; nothing here appends by itself.
 */
import type { Context } from "hono";
import type { StreamWrite } from "../store/types.ts";
import { anonymous, execute, type Command, type CommandActor, type ExecuteContext } from "../commands/execute.ts";
import type { AppEnv } from "./env.ts";

export interface Decision {
  writes: StreamWrite[];
  /** the JSON answer (remembered under the idempotency key) */
  response: Record<string, unknown>;
}

export interface CommandOptions {
  /** undoes side effects of deciding (an R2 object already stored) when no events get appended */
  undo?: () => Promise<unknown>;
  /**
   * An idempotency key chosen by the caller instead of the Idempotency-Key header (an import's
   * `importId` + chunk): a repeat answers the first answer and writes nothing. Scoped to the actor.
   */
  idempotencyKey?: string;
  /**
   * How often a clash with a concurrent write decides again on the new state (only for commands that
   * carry no expected version: those must fail with "changed meanwhile"). Default 0.
   */
  retries?: number;
  /** the permission tag the command needs beyond the route's access rule (an update through save) */
  permission?: string;
}

/** The request's actor as the pipeline sees it: the signed-in user, or nobody on a public route. */
export const actorOfRequest = (c: Context<AppEnv>): CommandActor => c.get("actor") ?? anonymous;

/** Where a request's commands run: its database and store, its id, the caller's address. */
export function requestContext(c: Context<AppEnv>): ExecuteContext {
  return { db: c.env.DB, store: c.get("store"), requestId: c.get("requestId"), ip: c.req.header("cf-connecting-ip") ?? c.req.header("x-forwarded-for") ?? null };
}

/** Executes a command for this request, as its actor; answers the command's answer. */
export function executeHere<A, I = undefined>(c: Context<AppEnv>, command: Command<A, I>): Promise<A> {
  return execute(command, actorOfRequest(c), requestContext(c));
}

/** Runs a decision as a command over HTTP and answers its JSON answer (a route's usual last line). */
export async function runCommand(c: Context<AppEnv>, decideWrites: () => Promise<Decision>, options: CommandOptions = {}): Promise<Response> {
  const idempotencyKey = options.idempotencyKey ?? c.req.header("Idempotency-Key");
  const answer = await executeHere(c, {
    name: `${c.req.method} ${c.req.path}`,
    ...(options.permission ? { permission: options.permission } : {}),
    ...(idempotencyKey ? { idempotencyKey } : {}),
    ...(options.retries ? { retries: options.retries } : {}),
    ...(options.undo ? { undo: options.undo } : {}),
    async decide() {
      const { writes, response } = await decideWrites();
      return { writes, answer: response };
    },
  });
  return c.json(answer);
}
