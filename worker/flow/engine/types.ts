/**
 * The shapes the workflow engine works on: a deployed model compiled from BPMN, an instance's state folded
 * from its events, the commands users and the clock send it, and the port through which it looks up
 * people. Pure data: `decide(model, state, command, context) → events` and `evolve(state, event) → state`
 * (worker/flow/engine/) are the only code that reads them; persistence and routes live around them.
 */
import type { Text } from "../../../events/i18n.ts";

// ---------------------------------------------------------------- the compiled model (one per deployment)

export type NodeKind =
  | "startEvent"
  | "endEvent"
  | "userTask"
  /** task, manualTask, and service/script/send/receive/business-rule tasks without a registered handler */
  | "passThrough"
  /** a serviceTask naming a registered handler (qifu:handler, flowable:/camunda: delegateExpression or class) */
  | "serviceTask"
  /** a CC node of the designer (serviceTask qifu:type="cc"): sends copies and passes on */
  | "cc"
  | "exclusiveGateway"
  | "parallelGateway"
  | "inclusiveGateway";

export interface CompiledFlow {
  /** the XML id, or `flow_<n>` (document order) when the XML has none */
  id: string;
  source: string;
  target: string;
  name: string | null;
  /** the expression text as written (`${input == 1}`), or null */
  condition: string | null;
}

/** Who works a user task, as written in the model: expressions (`${initiator}`) are resolved at creation. */
export interface Assignment {
  assignee: string | null;
  candidateUsers: string[];
  candidateGroups: string[];
}

export interface MultiInstance {
  sequential: boolean;
  /** `loopCardinality` expression or literal */
  cardinality: string | null;
  /** `loopDataInputRef` / vendor `collection`: a variable name or an expression giving a list */
  collection: string | null;
  /** `inputDataItem` name / vendor `elementVariable` */
  elementVariable: string | null;
  completionCondition: string | null;
}

/** A boundary timer on a user task: a reminder (non-interrupting, no outgoing flow) or an escalation. */
export interface BoundaryTimer {
  id: string;
  /** ISO 8601 duration (PT24H, P2D) from the task's creation; a timeCycle R3/PT1H repeats */
  duration: string;
  repeat: number;
  /** interrupting (cancelActivity != false) with outgoing flows: the task is cancelled and the flows taken */
  interrupting: boolean;
  outgoing: string[];
}

/** Per-node policies the designer writes as qifu:* attributes (defaults when absent). */
export interface NodePolicy {
  /** nobody resolved as approver: pass the node, reject the instance, give it to administrators, or to a named user */
  emptyApprover: "pass" | "reject" | "admin" | "user";
  emptyApproverUser: string | null;
  /** the approver already approved the step before: "pass" completes the task automatically */
  repeatedApprover: "pass" | "again";
  /** form fields the approver of this node may see or edit; absent fields are read-only */
  formPerms: Record<string, "edit" | "read" | "hidden">;
}

export interface CompiledNode {
  id: string;
  kind: NodeKind;
  name: string;
  /** flow ids, document order */
  incoming: string[];
  outgoing: string[];
  defaultFlow: string | null;
  /** endEvent with terminateEventDefinition */
  terminate?: boolean;
  assignment?: Assignment;
  multi?: MultiInstance | null;
  timers?: BoundaryTimer[];
  policy?: NodePolicy;
  /** serviceTask: the registered handler's name */
  handler?: string | null;
  /** cc node: users (ids, accounts or expressions) and groups that get a copy */
  cc?: { users: string[]; groups: string[] };
}

export interface CompiledModel {
  processId: string;
  name: string;
  /** the none start event */
  startNode: string;
  nodes: Record<string, CompiledNode>;
  flows: Record<string, CompiledFlow>;
  /** for every node, the nodes reachable from it by following flows (itself only if on a cycle) */
  reach: Record<string, string[]>;
}

/** A published version of a model: what an instance is pinned to. */
export interface Deployment {
  deployId: string;
  key: string;
  version: number;
  name: string;
  formCode: string | null;
  model: CompiledModel;
}

// ---------------------------------------------------------------- people

export interface Person {
  id: string;
  name: string;
}

/** The acting user as the engine checks them. */
export interface FlowActor extends Person {
  roleIds: string[];
  /** holds the monitor permission: may transfer, stop, suspend, activate any instance's tasks */
  monitor: boolean;
}

/**
 * How the engine finds people: by id or account (user), by id or name (role), the members of a role, a
 * user's leader (the department's leader), the administrators. The edge backs it with D1; tests may use
 * a map. Unknown keys answer null / [].
 */
export interface Directory {
  user(key: string): Promise<Person | null>;
  role(key: string): Promise<Person | null>;
  membersOf(roleId: string): Promise<Person[]>;
  leaderOf(userId: string): Promise<Person | null>;
  administrators(): Promise<Person[]>;
}

/** A registered service-task handler: may read variables and answer variables to merge; never arbitrary code. */
export type ServiceHandler = (variables: Record<string, unknown>) => Record<string, unknown> | void;

export interface DecideContext {
  actor: FlowActor;
  /** ISO time of the command */
  now: string;
  directory: Directory;
  /** new ids for tasks, tokens, activations, instances (deterministic in tests) */
  newId(): string;
  handlers?: Record<string, ServiceHandler>;
}

// ---------------------------------------------------------------- instance state

