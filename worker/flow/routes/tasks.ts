/**
 * Task work over HTTP: the lists (todo, finished, my initiations, copies, counts), one task's view (its
 * attributes and the actions this user may take, the record, the diagram, variables, next nodes) and the
 * commands (complete, delegate, transfer, return, reject, add/remove signer, recall, cc, urge, resubmit,
 * batch complete, stop, revoke). Every command is checked by the engine against the task's assignee or
 * candidates and the instance's state; routes only parse, find the instance and answer.
 */
import type { Context } from "hono";
import * as z from "zod";
import { l } from "../../../events/family.ts";
import { flow, flowListQuery } from "../../../events/api/flow.ts";
import { batchBody, flowTask, nextBody, taskBody } from "../../../events/api/flow-task.ts";
import { t } from "../../../events/i18n.ts";
import type { AppEnv } from "../../http/env.ts";
import { actorOf, ok, page } from "../../http/envelope.ts";
import { executeHere } from "../../http/command.ts";
import type { RouteTable } from "../../http/routes.ts";
import { DomainError, codes } from "../../errors.ts";
import { FlowRefused } from "../engine/refusal.ts";
import { activeNodes, mayAct, predictNext, returnTargets } from "../engine/decide.ts";
import { offeredActions, type TaskAction } from "../engine/actions.ts";
import type { CompiledModel, FlowActor, InstanceState } from "../engine/types.ts";
import { displayTime } from "../../time.ts";
import { d1Directory } from "../directory.ts";
import { decideContext, decideOn, flowActorOf, runOnInstance, runOnTask } from "../commands.ts";
import { parseInput, readBody } from "../../http/input.ts";
import { deploymentById, deploymentMissing, instanceOfTask, loadInstance, taskMissing, type DeploymentRow, type InstanceTarget } from "../repository.ts";
import { batchable, ccPage, counts, finishedPage, flowRecordOf, mayRead, myProcessPage, recordedTask, taskComments, todoPage } from "../queries.ts";
import { formFieldsOf } from "./models.ts";
import { hiddenAt, hiddenFor, nodeFormPerms, withoutHidden } from "../visibility.ts";
import { businessView } from "../business.ts";
import { processView } from "../view.ts";
import { withoutHiddenFields, type BusinessView } from "../../../events/flow/business-view.ts";
import type { Lang } from "../../../events/i18n.ts";
import { lazySchema } from "../../../events/lazy.ts";

const tag = {
  list: "flowable:task:list",
  info: "flowable:task:info",
  complete: "flowable:task:complete",
  delegate: "flowable:task:delegate",
  transfer: "flowable:task:transfer",
  return: "flowable:task:return",
  reject: "flowable:task:reject",
  sign: "flowable:task:sign",
  recall: "flowable:task:recall",
  cc: "flowable:task:cc",
  urge: "flowable:task:urge",
  stop: "flowable:task:stop",
  revoke: "flowable:task:revoke",
};

const id = lazySchema(() => z.string().min(1).max(64));
const comment = lazySchema(() => z.string().max(2000).optional().default(""));
const variables = lazySchema(() => z.record(z.string(), z.unknown()).optional());
const completeBody = lazySchema(() => z.object({ taskId: id, comment, variables, ccUserIds: z.array(id).max(100).optional() }));
const toUserBody = lazySchema(() => z.object({ taskId: id, userId: id, comment }));
const returnBody = lazySchema(() => z.object({ taskId: id, targetKey: z.string().min(1).max(128), comment }));
const commentBody = lazySchema(() => z.object({ taskId: id, comment }));
const procBody = lazySchema(() => z.object({ procInsId: id, comment }));
const signerBody = lazySchema(() => z.object({ taskId: id, userIds: z.array(id).min(1).max(50), position: z.enum(["before", "after", "parallel"]).default("after"), comment }));
const ccBody = lazySchema(() => z.object({ procInsId: id, userIds: z.array(id).min(1).max(100), comment }));
const resubmitBody = lazySchema(() => z.object({ taskId: id, variables, comment }));
const dataBody = lazySchema(() => z.object({ procInsId: id.optional(), taskId: id.optional(), variables: z.record(z.string(), z.unknown()) }));


