/**
 * Running a command over HTTP: answer a repeated idempotency key with the first answer, otherwise decide,
 * append the events with their projections (and the key) in one batch, and answer. A command decided
 * without an expected version may be decided again when another write got in first.
 */
import type { Context } from "hono";
import type { StreamWrite } from "../store/types.ts";
import { ConcurrencyError, IdempotentReplay } from "../errors.ts";
import { commandMeta } from "./envelope.ts";
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
}

/** Jittered, growing pause between attempts, so clashing writers spread out instead of colliding again. */
const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(250, 4 * 2 ** attempt)));

export async function runCommand(c: Context<AppEnv>, decideWrites: () => Promise<Decision>, options: CommandOptions = {}): Promise<Response> {
  const header = options.idempotencyKey ?? c.req.header("Idempotency-Key");
  const key = header ? `${c.get("actor")?.id ?? "anonymous"}:${header}` : undefined;
  if (key) {
    const seen = await c.env.DB.prepare("SELECT response FROM idempotency WHERE key = ?").bind(key).first<{ response: string }>();
    if (seen) return c.json(JSON.parse(seen.response));
  }
  const meta = commandMeta(c);
  for (let attempt = 0; ; attempt++) {
    try {
      const { writes, response } = await decideWrites();
      await c.get("store").append(c.env.DB, writes, meta, key ? { idempotency: { key, response } } : {});
      return c.json(response);
    } catch (error) {
      if (error instanceof ConcurrencyError && attempt < (options.retries ?? 0)) {
        await pause(attempt);
        continue;
      }
      await options.undo?.();
      if (error instanceof IdempotentReplay) return c.json(error.response as Record<string, unknown>);
      throw error;
    }
  }
}
