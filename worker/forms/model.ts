/**
 * What forms need of a data model: its definition's fields (types, for the widgets) and its version when a
 * form is released, and the refusal of a layout that does not fit them, naming the field and the rule.
 */
import { z } from "zod";
import type { MessageKey } from "../../events/i18n.ts";
import { modelFieldSchema, type ModelField } from "../../events/datamodel/definition.ts";
import { dataModels } from "../../events/families/datamodel.ts";
import { dataModelForms } from "../../events/families/forms.ts";
import { layoutProblems, type FormLayout, type LayoutProblem } from "../../events/forms/layout.ts";
import { ValidationError, notFound } from "../errors.ts";

export interface ModelDefinition {
  id: string;
  version: number;
  fields: ModelField[];
}

const fieldsSchema = z.array(modelFieldSchema);

/** The live model's definition (an unknown or deleted model is not found). */
export async function modelDefinition(db: D1Database, id: string): Promise<ModelDefinition> {
  const row = await db.prepare(`SELECT id, version, fields FROM ${dataModels.table} WHERE id = ?`).bind(id).first<{ id: string; version: number; fields: string | null }>();
  if (!row) throw notFound(dataModels.label);
  return { id: row.id, version: row.version, fields: fieldsSchema.parse(row.fields ? JSON.parse(row.fields) : []) };
}

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
export function requireLayoutFits(layout: FormLayout, model: ModelDefinition) {
  const problems = layoutProblems(layout, model.fields);
  if (problems.length) {
    throw new ValidationError(problems.map((p) => ({ field: "layout", label: dataModelForms.fields.layout.label, key: problemKeys[p.problem], params: { field: p.field, path: p.path } })));
  }
}
