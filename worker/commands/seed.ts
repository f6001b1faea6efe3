/**
 * The seed's commands: writes decided from fixed data (the demo's model, forms and reports, the demo
 * approvals) run through the pipeline as the `seed` principal, recorded under the seed's request id. Bulk
 * loading of events sealed ahead of time (the seed's own events, the demo region) is the store's
 * `appendSealed`, which the seed calls directly: nothing there is decided against a stream's head.
 */
import type { EventStore } from "../store/index.ts";
import type { StreamWrite } from "../store/types.ts";
import { execute, principal } from "./execute.ts";

/** The seed acting as itself (`system` in the events, as the sealed seed records it) or in a demo person's name. */
export const seedActor = (person?: { id: string; name: string }) => (person ? principal("seed", person.name, person.id) : principal("seed", "system"));

/**
 * Runs writes the seed decided (or decides them on the spot with `decide`) as one command.
 *
 * @example
 * await seedCommand({ db, store, at }, "demo.model", async () => [model, ...records]);
 */
export function seedCommand(context: { db: D1Database; store: EventStore; at: string; requestId?: string; person?: { id: string; name: string } }, name: string, decide: () => StreamWrite[] | Promise<StreamWrite[]>) {
  return execute(
    { name, decide: async () => ({ writes: await decide(), answer: null }) },
    seedActor(context.person),
    { db: context.db, store: context.store, requestId: context.requestId ?? "seed", at: context.at },
  );
}
