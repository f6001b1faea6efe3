/**
 * The instance state as a fold of its events. Events carry everything the state needs (people, target nodes,
 * counters' causes), so folding needs neither the model nor the directory, and a rebuild gives the same state.
 */
import type { StoredEvent } from "../../store/types.ts";
import type { FlowEvent, FlowEvents } from "./events.ts";
import type { InstanceState } from "./types.ts";

type AnyEvent = FlowEvent | StoredEvent;

/** The state after one more event; the state handed in is left untouched. */
export function evolve(state: InstanceState | null, event: AnyEvent): InstanceState {
  return apply(state ? structuredClone(state) : null, event);
}

/** The state of a whole stream (null for an empty one). */
export function fold(events: Iterable<AnyEvent>): InstanceState | null {
  let state: InstanceState | null = null;
  for (const e of events) state = apply(state, e);
  return state;
}

/**
 * Applies one event in place (the decider works on its own copy, so one instance is not copied per event).
 * Unknown event types leave the state as it is.
 */
export function apply(state: InstanceState | null, event: AnyEvent): InstanceState {
  const e = event as FlowEvent;
  if (e.type === "flow.started") return started(e.data, eventTime(event));
  if (!state) throw new Error(`flow stream does not begin with flow.started (got ${event.type})`);
  const s = state;
  switch (e.type) {
    case "flow.nodePassed": {
      const d = e.data;
      delete s.tokens[d.token];
      addOnce(s.doneNodes, d.node);
      // an end event, or a node without an outgoing flow (an implicit end): a path ended here
      if (d.kind === "endEvent" || d.out.length === 0) addOnce(s.endNodes, d.node);
      for (const o of d.out) s.tokens[o.token] = { id: o.token, node: o.node, via: o.flow };
      break;
    }
    case "flow.tokenPlaced":
      s.tokens[e.data.token] = { id: e.data.token, node: e.data.node, via: null };
      break;
    case "flow.tokenWaiting": {
      const d = e.data;
      s.tokens[d.token] = { id: d.token, node: d.node, via: d.via };
      break;
    }
    case "flow.tokensRemoved":
      for (const t of e.data.tokens) delete s.tokens[t];
      break;
    case "flow.activationStarted": {
      const d = e.data;
      s.activations[d.activation] = {
        id: d.activation,
        node: d.node,
        token: d.token,
        nrOfInstances: d.nrOfInstances,
        nrOfCompletedInstances: 0,
        nrOfActiveInstances: 0,
        completionCondition: d.completionCondition,
        pending: d.pending ? structuredClone(d.pending) : [],
      };
      break;
    }
    case "flow.activationChanged": {
      const a = s.activations[e.data.activation];
      if (a) {
        a.nrOfInstances = e.data.nrOfInstances;
        if (e.data.pending) a.pending = structuredClone(e.data.pending);
      }
      break;
    }
    case "flow.activationEnded":
      delete s.activations[e.data.activation];
      // the activity's boundary timers end with it
      for (const [id, timer] of Object.entries(s.timers)) if (timer.activation === e.data.activation) delete s.timers[id];
      break;
    case "flow.taskCreated": {
      const d = e.data;
      s.tasks[d.taskId] = {
        taskId: d.taskId,
        node: d.node,
        name: d.name,
        activation: d.activation,
        assignee: d.assignee?.id ?? null,
        owner: null,
        delegation: null,
        candidateUsers: d.candidateUsers.map((p) => p.id),
        candidateGroups: d.candidateGroups.map((p) => p.id),
        loopCounter: d.loopCounter,
        state: d.state,
        createTime: eventTime(event),
        resumeAt: d.resumeAt,
        signer: d.signer ?? null,
        addedBy: d.addedBy ?? null,
        blocks: d.blocks ?? null,
        after: d.after ? [...d.after] : [],
        element: d.element,
      };
      recount(s, d.activation);
      break;
    }
    case "flow.taskCompleted": {
      const d = e.data;
      const task = s.tasks[d.taskId];
      Object.assign(s.variables, d.variables);
      if (task) {
        const a = s.activations[task.activation];
        // a signer before and a link of a chain of signers after do not count as an instance of the node
        if (a && task.signer !== "before" && !task.after?.length) a.nrOfCompletedInstances++;
        s.completed.push({
          taskId: d.taskId,
          node: d.node,
          activation: task.activation,
          by: d.by.id,
          at: eventTime(event),
          createdTasks: d.createdTasks ? [...d.createdTasks] : [],
          loopCounter: task.loopCounter,
          signed: !!task.signer || !!task.after?.length,
          element: task.element ?? null,
        });
        dropTask(s, d.taskId);
      }
      break;
    }
    case "flow.taskCancelled":
      dropTask(s, e.data.taskId);
      break;
    case "flow.taskDelegated": {
      const t = s.tasks[e.data.taskId];
      if (t) {
        t.owner = t.owner ?? e.data.from.id;
        t.assignee = e.data.to.id;
        t.delegation = "pending";
      }
      break;
    }
    case "flow.taskResolved": {
      const t = s.tasks[e.data.taskId];
      if (t) {
        t.assignee = e.data.to.id;
        t.owner = null;
        t.delegation = null;
      }
      break;
    }
    case "flow.taskTransferred": {
      const t = s.tasks[e.data.taskId];
      if (t) {
        t.assignee = e.data.to.id;
        t.owner = null;
        t.delegation = null;
        t.candidateUsers = [];
        t.candidateGroups = [];
      }
      break;
    }
    case "flow.taskOpened": {
      const t = s.tasks[e.data.taskId];
      if (t) t.state = "open";
      break;
    }
    case "flow.signerAdded": {
      const d = e.data;
      const t = s.tasks[d.taskId];
      if (t && d.position === "after") t.after = [...(t.after ?? []), ...d.users.map((u) => u.id)];
      if (t && d.position === "before") t.state = "waiting";
      break;
    }
    case "flow.signerRemoved": {
      // a signer after who has no task yet leaves the owner's list
      const t = s.tasks[e.data.taskId];
      const user = e.data.user?.id;
      if (t && user && t.after?.includes(user)) t.after = t.after.filter((u) => u !== user);
      break;
    }
    case "flow.returned":
      // a return rewinds the flow: approvals before it are history now, not something to recall
      for (const c of s.completed) c.undone = true;
      break;
    case "flow.recalled": {
      const i = s.completed.findIndex((c) => c.taskId === e.data.taskId);
      if (i >= 0) {
        const [entry] = s.completed.splice(i, 1);
        const a = s.activations[entry.activation];
        if (a && a.nrOfCompletedInstances > 0) a.nrOfCompletedInstances--;
      }
      break;
    }
    case "flow.variablesSet":
      Object.assign(s.variables, e.data.variables);
      break;
    case "flow.copied":
      for (const u of e.data.users) addOnce(s.ccUsers, u.id);
      break;
    case "flow.urged":
      s.lastUrge = eventTime(event);
      break;
    case "flow.timerArmed": {
      const d = e.data;
      s.timers[d.timerId] = { timerId: d.timerId, taskId: d.taskId, node: d.node, dueAt: d.dueAt, remaining: d.remaining, boundary: d.boundary, ...(d.activation ? { activation: d.activation } : {}) };
      break;
    }
    case "flow.timerFired":
    case "flow.timerCancelled":
      delete s.timers[e.data.timerId];
      break;
    case "flow.suspended":
      s.status = "suspended";
      break;
    case "flow.activated":
      s.status = "running";
      break;
    case "flow.ended":
      s.status = e.data.status;
      s.endTime = eventTime(event);
      if (e.data.endNode) addOnce(s.endNodes, e.data.endNode);
      clearLive(s);
      break;
    case "flow.deleted":
      s.deleted = true;
      clearLive(s);
      if (!s.endTime) s.endTime = eventTime(event);
      break;
  }
  return s;
}

