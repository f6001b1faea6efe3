/**
 * The token machine behind `decide`: a working copy of the instance that every emitted event is applied to at
 * once (so each rule reads the state as it now is), and the moves of tokens through the model until each one
 * waits — at a user task, at a join — or ends. Nothing here writes anywhere: the events are the only output.
 */
import { evaluate, evaluateCondition, isExpression } from "../model/expressions.ts";
import { dueAt } from "./duration.ts";
import type { FlowEvent, FlowEventType, FlowEvents } from "./events.ts";
import { apply } from "./evolve.ts";
import { pickFlows } from "./queries.ts";
import { notifyList, resolveAssignment, users, type Resolved } from "./people.ts";
import { refuse, systemPerson } from "./texts.ts";
import type { Activation, CompiledFlow, CompiledModel, CompiledNode, DecideContext, InstanceState, NodePolicy, PendingSlot, Person, TaskState } from "./types.ts";

const defaultPolicy: NodePolicy = { emptyApprover: "admin", emptyApproverUser: null, repeatedApprover: "again", formPerms: {} };

type EndStatus = FlowEvents["flow.ended"]["status"];
type CancelReason = FlowEvents["flow.taskCancelled"]["reason"];
const endReasons: Record<EndStatus, CancelReason> = { finished: "terminate", rejected: "reject", stopped: "stop", revoked: "revoke" };

export interface TaskOptions {
  assignee?: string;
  signer?: TaskState["signer"];
  addedBy?: string | null;
  blocks?: string | null;
  after?: string[];
  resumeAt?: string | null;
  name?: string;
}

export class Run {
  readonly events: FlowEvent[] = [];
  state: InstanceState;
  /** tokens to move, in order */
  private queue: string[] = [];
  /** tasks to complete automatically (empty or repeated approver), after the node's tasks all exist */
  private autos: { taskId: string; reason: "emptyApprover" | "repeatedApprover" }[] = [];
  private lastEnd: string | null = null;

  readonly model: CompiledModel;
  readonly ctx: DecideContext;

  constructor(model: CompiledModel, state: InstanceState | null, ctx: DecideContext) {
    this.model = model;
    this.ctx = ctx;
    this.state = state ? structuredClone(state) : (null as unknown as InstanceState);
  }

  get actor(): Person {
    return { id: this.ctx.actor.id, name: this.ctx.actor.name };
  }

  emit<K extends FlowEventType>(type: K, data: FlowEvents[K]): FlowEvents[K] {
    const event = { type, data } as FlowEvent;
    this.events.push(event);
    this.state = apply(this.state, { ...event, at: this.ctx.now } as unknown as FlowEvent);
    return data;
  }

  get running(): boolean {
    return this.state.status === "running" && !this.state.deleted;
  }

  node(id: string): CompiledNode {
    const n = this.model.nodes[id];
    if (!n) throw new Error(`node ${id} is not in the model`);
    return n;
  }

  flow(id: string): CompiledFlow {
    return this.model.flows[id];
  }

  reaches(from: string, to: string): boolean {
    return (this.model.reach[from] ?? []).includes(to);
  }

  // ------------------------------------------------------------ moving tokens

  /** Moves every queued token (and pending automatic completions) until all wait or the instance ends. */
  async drain(): Promise<void> {
    for (;;) {
      if (!this.running) {
        this.queue = [];
        this.autos = [];
        return;
      }
      const auto = this.autos.shift();
      if (auto) {
        if (this.state.tasks[auto.taskId]) await this.completeTask(auto.taskId, systemPerson, "", {}, auto.reason);
        continue;
      }
      const token = this.queue.shift();
      if (token) {
        await this.advance(token);
        continue;
      }
      if (await this.settleJoins()) continue;
      if (!Object.keys(this.state.tokens).length) this.end("finished", this.lastEnd, null, "");
      return;
    }
  }

  enqueue(token: string): void {
    this.queue.push(token);
  }

