/**
 * The process tree the DingTalk-style designer edits (spec section 3): a chain of nodes from ROOT (the
 * initiator) through approvals, copies and branch blocks. Each node's `children` is the node after it;
 * CONDITIONS and CONCURRENTS hold their `branches` (CONDITION / CONCURRENT nodes, each starting a chain of
 * its own) and rejoin before their `children`. Shared by the browser (designer, validation before save) and
 * the Worker (model create/update, conversion to BPMN in events/flow/to-bpmn.ts).
 */
import * as z from "zod";
import type { Text } from "../i18n.ts";
import { lazySchema } from "../lazy.ts";

// ---------------------------------------------------------------- pieces

/** A person or a role as the pickers answer them: the id is what the engine resolves, the name is shown. */
export const personRef = lazySchema(() => z.object({ id: z.string().min(1).max(64), name: z.string().max(100).default("") }));
export type PersonRef = z.infer<typeof personRef>;

/** A form field key is a process variable, so it must read as an expression identifier (`amount`, `dept_id`). */
export const variableKey = lazySchema(() => z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, "a letter or _ then letters, digits or _"));

export const formFieldTypes = ["text", "textarea", "number", "money", "date", "select"] as const;
export type FormFieldType = (typeof formFieldTypes)[number];

export const formField = lazySchema(() => z.object({
  key: variableKey,
  label: z.string().min(1).max(100),
  type: z.enum(formFieldTypes),
  required: z.boolean().default(false),
  /** select: the choices (value = label unless given) */
  options: z.array(z.object({ value: z.string().max(100), label: z.string().max(100) })).max(200).optional(),
  /** number and money: the unit the amount is counted in (元, 万元), shown beside it */
  unit: z.string().max(16).optional(),
}));
export type FormField = z.infer<typeof formField>;

export const formPermValues = ["edit", "read", "hidden"] as const;
export type FormPerm = (typeof formPermValues)[number];
export const formPerms = lazySchema(() => z.record(z.string(), z.enum(formPermValues)));
export type FormPerms = z.infer<typeof formPerms>;

// ---------------------------------------------------------------- props per node type

export const rootProps = lazySchema(() => z.object({
  /** the model's simple start form: conditions and formPerms refer to these keys */
  formFields: z.array(formField).max(100).default([]),
  /** what the initiator sees of the form (absent fields: edit) */
  formPerms: formPerms.default({}),
}));
export type RootProps = z.infer<typeof rootProps>;

export const assignedTypes = ["user", "role", "leader", "self", "pick"] as const;
export type AssignedType = (typeof assignedTypes)[number];
export const approvalModes = ["all", "any", "sequential", "ratio"] as const;
export type ApprovalMode = (typeof approvalModes)[number];
export const emptyApproverPolicies = ["pass", "reject", "admin", "user"] as const;
export const repeatedApproverPolicies = ["pass", "again"] as const;
export const timeoutActions = ["remind", "escalate"] as const;

export const approvalProps = lazySchema(() => z.object({
  /** user: the listed users; role: any member of the roles; leader: the initiator's leader; self: the initiator; pick: chosen at start */
  assignedType: z.enum(assignedTypes).default("user"),
  assignedUser: z.array(personRef).max(100).default([]),
  roles: z.array(personRef).max(50).default([]),
  /** several users: all sign (会签), any one signs (或签), one after another, or a share of them */
  mode: z.enum(approvalModes).default("all"),
  /** ratio mode: the share of approvals that completes the node, 0 < r ≤ 1 */
  passRatio: z.number().gt(0).max(1).optional(),
  emptyApprover: z.enum(emptyApproverPolicies).default("pass"),
  emptyApproverUser: personRef.nullish(),
  repeatedApprover: z.enum(repeatedApproverPolicies).default("again"),
  formPerms: formPerms.default({}),
  /** remind: a reminder to the approver after the hours; escalate: the task goes to the initiator's leader */
  timeout: z.object({ hours: z.number().gt(0).max(24 * 365), action: z.enum(timeoutActions) }).nullish(),
}));
export type ApprovalProps = z.infer<typeof approvalProps>;

