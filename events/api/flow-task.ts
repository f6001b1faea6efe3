/**
 * One approval's verbs (worker/flow/routes/tasks.ts, monitor.ts and opinion.ts): a task's view (its form, the
 * node's field permissions, the variables, the business record and the actions this user may take), an
 * instance's summary, the diagram, the variables, the return targets and the next nodes, and the user's own
 * opinion phrases.
 */
import * as z from "zod";
import { businessView } from "../flow/business-view.ts";
import { formFieldTypes, formPermValues } from "../flow/tree.ts";
import { instanceStatus } from "./flow.ts";
import { verb } from "./verb.ts";
import { lazySchema } from "../lazy.ts";

const task = "/flowable/task";
const id = lazySchema(() => z.string().min(1).max(64));

/** What a user may do with a task now, as the engine's dry runs offer it (worker/flow/engine/actions.ts). */
export const taskActions = ["complete", "resolve", "reject", "return", "delegate", "transfer", "addSigner", "removeSigner", "cc", "recall", "urge", "revoke", "stop"] as const;
export type TaskAction = (typeof taskActions)[number];

const person = lazySchema(() => z.strictObject({ id: z.string(), name: z.string() }));
const node = lazySchema(() => z.strictObject({ key: z.string(), name: z.string() }));

/** A field of a model's simple start form, as the designer saved it (events/flow/tree.ts `formField`). */
export const startFormField = lazySchema(() => z.strictObject({
  key: z.string(),
  label: z.string(),
  type: z.enum(formFieldTypes),
  required: z.boolean(),
  /** select: the choices */
  options: z.array(z.strictObject({ value: z.string(), label: z.string() })).optional(),
  /** number and money: the unit the amount is counted in (元, 万元) */
  unit: z.string().optional(),
}));

/** An instance's summary. */
export const instanceInfo = lazySchema(() => z.strictObject({
  procInsId: z.string(),
  procDefKey: z.string(),
  procDefName: z.string(),
  deployId: z.string(),
  version: z.number().int(),
  status: instanceStatus,
  startUserId: z.string(),
  startUserName: z.string(),
  businessKey: z.string().nullable(),
  startTime: z.string(),
  endTime: z.string().nullable(),
  activeNodes: z.array(z.string()),
  endNodes: z.array(z.string()),
}));

/** A task: open (its assignee and state), or gone (as its first flow-record row tells it: who acted, how, when). */
export const taskView = lazySchema(() => z.strictObject({
  taskId: z.string(),
  taskName: z.string().nullable(),
  taskDefKey: z.string().nullable(),
  createTime: z.string().nullable(),
  endTime: z.string().nullable(),
  assignee: z.string().nullable(),
  state: z.string().nullable(),
  /** the initiator's task after a return to the start: the node a resubmit resumes at */
  resumeAt: z.string().nullable(),
  action: z.string().nullable(),
  byName: z.string().nullable(),
  open: z.boolean(),
}));

const variables = lazySchema(() => z.record(z.string(), z.unknown()));

export const nextBody = lazySchema(() => z.object({ taskId: id, variables: variables.optional() }));
export const taskBody = lazySchema(() => z.object({ taskId: id }));
export const batchBody = lazySchema(() => z.object({ taskIds: z.array(id).min(1).max(100), comment: z.string().max(2000).optional().default("") }));

export const flowTask = {
  attributes: verb({
    method: "GET",
    path: `${task}/taskAttributes/:id`,
    response: () => z.strictObject({
      task: taskView,
      instance: instanceInfo,
      formFields: z.array(startFormField),
      formPerms: z.record(z.string(), z.enum(formPermValues)),
      /** approvable from the list (its node edits no form field) */
      batchable: z.boolean(),
      variables,
      /** the record the approval decides on, as the task's node lets its reader see it */
      business: businessView.nullable(),
      actions: z.array(z.enum(taskActions)),
    }),
  }),
  instance: verb({ method: "GET", path: "/flowable/instance/info/:id", response: instanceInfo }),
  /** by task or instance id: the variables less the form fields hidden at the reader's node */
  variables: verb({ method: "GET", path: `${task}/processVariables/:id`, response: variables }),
  monitorVariables: verb({
    method: "GET",
    path: "/flowable/monitor/variableList",
    query: () => z.object({ procInsId: id }),
    response: () => z.array(z.strictObject({ name: z.string(), value: z.unknown(), type: z.string() })),
  }),
  business: verb({ method: "GET", path: `${task}/business/:id`, response: () => businessView.nullable() }),
  viewer: verb({
    method: "GET",
    path: `${task}/flowViewer/:id`,
    response: () => z.strictObject({ xml: z.string(), doneNodes: z.array(z.string()), activeNodes: z.array(z.string()), doneFlows: z.array(z.string()) }),
  }),
  returnList: verb({ method: "POST", path: `${task}/returnList`, body: taskBody, response: () => z.array(node) }),
  next: verb({ method: "POST", path: `${task}/nextFlowNode`, body: nextBody, response: () => z.array(z.strictObject({ key: z.string(), name: z.string(), kind: z.string(), approvers: z.array(person) })) }),
  /** a deployment id, or a model key's latest version */
  startForm: verb({
    method: "GET",
    path: "/flowable/process/startFlow/:id",
    response: () => z.strictObject({ deployId: z.string(), key: z.string(), version: z.number().int(), name: z.string(), formFields: z.array(startFormField), pickNodes: z.array(node) }),
  }),
  /** approves several tasks (not those whose node needs a form edit): which went through, and why the others were refused */
  batch: verb({
    method: "POST",
    path: `${task}/batchComplete`,
    body: batchBody,
    response: () => z.strictObject({ done: z.array(z.string()), refused: z.array(z.strictObject({ taskId: z.string(), reason: z.string() })) }),
  }),
  opinions: verb({ method: "GET", path: "/flowable/opinion/mine", response: () => z.strictObject({ phrases: z.array(z.string()), signatureFileId: z.string().nullable() }) }),
};
