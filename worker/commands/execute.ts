/**
 * The one command pipeline: every writer (HTTP routes, jobs, timers, webhooks, imports, sync pages, the
 * seed) runs its commands here, and nothing else asks the store to append. In order: authorise the actor
 * (one place), answer a repeated idempotency key with its first answer, parse the input (once), read the
 * named streams, decide, and append the writes with their expected versions, the projections, the
 * idempotency record and the command's own statements in one D1 batch. A clash with a concurrent write is
 * decided again on the new state after a jittered pause; a refusal writes nothing.
 */
import { ConcurrencyError, DomainError, IdempotentReplay, codes } from "../errors.ts";
import { headOf, readStreams } from "../store/append.ts";
import type { EventMeta, StoredEvent } from "../store/types.ts";
import { isPrincipal, type Command, type CommandActor, type ExecuteContext } from "./types.ts";

export * from "./types.ts";

/** Jittered, growing pause between attempts, so clashing writers spread out instead of colliding again. */
const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(250, 4 * 2 ** attempt)));

/** Refuses unless the actor may run a command guarded by `tag` (administrators hold every tag). */
export function authorise(actor: CommandActor, tag: string | undefined) {
  if (!tag) return;
  if (isPrincipal(actor)) {
    if (actor.principal === "anonymous") throw new DomainError(codes.unauthorized, "notLoggedIn");
    return;
  }
  if (!actor.admin && !actor.permissions.has(tag)) throw new DomainError(codes.forbidden, "forbidden", { perm: tag });
}

/** The meta every event of the command records: who (from the actor), which request, from where, when. */
export function metaOf(actor: CommandActor, context: ExecuteContext): EventMeta {
  return {
    actorId: actor.id ?? null,
    actorName: actor.name ?? null,
    ...(isPrincipal(actor) ? { actorKind: actor.principal } : {}),
    requestId: context.requestId ?? crypto.randomUUID(),
    ip: context.ip ?? null,
    at: context.at ?? new Date().toISOString(),
  };
}

const noStreams: ReadonlyMap<string, StoredEvent[]> = new Map();

/**
 * Runs `command` as `actor` and answers its answer (the first answer again for a repeated idempotency key).
 *
 * @example
 * const answer = await execute(createCommand, actor, { db: env.DB, store, requestId });
 */
export async function execute<A, I = undefined>(command: Command<A, I>, actor: CommandActor, context: ExecuteContext): Promise<A> {
  authorise(actor, command.permission);
  command.authorise?.(actor);
  const { db, store } = context;
  try {
    const key = command.idempotencyKey ? `${actor.id ?? "anonymous"}:${command.idempotencyKey}` : undefined;
    if (key) {
      const seen = await db.prepare("SELECT response FROM idempotency WHERE key = ?").bind(key).first<{ response: string }>();
      if (seen) return JSON.parse(seen.response) as A;
    }
    const input = (command.validate ? command.validate() : undefined) as I;
    const meta = metaOf(actor, context);
    const isClash = command.isClash ?? ((error: unknown) => error instanceof ConcurrencyError);
    for (let attempt = 0; ; attempt++) {
      try {
        const streams = command.streams?.length ? await readStreams(db, [...command.streams]) : noStreams;
        if (command.expectedVersion !== undefined && command.streams?.length) {
          const head = headOf(streams.get(command.streams[0]!) ?? []);
          if (head.version !== command.expectedVersion) throw new ConcurrencyError(command.expectedVersion, head.version);
        }
        const decision = await command.decide({ streams, input, db, at: meta.at });
        const before = [...(command.statements?.before ?? []), ...(decision.statements?.before ?? [])];
        const after = [...(command.statements?.after ?? []), ...(decision.statements?.after ?? [])];
        await store.append(db, decision.writes, meta, {
          ...(key ? { idempotency: { key, response: decision.answer } } : {}),
          ...(before.length || after.length ? { statements: { before, after } } : {}),
        });
        return decision.answer;
      } catch (error) {
        // a versioned command's clash is the user's "changed meanwhile", never decided again
        if (isClash(error) && command.expectedVersion === undefined && attempt < (command.retries ?? 0)) {
          await pause(attempt);
          continue;
        }
        throw error;
      }
    }
  } catch (error) {
    await command.undo?.();
    if (error instanceof IdempotentReplay) return error.response as A;
    throw error;
  }
}