export const conditionOps = ["==", "!=", ">", ">=", "<", "<=", "in", "contains"] as const;
export type ConditionOp = (typeof conditionOps)[number];

/** One row of a branch condition: `field op value`; `in` takes a list, `contains` tests a text field for a fragment. */
export const conditionRow = lazySchema(() => z.object({
  field: variableKey,
  op: z.enum(conditionOps),
  value: z.union([z.string().max(500), z.number(), z.boolean(), z.array(z.union([z.string().max(500), z.number()])).max(100)]),
}));
export type ConditionRow = z.infer<typeof conditionRow>;

export const conditionProps = lazySchema(() => z.object({
  /** rows joined by `logic` */
  conditions: z.array(conditionRow).max(50).default([]),
  logic: z.enum(["and", "or"]).default("and"),
  /** the default branch, taken when no other condition holds (at most one per CONDITIONS node) */
  isDefault: z.boolean().default(false),
}));
export type ConditionProps = z.infer<typeof conditionProps>;

export const ccProps = lazySchema(() => z.object({
  assignedUser: z.array(personRef).max(100).default([]),
  roles: z.array(personRef).max(50).default([]),
  /** the initiator may add people to copy when starting */
  allowInitiatorAdd: z.boolean().default(false),
}));
export type CcProps = z.infer<typeof ccProps>;

// ---------------------------------------------------------------- nodes

export const nodeTypes = ["ROOT", "APPROVAL", "CONDITIONS", "CONDITION", "CONCURRENTS", "CONCURRENT", "CC", "EMPTY"] as const;
export type NodeType = (typeof nodeTypes)[number];

interface NodeBase {
  id: string;
  name: string;
  /** the next node of the chain (after the rejoin for CONDITIONS / CONCURRENTS) */
  children?: ProcessNode | null;
}
export interface RootNode extends NodeBase { type: "ROOT"; props: RootProps }
export interface ApprovalNode extends NodeBase { type: "APPROVAL"; props: ApprovalProps }
export interface ConditionsNode extends NodeBase { type: "CONDITIONS"; props: Record<string, unknown>; branches: ConditionNode[] }
export interface ConditionNode extends NodeBase { type: "CONDITION"; props: ConditionProps }
export interface ConcurrentsNode extends NodeBase { type: "CONCURRENTS"; props: Record<string, unknown>; branches: ConcurrentNode[] }
export interface ConcurrentNode extends NodeBase { type: "CONCURRENT"; props: Record<string, unknown> }
export interface CcNode extends NodeBase { type: "CC"; props: CcProps }
export interface EmptyNode extends NodeBase { type: "EMPTY"; props: Record<string, unknown> }

export type ProcessNode = RootNode | ApprovalNode | ConditionsNode | ConditionNode | ConcurrentsNode | ConcurrentNode | CcNode | EmptyNode;
export type ProcessTree = RootNode;

const nodeId = lazySchema(() => z.string().min(1).max(64));
const nodeName = lazySchema(() => z.string().max(100).default(""));
const looseProps = lazySchema(() => z.record(z.string(), z.unknown()).default({}));

// The schemas are recursive through `children` and `branches`; the annotations give them the types above.
const next: z.ZodType<ProcessNode | null | undefined> = lazySchema(() => z.lazy(() => processNode.nullish()));

export const conditionNode: z.ZodType<ConditionNode> = lazySchema(() => z.lazy(() =>
  z.object({ id: nodeId, name: nodeName, type: z.literal("CONDITION"), props: conditionProps.default(conditionProps.parse({})), children: next }),
));
export const concurrentNode: z.ZodType<ConcurrentNode> = lazySchema(() => z.lazy(() =>
  z.object({ id: nodeId, name: nodeName, type: z.literal("CONCURRENT"), props: looseProps, children: next }),
));

