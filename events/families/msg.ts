/**
 * Message centre record families: the templates messages are rendered from (both languages, placeholders
 * filled from the event's params) and the message types (a tree whose ids take 2 characters per level:
 * `01`, `0101`), each serving one message point. Also the message points themselves and the standard
 * template set the seed writes.
 */
import { defineFamily, l } from "../family.ts";
import { field } from "../fields.ts";
import type { Text } from "../i18n.ts";

/** Where messages arise: the `type` of every message. */
export const messagePoints = [
  { value: "new-task", label: l("新待办", "New task"), todo: true },
  { value: "returned", label: l("退回", "Returned"), todo: false },
  { value: "rejected", label: l("驳回", "Rejected"), todo: false },
  { value: "copied", label: l("抄送", "Copied"), todo: false },
  { value: "urged", label: l("催办", "Urged"), todo: false },
  { value: "finished", label: l("流程结束", "Process ended"), todo: false },
  { value: "timer", label: l("超时提醒", "Overdue reminder"), todo: false },
  { value: "system", label: l("系统消息", "System message"), todo: false },
  { value: "task-due", label: l("任务到期提醒", "Task due soon"), todo: false },
  { value: "task-overdue", label: l("任务逾期提醒", "Task overdue"), todo: false },
  { value: "task-stale", label: l("任务未跟进预警", "Task not followed up"), todo: false },
  { value: "policy-match", label: l("政策匹配推送", "Policy match"), todo: false },
] as const satisfies readonly { value: string; label: Text; todo: boolean }[];

export type MessagePoint = (typeof messagePoints)[number]["value"];
export const messagePointValues = messagePoints.map((p) => p.value) as [MessagePoint, ...MessagePoint[]];

export const msgTemplate = defineFamily({
  path: "/msg/template",
  perm: "msg:template",
  table: "msg_template",
  label: l("消息模板", "Message template"),
  fields: {
    code: field.text(l("模板编码", "Template code"), { required: true, max: 64, rules: ["noOuterSpaces"] }),
    name: field.text(l("模板名称", "Template name"), { required: true, max: 100 }),
    type: field.dict(l("消息节点", "Message point"), "msgPoint", { required: true }),
    titleTemplate: field.text(l("标题模板", "Title template"), { required: true, max: 200 }),
    contentTemplate: field.longText(l("内容模板", "Content template"), { max: 2000 }),
    enTitleTemplate: field.text(l("英文标题模板", "English title template"), { max: 200 }),
    enContentTemplate: field.longText(l("英文内容模板", "English content template"), { max: 2000 }),
    status: field.dict(l("状态", "Status"), "dictStatus", { required: true }),
  },
  search: ["name", "code", "titleTemplate"],
  columns: ["code", "name", "type", "titleTemplate", "contentTemplate", "status"],
  filters: { code: "eq", name: "like", type: "eq", status: "eq" },
  sorts: ["code", "name", "updateTime"],
  defaultSort: ["code", "asc"],
  unique: [["code"]],
});

export const msgType = defineFamily({
  path: "/msg/type",
  perm: "msg:type",
  table: "msg_type",
  label: l("消息类型", "Message type"),
  fields: {
    name: field.text(l("类型名称", "Type name"), { required: true, max: 64 }),
    enName: field.text(l("英文名称", "English name"), { max: 128 }),
    parentId: field.ref(l("上级类型", "Parent type")),
    point: field.dict(l("消息节点", "Message point"), "msgPoint"),
    todo: field.bool(l("待办类", "To-do type")),
    sort: field.int(l("排序号", "Sort")),
  },
  columns: ["name", "enName", "point", "todo", "sort"],
  filters: { name: "like", parentId: "eq", point: "eq", todo: "eq" },
  parentKey: "parentId",
  sorts: ["sort", "name"],
  defaultSort: ["sort", "asc"],
});

export interface StandardTemplate {
  code: string;
  name: string;
  type: MessagePoint;
  title: Text;
  content: Text;
}

const tpl = (code: string, name: string, type: MessagePoint, title: Text, content: Text): StandardTemplate => ({ code, name, type, title, content });

/**
 * The standard set, seeded as msgTemplate records; also the fallback when a template record is missing.
 * Placeholders: {procDefName} {taskName} {startUserName} {comment} {byName}.
 */
