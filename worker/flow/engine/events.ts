/**
 * The events of a process instance's stream (`flow:<procInsId>`). Every token move and task action is one
 * of these; the instance state, the todo/done/CC/initiated lists, the flow record, the monitor and the
 * messages are all projections of them, so a rebuild recreates every one. Events carry what their read
 * models need (names, people resolved at decision time, who to notify), so projecting needs no lookups.
 */
import type { InstanceAbout, InstanceStatus, PendingSlot, Person } from "./types.ts";

export const flowEventPrefix = "flow.";

export interface FlowEvents {
  /** a new instance of a deployment */
  "flow.started": {
    procInsId: string;
    deployId: string;
    key: string;
    version: number;
    name: string;
    initiator: Person;
    businessKey: string | null;
    variables: Record<string, unknown>;
    /** absent in instances started before it was recorded */
    about?: InstanceAbout;
  };
  /** a token passed a node that does not wait (gateway, pass-through, service task, start) */
  "flow.nodePassed": { node: string; nodeName: string; kind: string; token: string; via: string | null; out: { token: string; flow: string; node: string }[] };
  /** (engine) a token put straight on a node, not along a flow: a return's target, the resumption after the initiator's resubmit, a recall */
  "flow.tokenPlaced": { token: string; node: string; reason: "return" | "resume" | "recall" };
  /** a token waits at a join for its other flows */
  "flow.tokenWaiting": { token: string; node: string; via: string };
  /** tokens consumed (join fired, tokens cancelled by a return, reject, stop…) */
  "flow.tokensRemoved": { tokens: string[] };
  /** a user task node was entered: its multi-instance bookkeeping starts */
  "flow.activationStarted": {
    activation: string;
    node: string;
    nodeName: string;
    token: string;
    sequential: boolean;
    nrOfInstances: number;
    completionCondition: string | null;
    elementVariable: string | null;
    /** (engine) sequential multi-instance: the instances still to be created */
    pending?: PendingSlot[];
  };
  "flow.activationChanged": { activation: string; nrOfInstances: number; pending?: PendingSlot[] };
  "flow.activationEnded": { activation: string; node: string; outcome: "completed" | "cancelled" };
  /** a task for a user, the candidates, or the initiator (after a return to the start) */
  "flow.taskCreated": {
    taskId: string;
    node: string;
    name: string;
    activation: string;
    assignee: Person | null;
    candidateUsers: Person[];
    /** role ids and names */
    candidateGroups: Person[];
    loopCounter: number | null;
    /** the local variable of a multi-instance element (its name and value) */
    element: { name: string; value: unknown } | null;
    /** initiator's task after a return to the start: completing it resumes here */
    resumeAt: string | null;
    /** who to tell: the assignee, or every candidate user and member of the candidate groups */
    notify: string[];
    procDefName: string;
    startUser: Person;
    /** "waiting" when a signer added before is still working on it */
    state: "open" | "waiting";
    /** (engine) a signer added to another task (before/after/parallel), who added them, the task it precedes, signers after it */
    signer?: "before" | "after" | "parallel" | null;
    addedBy?: string | null;
    blocks?: string | null;
    after?: string[];
  };
  "flow.taskCompleted": { taskId: string; node: string; by: Person; comment: string; variables: Record<string, unknown>; auto: "repeatedApprover" | "emptyApprover" | null;
    /** (engine) tasks this completion created (a recall is allowed while all of them are untouched) */
    createdTasks?: string[];
  };
  /** the task left without being completed (return, reject, stop, revoke, removed signer, completion condition, terminate, escalation) */
  "flow.taskCancelled": { taskId: string; node: string; reason: "return" | "reject" | "stop" | "revoke" | "removeSigner" | "completionCondition" | "terminate" | "escalation" | "recall" | "delete" };
  "flow.taskDelegated": { taskId: string; from: Person; to: Person; comment: string };
  /** the delegate finished: the task is the owner's again */
  "flow.taskResolved": { taskId: string; by: Person; to: Person; comment: string };
  "flow.taskTransferred": { taskId: string; from: Person | null; to: Person; by: Person; comment: string };
  /** a task that waited for signers added before it opens */
  "flow.taskOpened": { taskId: string };
  "flow.signerAdded": { taskId: string; users: Person[]; position: "before" | "after" | "parallel"; by: Person; comment: string };
  "flow.signerRemoved": { taskId: string; user: Person | null; by: Person; comment: string };
  "flow.returned": { taskId: string; from: string; fromName: string; to: string; toName: string; by: Person; comment: string; notify: string[] };
  "flow.recalled": { taskId: string; node: string; by: Person; comment: string };
  "flow.variablesSet": { variables: Record<string, unknown>; by: Person | null };
  "flow.copied": { users: Person[]; by: Person | null; node: string | null; comment: string };
  "flow.urged": { by: Person; comment: string; notify: string[]; taskIds: string[] };
  "flow.timerArmed": {
    timerId: string;
    /** a task of the activity when armed (the messages link to it) */
    taskId: string;
    node: string;
    dueAt: string;
    remaining: number;
    /** (engine) the boundary event's id */
    boundary?: string;
    /** (engine) the activation the timer is attached to: it interrupts or reminds the whole activity, every instance of a multi-instance node; absent on timers of one task (older streams) */
    activation?: string;
  };
  "flow.timerFired": { timerId: string; taskId: string; node: string; notify: string[]; escalated: boolean };
  "flow.timerCancelled": { timerId: string };
  "flow.suspended": { by: Person };
  "flow.activated": { by: Person };
  /** the instance ended: finished at an end event, or rejected, stopped, revoked */
  "flow.ended": { status: Exclude<InstanceStatus, "running" | "suspended">; endNode: string | null; by: Person | null; comment: string; notify: string[] };
  /** removed by an administrator: read models forget it */
  "flow.deleted": { by: Person; reason: string };
}

export type FlowEventType = keyof FlowEvents;
export type FlowEvent = { [K in FlowEventType]: { type: K; data: FlowEvents[K] } }[FlowEventType];

export const flowEventTypes = [
  "flow.started", "flow.nodePassed", "flow.tokenPlaced", "flow.tokenWaiting", "flow.tokensRemoved", "flow.activationStarted", "flow.activationChanged",
  "flow.activationEnded", "flow.taskCreated", "flow.taskCompleted", "flow.taskCancelled", "flow.taskDelegated", "flow.taskResolved",
  "flow.taskTransferred", "flow.taskOpened", "flow.signerAdded", "flow.signerRemoved", "flow.returned", "flow.recalled", "flow.variablesSet",
  "flow.copied", "flow.urged", "flow.timerArmed", "flow.timerFired", "flow.timerCancelled", "flow.suspended", "flow.activated", "flow.ended", "flow.deleted",
] as const satisfies readonly FlowEventType[];

export const instanceStream = (procInsId: string) => `flow:${procInsId}`;
/** The instance an event's stream belongs to, or null for another stream. */
export const instanceOfStream = (stream: string) => (stream.startsWith("flow:") ? stream.slice("flow:".length) : null);