export type InstanceStatus = "running" | "suspended" | "finished" | "rejected" | "stopped" | "revoked";

export interface TaskState {
  taskId: string;
  node: string;
  name: string;
  /** the activation of the node this task belongs to (a re-entry is a new activation) */
  activation: string;
  assignee: string | null;
  /** when delegated: the owner the task resolves back to */
  owner: string | null;
  delegation: "pending" | null;
  candidateUsers: string[];
  candidateGroups: string[];
  /** multi-instance: the index of this instance and its element */
  loopCounter: number | null;
  /** "waiting": a signer added before this one is still working on it */
  state: "open" | "waiting";
  createTime: string;
  /** the initiator's task after a return to the start: completing it resumes at `resumeAt` */
  resumeAt?: string | null;
  /** (engine) a signer added to another task: before it, after it, or beside it; who added them */
  signer?: "before" | "after" | "parallel" | null;
  addedBy?: string | null;
  /** (engine) a signer added before: the task that waits for this one */
  blocks?: string | null;
  /** (engine) signers added after this one, in order: each gets the task when the previous completes */
  after?: string[];
  /** (engine) the multi-instance element variable of this task */
  element?: { name: string; value: unknown } | null;
}

/** (engine) One multi-instance instance still to be created (sequential multi-instance). */
export interface PendingSlot {
  loopCounter: number;
  element: { name: string; value: unknown } | null;
}

/** One entry of a node: a user task's multi-instance bookkeeping and the signers added to it. */
export interface Activation {
  id: string;
  node: string;
  /** the token that entered the node (left when the activation completes) */
  token: string;
  nrOfInstances: number;
  nrOfCompletedInstances: number;
  nrOfActiveInstances: number;
  completionCondition: string | null;
  /** (engine) the instances still to be created, in order (sequential multi-instance) */
  pending: PendingSlot[];
}

export interface Token {
  id: string;
  /** the node it sits at: a user task's activation, or a join waiting for its other flows */
  node: string;
  /** the flow it arrived by (joins) */
  via: string | null;
}

export interface InstanceState {
  procInsId: string;
  deployId: string;
  key: string;
  version: number;
  name: string;
  status: InstanceStatus;
  initiator: Person;
  businessKey: string | null;
  variables: Record<string, unknown>;
  tokens: Record<string, Token>;
  activations: Record<string, Activation>;
  tasks: Record<string, TaskState>;
  /** tasks completed, in order: who approved what (repeated-approver policy, recall, revoke, returnList) */
  completed: {
    taskId: string;
    node: string;
    activation: string;
    by: string;
    at: string;
    createdTasks: string[];
    /** (engine) the task's multi-instance index and element, so a recall can give the same instance back */
    loopCounter?: number | null;
    element?: { name: string; value: unknown } | null;
    /** (engine) completed as an added signer, or passing on to signers after: not recallable */
    signed?: boolean;
    /** (engine) a later return undid what this completion started: it can no longer be recalled */
    undone?: boolean;
  }[];
  /** nodes passed at least once, and the nodes where a path ended (end events, nodes without an outgoing flow) */
  doneNodes: string[];
  endNodes: string[];
  startTime: string;
  endTime: string | null;
  /** time of the last urge (催办), at most one an hour */
  lastUrge: string | null;
  /** users who got a copy (read access) */
  ccUsers: string[];
  /**
   * armed timers: fired by the cron trigger through a fireTimer command. A boundary timer belongs to the node's
   * activation (all its multi-instance tasks); timers armed before that was so name only their task.
   */
  timers: Record<string, { timerId: string; taskId: string; node: string; dueAt: string; remaining: number; boundary?: string; activation?: string }>;
  /** (engine) removed by an administrator */
  deleted?: boolean;
}

/** What an instance is about, as the module that starts it names it for the lists (the flow reads nothing into it). */
export interface InstanceAbout {
  /** the applicant (an enterprise's name) */
  applicant?: string | null;
  /** the business record's own title, if it has one */
  subject?: string | null;
}

// ---------------------------------------------------------------- commands

export type FlowCommand =
  | { type: "start"; deployment: Deployment; procInsId: string; businessKey?: string | null; variables?: Record<string, unknown>; about?: InstanceAbout }
  | { type: "complete"; taskId: string; comment?: string; variables?: Record<string, unknown>; ccUserIds?: string[] }
  | { type: "delegate"; taskId: string; userId: string; comment?: string }
  | { type: "transfer"; taskId: string; userId: string; comment?: string }
  | { type: "return"; taskId: string; targetKey: string; comment?: string }
  | { type: "reject"; taskId: string; comment?: string }
  | { type: "recall"; taskId: string; comment?: string }
  | { type: "addSigner"; taskId: string; userIds: string[]; position: "before" | "after" | "parallel"; comment?: string }
  | { type: "removeSigner"; taskId: string; comment?: string }
  | { type: "cc"; userIds: string[]; comment?: string }
  | { type: "urge"; comment?: string }
  | { type: "setVariables"; variables: Record<string, unknown> }
  | { type: "stop"; comment?: string }
  | { type: "revoke"; comment?: string }
  | { type: "suspend" }
  | { type: "activate" }
  | { type: "delete"; reason?: string }
  | { type: "fireTimer"; timerId: string };

/** A refused command: nothing is written; the text names the reason in both languages. */
export interface Refusal {
  code: 403 | 404 | 409 | 422;
  text: Text;
}