export const standardTemplates: StandardTemplate[] = [
  tpl("newTask", "新待办", "new-task", l("【{procDefName}】待您审批：{taskName}", "[{procDefName}] awaits your approval: {taskName}"), l("{startUserName} 发起的「{procDefName}」已到「{taskName}」，请您处理。", "\"{procDefName}\" started by {startUserName} has reached \"{taskName}\" and awaits you.")),
  tpl("taskTransferred", "转办", "new-task", l("【{procDefName}】{byName} 将「{taskName}」转交给您", "[{procDefName}] {byName} transferred \"{taskName}\" to you"), l("{comment}", "{comment}")),
  tpl("taskDelegated", "委派", "new-task", l("【{procDefName}】{byName} 将「{taskName}」委派给您", "[{procDefName}] {byName} delegated \"{taskName}\" to you"), l("{comment}", "{comment}")),
  tpl("taskResolved", "委派完成", "new-task", l("【{procDefName}】{byName} 已处理委派的「{taskName}」", "[{procDefName}] {byName} resolved the delegated \"{taskName}\""), l("{comment}", "{comment}")),
  tpl("returned", "退回", "returned", l("【{procDefName}】被 {byName} 退回到「{taskName}」", "[{procDefName}] returned to \"{taskName}\" by {byName}"), l("退回意见：{comment}", "Reason: {comment}")),
  tpl("processRejected", "驳回", "rejected", l("【{procDefName}】已被 {byName} 驳回", "[{procDefName}] was rejected by {byName}"), l("驳回意见：{comment}", "Reason: {comment}")),
  tpl("processFinished", "审批通过", "finished", l("【{procDefName}】已审批完成", "[{procDefName}] has been approved"), l("{startUserName} 发起的「{procDefName}」已结束。", "\"{procDefName}\" started by {startUserName} has finished.")),
  tpl("processStopped", "流程终止", "finished", l("【{procDefName}】已被 {byName} 终止", "[{procDefName}] was stopped by {byName}"), l("{comment}", "{comment}")),
  tpl("processRevoked", "流程撤销", "finished", l("【{procDefName}】已被发起人撤销", "[{procDefName}] was withdrawn by its initiator"), l("{comment}", "{comment}")),
  tpl("copied", "抄送", "copied", l("【{procDefName}】{byName} 抄送给您", "[{procDefName}] {byName} copied you in"), l("{startUserName} 发起的「{procDefName}」抄送给您查阅。{comment}", "\"{procDefName}\" started by {startUserName} is copied to you for reading. {comment}")),
  tpl("urged", "催办", "urged", l("【{procDefName}】{byName} 催您尽快处理", "[{procDefName}] {byName} asks you to act soon"), l("{comment}", "{comment}")),
  tpl("taskTimeout", "超时提醒", "timer", l("【{procDefName}】「{taskName}」已超时，请尽快处理", "[{procDefName}] \"{taskName}\" is overdue, please act"), l("", "")),
  tpl("taskEscalated", "超时升级", "timer", l("【{procDefName}】「{taskName}」超时已升级", "[{procDefName}] \"{taskName}\" is overdue and was escalated"), l("", "")),
  tpl("system", "系统消息", "system", l("{title}", "{title}"), l("{content}", "{content}")),
  tpl("taskDue", "任务到期提醒", "task-due", l("【任务提醒】您有 {count} 个任务即将到期", "[Tasks] {count} of your tasks are due soon"), l("{names} 等任务将于 {deadline} 到期，请及时完成走访。", "{names} and others are due on {deadline}; please complete the visits in time.")),
  tpl("taskOverdue", "任务逾期提醒", "task-overdue", l("【任务逾期】您有 {count} 个任务已逾期", "[Tasks] {count} of your tasks are overdue"), l("{names} 等任务已超过期限（最早 {deadline}），请尽快处理。", "{names} and others are past their deadline (earliest {deadline}); please act soon.")),
  tpl("policyMatch", "政策匹配推送", "policy-match", l("【政策推送】您服务的 {count} 家企业符合「{policyName}」", "[Policy] {count} of your enterprises meet \"{policyName}\""), l("{names} 等企业符合政策「{policyName}」的条件，请及时联系企业申报。", "{names} and others meet the conditions of \"{policyName}\"; contact them about declaring.")),
  tpl("taskStale", "任务未跟进预警", "task-stale", l("【跟进预警】{count} 个任务超过 {days} 天未跟进", "[Tasks] {count} tasks not followed up for {days} days"), l("您负责的计划中，{names} 等任务开始后 {days} 天内没有跟进记录。", "In plans you own, {names} and others have had no follow-up within {days} days of their start.")),
];

/** The seeded message types: one per point, under two top-level groups. */
export const standardTypes: { id: string; name: string; enName: string; parentId: string | null; point: MessagePoint | null; todo: boolean }[] = [
  { id: "01", name: "流程消息", enName: "Workflow messages", parentId: null, point: null, todo: false },
  { id: "0101", name: "待办审批", enName: "Approval to do", parentId: "01", point: "new-task", todo: true },
  { id: "0102", name: "退回通知", enName: "Returned", parentId: "01", point: "returned", todo: false },
  { id: "0103", name: "驳回通知", enName: "Rejected", parentId: "01", point: "rejected", todo: false },
  { id: "0104", name: "抄送通知", enName: "Copied", parentId: "01", point: "copied", todo: false },
  { id: "0105", name: "催办通知", enName: "Urged", parentId: "01", point: "urged", todo: false },
  { id: "0106", name: "流程结束", enName: "Process ended", parentId: "01", point: "finished", todo: false },
  { id: "0107", name: "超时提醒", enName: "Overdue", parentId: "01", point: "timer", todo: false },
  { id: "02", name: "系统消息", enName: "System messages", parentId: null, point: null, todo: false },
  { id: "0201", name: "系统通知", enName: "System notice", parentId: "02", point: "system", todo: false },
  { id: "03", name: "任务提醒", enName: "Task reminders", parentId: null, point: null, todo: false },
  { id: "0301", name: "任务到期提醒", enName: "Task due soon", parentId: "03", point: "task-due", todo: false },
  { id: "0302", name: "任务逾期提醒", enName: "Task overdue", parentId: "03", point: "task-overdue", todo: false },
  { id: "0303", name: "任务未跟进预警", enName: "Task not followed up", parentId: "03", point: "task-stale", todo: false },
  { id: "04", name: "政策推送", enName: "Policy notices", parentId: null, point: null, todo: false },
  { id: "0401", name: "政策匹配推送", enName: "Policy match", parentId: "04", point: "policy-match", todo: false },
];
