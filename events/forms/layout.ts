/**
 * A form's layout over a data model: sections of rows of columns, each column one model field
 * with its widget and its hidden / read-only / required rules. Pure: the designer, the renderer and the
 * Worker (which refuses a save that breaks a rule) share it, so the browser and the server never disagree.
 */
import * as z from "zod";
import { lazySchema } from "../lazy.ts";

export const formWidgets = ["input", "textarea", "number", "date", "datetime", "select", "radio", "checkbox", "switch", "region", "user", "org", "upload"] as const;
export type FormWidget = (typeof formWidgets)[number];

export const ruleOps = ["eq", "ne", "in", "empty", "notEmpty"] as const;
export type RuleOp = (typeof ruleOps)[number];

const fieldKey = lazySchema(() => z.string().regex(/^[a-z][a-zA-Z0-9]{0,39}$/));
const text = (max: number) => z.string().trim().max(max);
const bilingual = lazySchema(() => z.object({ zh: text(64).optional(), en: text(64).optional() }));
const ruleValue = lazySchema(() => z.union([z.string().max(200), z.number(), z.boolean(), z.array(z.union([z.string().max(200), z.number()])).max(50)]));

/** `true`, or a condition on another field's value. */
export const ruleSchema = lazySchema(() => z.union([
  z.literal(true),
  z.object({ field: fieldKey, op: z.enum(ruleOps), value: ruleValue.optional() }),
]));
export type Rule = z.infer<typeof ruleSchema>;
export type Condition = Exclude<Rule, true>;

export const layoutColumnSchema = lazySchema(() => z.object({
  field: fieldKey,
  span: z.number().int().min(1).max(24).default(24),
  widget: z.enum(formWidgets),
  label: bilingual.optional(),
  help: bilingual.optional(),
  placeholder: bilingual.optional(),
  hidden: ruleSchema.optional(),
  readOnly: ruleSchema.optional(),
  required: ruleSchema.optional(),
}));
export type LayoutColumn = z.infer<typeof layoutColumnSchema>;

export const layoutRowSchema = lazySchema(() => z.object({ cols: z.array(layoutColumnSchema).min(1).max(24) }));
export type LayoutRow = z.infer<typeof layoutRowSchema>;

export const layoutSectionSchema = lazySchema(() => z.object({ title: bilingual.optional(), rows: z.array(layoutRowSchema).max(100) }));
export type LayoutSection = z.infer<typeof layoutSectionSchema>;

/** The shape alone; `layoutForModel` adds the checks against a model's fields. */
export const formLayoutSchema = lazySchema(() => z.object({ sections: z.array(layoutSectionSchema).max(50) }));
export type FormLayout = z.infer<typeof formLayoutSchema>;

export const emptyLayout = (): FormLayout => ({ sections: [{ rows: [] }] });

// ---------------------------------------------------------------- against a model

/** The model field as a layout sees it (a subset of events/datamodel/definition.ts's ModelField). */
export interface LayoutModelField {
  name: string;
  title: string;
  titleEn?: string;
  type: string;
  required?: boolean;
  hidden?: boolean;
  dictType?: string;
}

/** The widgets that can show each model field type; the first is the designer's default. */
export const widgetsByType: Record<string, readonly FormWidget[]> = {
  text: ["input", "textarea"],
  longText: ["textarea", "input"],
  int: ["number", "input"],
  decimal: ["number", "input"],
  date: ["date", "input"],
  datetime: ["datetime", "input"],
  dict: ["select", "radio"],
  dictMulti: ["checkbox", "select"],
  region: ["region", "input"],
  organisation: ["org"],
  user: ["user"],
  file: ["upload"],
  bool: ["switch", "radio"],
};

export const defaultWidget = (type: string): FormWidget => widgetsByType[type]?.[0] ?? "input";

/** A broken layout rule: where (a dotted path into the layout) and what. */
export interface LayoutProblem {
  path: string;
  field: string;
  problem: "unknownField" | "hiddenModelField" | "repeatedField" | "widgetNotFit" | "spanTooWide" | "unknownRuleField" | "ruleValueMissing";
}

const rulesOf = (col: LayoutColumn) => (["hidden", "readOnly", "required"] as const).flatMap((k) => (col[k] && col[k] !== true ? [[k, col[k] as Condition] as const] : []));

/**
 * The layout's problems against the model's fields (none = valid): every column names a visible model field
 * once, with a widget that can show it, a row's spans add up to at most 24, and a rule's condition names a
 * model field (a value where its operator needs one).
 */
