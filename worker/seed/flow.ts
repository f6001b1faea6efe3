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
import { applicationDescription, applicationFlowName, applicationSteps, expenseTexts } from "../../events/seed/flows.ts";

const zh = (text: { "zh-CN": string }) => text["zh-CN"];
const node = expenseTexts.nodes;

export const expenseModelKey = "expense";

export function expenseTree(people: { financeDirector: { id: string; name: string }; finance: { id: string; name: string }; adminRole: { id: string; name: string }; admin: { id: string; name: string } }): ProcessTree {
  return {
    id: "root",
    name: zh(node.root),
    type: "ROOT",
    props: {
      formFields: [
        { key: "amount", label: zh(expenseTexts.fields.amount), type: "money", required: true, unit: "元" },
        { key: "reason", label: zh(expenseTexts.fields.reason), type: "textarea", required: true },
      ],
      formPerms: {},
    },
    children: {
      id: "leader",
      name: zh(node.leader),
      type: "APPROVAL",
      props: { assignedType: "leader", assignedUser: [], roles: [], mode: "all", emptyApprover: "admin", repeatedApprover: "again", formPerms: { amount: "read", reason: "read" } },
      children: {
        id: "amount_check",
        name: zh(node.amountCheck),
        type: "CONDITIONS",
        props: {},
        branches: [
          {
            id: "large",
            name: zh(node.large),
            type: "CONDITION",
            props: { conditions: [{ field: "amount", op: ">", value: 5000 }], logic: "and", isDefault: false },
            children: {
              id: "director",
              name: zh(node.director),
              type: "APPROVAL",
              props: { assignedType: "user", assignedUser: [people.financeDirector], roles: [], mode: "all", emptyApprover: "admin", repeatedApprover: "pass", formPerms: {} },
              children: null,
            },
          },
          { id: "normal", name: zh(node.normal), type: "CONDITION", props: { conditions: [], logic: "and", isDefault: true }, children: null },
        ],
        children: {
          id: "review",
          name: zh(node.review),
          type: "CONCURRENTS",
          props: {},
          branches: [
            {
              id: "review_finance",
              name: zh(node.finance),
              type: "CONCURRENT",
              props: {},
              children: {
                id: "finance",
                name: zh(node.finance),
                type: "APPROVAL",
                props: { assignedType: "user", assignedUser: [people.finance], roles: [], mode: "all", emptyApprover: "admin", repeatedApprover: "again", formPerms: {} },
                children: null,
              },
            },
            {
              id: "review_admin",
              name: zh(node.office),
              type: "CONCURRENT",
              props: {},
              children: {
                id: "office",
                name: zh(node.office),
                type: "APPROVAL",
                props: { assignedType: "role", assignedUser: [], roles: [people.adminRole], mode: "any", emptyApprover: "admin", repeatedApprover: "again", formPerms: {} },
                children: null,
              },
            },
          ],
          children: { id: "copy", name: zh(node.copy), type: "CC", props: { assignedUser: [people.admin], roles: [], allowInitiatorAdd: false }, children: null },
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
  return publishedModel(seedId, expenseModelKey, zh(expenseTexts.name), "finance", zh(expenseTexts.description), expenseTree(people), at);
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
    name: zh(applicationSteps.root),
    type: "ROOT",
    props: { formFields, formPerms: {} },
    children: approval("staff_review", zh(applicationSteps.staff), roles.staff, approval("admin_review", zh(applicationSteps.admin), roles.admin, null)),
  } as unknown as ProcessTree;
}

/** The form fields of an application flow: the application's own fields, so each node's permissions can name them. */
export function applicationFormFields(family: Family): FormField[] {
  const typeOf = (f: Field): FormField["type"] => (f.kind === "number" || f.kind === "int" ? "number" : f.kind === "date" ? "date" : "text");
  return Object.entries(family.fields)
    .filter(([, f]) => !f.managed)
    .map(([key, f]) => ({ key, label: f.label["zh-CN"], type: typeOf(f), required: false, ...(f.unit ? { unit: f.unit["zh-CN"] } : {}) }));
}

/** The application kinds and their flows (keys are the families' lifecycle.apply.flowKey), named in the default language. */
export const applicationFlows = () =>
  (families as Family[])
    .filter((f) => f.lifecycle?.apply)
    .map((f) => {
      const key = f.lifecycle!.apply!.flowKey;
      const name = applicationFlowName(key, f.label);
      return { key, name: zh(name), description: zh(applicationDescription(name)), fields: applicationFormFields(f) };
    });

export async function applicationFlowWrites(seedId: (key: string) => Promise<string>, roles: { staff: Role; admin: Role }, at: string): Promise<StreamWrite[]> {
  const writes: StreamWrite[] = [];
  for (const flow of applicationFlows()) {
    writes.push(...(await publishedModel(seedId, flow.key, flow.name, "service", flow.description, applicationTree(roles, flow.fields), at)));
  }
  return writes;
}
