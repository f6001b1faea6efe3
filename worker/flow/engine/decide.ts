/**
 * decide(model, state, command, context) → events. Checks who may act and the instance's state, then runs the
 * tokens synchronously until each waits (user task, join) or the instance ends. Pure apart from the Directory
 * port and ctx.newId: a refusal throws FlowRefused and nothing is written.
 */
import { dueAt } from "./duration.ts";
import type { FlowEvent } from "./events.ts";
import { approverVariable, notifyList, users } from "./people.ts";
import { mayAct, returnTargets } from "./queries.ts";
import { Run } from "./run.ts";
import { refuse } from "./texts.ts";
import type { CompiledModel, DecideContext, FlowCommand, InstanceState, Person, TaskState } from "./types.ts";

export { activeNodes, mayAct, predictNext, returnTargets } from "./queries.ts";

type Command<T extends FlowCommand["type"]> = Extract<FlowCommand, { type: T }>;

export async function decide(model: CompiledModel, state: InstanceState | null, command: FlowCommand, ctx: DecideContext): Promise<FlowEvent[]> {
  const run = new Run(model, state, ctx);
  if (command.type === "start") {
    if (state) throw refuse.alreadyStarted();
    await start(run, command);
    return run.events;
  }
  if (!state) throw refuse.noInstance();
  if (state.deleted) throw refuse.deleted();
  switch (command.type) {
    case "complete":
      await complete(run, command);
      break;
    case "delegate":
    case "transfer":
      await handOver(run, command);
      break;
    case "return":
      await returnTo(run, command);
      break;
    case "reject": {
      const task = actionable(run, command.taskId);
      if (task.resumeAt) throw refuse.initiatorTaskNoReturn();
      run.end("rejected", null, run.actor, command.comment ?? "");
      break;
    }
    case "recall":
      await recall(run, command);
      break;
    case "addSigner":
      await addSigner(run, command);
      break;
    case "removeSigner":
      await removeSigner(run, command);
      break;
    case "cc":
      await cc(run, command);
      break;
    case "urge":
      await urge(run, command);
      break;
    case "setVariables":
      requireMonitor(run);
      if (isEnded(run.state)) throw refuse.notRunning(run.state.status);
      run.emit("flow.variablesSet", { variables: command.variables, by: run.actor });
      break;
    case "stop":
      if (!ctx.actor.monitor && ctx.actor.id !== state.initiator.id) throw refuse.monitorOnly();
      if (isEnded(state)) throw refuse.notRunning(state.status);
      run.end("stopped", null, run.actor, command.comment ?? "");
      break;
    case "revoke":
      if (ctx.actor.id !== state.initiator.id) throw refuse.initiatorOnly();
      requireRunning(run);
      if (state.completed.some((c) => c.by !== state.initiator.id && c.by !== "system")) throw refuse.revokeTooLate();
      run.end("revoked", null, run.actor, command.comment ?? "");
      break;
    case "suspend":
      requireMonitor(run);
      requireRunning(run);
      run.emit("flow.suspended", { by: run.actor });
      break;
    case "activate":
      requireMonitor(run);
      if (state.status !== "suspended") throw refuse.notRunning(state.status);
      run.emit("flow.activated", { by: run.actor });
      break;
    case "delete":
      requireMonitor(run);
      run.cancelAll("delete");
      run.emit("flow.deleted", { by: run.actor, reason: command.reason ?? "" });
      break;
    case "fireTimer":
      await fireTimer(run, command);
      break;
  }
  return run.events;
}

// ---------------------------------------------------------------- checks

const isEnded = (s: InstanceState) => s.status !== "running" && s.status !== "suspended";

function requireRunning(run: Run): void {
  if (run.state.status !== "running") throw refuse.notRunning(run.state.status);
}

function requireMonitor(run: Run): void {
  if (!run.ctx.actor.monitor) throw refuse.monitorOnly();
}

/** The open task a command names, in a running instance; a task no longer open was already handled. */
function openTask(run: Run, taskId: string): TaskState {
  const s = run.state;
  if (s.status === "suspended") throw refuse.notRunning(s.status);
  const task = s.tasks[taskId];
  if (!task) {
    if (s.status === "running" || s.completed.some((c) => c.taskId === taskId)) throw refuse.alreadyHandled();
    throw refuse.notRunning(s.status);
  }
  return task;
}