const forbiddenRead = () => new FlowRefused(403, { "zh-CN": "您无权查看该流程", "en-US": "You may not view this process" });

async function readable(c: Context<AppEnv>, target: InstanceTarget) {
  const actor = flowActorOf(c);
  const loaded = await loadInstance(c.env.DB, target);
  if (!(await mayRead(c.env.DB, actor, loaded.state.procInsId))) throw forbiddenRead();
  const deployment = await deploymentById(c.env.DB, loaded.state.deployId);
  if (!deployment) throw deploymentMissing();
  return { actor, ...loaded, deployment };
}

/** An instance read by a task or instance id, with the form fields hidden from its reader: by a task as its node
 * shows the form, by the instance see worker/flow/visibility.ts. */
async function readerView(c: Context<AppEnv>, key: string) {
  const ofTask = await instanceOfTask(c.env.DB, key).catch(() => null);
  const { actor, state, deployment } = await readable(c, ofTask ?? key);
  return { state, deployment, hidden: await hiddenFor(c.env.DB, deployment, state, actor, ofTask ? key : null) };
}

/** The instance as `instance/info` answers it. */
export function instanceInfo(state: InstanceState) {
  return {
    procInsId: state.procInsId,
    procDefKey: state.key,
    procDefName: state.name,
    deployId: state.deployId,
    version: state.version,
    status: state.status,
    startUserId: state.initiator.id,
    startUserName: state.initiator.name,
    businessKey: state.businessKey,
    startTime: displayTime(state.startTime),
    endTime: state.endTime ? displayTime(state.endTime) : null,
    activeNodes: activeNodes(state),
    endNodes: state.endNodes,
  };
}

/** The permission tag each offered action's route needs: an action the user's tags refuse is not offered. */
const actionTag: Record<TaskAction, string> = {
  complete: tag.complete, resolve: tag.complete, reject: tag.reject, return: tag.return, delegate: tag.delegate, transfer: tag.transfer,
  addSigner: tag.sign, removeSigner: tag.sign, cc: tag.cc, recall: tag.recall, urge: tag.urge, revoke: tag.revoke, stop: tag.stop,
};

/**
 * What this user may do now with this task (and its instance): the commands the engine accepts from them in
 * a dry run (engine/actions.ts), less those whose route their permission tags refuse.
 */
export async function actionsFor(c: Context<AppEnv>, model: CompiledModel, state: InstanceState, taskId: string, actor: FlowActor): Promise<TaskAction[]> {
  const user = actorOf(c);
  const offered = await offeredActions(model, state, taskId, decideContext(c.env.DB, actor));
  return offered.filter((a) => user.admin || user.permissions.has(actionTag[a]));
}

/** Done and active nodes and the flows between done ones, for the diagram of this instance's own version. */
export function viewerOf(state: InstanceState, deployment: DeploymentRow) {
  const active = activeNodes(state);
  const done = state.doneNodes;
  const reached = new Set([...done, ...active]);
  const doneFlows = Object.values(deployment.model.flows)
    .filter((f) => done.includes(f.source) && reached.has(f.target))
    .map((f) => f.id);
  return { xml: deployment.xml, doneNodes: done, activeNodes: active, doneFlows };
}

/** The business record the instance is about (a linked module's record, else the model's start form), less what the reader's node hides. */
async function businessOf(db: D1Database, deployment: DeploymentRow, state: InstanceState, hidden: Set<string>, lang: Lang): Promise<BusinessView | null> {
  const view = (await businessView(db, state.businessKey, lang)) ?? processView(deployment, state);
  return view ? withoutHiddenFields(view, hidden) : null;
}

/** A task by id: open in the state, or as its flow-record row once it is gone. */
async function taskView(db: D1Database, state: InstanceState, taskId: string) {
  const open = state.tasks[taskId];
  const gone = { endTime: null, assignee: null, state: null, resumeAt: null, action: null, byName: null };
  if (open) return { ...gone, taskId, taskName: open.name, taskDefKey: open.node, createTime: displayTime(open.createTime), assignee: open.assignee, state: open.state, resumeAt: open.resumeAt ?? null, open: true };
  const row = await recordedTask(db, taskId);
  if (!row) throw taskMissing();
  return { ...gone, ...row, open: false };
}

