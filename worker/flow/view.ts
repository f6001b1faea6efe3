/**
 * The business view of an instance whose key no module links (a process started from its model's own
 * start form): the model's form fields filled with the instance's variables, numbers with the unit the
 * field declares. Imported BPMN has no form: then there is no view (the page lists the variables).
 */
import type { BusinessField, BusinessView } from "../../events/flow/business-view.ts";
import type { FormField } from "../../events/flow/tree.ts";
import type { InstanceState } from "./engine/types.ts";
import type { DeploymentRow } from "./repository.ts";
import { formFieldsOf } from "./routes/models.ts";

const fieldOf = (f: FormField, value: unknown): BusinessField => {
  switch (f.type) {
    case "number":
    case "money":
      return { key: f.key, label: f.label, kind: "number", value, ...(f.unit ? { unit: f.unit } : {}) };
    case "textarea":
      return { key: f.key, label: f.label, kind: "longText", value };
    case "date":
      return { key: f.key, label: f.label, kind: "date", value };
    case "select": {
      const option = f.options?.find((o) => o.value === String(value));
      return { key: f.key, label: f.label, kind: "text", value: option?.label ?? value };
    }
    default:
      return { key: f.key, label: f.label, kind: "text", value };
  }
};

export function processView(deployment: Pick<DeploymentRow, "tree" | "name">, state: InstanceState): BusinessView | null {
  const fields = formFieldsOf(deployment.tree);
  if (!fields.length) return null;
  return { kind: "process", title: state.name || deployment.name, recordId: null, status: null, fields: fields.map((f) => fieldOf(f, state.variables[f.key] ?? null)) };
}
