/**
 * Workflow demo data: a "费用报销" (expense claim) model drawn as a designer tree — the initiator's leader
 * approves, claims above 5,000 also go to the finance director, then finance and the administrators
 * review side by side, and the administrator gets a copy — saved as a model record and published as its
 * version 1, so the product shows a runnable process on first start.
 */
import { flowModel } from "../../events/families/flow.ts";
import type { Family } from "../../events/family.ts";
import type { FormField, ProcessTree } from "../../events/flow/tree.ts";
import type { Field } from "../../events/fields.ts";
import { families } from "../../events/families/index.ts";
import { treeToBpmn } from "../../events/flow/to-bpmn.ts";
import { compileBpmn } from "../flow/model/compile.ts";
import { deploymentPublished, deploymentStream, type DeploymentPublished } from "../flow/projection.ts";
import { newCreate } from "../resources/commands.ts";
import type { StreamWrite } from "../store/types.ts";
import { displayTime } from "../time.ts";

export const expenseModelKey = "expense";

export function expenseTree(people: { financeDirector: { id: string; name: string }; finance: { id: string; name: string }; adminRole: { id: string; name: string }; admin: { id: string; name: string } }): ProcessTree {
  return {
    id: "root",
    name: "发起人",
    type: "ROOT",
    props: {
      formFields: [
        { key: "amount", label: "报销金额", type: "money", required: true, unit: "元" },
        { key: "reason", label: "报销事由", type: "textarea", required: true },
      ],
      formPerms: {},
    },
    children: {
      id: "leader",
      name: "部门负责人审批",
      type: "APPROVAL",
      props: { assignedType: "leader", assignedUser: [], roles: [], mode: "all", emptyApprover: "admin", repeatedApprover: "again", formPerms: { amount: "read", reason: "read" } },
      children: {
        id: "amount_check",
        name: "金额判断",
        type: "CONDITIONS",
        props: {},
        branches: [
          {
            id: "large",
            name: "金额大于 5000",
            type: "CONDITION",
            props: { conditions: [{ field: "amount", op: ">", value: 5000 }], logic: "and", isDefault: false },
            children: {
              id: "director",
              name: "财务总监审批",
              type: "APPROVAL",
              props: { assignedType: "user", assignedUser: [people.financeDirector], roles: [], mode: "all", emptyApprover: "admin", repeatedApprover: "pass", formPerms: {} },
              children: null,
            },
          },
          { id: "normal", name: "其他情况", type: "CONDITION", props: { conditions: [], logic: "and", isDefault: true }, children: null },
        ],
        children: {
          id: "review",
          name: "会审",
          type: "CONCURRENTS",
          props: {},
          branches: [
            {
              id: "review_finance",
              name: "财务复核",
              type: "CONCURRENT",
              props: {},
              children: {
                id: "finance",
                name: "财务复核",
                type: "APPROVAL",
                props: { assignedType: "user", assignedUser: [people.finance], roles: [], mode: "all", emptyApprover: "admin", repeatedApprover: "again", formPerms: {} },
                children: null,
              },
            },
            {
              id: "review_admin",
              name: "行政复核",
              type: "CONCURRENT",
              props: {},
              children: {
                id: "office",
                name: "行政复核",
                type: "APPROVAL",
                props: { assignedType: "role", assignedUser: [], roles: [people.adminRole], mode: "any", emptyApprover: "admin", repeatedApprover: "again", formPerms: {} },
                children: null,
              },
            },
          ],
          children: { id: "copy", name: "抄送管理员", type: "CC", props: { assignedUser: [people.admin], roles: [], allowInitiatorAdd: false }, children: null },
        },
      },
    },
  } as ProcessTree;
}