/** An open task the actor may work now (assignee, or candidate when nobody holds it). */
function actionable(run: Run, taskId: string): TaskState {
  const task = openTask(run, taskId);
  if (task.state === "waiting") throw refuse.waiting();
  if (!mayAct(run.state, taskId, run.ctx.actor)) throw refuse.notYours();
  return task;
}

async function person(run: Run, key: string): Promise<Person> {
  const [p] = await users([key], run.ctx.directory);
  if (!p) throw refuse.userUnknown(key);
  return p;
}

/** What a command's run created: the tasks and who was told, from the events after `from`. */
function createdSince(run: Run, from: number): { tasks: string[]; notify: string[] } {
  const tasks: string[] = [];
  const notify: string[] = [];
  for (const e of run.events.slice(from)) {
    if (e.type !== "flow.taskCreated") continue;
    tasks.push(e.data.taskId);
    for (const n of e.data.notify) if (!notify.includes(n)) notify.push(n);
  }
  return { tasks, notify };
}

// ---------------------------------------------------------------- commands

async function start(run: Run, command: Command<"start">): Promise<void> {
  const { model, ctx } = run;
  const variables: Record<string, unknown> = { ...(command.variables ?? {}) };
  variables.initiator = ctx.actor.id;
  const leader = await ctx.directory.leaderOf(ctx.actor.id);
  variables.initiatorLeader = leader?.id ?? null;
  // an approver the initiator picks at start must be there before anything runs
  for (const node of Object.values(model.nodes)) {
    const name = node.kind === "userTask" && node.assignment?.assignee ? approverVariable(node.assignment.assignee) : null;
    if (name && (variables[name] == null || variables[name] === "")) throw refuse.missingApprover(node, name);
  }
  const d = command.deployment;
  run.emit("flow.started", {
    procInsId: command.procInsId,
    deployId: d.deployId,
    key: d.key,
    version: d.version,
    name: d.name,
    initiator: run.actor,
    businessKey: command.businessKey ?? null,
    variables,
    ...(command.about ? { about: command.about } : {}),
  });
  const startNode = run.node(model.startNode);
  run.pass(run.ctx.newId(), startNode);
  await run.drain();
}

/** The same value as JSON, so `1` and `"1"` differ but a form sent back unchanged is no change (forms/filled.ts judges an approver's edit by it too). */
export const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

async function complete(run: Run, command: Command<"complete">): Promise<void> {
  const task = actionable(run, command.taskId);
  // a field the task's node shows read-only or hides may come back as it was, never changed
  const perms = run.node(task.node).policy?.formPerms ?? {};
  const locked = Object.entries(command.variables ?? {}).filter(([k, v]) => perms[k] !== undefined && perms[k] !== "edit" && !sameValue(v, run.state.variables[k])).map(([k]) => k);
  if (locked.length) throw refuse.fieldsNotEditable(locked);
  const from = run.events.length;
  const done = await run.completeTask(command.taskId, run.actor, command.comment ?? "", command.variables ?? {});
  if (command.ccUserIds?.length) {
    const people = await users(command.ccUserIds, run.ctx.directory);
    if (people.length) run.emit("flow.copied", { users: people, by: run.actor, node: null, comment: command.comment ?? "" });
  }
  await run.drain();
  if (done) done.createdTasks = createdSince(run, from).tasks;
}

async function handOver(run: Run, command: Command<"delegate"> | Command<"transfer">): Promise<void> {
  // an administrator may transfer any open task; anyone else only one they may work now
  const monitorTransfer = command.type === "transfer" && run.ctx.actor.monitor;
  const task = monitorTransfer ? openTask(run, command.taskId) : actionable(run, command.taskId);
  const to = await person(run, command.userId);
  if (to.id === task.assignee) throw refuse.sameUser();
  const comment = command.comment ?? "";
  if (command.type === "delegate") {
    if (task.delegation === "pending") throw refuse.delegated();
    run.emit("flow.taskDelegated", { taskId: task.taskId, from: run.actor, to, comment });
  } else {
    const from = task.assignee ? await users([task.assignee], run.ctx.directory).then((p) => p[0] ?? { id: task.assignee!, name: task.assignee! }) : null;
    run.emit("flow.taskTransferred", { taskId: task.taskId, from, to, by: run.actor, comment });
  }
}

