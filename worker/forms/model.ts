/**
 * The refusal of a form layout that does not fit its data model's fields (read with the data model's own
 * `modelDefinition`), naming the field and the rule.
 */
import type { MessageKey } from "../../events/i18n.ts";
import { dataModelForms } from "../../events/families/forms.ts";
import { layoutProblems, type FormLayout, type LayoutProblem } from "../../events/forms/layout.ts";
import { ValidationError } from "../errors.ts";
import type { ModelDefinition } from "../datamodel/runtime.ts";

const problemKeys: Record<LayoutProblem["problem"], MessageKey> = {
  unknownField: "layoutUnknownField",
  hiddenModelField: "layoutHiddenModelField",
  repeatedField: "layoutRepeatedField",
  widgetNotFit: "layoutWidgetNotFit",
  spanTooWide: "layoutSpanTooWide",
  unknownRuleField: "layoutUnknownRuleField",
  ruleValueMissing: "layoutRuleValueMissing",
};

/** Refuses a layout that does not fit the model, every problem reported on `layout`. */
export function requireLayoutFits(layout: FormLayout, { model }: ModelDefinition) {
  const problems = layoutProblems(layout, model.fields);
  if (problems.length) {
    throw new ValidationError(problems.map((p) => ({ field: "layout", label: dataModelForms.fields.layout.label, key: problemKeys[p.problem], params: { field: p.field, path: p.path } })));
  }
}
