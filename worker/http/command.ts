/**
 * Running a command over HTTP: answer a repeated Idempotency-Key with the first answer, otherwise decide,
 * append the events with their projections (and the key) in one batch, and answer.
 */
import type { Context } from "hono";
import { append } from "../store/append.ts";
import type { StreamWrite } from "../store/types.ts";
import { IdempotentReplay } from "../errors.ts";
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
}

export async function runCommand(c: Context<AppEnv>, decideWrites: () => Promise<Decision>, options: CommandOptions = {}): Promise<Response> {
  const header = c.req.header("Idempotency-Key");
  const key = header ? `${c.get("actor")?.id ?? "anonymous"}:${header}` : undefined;
  if (key) {
    const seen = await c.env.DB.prepare("SELECT response FROM idempotency WHERE key = ?").bind(key).first<{ response: string }>();
    if (seen) return c.json(JSON.parse(seen.response));
  }
  try {
    const { writes, response } = await decideWrites();
    await append(c.env.DB, writes, commandMeta(c), key ? { idempotency: { key, response } } : {});
    return c.json(response);
  } catch (error) {
    await options.undo?.();
    if (error instanceof IdempotentReplay) return c.json(error.response as Record<string, unknown>);
    throw error;
  }
}