  private async advance(tokenId: string): Promise<void> {
    const token = this.state.tokens[tokenId];
    if (!token) return;
    const node = this.node(token.node);
    const joining = node.incoming.length > 1 && (node.kind === "parallelGateway" || node.kind === "inclusiveGateway");
    if (joining) {
      this.emit("flow.tokenWaiting", { token: tokenId, node: node.id, via: token.via ?? "" });
      if (node.kind === "parallelGateway") this.tryParallelJoin(node);
      // inclusive joins are settled once nothing else moves
      return;
    }
    switch (node.kind) {
      case "userTask":
        return this.enterUserTask(tokenId, node);
      case "endEvent":
        this.emit("flow.nodePassed", { node: node.id, nodeName: node.name, kind: node.kind, token: tokenId, via: token.via, out: [] });
        this.lastEnd = node.id;
        if (node.terminate) this.end("finished", node.id, null, "", "terminate");
        return;
      case "serviceTask": {
        // a handler named but not registered here (a Java class of the drawing tool) passes through, as any service task
        const handler = this.ctx.handlers?.[node.handler ?? ""];
        const result = handler?.(structuredClone(this.state.variables));
        if (result && Object.keys(result).length) this.emit("flow.variablesSet", { variables: result, by: null });
        return this.pass(tokenId, node);
      }
      case "cc": {
        const cc = node.cc ?? { users: [], groups: [] };
        const people = await this.ccPeople(cc.users, cc.groups);
        if (people.length) this.emit("flow.copied", { users: people, by: null, node: node.id, comment: "" });
        return this.pass(tokenId, node);
      }
      default:
        return this.pass(tokenId, node);
    }
  }

  /**
   * The token leaves the node along the chosen flows: one new token on each. A node without an outgoing flow
   * is the implicit end of its path: the token is consumed there (and the instance ends once none is left).
   */
  pass(tokenId: string, node: CompiledNode, flows?: string[]): void {
    const token = this.state.tokens[tokenId];
    const chosen = flows ?? this.chooseFlows(node);
    const out = chosen.map((f) => ({ token: this.ctx.newId(), flow: f, node: this.flow(f).target }));
    this.emit("flow.nodePassed", { node: node.id, nodeName: node.name, kind: node.kind, token: tokenId, via: token?.via ?? null, out });
    if (!out.length) this.lastEnd = node.id;
    for (const o of out) this.enqueue(o.token);
  }

  /** The flows the node takes now (see pickFlows); a node with flows none of which it may take is refused. */
  chooseFlows(node: CompiledNode): string[] {
    const variables = this.state.variables;
    const chosen = pickFlows(this.model, node, (c) => evaluateCondition(c, variables));
    if (!chosen.length && node.outgoing.length) throw refuse.noFlow(node);
    return chosen;
  }

  private tryParallelJoin(node: CompiledNode): boolean {
    const waiting = Object.values(this.state.tokens).filter((t) => t.node === node.id && !this.activationOfToken(t.id));
    const picked: string[] = [];
    for (const f of node.incoming) {
      const t = waiting.find((w) => w.via === f && !picked.includes(w.id));
      if (!t) return false;
      picked.push(t.id);
    }
    const [keep, ...rest] = picked;
    if (rest.length) this.emit("flow.tokensRemoved", { tokens: rest });
    this.pass(keep, node);
    return true;
  }

  /** An inclusive join fires when no token elsewhere can still reach it; parallel joins are re-checked too. */
  private async settleJoins(): Promise<boolean> {
    const tokens = Object.values(this.state.tokens);
    const joins = [...new Set(tokens.map((t) => t.node))].map((id) => this.node(id)).filter((n) => n.incoming.length > 1 && (n.kind === "inclusiveGateway" || n.kind === "parallelGateway"));
    for (const join of joins) {
      if (join.kind === "parallelGateway") {
        if (this.tryParallelJoin(join)) return true;
        continue;
      }
      const here = tokens.filter((t) => t.node === join.id && !this.activationOfToken(t.id));
      if (!here.length) continue;
      const blocked = tokens.some((t) => t.node !== join.id && this.reaches(t.node, join.id));
      if (blocked) continue;
      const [keep, ...rest] = here.map((t) => t.id);
      if (rest.length) this.emit("flow.tokensRemoved", { tokens: rest });
      this.pass(keep, join);
      return true;
    }
    return false;
  }

  activationOfToken(token: string): Activation | undefined {
    return Object.values(this.state.activations).find((a) => a.token === token);
  }

  /**
   * A token put on `entry` out of the normal order (return, resume, recall): every parallel join downstream
   * gets a waiting token for each incoming flow no live token can bring any more, so the join does not wait
   * for branches that will not come again.
   */
  fillJoins(entry: string): void {
    for (const join of Object.values(this.model.nodes)) {
      if (join.kind !== "parallelGateway" || join.incoming.length < 2 || !this.reaches(entry, join.id)) continue;
      for (const f of join.incoming) {
        const src = this.flow(f).source;
        if (src === entry || this.reaches(entry, src)) continue;
        const tokens = Object.values(this.state.tokens);
        if (tokens.some((t) => t.node === join.id && t.via === f)) continue;
        if (tokens.some((t) => t.node !== join.id && (t.node === src || this.reaches(t.node, src)))) continue;
        this.emit("flow.tokenWaiting", { token: this.ctx.newId(), node: join.id, via: f });
      }
    }
  }