/**
 * Return: every token downstream of the target goes (a join waiting for a branch downstream of the target is
 * reset, a sibling branch outside it stays), and the target is entered afresh — a new activation, so a
 * multi-instance node rebuilds its list and counters, and timers and notifications are armed again. To the
 * start, the initiator gets a task that resumes at the returning node when resubmitted.
 */
async function returnTo(run: Run, command: Command<"return">): Promise<void> {
  const task = actionable(run, command.taskId);
  if (task.resumeAt) throw refuse.initiatorTaskNoReturn();
  const target = returnTargets(run.model, run.state, task.taskId).find((t) => t.key === command.targetKey);
  if (!target) throw refuse.badReturnTarget(command.targetKey);
  const fromNode = run.node(task.node);
  const returned = run.emit("flow.returned", {
    taskId: task.taskId,
    from: fromNode.id,
    fromName: fromNode.name,
    to: target.key,
    toName: target.name,
    by: run.actor,
    comment: command.comment ?? "",
    notify: [],
  });
  const from = run.events.length;
  const ownToken = run.state.activations[task.activation]?.token;
  cancelDownstream(run, target.key, ownToken);
  if (target.key === run.model.startNode) {
    const token = run.ctx.newId();
    run.emit("flow.tokenPlaced", { token, node: target.key, reason: "return" });
    const activation = run.ctx.newId();
    run.emit("flow.activationStarted", {
      activation,
      node: target.key,
      nodeName: target.name,
      token,
      sequential: false,
      nrOfInstances: 1,
      completionCondition: null,
      elementVariable: null,
      pending: [],
    });
    await run.createTask(activation, { loopCounter: 0, element: null }, { assignee: run.state.initiator.id, resumeAt: fromNode.id, name: target.name });
  } else run.placeToken(target.key, "return");
  await run.drain();
  returned.notify = createdSince(run, from).notify;
}

/** Removes every token at or downstream of `node`; a join's waiting token only when its branch is downstream too. */
function cancelDownstream(run: Run, node: string, also?: string): void {
  for (const t of Object.values(run.state.tokens)) {
    if (!run.state.tokens[t.id]) continue;
    const inScope = t.node === node || run.reaches(node, t.node) || t.id === also;
    if (!inScope) continue;
    if (!run.activationOfToken(t.id) && t.via) {
      const src = run.model.flows[t.via]?.source;
      if (src && src !== node && !run.reaches(node, src) && t.id !== also) continue;
    }
    run.removeToken(t.id, "return");
  }
}

/**
 * Recall: the approver takes back their own approval while every task it created is untouched. Within a
 * node still running (other instances open, or the next sequential one waiting) the approver gets the same
 * instance back; when the approval moved the flow on, what it started is cancelled and the node entered again.
 */