export function taskRoutes(routes: RouteTable) {
  const listDoc = (zh: string, en: string) => ({ doc: { summary: l(zh, en), query: flowListQuery } });
  const summary = (zh: string, en: string) => ({ doc: { summary: l(zh, en) } });
  routes
    .verb(flow.todo, tag.list, async (c) => {
      const { total, rows, cursor } = await todoPage(c.env.DB, flowActorOf(c), parseInput(flowListQuery, c.req.query()), c.get("lang"));
      return c.json({ code: codes.ok, msg: t("fetched", c.get("lang")), total, cursor, data: rows });
    }, summary("我的待办", "My open tasks"))
    .verb(flow.done, tag.list, async (c) => {
      const { total, rows, cursor } = await finishedPage(c.env.DB, flowActorOf(c), parseInput(flowListQuery, c.req.query()), c.get("lang"));
      return c.json({ code: codes.ok, msg: t("fetched", c.get("lang")), total, cursor, data: rows });
    }, summary("我的已办", "Tasks I handled"))
    .verb(flow.myProcess, tag.list, async (c) => {
      const { total, rows } = await myProcessPage(c.env.DB, flowActorOf(c), parseInput(flowListQuery, c.req.query()), c.get("lang"));
      return page(c, total, rows);
    }, summary("我发起的流程（含我在其中的待办与可否撤销）", "Processes I started (with my open task there and whether it can be revoked)"))
    .get("/flowable/task/ccList", tag.list, async (c) => {
      const { total, rows } = await ccPage(c.env.DB, flowActorOf(c), parseInput(flowListQuery, c.req.query()));
      return page(c, total, rows);
    }, listDoc("抄送我的流程", "Processes copied to me"))
    .verb(flow.counts, "signedIn", async (c) => ok(c, await counts(c.env.DB, flowActorOf(c)), "fetched"), summary("待办、已办、发起、抄送数量", "Counts of my todo, done, initiated and copied"))
    .verb(flow.record, tag.info, async (c) => {
      const { procInsId } = parseInput(flow.record.query, c.req.query());
      await readable(c, procInsId);
      return ok(c, await flowRecordOf(c.env.DB, procInsId, c.get("lang")), "fetched");
    }, summary("流转记录", "The flow record"))
    .get("/flowable/task/taskComment/:id", tag.info, async (c) => {
      const taskId = c.req.param("id")!;
      await readable(c, { taskId });
      return ok(c, await taskComments(c.env.DB, taskId, c.get("lang")), "fetched");
    }, { doc: { summary: l("任务的审批意见", "The comments on a task") } })
    .verb(flowTask.attributes, tag.info, async (c) => {
      const taskId = c.req.param("id")!;
      const { actor, state, deployment } = await readable(c, { taskId });
      const task = await taskView(c.env.DB, state, taskId);
      const nodeKey = task.taskDefKey ?? "";
      const formPerms = nodeFormPerms(deployment, nodeKey);
      // the task's node decides what of the form its reader sees: a hidden field is neither shown nor valued
      const hidden = hiddenAt(deployment, nodeKey);
      return ok(c, {
        task,
        instance: instanceInfo(state),
        formFields: formFieldsOf(deployment.tree).filter((f) => !hidden.has(String(f.key))),
        formPerms,
        batchable: batchable(formPerms),
        variables: withoutHidden(state.variables, hidden),
        business: await businessOf(c.env.DB, deployment, state, hidden, c.get("lang")),
        actions: await actionsFor(c, deployment.model, state, taskId, actor),
      }, "fetched");
    }, { doc: { summary: l("任务详情：表单、权限、变量、审批的业务记录与当前用户可执行的操作", "A task: its form, field permissions, variables, the business record it decides on and what this user may do") } })
    .verb(flowTask.variables, tag.info, async (c) => {
      const { state, hidden } = await readerView(c, c.req.param("id")!);
      return ok(c, withoutHidden(state.variables, hidden), "fetched");
    }, { doc: { summary: l("流程变量（任务或实例 id；本节点隐藏的表单字段不返回）", "Process variables (by task or instance id; form fields hidden at the reader's node left out)") } })
    .verb(flowTask.business, tag.info, async (c) => {
      const { state, deployment, hidden } = await readerView(c, c.req.param("id")!);
      return ok(c, await businessOf(c.env.DB, deployment, state, hidden, c.get("lang")), "fetched");
    }, { doc: { summary: l("审批的业务记录（任务或实例 id；读者节点隐藏的字段不返回）", "The business record an approval decides on (by task or instance id; fields hidden at the reader's node left out)") } })
    .verb(flowTask.viewer, tag.info, async (c) => {
      const { state, deployment } = await readable(c, c.req.param("id")!);
      return ok(c, viewerOf(state, deployment), "fetched");
    }, { doc: { summary: l("流程图：本实例版本的 XML 与已办、当前节点", "The diagram: this instance's version and its done and active nodes") } })
    .post("/flowable/task/checkTaskId", tag.info, async (c) => {
      const { taskId } = await readBody(c, taskBody);
      const actor = flowActorOf(c);
      const { state } = await loadInstance(c.env.DB, { taskId });
      return ok(c, { taskId, procInsId: state.procInsId, deployId: state.deployId, open: !!state.tasks[taskId], mayAct: mayAct(state, taskId, actor) }, "fetched");
    }, { doc: { summary: l("任务是否仍待办理、是否可由我办理", "Whether a task is still open and mine to handle"), body: taskBody } })
    .verb(flowTask.returnList, tag.return, async (c) => {
      const { taskId } = await readBody(c, taskBody);
      const { state, deployment } = await readable(c, { taskId });
      return ok(c, returnTargets(deployment.model, state, taskId), "fetched");
    }, { doc: { summary: l("可退回的节点", "The nodes a task may return to") } })
    .verb(flowTask.next, tag.info, async (c) => {
      const body = await readBody(c, nextBody);
      const { state, deployment } = await readable(c, { taskId: body.taskId });
      return ok(c, await predictNext(deployment.model, state, body.taskId, body.variables ?? {}, d1Directory(c.env.DB)), "fetched");
    }, { doc: { summary: l("下一节点与审批人预测", "The next nodes and their approvers") } })
    .post("/flowable/task/complete", tag.complete, async (c) => {
      const b = await readBody(c, completeBody);
      return runOnTask(c, b.taskId, { type: "complete", taskId: b.taskId, comment: b.comment, variables: b.variables, ccUserIds: b.ccUserIds });
    }, { doc: { summary: l("审批通过（办理任务）", "Complete (approve) a task"), body: completeBody } })
    .post("/flowable/task/resubmit", tag.complete, async (c) => {
      const b = await readBody(c, resubmitBody);
      return runOnTask(c, b.taskId, { type: "complete", taskId: b.taskId, comment: b.comment, variables: b.variables });
    }, { doc: { summary: l("发起人修改后重新提交", "The initiator resubmits after a return"), body: resubmitBody } })
    .post("/flowable/task/delegate", tag.delegate, async (c) => {
      const b = await readBody(c, toUserBody);
      return runOnTask(c, b.taskId, { type: "delegate", taskId: b.taskId, userId: b.userId, comment: b.comment });
    }, { doc: { summary: l("委派（办理后回到本人）", "Delegate (comes back to the owner)"), body: toUserBody } })
    .post("/flowable/task/transfer", tag.transfer, async (c) => {
      const b = await readBody(c, toUserBody);
      return runOnTask(c, b.taskId, { type: "transfer", taskId: b.taskId, userId: b.userId, comment: b.comment });
    }, { doc: { summary: l("转办", "Transfer a task"), body: toUserBody } })
    .post("/flowable/task/return", tag.return, async (c) => {
      const b = await readBody(c, returnBody);
      return runOnTask(c, b.taskId, { type: "return", taskId: b.taskId, targetKey: b.targetKey, comment: b.comment });
    }, { doc: { summary: l("退回到之前的节点", "Return to an earlier node"), body: returnBody } })
    .post("/flowable/task/reject", tag.reject, async (c) => {
      const b = await readBody(c, commentBody);
      return runOnTask(c, b.taskId, { type: "reject", taskId: b.taskId, comment: b.comment });
    }, { doc: { summary: l("驳回（流程结束）", "Reject (the process ends)"), body: commentBody } })
    .post("/flowable/task/addSigner", tag.sign, async (c) => {
      const b = await readBody(c, signerBody);
      return runOnTask(c, b.taskId, { type: "addSigner", taskId: b.taskId, userIds: b.userIds, position: b.position, comment: b.comment });
    }, { doc: { summary: l("加签", "Add signers"), body: signerBody } })
    .post("/flowable/task/removeSigner", tag.sign, async (c) => {
      const b = await readBody(c, commentBody);
      return runOnTask(c, b.taskId, { type: "removeSigner", taskId: b.taskId, comment: b.comment });
    }, { doc: { summary: l("减签", "Remove a signer"), body: commentBody } })
    .post("/flowable/task/recall", tag.recall, async (c) => {
      const b = await readBody(c, commentBody);
      return runOnTask(c, b.taskId, { type: "recall", taskId: b.taskId, comment: b.comment });
    }, { doc: { summary: l("撤回自己的审批", "Recall my approval"), body: commentBody } })
    .post("/flowable/task/cc", tag.cc, async (c) => {
      const b = await readBody(c, ccBody);
      return runOnInstance(c, b.procInsId, { type: "cc", userIds: b.userIds, comment: b.comment });
    }, { doc: { summary: l("抄送", "Copy to people"), body: ccBody } })
    .post("/flowable/task/urge", tag.urge, async (c) => {
      const b = await readBody(c, procBody);
      return runOnInstance(c, b.procInsId, { type: "urge", comment: b.comment });
    }, { doc: { summary: l("催办（每小时至多一次）", "Urge (at most once an hour)"), body: procBody } })
    .post("/flowable/task/stopProcess", tag.stop, async (c) => {
      const b = await readBody(c, procBody);
      return runOnInstance(c, b.procInsId, { type: "stop", comment: b.comment });
    }, { doc: { summary: l("终止流程", "Stop a process"), body: procBody } })
    .post("/flowable/task/revokeProcess", tag.revoke, async (c) => {
      const b = await readBody(c, procBody);
      return runOnInstance(c, b.procInsId, { type: "revoke", comment: b.comment });
    }, { doc: { summary: l("撤销（发起人，下一审批人办理前）", "Revoke (the initiator, before an approver acts)"), body: procBody } })
    .post("/flowable/task/dataInsert", tag.complete, async (c) => {
      const b = await readBody(c, dataBody);
      const procInsId = b.procInsId ?? (b.taskId ? await instanceOfTask(c.env.DB, b.taskId) : null);
      if (!procInsId) throw new DomainError(codes.validation, "required", { name: "procInsId" });
      return runOnInstance(c, procInsId, { type: "setVariables", variables: b.variables });
    }, { doc: { summary: l("写入流程变量（流程管理员）", "Set process variables (process administrators)"), body: dataBody } })
    .verb(flowTask.batch, tag.complete, async (c) => {
      const b = await readBody(c, batchBody);
      const actor = flowActorOf(c);
      const lang = c.get("lang");
      const done: string[] = [];
      const refused: { taskId: string; reason: string }[] = [];
      for (const taskId of [...new Set(b.taskIds)]) {
        try {
          await completeOne(c, actor, taskId, b.comment);
          done.push(taskId);
        } catch (error) {
          if (error instanceof DomainError) refused.push({ taskId, reason: error.render(lang).msg });
          else throw error;
        }
      }
      return ok(c, { done, refused });
    }, { doc: { summary: l("批量审批（需编辑表单的节点除外）", "Approve several tasks (not those whose node needs a form edit)") } });
}

const needsForm = () => new FlowRefused(422, { "zh-CN": "该节点需要填写表单，不能批量审批", "en-US": "This step needs a form edit: it cannot be approved in a batch" });

/** One task of a batch: refused when its node lets the approver edit the form; its own command (decided again on a clash). */
async function completeOne(c: Context<AppEnv>, actor: FlowActor, taskId: string, comment: string) {
  await executeHere(c, {
    name: "flow.complete",
    retries: 3,
    async decide() {
      const { writes, deployment, state } = await decideOn(c.env.DB, { taskId }, { type: "complete", taskId, comment }, decideContext(c.env.DB, actor));
      const task = state.tasks[taskId];
      if (task && !batchable(deployment.model.nodes[task.node]?.policy?.formPerms)) throw needsForm();
      return { writes, answer: null };
    },
  });
}