function started(d: FlowEvents["flow.started"], at: string): InstanceState {
  return {
    procInsId: d.procInsId,
    deployId: d.deployId,
    key: d.key,
    version: d.version,
    name: d.name,
    status: "running",
    initiator: { ...d.initiator },
    businessKey: d.businessKey,
    variables: structuredClone(d.variables),
    tokens: {},
    activations: {},
    tasks: {},
    completed: [],
    doneNodes: [],
    endNodes: [],
    startTime: at,
    endTime: null,
    lastUrge: null,
    ccUsers: [],
    timers: {},
  };
}

/** The instance is over: nothing waits any more. */
function clearLive(s: InstanceState): void {
  s.tokens = {};
  s.activations = {};
  s.tasks = {};
  s.timers = {};
}

/** A task leaves: its own timers (older streams) go with it, and its activation's active count drops. */
function dropTask(s: InstanceState, taskId: string): void {
  const t = s.tasks[taskId];
  if (!t) return;
  delete s.tasks[taskId];
  for (const [id, timer] of Object.entries(s.timers)) if (!timer.activation && timer.taskId === taskId) delete s.timers[id];
  recount(s, t.activation);
}

/** Active instances of an activation: its open or waiting tasks that count as instances of the node. */
function recount(s: InstanceState, activation: string): void {
  const a = s.activations[activation];
  if (!a) return;
  a.nrOfActiveInstances = Object.values(s.tasks).filter((t) => t.activation === activation && t.signer !== "before").length;
}

/** The event's time: a stored event's `at`, a fresh one's `data.at` if the decider put one there. */
function eventTime(event: AnyEvent): string {
  const stored = event as Partial<StoredEvent>;
  if (typeof stored.at === "string") return stored.at;
  const at = (event.data as { at?: unknown }).at;
  return typeof at === "string" ? at : "";
}

function addOnce(list: string[], value: string): void {
  if (!list.includes(value)) list.push(value);
}