export const processNode: z.ZodType<ProcessNode> = lazySchema(() => z.lazy(() =>
  z.discriminatedUnion("type", [
    z.object({ id: nodeId, name: nodeName, type: z.literal("ROOT"), props: rootProps.default(rootProps.parse({})), children: next }),
    z.object({ id: nodeId, name: nodeName, type: z.literal("APPROVAL"), props: approvalProps.default(approvalProps.parse({})), children: next }),
    z.object({ id: nodeId, name: nodeName, type: z.literal("CONDITIONS"), props: looseProps, branches: z.array(conditionNode).min(2).max(20), children: next }),
    z.object({ id: nodeId, name: nodeName, type: z.literal("CONDITION"), props: conditionProps.default(conditionProps.parse({})), children: next }),
    z.object({ id: nodeId, name: nodeName, type: z.literal("CONCURRENTS"), props: looseProps, branches: z.array(concurrentNode).min(2).max(20), children: next }),
    z.object({ id: nodeId, name: nodeName, type: z.literal("CONCURRENT"), props: looseProps, children: next }),
    z.object({ id: nodeId, name: nodeName, type: z.literal("CC"), props: ccProps.default(ccProps.parse({})), children: next }),
    z.object({ id: nodeId, name: nodeName, type: z.literal("EMPTY"), props: looseProps, children: next }),
  ]),
));

/** The whole tree: a ROOT node, its shape checked (types, props) and its rules (treeProblems) reported as issues. */
export const processTree = lazySchema(() => z
  .lazy(() => processNode)
  .superRefine((node, ctx) => {
    if (node.type !== "ROOT") {
      ctx.addIssue({ code: "custom", message: "the tree starts with a ROOT node" });
      return;
    }
    for (const p of treeProblems(node)) ctx.addIssue({ code: "custom", message: p.text["en-US"], path: [p.nodeId] });
  })
  .transform((node) => node as ProcessTree));

// ---------------------------------------------------------------- walking

/** Every node of the tree, depth first in chain order (branches before the node after their block). */
export function walkTree(node: ProcessNode | null | undefined, visit: (node: ProcessNode, parent: ProcessNode | null) => void, parent: ProcessNode | null = null): void {
  for (let n = node; n; n = n.children ?? null) {
    visit(n, parent);
    if (n.type === "CONDITIONS" || n.type === "CONCURRENTS") for (const b of n.branches) walkTree(b, visit, n);
  }
}

/** The BPMN id of a tree node: the id itself when it is a safe identifier (it also names `approver_<id>`). */
export function bpmnIdOf(nodeId: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(nodeId) ? nodeId : `node_${nodeId.replace(/[^A-Za-z0-9_]/g, "_")}`;
}

/** The variable that carries the approver the initiator picks at start for a `pick` node. */
export const pickVariable = (nodeId: string) => `approver_${bpmnIdOf(nodeId)}`;

// ---------------------------------------------------------------- rules

export interface TreeProblem {
  nodeId: string;
  text: Text;
}

const label = (n: ProcessNode) => n.name || n.id;

/**
 * What keeps a tree from becoming a runnable model, per node, in both languages: the designer shows them
 * before saving and the server refuses a tree that has any.
 */