  // ------------------------------------------------------------ user tasks

  private async enterUserTask(tokenId: string, node: CompiledNode): Promise<void> {
    const slots = this.slots(node);
    const multi = node.multi ?? null;
    const sequential = !!multi?.sequential;
    const activation = this.ctx.newId();
    const first = sequential ? slots.slice(0, 1) : slots;
    this.emit("flow.activationStarted", {
      activation,
      node: node.id,
      nodeName: node.name,
      token: tokenId,
      sequential,
      nrOfInstances: slots.length,
      completionCondition: multi?.completionCondition ?? null,
      elementVariable: multi?.elementVariable ?? null,
      pending: sequential ? slots.slice(1) : [],
    });
    if (!slots.length) return this.leaveActivation(activation);
    for (const slot of first) {
      await this.createTask(activation, slot, {});
      if (!this.running) return;
    }
    // once per entry, for the whole activity: the clock runs from here whatever instances come and go
    this.armTimers(activation, node);
  }

  /** The instances of a node: one, a cardinality, or one per element of a collection. */
  private slots(node: CompiledNode): PendingSlot[] {
    const multi = node.multi;
    if (!multi) return [{ loopCounter: 0, element: null }];
    const vars = this.state.variables;
    if (multi.collection) {
      const text = multi.collection.trim();
      // a bare name is a variable (loopDataInputRef, vendor collection="approvers"); it must be set
      if (!isExpression(text) && !Object.hasOwn(vars, text)) throw refuse.badCollection(node);
      let value: unknown = isExpression(text) ? evaluate(text, vars) : vars[text];
      if (typeof value === "string") value = value.split(",").map((s) => s.trim()).filter(Boolean);
      if (!Array.isArray(value)) throw refuse.badCollection(node);
      const name = multi.elementVariable ?? "element";
      return value.map((v, i) => ({ loopCounter: i, element: { name, value: v } }));
    }
    const n = Number(evaluate(multi.cardinality ?? "1", vars));
    if (!Number.isInteger(n) || n < 0) throw refuse.badCollection(node);
    return Array.from({ length: n }, (_, i) => ({ loopCounter: i, element: null }));
  }

  /** Variables a task's expressions see: the instance's, the multi-instance counters and the element. */
  localVariables(activation: Activation | undefined, slot: PendingSlot | null): Record<string, unknown> {
    const vars: Record<string, unknown> = { ...this.state.variables };
    if (activation) {
      vars.nrOfInstances = activation.nrOfInstances;
      vars.nrOfCompletedInstances = activation.nrOfCompletedInstances;
      vars.nrOfActiveInstances = activation.nrOfActiveInstances;
    }
    if (slot) {
      vars.loopCounter = slot.loopCounter;
      if (slot.element) vars[slot.element.name] = slot.element.value;
    }
    return vars;
  }

  async createTask(activationId: string, slot: PendingSlot, opts: TaskOptions): Promise<string | null> {
    const a = this.state.activations[activationId];
    const node = this.node(a.node);
    const policy = node.policy ?? defaultPolicy;
    const vars = this.localVariables(a, slot);
    let people: Resolved;
    if (opts.assignee) {
      const [p] = await users([opts.assignee], this.ctx.directory);
      people = { assignee: p ?? { id: opts.assignee, name: opts.assignee }, candidateUsers: [], candidateGroups: [] };
    } else people = await resolveAssignment(node, vars, this.ctx.directory);
    let auto: "emptyApprover" | "repeatedApprover" | null = null;
    // who hears about the task; computed once, again only if the empty-approver policy changes the people
    let notify = opts.assignee ? null : await notifyList(people, this.ctx.directory);
    if (notify && !notify.length) {
      notify = null;
      switch (policy.emptyApprover) {
        case "pass":
          auto = "emptyApprover";
          break;
        case "reject": {
          const why = refuse.rejectedEmpty(node);
          this.end("rejected", null, null, `${why["zh-CN"]} / ${why["en-US"]}`, "reject");
          return null;
        }
        case "user": {
          const [p] = policy.emptyApproverUser ? await users([policy.emptyApproverUser], this.ctx.directory) : [];
          if (p) {
            people = { assignee: p, candidateUsers: [], candidateGroups: [] };
            break;
          }
          people = { assignee: null, candidateUsers: await this.ctx.directory.administrators(), candidateGroups: [] };
          break;
        }
        default:
          people = { assignee: null, candidateUsers: await this.ctx.directory.administrators(), candidateGroups: [] };
      }
    }
    if (!auto && !opts.signer && policy.repeatedApprover === "pass" && people.assignee && this.approvedStepBefore(node.id) === people.assignee.id) auto = "repeatedApprover";
    let name = opts.name ?? node.name;
    if (!opts.name && isExpression(name)) {
      try {
        name = String(evaluate(name, vars) ?? node.name);
      } catch {
        name = node.name;
      }
    }
    const taskId = this.ctx.newId();
    this.emit("flow.taskCreated", {
      taskId,
      node: node.id,
      name,
      activation: activationId,
      assignee: people.assignee,
      candidateUsers: people.candidateUsers,
      candidateGroups: people.candidateGroups,
      loopCounter: node.multi ? slot.loopCounter : null,
      element: slot.element,
      resumeAt: opts.resumeAt ?? null,
      notify: auto ? [] : (notify ?? (await notifyList(people, this.ctx.directory))),
      procDefName: this.state.name,
      startUser: this.state.initiator,
      state: "open",
      signer: opts.signer ?? null,
      addedBy: opts.addedBy ?? null,
      blocks: opts.blocks ?? null,
      after: opts.after ?? [],
    });
    if (auto) this.autos.push({ taskId, reason: auto });
    return taskId;
  }