async function recall(run: Run, command: Command<"recall">): Promise<void> {
  requireRunning(run);
  const s = run.state;
  const entry = s.completed.find((c) => c.taskId === command.taskId);
  if (!entry || entry.undone) throw refuse.recallTooLate();
  if (entry.by !== run.ctx.actor.id) throw refuse.recallNotYours();
  if (entry.signed) throw refuse.recallSigner();
  if (s.completed.some((c) => c.at > entry.at && c.node !== entry.node && run.reaches(entry.node, c.node))) throw refuse.recallTooLate();
  const untouched = entry.createdTasks.every((id) => s.tasks[id] && s.tasks[id].delegation === null && s.tasks[id].state === "open");
  if (!untouched) throw refuse.recallTooLate();
  const a = s.activations[entry.activation];
  const node = run.node(entry.node);
  if (a) {
    let pending = [...a.pending];
    for (const id of entry.createdTasks) {
      const t = s.tasks[id];
      if (t.activation === a.id) pending = [{ loopCounter: t.loopCounter ?? 0, element: t.element ?? null }, ...pending];
      run.cancelTask(id, "recall");
    }
    if (pending.length !== a.pending.length) run.emit("flow.activationChanged", { activation: a.id, nrOfInstances: a.nrOfInstances, pending });
    run.emit("flow.recalled", { taskId: entry.taskId, node: node.id, by: run.actor, comment: command.comment ?? "" });
    await run.createTask(a.id, { loopCounter: entry.loopCounter ?? 0, element: entry.element ?? null }, { assignee: run.ctx.actor.id });
  } else {
    for (const id of entry.createdTasks) {
      const token = s.activations[s.tasks[id]?.activation ?? ""]?.token;
      if (token) run.removeToken(token, "recall");
    }
    cancelDownstream(run, node.id);
    run.emit("flow.recalled", { taskId: entry.taskId, node: node.id, by: run.actor, comment: command.comment ?? "" });
    run.placeToken(node.id, "recall");
  }
  await run.drain();
}

async function addSigner(run: Run, command: Command<"addSigner">): Promise<void> {
  const task = actionable(run, command.taskId);
  if (task.resumeAt) throw refuse.initiatorTaskNoReturn();
  const people: Person[] = [];
  for (const id of command.userIds) {
    const p = await person(run, id);
    if (p.id !== run.ctx.actor.id && !people.some((x) => x.id === p.id)) people.push(p);
  }
  if (!people.length) throw refuse.noSigners();
  run.emit("flow.signerAdded", { taskId: task.taskId, users: people, position: command.position, by: run.actor, comment: command.comment ?? "" });
  const slot = { loopCounter: task.loopCounter ?? 0, element: task.element ?? null };
  if (command.position === "before") {
    for (const p of people) await run.createTask(task.activation, slot, { assignee: p.id, signer: "before", blocks: task.taskId, addedBy: run.ctx.actor.id });
  } else if (command.position === "parallel") {
    const a = run.state.activations[task.activation];
    run.emit("flow.activationChanged", { activation: a.id, nrOfInstances: a.nrOfInstances + people.length, pending: a.pending });
    for (const p of people) await run.createTask(task.activation, slot, { assignee: p.id, signer: "parallel", addedBy: run.ctx.actor.id });
  }
  await run.drain();
}

/** Removes an added signer: their task (by the one who added them or an administrator), or the last signer after. */
async function removeSigner(run: Run, command: Command<"removeSigner">): Promise<void> {
  const task = openTask(run, command.taskId);
  const comment = command.comment ?? "";
  if (task.signer) {
    if (task.addedBy !== run.ctx.actor.id && !run.ctx.actor.monitor) throw refuse.notYours();
    const user = task.assignee ? await users([task.assignee], run.ctx.directory).then((p) => p[0] ?? null) : null;
    run.cancelTask(task.taskId, "removeSigner");
    run.emit("flow.signerRemoved", { taskId: task.taskId, user, by: run.actor, comment });
    if (task.blocks && !Object.values(run.state.tasks).some((t) => t.blocks === task.blocks) && run.state.tasks[task.blocks]) {
      run.emit("flow.taskOpened", { taskId: task.blocks });
    }
    const a = run.state.activations[task.activation];
    if (a && task.signer === "parallel") {
      run.emit("flow.activationChanged", { activation: a.id, nrOfInstances: Math.max(1, a.nrOfInstances - 1), pending: a.pending });
    }
    if (a && task.signer !== "before") await run.checkActivation(a.id);
    await run.drain();
    return;
  }
  if (!task.after?.length || !mayAct(run.state, task.taskId, run.ctx.actor)) throw refuse.notSigner();
  const last = task.after[task.after.length - 1];
  const [user] = await users([last], run.ctx.directory);
  run.emit("flow.signerRemoved", { taskId: task.taskId, user: user ?? { id: last, name: last }, by: run.actor, comment });
}