export function layoutProblems(layout: FormLayout, fields: LayoutModelField[]): LayoutProblem[] {
  const byName = new Map(fields.map((f) => [f.name, f]));
  const seen = new Set<string>();
  const problems: LayoutProblem[] = [];
  layout.sections.forEach((section, s) =>
    section.rows.forEach((row, r) => {
      const at = `sections.${s}.rows.${r}`;
      if (row.cols.reduce((sum, c) => sum + c.span, 0) > 24) problems.push({ path: at, field: row.cols[0]!.field, problem: "spanTooWide" });
      row.cols.forEach((col, c) => {
        const path = `${at}.cols.${c}`;
        const f = byName.get(col.field);
        if (!f) problems.push({ path, field: col.field, problem: "unknownField" });
        else if (f.hidden) problems.push({ path, field: col.field, problem: "hiddenModelField" });
        else if (!(widgetsByType[f.type] ?? ["input"]).includes(col.widget)) problems.push({ path, field: col.field, problem: "widgetNotFit" });
        if (seen.has(col.field)) problems.push({ path, field: col.field, problem: "repeatedField" });
        seen.add(col.field);
        for (const [key, cond] of rulesOf(col)) {
          if (!byName.has(cond.field)) problems.push({ path: `${path}.${key}`, field: col.field, problem: "unknownRuleField" });
          if ((cond.op === "eq" || cond.op === "ne" || cond.op === "in") && cond.value === undefined) problems.push({ path: `${path}.${key}`, field: col.field, problem: "ruleValueMissing" });
        }
      });
    }),
  );
  return problems;
}

/** The columns of a layout in reading order. */
export const layoutColumns = (layout: FormLayout): LayoutColumn[] => layout.sections.flatMap((s) => s.rows.flatMap((r) => r.cols));

// ---------------------------------------------------------------- rules

export type NodePerm = "edit" | "read" | "hidden";
export interface FieldState {
  hidden: boolean;
  readOnly: boolean;
  required: boolean;
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0);
const same = (a: unknown, b: unknown) => String(a) === String(b);

/** Whether a condition holds for the form's current values (a multiple value matches when any of its items does). */
export function holds(rule: Rule | undefined, values: Record<string, unknown>): boolean {
  if (rule === undefined) return false;
  if (rule === true) return true;
  const v = values[rule.field];
  const items = Array.isArray(v) ? v : [v];
  switch (rule.op) {
    case "empty":
      return isEmpty(v);
    case "notEmpty":
      return !isEmpty(v);
    case "eq":
      return items.some((x) => same(x, rule.value));
    case "ne":
      return !items.some((x) => same(x, rule.value));
    case "in": {
      const allowed = Array.isArray(rule.value) ? rule.value : [rule.value];
      return items.some((x) => allowed.some((a) => same(x, a)));
    }
  }
}

/**
 * Each laid-out field's effective state for these values. The node's permissions (an approval step's
 * `formPerms`; absent fields read-only) come on top: `hidden` hides, `read` makes read-only, and only a
 * shown, editable field can be required. The browser and the Worker both decide with this.
 */
export function applyFormRules(layout: FormLayout, values: Record<string, unknown>, nodePerms?: Record<string, NodePerm>): Record<string, FieldState> {
  const out: Record<string, FieldState> = {};
  for (const col of layoutColumns(layout)) {
    const perm = nodePerms ? (nodePerms[col.field] ?? "read") : "edit";
    const hidden = perm === "hidden" || holds(col.hidden, values);
    const readOnly = hidden || perm === "read" || holds(col.readOnly, values);
    out[col.field] = { hidden, readOnly, required: !readOnly && holds(col.required, values) };
  }
  return out;
}

/** The required, shown, editable fields left empty: what a save must refuse. */
export function missingRequired(layout: FormLayout, values: Record<string, unknown>, nodePerms?: Record<string, NodePerm>): string[] {
  const states = applyFormRules(layout, values, nodePerms);
  return Object.entries(states).flatMap(([field, s]) => (s.required && isEmpty(values[field]) ? [field] : []));
}

/** The fields a filler (or an approver with these permissions) may write under the rules for these values. */
export function writableFields(layout: FormLayout, values: Record<string, unknown>, nodePerms?: Record<string, NodePerm>): string[] {
  return Object.entries(applyFormRules(layout, values, nodePerms)).flatMap(([field, s]) => (s.readOnly ? [] : [field]));
}

/** A released form version (immutable): what the Worker renders a filled form with and the screens list. */
export interface FormRelease {
  id: string;
  formId: string;
  code: string;
  version: number;
  layout: FormLayout;
  dataModelId: string;
  modelVersion: number | null;
  createTime?: string | null;
  createBy?: string | null;
}