/** A designed model as a record and its first published version (the model screens can redesign it). */
async function publishedModel(seedId: (key: string) => Promise<string>, key: string, name: string, category: string, description: string, tree: ProcessTree, at: string): Promise<StreamWrite[]> {
  const xml = await treeToBpmn(tree, { key, name });
  const model = await compileBpmn(xml);
  const modelId = await seedId(`flow-model:${key}`);
  const deployId = await seedId(`flow-deployment:${key}:1`);
  const record = { key, name, category, description, tree, xml, deployedVersion: 1, deployTime: displayTime(at) };
  const published: DeploymentPublished = { deployId, modelId, key, version: 1, name, formCode: null, xml, model, tree };
  return [
    newCreate(flowModel as unknown as Family, record, modelId),
    { stream: deploymentStream(deployId), head: { version: 0, hash: "" }, events: [{ type: deploymentPublished, data: published as unknown as Record<string, unknown> }] },
  ];
}

/** The expense model as a record and its first published version. */
export async function flowSeedWrites(seedId: (key: string) => Promise<string>, people: Parameters<typeof expenseTree>[0], at: string): Promise<StreamWrite[]> {
  return publishedModel(seedId, expenseModelKey, "费用报销", "finance", "费用报销示例：部门负责人审批，超过 5000 元由财务总监审批，财务与行政会审后抄送管理员", expenseTree(people), at);
}

type Role = { id: string; name: string };

const approval = (id: string, name: string, role: Role, children: ProcessTree["children"]): ProcessTree["children"] => ({
  id,
  name,
  type: "APPROVAL",
  props: { assignedType: "role", assignedUser: [], roles: [role], mode: "any", emptyApprover: "admin", repeatedApprover: "pass", formPerms: {} },
  children,
}) as ProcessTree["children"];

/**
 * The default approval of an application kind: the platform's service staff check it (any member of the
 * department role), then an administrator approves. Seeded everywhere (deployments too): applications
 * need a flow from the first day, and an administrator redesigns it in the process designer.
 */
export function applicationTree(roles: { staff: Role; admin: Role }, formFields: FormField[]): ProcessTree {
  return {
    id: "root",
    name: "申请人",
    type: "ROOT",
    props: { formFields, formPerms: {} },
    children: approval("staff_review", "服务专员初审", roles.staff, approval("admin_review", "平台复核", roles.admin, null)),
  } as unknown as ProcessTree;
}

/** The form fields of an application flow: the application's own fields, so each node's permissions can name them. */
export function applicationFormFields(family: Family): FormField[] {
  const typeOf = (f: Field): FormField["type"] => (f.kind === "number" || f.kind === "int" ? "number" : f.kind === "date" ? "date" : "text");
  return Object.entries(family.fields)
    .filter(([, f]) => !f.managed)
    .map(([key, f]) => ({ key, label: f.label["zh-CN"], type: typeOf(f), required: false, ...(f.unit ? { unit: f.unit["zh-CN"] } : {}) }));
}

const flowNames: Record<string, string> = {
  financApply: "融资申请审批",
  listingApply: "上市挂牌申请审批",
  serviceApply: "服务申请审批",
  justiceApply: "法律服务申请审批",
  mattersApply: "事项申请审批",
};

/** The application kinds and their flows (keys are the families' lifecycle.apply.flowKey). */
export const applicationFlows = () =>
  (families as Family[])
    .filter((f) => f.lifecycle?.apply)
    .map((f) => ({ key: f.lifecycle!.apply!.flowKey, name: flowNames[f.lifecycle!.apply!.flowKey] ?? `${f.label["zh-CN"]}审批`, fields: applicationFormFields(f) }));

export async function applicationFlowWrites(seedId: (key: string) => Promise<string>, roles: { staff: Role; admin: Role }, at: string): Promise<StreamWrite[]> {
  const writes: StreamWrite[] = [];
  for (const flow of applicationFlows()) {
    writes.push(...(await publishedModel(seedId, flow.key, flow.name, "service", `${flow.name}：服务专员初审，平台复核`, applicationTree(roles, flow.fields), at)));
  }
  return writes;
}