export function treeProblems(tree: ProcessTree): TreeProblem[] {
  const problems: TreeProblem[] = [];
  const add = (n: ProcessNode, zh: string, en: string) => problems.push({ nodeId: n.id, text: { "zh-CN": `节点「${label(n)}」${zh}`, "en-US": `Node "${label(n)}" ${en}` } });
  const fields = new Set(tree.props.formFields.map((f) => f.key));
  const seen = new Set<string>();
  const bpmnIds = new Set<string>();
  /** ids the conversion adds beside a node (a block's join, the end event, a timeout's boundary…) */
  const derivedOf = new Map<string, ProcessNode>();
  const fieldKeys = new Set<string>();
  for (const f of tree.props.formFields) {
    if (fieldKeys.has(f.key)) add(tree, `的表单字段 ${f.key} 重复`, `has the form field ${f.key} twice`);
    fieldKeys.add(f.key);
    if (f.type === "select" && !f.options?.length) add(tree, `的下拉字段「${f.label}」没有选项`, `has the select field "${f.label}" without options`);
  }
  walkTree(tree, (n, parent) => {
    const bpmnId = bpmnIdOf(n.id);
    // the exact id first, then its BPMN id against the other nodes' (both sets are filled only after the test)
    if (seen.has(n.id)) add(n, "的编号重复", "has a duplicate id");
    else if (bpmnIds.has(bpmnId)) add(n, "的编号与其他节点冲突", "has an id that clashes with another node's");
    seen.add(n.id);
    bpmnIds.add(bpmnId);
    if (/^flow_\d+(_\d+)?$/.test(bpmnId)) add(n, "的编号与连线编号冲突", "has an id that clashes with a sequence flow's");
    for (const derived of derivedIds(n)) derivedOf.set(derived, n);
    if (n.type === "ROOT" && parent) add(n, "不能出现在分支中", "cannot be inside a branch");
    if ((n.type === "CONDITION" || n.type === "CONCURRENT") && !parent) add(n, "只能作为分支出现", "can only be a branch");
    if (n.type === "APPROVAL") {
      const p = n.props;
      if (p.assignedType === "user" && p.assignedUser.length === 0) add(n, "没有设置审批人", "has no approver");
      if (p.assignedType === "role" && p.roles.length === 0) add(n, "没有设置审批角色", "has no approver role");
      if (p.mode === "ratio" && p.passRatio == null) add(n, "按比例通过但没有设置通过比例", "passes by ratio but has no ratio");
      if (p.emptyApprover === "user" && !p.emptyApproverUser) add(n, "审批人为空时转交指定人员，但没有指定人员", "hands an empty approver to a named user but names none");
      for (const key of Object.keys(p.formPerms)) if (!fields.has(key)) add(n, `的表单权限引用了不存在的字段 ${key}`, `has a form permission for the unknown field ${key}`);
    }
    if (n.type === "CC" && n.props.assignedUser.length === 0 && n.props.roles.length === 0 && !n.props.allowInitiatorAdd) {
      add(n, "没有设置抄送人", "copies to nobody");
    }
    if (n.type === "CONDITIONS") {
      const defaults = n.branches.filter((b) => b.props.isDefault);
      if (defaults.length > 1) add(n, "有多个默认分支", "has more than one default branch");
      for (const b of n.branches) {
        if (!b.props.isDefault && b.props.conditions.length === 0) add(b, "没有设置条件", "has no condition");
        for (const row of b.props.conditions) {
          if (!fields.has(row.field)) add(b, `的条件引用了不存在的表单字段 ${row.field}`, `has a condition on the unknown form field ${row.field}`);
          if (row.op === "in" && !Array.isArray(row.value)) add(b, `的条件 ${row.field} 属于 需要一个列表`, `needs a list for ${row.field} in`);
          if (row.op !== "in" && Array.isArray(row.value)) add(b, `的条件 ${row.field} 只能比较一个值`, `compares ${row.field} with a list`);
        }
      }
    }
  });
  // a node whose BPMN id is one the conversion gives an added element would be renamed there, losing its key
  walkTree(tree, (n) => {
    const owner = derivedOf.get(bpmnIdOf(n.id));
    if (owner && owner !== n) add(n, `的编号与节点「${label(owner)}」生成的元素冲突`, `has an id that clashes with an element made for node "${label(owner)}"`);
  });
  return problems;
}

/** The ids treeToBpmn gives the elements it adds for a node (to-bpmn.ts names them after the node's BPMN id). */
function derivedIds(n: ProcessNode): string[] {
  const id = bpmnIdOf(n.id);
  if (n.type === "ROOT") return [`${id}_end`];
  if (n.type === "CONDITIONS" || n.type === "CONCURRENTS") return [`${id}_join`];
  if (n.type === "APPROVAL" && n.props.timeout) return [`${id}_timeout`, `${id}_escalated`, `${id}_merge`];
  return [];
}