  /** Who approved the step before this node (the last completion at another node), for the repeated-approver policy. */
  private approvedStepBefore(node: string): string | null {
    for (let i = this.state.completed.length - 1; i >= 0; i--) {
      const c = this.state.completed[i];
      if (c.node !== node) return c.by;
    }
    return null;
  }

  /**
   * A boundary timer is attached to the activity, not to one of its tasks: armed when the node is entered, it
   * covers every instance of a multi-instance node (and signers added to it), and ends with the activation.
   */
  private armTimers(activationId: string, node: CompiledNode): void {
    if (!node.timers?.length || !this.state.activations[activationId]) return;
    const task = Object.values(this.state.tasks).find((t) => t.activation === activationId);
    for (const t of node.timers) {
      const at = dueAt(t.duration, this.ctx.now);
      if (!at) continue;
      this.emit("flow.timerArmed", { timerId: this.ctx.newId(), taskId: task?.taskId ?? "", node: node.id, dueAt: at, remaining: Math.max(1, t.repeat), boundary: t.id, activation: activationId });
    }
  }

  /**
   * A task completes: a delegated task resolves back to its owner; a signer before reopens the task it held;
   * a signer chain after passes on; otherwise the node's activation counts it and may leave.
   */
  async completeTask(taskId: string, by: Person, comment: string, variables: Record<string, unknown>, auto: "emptyApprover" | "repeatedApprover" | null = null): Promise<FlowEvents["flow.taskCompleted"] | null> {
    const task = this.state.tasks[taskId];
    if (task.delegation === "pending" && !auto) {
      if (Object.keys(variables).length) this.emit("flow.variablesSet", { variables, by });
      const [owner] = await users([task.owner ?? ""], this.ctx.directory);
      this.emit("flow.taskResolved", { taskId, by, to: owner ?? { id: task.owner ?? "", name: task.owner ?? "" }, comment });
      return null;
    }
    this.cancelTimers(taskId);
    const done = this.emit("flow.taskCompleted", { taskId, node: task.node, by, comment, variables, auto });
    if (task.resumeAt) {
      // the initiator resubmitted: the flow continues at the node that returned it
      const a = this.state.activations[task.activation];
      this.endActivation(task.activation, task.node, "completionCondition", "completed");
      if (a) this.emit("flow.tokensRemoved", { tokens: [a.token] });
      this.placeToken(task.resumeAt, "resume");
      return done;
    }
    if (task.blocks) {
      const others = Object.values(this.state.tasks).some((t) => t.blocks === task.blocks);
      if (!others && this.state.tasks[task.blocks]) this.emit("flow.taskOpened", { taskId: task.blocks });
      return done;
    }
    if (task.after?.length) {
      const [next, ...rest] = task.after;
      await this.createTask(task.activation, { loopCounter: task.loopCounter ?? 0, element: task.element ?? null }, { assignee: next, after: rest, signer: "after", addedBy: task.addedBy ?? by.id });
      return done;
    }
    await this.checkActivation(task.activation);
    return done;
  }

