/** The engine's refusals in both languages: each names what was refused and why, with the ids involved. */
import type { Text } from "../../../events/i18n.ts";
import { l } from "../../../events/family.ts";
import { FlowRefused } from "./refusal.ts";
import type { CompiledNode, InstanceStatus } from "./types.ts";


const statusText: Record<InstanceStatus, Text> = {
  running: l("运行中", "running"),
  suspended: l("已挂起", "suspended"),
  finished: l("已结束", "finished"),
  rejected: l("已驳回", "rejected"),
  stopped: l("已终止", "stopped"),
  revoked: l("已撤销", "revoked"),
};

const nodeName = (node: CompiledNode) => (node.name && node.name !== node.id ? `「${node.name}」(${node.id})` : node.id);

export const refuse = {
  noInstance: () => new FlowRefused(404, l("流程实例不存在或已被删除", "The process instance does not exist or was deleted")),
  alreadyStarted: () => new FlowRefused(409, l("流程实例已存在", "The process instance already exists")),
  notRunning: (status: InstanceStatus) =>
    status === "suspended"
      ? new FlowRefused(409, l("流程已挂起，激活前不能办理任何任务", "The process is suspended: no task can be handled until it is activated"))
      : new FlowRefused(409, l(`流程${statusText[status]["zh-CN"]}，不能再办理`, `The process is ${statusText[status]["en-US"]}: nothing more can be done`)),
  deleted: () => new FlowRefused(404, l("流程实例已被删除", "The process instance was deleted")),
  alreadyHandled: () => new FlowRefused(409, l("该任务已被处理，请刷新待办列表", "This task was already handled; reload your todo list")),
  notYours: () => new FlowRefused(403, l("该任务不属于您，不能办理", "This task is not yours to handle")),
  waiting: () => new FlowRefused(409, l("该任务正在等待前加签的人员办理", "This task waits for the signers added before it")),
  monitorOnly: () => new FlowRefused(403, l("只有流程管理员可以执行此操作", "Only a process administrator may do this")),
  initiatorOnly: () => new FlowRefused(403, l("只有流程发起人可以执行此操作", "Only the initiator of the process may do this")),
  revokeTooLate: () => new FlowRefused(409, l("已有审批人办理，不能撤销", "An approver has already acted: the process can no longer be revoked")),
  recallNotYours: () => new FlowRefused(403, l("只能撤回自己办理的任务", "You can only recall your own approval")),
  recallTooLate: () => new FlowRefused(409, l("下一步已被办理，不能撤回", "The next step has already been handled: the approval cannot be recalled")),
  recallSigner: () => new FlowRefused(409, l("加签的审批不能撤回", "An approval given as an added signer cannot be recalled")),
  urgeTooSoon: () => new FlowRefused(409, l("一小时内只能催办一次", "The process can be urged at most once an hour")),
  userUnknown: (key: string) => new FlowRefused(404, l(`用户 ${key} 不存在`, `User ${key} does not exist`)),
  fieldsNotEditable: (fields: string[]) => new FlowRefused(422, l(`${fields.join("、")} 在此审批节点不可修改`, `${fields.join(", ")} cannot be changed at this approval step`)),
  sameUser: () => new FlowRefused(422, l("不能转给当前处理人自己", "The task is already with that person")),
  delegated: () => new FlowRefused(409, l("该任务已委派，等待被委派人处理", "This task is delegated and waits for the delegate")),
  noSigners: () => new FlowRefused(422, l("请选择要加签的人员", "Choose the people to add as signers")),
  notSigner: () => new FlowRefused(422, l("该任务没有可减签的人员", "This task has no added signer to remove")),
  badReturnTarget: (key: string) => new FlowRefused(422, l(`不能退回到节点 ${key}`, `The task cannot be returned to node ${key}`)),
  initiatorTaskNoReturn: () => new FlowRefused(422, l("发起人任务只能重新提交或撤销", "The initiator's task can only be resubmitted or revoked")),
  noFlow: (node: CompiledNode) =>
    new FlowRefused(422, l(`节点 ${nodeName(node)} 没有满足条件的出口，且没有默认出口`, `No outgoing sequence flow of ${nodeName(node)} can be selected, and it has no default flow`)),
  missingApprover: (node: CompiledNode, variable: string) =>
    new FlowRefused(422, l(`请为节点 ${nodeName(node)} 选择审批人（${variable}）`, `Choose the approver of ${nodeName(node)} (${variable})`)),
  assignment: (node: CompiledNode, cause: Text) =>
    new FlowRefused(422, l(`节点 ${nodeName(node)} 的处理人无法确定：${cause["zh-CN"]}`, `The assignee of ${nodeName(node)} cannot be resolved: ${cause["en-US"]}`)),
  badCollection: (node: CompiledNode) =>
    new FlowRefused(422, l(`节点 ${nodeName(node)} 的多实例集合或数量不是列表或非负整数`, `The multi-instance collection or cardinality of ${nodeName(node)} is not a list or a non-negative whole number`)),
  rejectedEmpty: (node: CompiledNode) => l(`节点 ${nodeName(node)} 没有审批人，按策略自动驳回`, `Nobody approves ${nodeName(node)}: rejected by the node's policy`),
  timerUnknown: () => new FlowRefused(409, l("该定时器已处理或已取消", "This timer was already handled or cancelled")),
};

export const systemPerson = { id: "system", name: "系统" };
