/**
 * The engine without persistence, for the pure engine tests: an in-memory Directory, a deterministic newId and
 * clock, and an instance driven command by command (decide → fold), as the server does with a stream.
 */
import { compileBpmn } from "../../worker/flow/model/compile.ts";
import { decide } from "../../worker/flow/engine/decide.ts";
import type { FlowEvent } from "../../worker/flow/engine/events.ts";
import { apply } from "../../worker/flow/engine/evolve.ts";
import { mayAct } from "../../worker/flow/engine/queries.ts";
import type { CompiledModel, Deployment, Directory, FlowActor, FlowCommand, InstanceState, Person, ServiceHandler, TaskState } from "../../worker/flow/engine/types.ts";

export interface PeopleSpec {
  /** id → name; the account of each user is `acc_<id>` */
  users?: Record<string, string>;
  /** role id → { name, members } */
  roles?: Record<string, { name: string; members: string[] }>;
  leaders?: Record<string, string>;
  admins?: string[];
  /** any unknown user key answers a person of that id (conformance models name kermit, gonzo…) */
  lenient?: boolean;
}

export function memoryDirectory(spec: PeopleSpec): Directory {
  const users = spec.users ?? {};
  const roles = spec.roles ?? {};
  const person = (id: string): Person | null => (users[id] ? { id, name: users[id] } : null);
  return {
    async user(key) {
      const id = key.startsWith("acc_") ? key.slice(4) : key;
      return person(id) ?? (spec.lenient && key ? { id: key, name: key } : null);
    },
    async role(key) {
      const entry = Object.entries(roles).find(([id, r]) => id === key || r.name === key);
      if (entry) return { id: entry[0], name: entry[1].name };
      return spec.lenient && key ? { id: key, name: key } : null;
    },
    async membersOf(roleId) {
      return (roles[roleId]?.members ?? []).map((id) => person(id) ?? { id, name: id });
    },
    async leaderOf(userId) {
      const l = spec.leaders?.[userId];
      return l ? person(l) : null;
    },
    async administrators() {
      return (spec.admins ?? []).map((id) => person(id) ?? { id, name: id });
    },
  };
}

export function actor(id: string, opts: { roles?: string[]; monitor?: boolean; name?: string } = {}): FlowActor {
  return { id, name: opts.name ?? id, roleIds: opts.roles ?? [], monitor: !!opts.monitor };
}

export async function deploy(xml: string, key = "p", version = 1): Promise<Deployment> {
  const model = await compileBpmn(xml);
  return { deployId: `${key}:${version}`, key, version, name: model.name || key, formCode: null, model };
}

/** One instance, its events and state; every command goes through decide exactly as the server runs it. */
export class Sim {
  state: InstanceState | null = null;
  readonly events: FlowEvent[] = [];
  private ids = 0;
  private clock: number;
  readonly model: CompiledModel;
  readonly deployment: Deployment;
  readonly directory: Directory;
  readonly roleOf: (id: string) => string[];
  handlers: Record<string, ServiceHandler> = {};

  constructor(deployment: Deployment, directory: Directory, roleOf: (id: string) => string[] = () => [], start = "2026-01-05T09:00:00.000Z") {
    this.deployment = deployment;
    this.model = deployment.model;
    this.directory = directory;
    this.roleOf = roleOf;
    this.clock = Date.parse(start);
  }

  get now(): string {
    return new Date(this.clock).toISOString();
  }

  advance(ms: number): void {
    this.clock += ms;
  }

  actor(id: string, monitor = false): FlowActor {
    return actor(id, { roles: this.roleOf(id), monitor });
  }

  async run(command: FlowCommand, by: FlowActor | string): Promise<FlowEvent[]> {
    const who = typeof by === "string" ? this.actor(by) : by;
    const events = await decide(this.model, this.state, command, {
      actor: who,
      now: this.now,
      directory: this.directory,
      newId: () => `id${++this.ids}`,
      handlers: this.handlers,
    });
    // fold exactly as a stored stream: a fresh copy per command, events applied in order
    let s = this.state ? structuredClone(this.state) : null;
    for (const e of events) s = apply(s, { ...e, at: this.now } as unknown as FlowEvent);
    this.state = s;
    this.events.push(...events);
    this.clock += 1000;
    return events;
  }

  start(by: string, variables: Record<string, unknown> = {}) {
    return this.run({ type: "start", deployment: this.deployment, procInsId: "pi1", variables }, by);
  }

  get s(): InstanceState {
    if (!this.state) throw new Error("not started");
    return this.state;
  }

  tasks(node?: string): TaskState[] {
    return Object.values(this.s.tasks).filter((t) => !node || t.node === node);
  }

  /** Open task node keys, sorted (a node with n tasks appears n times). */
  keys(): string[] {
    return Object.values(this.state?.tasks ?? {})
      .filter((t) => t.state === "open")
      .map((t) => t.node)
      .sort();
  }

  /** Someone who may act on the task: its assignee, a candidate user, a member of a candidate group. */
  async worker(task: TaskState): Promise<FlowActor> {
    if (task.assignee) return this.actor(task.assignee);
    if (task.candidateUsers.length) return this.actor(task.candidateUsers[0]);
    for (const g of task.candidateGroups) {
      const [m] = await this.directory.membersOf(g);
      if (m) return actor(m.id, { roles: [g, ...this.roleOf(m.id)] });
    }
    throw new Error(`nobody may act on ${task.taskId} (${task.node})`);
  }

  task(node: string): TaskState {
    const t = this.tasks(node).find((x) => x.state === "open");
    if (!t) throw new Error(`no open task at ${node}; open: ${this.keys().join(",")}`);
    return t;
  }

  async complete(node: string, variables: Record<string, unknown> = {}, comment = ""): Promise<FlowEvent[]> {
    const t = this.task(node);
    return this.run({ type: "complete", taskId: t.taskId, variables, comment }, await this.worker(t));
  }

  may(taskId: string, id: string): boolean {
    return mayAct(this.s, taskId, this.actor(id));
  }
}

/** Invariants after every command: open tasks belong to live activations; a running instance has work to do. */
export function checkInvariants(s: InstanceState): string | null {
  for (const t of Object.values(s.tasks)) {
    const a = s.activations[t.activation];
    if (!a) return `stray task ${t.taskId} at ${t.node}: activation ${t.activation} gone`;
    if (!s.tokens[a.token]) return `task ${t.taskId} at ${t.node}: its activation's token is gone`;
  }
  for (const a of Object.values(s.activations)) {
    if (!s.tokens[a.token]) return `activation ${a.id} at ${a.node} without token`;
  }
  for (const t of Object.values(s.timers)) {
    const live = t.activation ? !!s.activations[t.activation] : !!s.tasks[t.taskId];
    if (!live) return `stray timer ${t.timerId} at ${t.node}: its activity or task is gone`;
  }
  if (s.status === "running" && !Object.values(s.tasks).some((t) => t.state === "open")) {
    return `stuck: running with no open task (tokens at ${Object.values(s.tokens).map((t) => t.node).join(",")})`;
  }
  if (s.status !== "running" && s.status !== "suspended" && (Object.keys(s.tasks).length || Object.keys(s.tokens).length)) {
    return `ended instance still holds tasks or tokens`;
  }
  return null;
}
