/**
 * The names the seeded process models carry, in both languages: the models, their nodes and branches and the
 * fields of their start forms. worker/seed/flow.ts builds the trees from the Chinese (the models are stored as
 * designed, in the default language); the English is what the screens show in en-US (./seeded-english.ts).
 */
import { l } from "../family.ts";
import type { Text } from "../i18n.ts";

export const expenseTexts = {
  name: l("费用报销", "Expense claim"),
  description: l("费用报销示例：部门负责人审批，超过 5000 元由财务总监审批，财务与行政会审后抄送管理员", "Expense claim example: the department head approves, claims above 5,000 also go to the finance director, finance and administration review side by side, then the administrator gets a copy"),
  nodes: {
    root: l("发起人", "Initiator"),
    leader: l("部门负责人审批", "Department head's approval"),
    amountCheck: l("金额判断", "Amount check"),
    large: l("金额大于 5000", "Amount above 5,000"),
    director: l("财务总监审批", "Finance director's approval"),
    normal: l("其他情况", "Otherwise"),
    review: l("会审", "Joint review"),
    finance: l("财务复核", "Finance review"),
    office: l("行政复核", "Administration review"),
    copy: l("抄送管理员", "Copy to the administrator"),
  },
  fields: { amount: l("报销金额", "Amount claimed"), reason: l("报销事由", "Reason") },
};

/** The default approval of every application kind: its applicant, then two reviews. */
export const applicationSteps = {
  root: l("申请人", "Applicant"),
  staff: l("服务专员初审", "Service officer's first review"),
  admin: l("平台复核", "Platform review"),
};

/** An application flow's description: its name, then its steps. */
export const applicationDescription = (name: Text): Text => l(`${name["zh-CN"]}：服务专员初审，平台复核`, `${name["en-US"]}: service officer's first review, then platform review`);

/** The names of the application kinds' flows (keys are the families' lifecycle.apply.flowKey); their form fields are the families' own. */
export const applicationFlowNames: Record<string, Text> = {
  financApply: l("融资申请审批", "Financing application approval"),
  listingApply: l("上市挂牌申请审批", "Listing application approval"),
  serviceApply: l("服务申请审批", "Service application approval"),
  justiceApply: l("法律服务申请审批", "Legal service application approval"),
  mattersApply: l("事项申请审批", "Matter application approval"),
  policyDeclare: l("政策申报审批", "Policy declaration approval"),
};

/** An application flow's name: declared above, else the family's label and "approval". */
export const applicationFlowName = (key: string, familyLabel: Text): Text => applicationFlowNames[key] ?? l(`${familyLabel["zh-CN"]}审批`, `${familyLabel["en-US"]} approval`);
