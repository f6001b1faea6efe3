/** The one-line summary each node card shows of its settings, or null when the node still needs setting up. */
import type { TFunction } from "i18next";
import type { ConditionRow, FormField, ProcessNode } from "../../../events/flow/tree.ts";

const names = (list: { name: string; id: string }[], t: TFunction, max = 3) => {
  const shown = list.slice(0, max).map((p) => p.name || p.id).join(t("flowDesign.summary.separator"));
  return list.length > max ? t("flowDesign.summary.andMore", { names: shown, n: list.length }) : shown;
};

const valueText = (value: ConditionRow["value"], field: FormField | undefined) => {
  const one = (v: string | number | boolean) => field?.options?.find((o) => o.value === String(v))?.label ?? String(v);
  return Array.isArray(value) ? `[${value.map(one).join(", ")}]` : one(value);
};

export function conditionText(rows: ConditionRow[], logic: "and" | "or", fields: FormField[], t: TFunction): string {
  return rows
    .map((r) => {
      const field = fields.find((f) => f.key === r.field);
      return `${field?.label ?? r.field} ${t(`flowDesign.ops.${opKey(r.op)}`)} ${valueText(r.value, field)}`;
    })
    .join(` ${t(`flowDesign.condition.${logic}`)} `);
}

/** Locale keys cannot hold "<=" and friends: each operator has a word. */
export function opKey(op: ConditionRow["op"]): string {
  return { "==": "eq", "!=": "ne", ">": "gt", ">=": "ge", "<": "lt", "<=": "le", in: "in", contains: "contains" }[op];
}

export function nodeSummary(node: ProcessNode, fields: FormField[], t: TFunction): string | null {
  switch (node.type) {
    case "ROOT":
      return node.props.formFields.length ? t("flowDesign.summary.formFields", { n: node.props.formFields.length }) : t("flowDesign.summary.anyone");
    case "APPROVAL": {
      const p = node.props;
      const mode = p.assignedType === "user" && p.assignedUser.length > 1 ? ` · ${t(`flowDesign.approval.modes.${p.mode}`)}` : "";
      if (p.assignedType === "user") return p.assignedUser.length ? names(p.assignedUser, t) + mode : null;
      if (p.assignedType === "role") return p.roles.length ? t("flowDesign.summary.roles", { names: names(p.roles, t) }) : null;
      return t(`flowDesign.approval.types.${p.assignedType}`);
    }
    case "CC": {
      const p = node.props;
      const parts = [p.assignedUser.length ? names(p.assignedUser, t) : "", p.roles.length ? t("flowDesign.summary.roles", { names: names(p.roles, t) }) : ""].filter(Boolean);
      if (!parts.length) return p.allowInitiatorAdd ? t("flowDesign.cc.allowInitiatorAdd") : null;
      return parts.join(t("flowDesign.summary.separator"));
    }
    case "CONDITION":
      if (node.props.isDefault) return t("flowDesign.summary.otherwise");
      return node.props.conditions.length ? conditionText(node.props.conditions, node.props.logic, fields, t) : null;
    case "CONCURRENT":
      return t("flowDesign.summary.concurrent");
    default:
      return t(`flowDesign.types.${node.type}`);
  }
}

/** What an unset node asks for. */
export function missingText(node: ProcessNode, t: TFunction): string {
  if (node.type === "APPROVAL") return t("flowDesign.summary.setApprover");
  if (node.type === "CC") return t("flowDesign.summary.setCc");
  if (node.type === "CONDITION") return t("flowDesign.summary.setCondition");
  return "";
}
