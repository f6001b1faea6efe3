/**
 * The shape of a command as every writer states it (a route, a job, a timer, a webhook delivery, an import
 * chunk, a sync page, the seed): what to read, who may run it, how to check its input, and a decision that
 * answers the writes and the caller's answer. `execute` (./execute.ts) is the one place that runs it.
 */
import type { EventStore } from "../store/index.ts";
import type { Statement, StoredEvent, StreamWrite } from "../store/types.ts";

/** A signed-in person: the pipeline checks a command's permission tag against theirs (administrators hold every tag). */
export interface UserActor {
  id: string;
  name: string;
  admin: boolean;
  permissions: ReadonlySet<string>;
}

/**
 * Code acting for the system: the clock's timers, the scheduler's jobs, a sync run, the seed, a portal's
 * signed delivery, a form's fill-in link (`link`: the enterprise submitting through a signed link). It is trusted
 * with every command it builds; `anonymous` (a public route) holds no permission.
 * `id`/`name` are what the events record as their actor (the seed may act in a demo person's name).
 */
export interface Principal {
  principal: "system" | "scheduler" | "sync" | "seed" | "portal" | "link" | "anonymous";
  id: string | null;
  name: string | null;
}

export type CommandActor = UserActor | Principal;

export const isPrincipal = (actor: CommandActor): actor is Principal => "principal" in actor;

/** A principal acting under its own name (`system`, `scheduler`, `sync`…) unless told otherwise. */
export function principal(kind: Principal["principal"], name: string | null = kind === "anonymous" ? null : kind, id: string | null = null): Principal {
  return { principal: kind, id, name };
}

export const anonymous: Principal = principal("anonymous");

/** Where a command runs: the database, the store bound to every projection, and what the events' meta records. */
export interface ExecuteContext {
  db: D1Database;
  store: EventStore;
  /** the request, run or delivery the events belong to (default: a fresh id) */
  requestId?: string;
  ip?: string | null;
  /** ISO time of the command (default: now); the clock enters here so decisions stay pure */
  at?: string;
}

/** Statements that must land in the command's batch: `before` the events (a guard row), `after` them (a cursor). */
export interface ExtraStatements {
  before?: Statement[];
  after?: Statement[];
}

/** What a decision answers: the writes (none for a refusal that answers, or a repeat), and the caller's answer. */
export interface Decision<A> {
  writes: StreamWrite[];
  answer: A;
  /** statements decided with the writes (a sync page's counters), in the same batch */
  statements?: ExtraStatements;
}

/** What `decide` is handed: the named streams as read for this attempt, and the parsed input. */
export interface Loaded<I> {
  streams: ReadonlyMap<string, StoredEvent[]>;
  input: I;
  db: D1Database;
  /** the command's time (the events' `at`) */
  at: string;
}

/**
 * One command.
 *
 * @example
 * await execute({ name: "dict.update", permission: "sys:sysdict:update", streams: [stream], decide: ({ streams }) => ({ writes, answer }) }, actor, ctx);
 */
export interface Command<A, I = undefined> {
  /** names the command in logs */
  name: string;
  /** the permission tag the actor must hold (principals other than `anonymous` act for the system) */
  permission?: string;
  /** further rules about who may run it (throws to refuse) */
  authorise?(actor: CommandActor): void;
  /** parses the input once, before anything is read (throws a ValidationError to refuse) */
  validate?(): I;
  /**
   * Streams to read and hand to `decide` on every attempt. A command that only makes new streams names none
   * and costs no read: its one D1 call is the append.
   */
  streams?: readonly string[];
  /** the version the caller saw of `streams[0]` (If-Match): a different head is "changed meanwhile", never retried */
  expectedVersion?: number;
  /** pure on what it is handed (a command that reads more than its streams reads it here, again on each attempt) */
  decide(loaded: Loaded<I>): Decision<A> | Promise<Decision<A>>;
  /** a repeat of the key (scoped to the actor) answers the first answer and writes nothing */
  idempotencyKey?: string;
  /** statements of the command itself that must land in its batch (a guard, a cursor) */
  statements?: ExtraStatements;
  /**
   * How often a clash with a concurrent write decides again on the new state (default 0). Only for commands
   * without an expected version: those must fail with "changed meanwhile".
   */
  retries?: number;
  /** which failures are clashes worth deciding again (default: a version clash) */
  isClash?(error: unknown): boolean;
  /** undoes side effects of deciding (an R2 object already stored) when nothing gets appended */
  undo?(): Promise<unknown>;
}