  /** After an instance of a node completed or left: leave the node, or start its next sequential instance. */
  async checkActivation(activationId: string): Promise<void> {
    const a = this.state.activations[activationId];
    if (!a) return;
    const open = Object.values(this.state.tasks).filter((t) => t.activation === activationId);
    const counted = open.filter((t) => t.signer !== "before");
    let finished = !counted.length && !a.pending.length;
    if (!finished && a.completionCondition && a.nrOfCompletedInstances > 0) {
      finished = evaluateCondition(a.completionCondition, this.localVariables(a, null));
    }
    if (finished) {
      for (const t of open) this.cancelTask(t.taskId, "completionCondition");
      return this.leaveActivation(activationId);
    }
    if (!counted.length && a.pending.length) {
      const [slot, ...rest] = a.pending;
      this.emit("flow.activationChanged", { activation: a.id, nrOfInstances: a.nrOfInstances, pending: rest });
      await this.createTask(a.id, slot, {});
    }
  }

  leaveActivation(activationId: string): void {
    const a = this.state.activations[activationId];
    this.cancelActivityTimers(a.id);
    this.emit("flow.activationEnded", { activation: a.id, node: a.node, outcome: "completed" });
    this.pass(a.token, this.node(a.node));
  }

  placeToken(node: string, reason: "return" | "resume" | "recall"): string {
    const token = this.ctx.newId();
    this.emit("flow.tokenPlaced", { token, node, reason });
    this.fillJoins(node);
    this.enqueue(token);
    return token;
  }

  // ------------------------------------------------------------ leaving

  /** The timers of one task: only those of older streams, armed per task (an activity's timers outlive its tasks). */
  cancelTimers(taskId: string): void {
    for (const t of Object.values(this.state.timers)) if (!t.activation && t.taskId === taskId) this.emit("flow.timerCancelled", { timerId: t.timerId });
  }

  cancelActivityTimers(activationId: string): void {
    for (const t of Object.values(this.state.timers)) if (t.activation === activationId) this.emit("flow.timerCancelled", { timerId: t.timerId });
  }

  cancelTask(taskId: string, reason: CancelReason): void {
    const task = this.state.tasks[taskId];
    if (!task) return;
    this.cancelTimers(taskId);
    this.emit("flow.taskCancelled", { taskId, node: task.node, reason });
  }

  /** A node's activation ends before its tasks do: each open task is cancelled first. */
  endActivation(activation: string, node: string, reason: CancelReason, outcome: "completed" | "cancelled"): void {
    for (const t of Object.values(this.state.tasks)) if (t.activation === activation) this.cancelTask(t.taskId, reason);
    this.cancelActivityTimers(activation);
    this.emit("flow.activationEnded", { activation, node, outcome });
  }

  /** Takes a token away with whatever waits on it: a node's activation and its tasks, or a join's wait. */
  removeToken(tokenId: string, reason: CancelReason): void {
    const a = this.activationOfToken(tokenId);
    if (a) this.endActivation(a.id, a.node, reason, "cancelled");
    if (this.state.tokens[tokenId]) this.emit("flow.tokensRemoved", { tokens: [tokenId] });
  }

  /** Every task and timer goes, each told, so the lists drop them. */
  cancelAll(reason: CancelReason): void {
    for (const t of Object.keys(this.state.tasks)) this.cancelTask(t, reason);
    for (const t of Object.keys(this.state.timers)) this.emit("flow.timerCancelled", { timerId: t });
  }

  /** The instance ends: every task and timer goes (each told, so the lists drop them), whatever branches were alive. */
  end(status: EndStatus, endNode: string | null, by: Person | null, comment: string, reason: CancelReason = endReasons[status]): void {
    this.cancelAll(reason);
    this.emit("flow.ended", { status, endNode, by, comment, notify: [this.state.initiator.id] });
    this.queue = [];
    this.autos = [];
  }

  async ccPeople(userKeys: string[], groupKeys: string[]): Promise<Person[]> {
    const vars = this.state.variables;
    const keys: string[] = [];
    for (const k of userKeys) {
      const v = isExpression(k) ? evaluate(k, vars) : k;
      for (const x of Array.isArray(v) ? v : [v]) if (x != null && String(x).trim()) keys.push(String(x).trim());
    }
    const people = await users(keys, this.ctx.directory);
    for (const g of groupKeys) {
      const role = await this.ctx.directory.role(g);
      if (!role) continue;
      for (const m of await this.ctx.directory.membersOf(role.id)) if (!people.some((p) => p.id === m.id)) people.push({ id: m.id, name: m.name });
    }
    return people;
  }
}
