/**
 * Workflow demo data: a "费用报销" (expense claim) model drawn as a designer tree — the initiator's leader
 * approves, claims above 5,000 also go to the finance director, then finance and the administrators
 * review side by side, and the administrator gets a copy — saved as a model record and published as its
 * version 1, so the product shows a runnable process on first start.
 */
import { flowModel } from "../../events/families/flow.ts";
import type { Family } from "../../events/family.ts";
import type { ProcessTree } from "../../events/flow/tree.ts";
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
        { key: "amount", label: "报销金额", type: "money", required: true },
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

/** The expense model as a record and its first published version. */
export async function flowSeedWrites(seedId: (key: string) => Promise<string>, people: Parameters<typeof expenseTree>[0], at: string): Promise<StreamWrite[]> {
  const tree = expenseTree(people);
  const name = "费用报销";
  const xml = await treeToBpmn(tree, { key: expenseModelKey, name });
  const model = await compileBpmn(xml);
  const modelId = await seedId(`flow-model:${expenseModelKey}`);
  const deployId = await seedId(`flow-deployment:${expenseModelKey}:1`);
  const record = { key: expenseModelKey, name, category: "finance", description: "费用报销示例：部门负责人审批，超过 5000 元由财务总监审批，财务与行政会审后抄送管理员", tree, xml, deployedVersion: 1, deployTime: displayTime(at) };
  const published: DeploymentPublished = { deployId, modelId, key: expenseModelKey, version: 1, name, formCode: null, xml, model, tree };
  return [
    newCreate(flowModel as unknown as Family, record, modelId),
    { stream: deploymentStream(deployId), head: { version: 0, hash: "" }, events: [{ type: deploymentPublished, data: published as unknown as Record<string, unknown> }] },
  ];
}