async function cc(run: Run, command: Command<"cc">): Promise<void> {
  const s = run.state;
  const me = run.ctx.actor;
  const involved =
    me.monitor ||
    me.id === s.initiator.id ||
    s.completed.some((c) => c.by === me.id) ||
    Object.keys(s.tasks).some((id) => mayAct(s, id, me));
  if (!involved) throw refuse.notYours();
  const people: Person[] = [];
  for (const id of command.userIds) people.push(await person(run, id));
  if (!people.length) throw refuse.noSigners();
  run.emit("flow.copied", { users: people, by: run.actor, node: null, comment: command.comment ?? "" });
}

async function urge(run: Run, command: Command<"urge">): Promise<void> {
  const s = run.state;
  if (run.ctx.actor.id !== s.initiator.id) throw refuse.initiatorOnly();
  requireRunning(run);
  if (s.lastUrge && Date.parse(run.ctx.now) - Date.parse(s.lastUrge) < 3600_000) throw refuse.urgeTooSoon();
  const notify: string[] = [];
  const tasks = Object.values(s.tasks).filter((t) => t.state === "open");
  for (const t of tasks) for (const id of await taskPeople(run, t)) if (!notify.includes(id)) notify.push(id);
  run.emit("flow.urged", { by: run.actor, comment: command.comment ?? "", notify, taskIds: tasks.map((t) => t.taskId) });
}

/** Who hears about an open task: the same rule as at its creation, over the ids it holds now. */
function taskPeople(run: Run, t: TaskState): Promise<string[]> {
  const byId = (id: string): Person => ({ id, name: id });
  const people = { assignee: t.assignee ? byId(t.assignee) : null, candidateUsers: t.candidateUsers.map(byId), candidateGroups: t.candidateGroups.map(byId) };
  return notifyList(people, run.ctx.directory);
}

/**
 * A boundary timer falls due (the cron trigger sends this). It belongs to the whole activity: a reminder tells
 * the people of every open task of the node's activation (each instance of a multi-instance node) and re-arms
 * while repetitions remain; an interrupting timer with outgoing flows cancels every one of those tasks and the
 * token leaves the activity along the timer's flows. A timer of an older stream names only its task.
 */
async function fireTimer(run: Run, command: Command<"fireTimer">): Promise<void> {
  const timer = run.state.timers[command.timerId];
  if (!timer) throw refuse.timerUnknown();
  requireRunning(run);
  const s = run.state;
  const activationId = timer.activation ?? s.tasks[timer.taskId]?.activation;
  const a = activationId ? s.activations[activationId] : undefined;
  const tasks = timer.activation ? Object.values(s.tasks).filter((t) => t.activation === timer.activation && t.state === "open") : s.tasks[timer.taskId] ? [s.tasks[timer.taskId]] : [];
  const node = run.node(timer.node);
  const def = node.timers?.find((t) => t.id === timer.boundary) ?? node.timers?.[0];
  const notify: string[] = [];
  for (const t of tasks) for (const id of await taskPeople(run, t)) if (!notify.includes(id)) notify.push(id);
  const escalate = !!def && def.interrupting && def.outgoing.length > 0;
  // the messages link to a task of the activity: the one the timer names while it is open, else the first open one
  const taskId = tasks.some((t) => t.taskId === timer.taskId) ? timer.taskId : (tasks[0]?.taskId ?? timer.taskId);
  run.emit("flow.timerFired", { timerId: timer.timerId, taskId, node: timer.node, notify, escalated: escalate });
  if (!a || !tasks.length || !def) return;
  if (escalate) {
    run.endActivation(a.id, a.node, "escalation", "cancelled");
    const out = def.outgoing.map((f) => ({ token: run.ctx.newId(), flow: f, node: run.flow(f).target }));
    run.emit("flow.nodePassed", { node: def.id, nodeName: def.id, kind: "boundaryTimer", token: a.token, via: null, out });
    for (const o of out) run.enqueue(o.token);
    await run.drain();
    return;
  }
  if (timer.remaining > 1) {
    const at = dueAt(def.duration, run.ctx.now);
    if (at) {
      run.emit("flow.timerArmed", { timerId: run.ctx.newId(), taskId, node: node.id, dueAt: at, remaining: timer.remaining - 1, boundary: def.id, ...(timer.activation ? { activation: timer.activation } : {}) });
    }
  }
}
