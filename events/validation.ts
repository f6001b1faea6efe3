/** How a broken zod rule is told to a person: shared by the worker's answers and the web's forms. */
import type { z } from "zod";
import type { Family } from "./family.ts";
import { t, type Lang, type MessageKey, type Text } from "./i18n.ts";
import { rules, type RuleName } from "./rules.ts";

/** The catalogue message of one zod issue, given the value that caused it. */
export function messageFor(issue: z.core.$ZodIssue, value: unknown): { key: MessageKey; params?: Record<string, string | number> } {
  // a blank value breaks "required" first, whatever other rule its schema checked
  if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) return { key: "required" };
  switch (issue.code) {
    case "custom": {
      const rule = (issue.params as { rule?: string } | undefined)?.rule;
      // a data model's own pattern tells its own message (events/datamodel/definition.ts)
      const message = (issue.params as { message?: unknown } | undefined)?.message;
      if (rule === "pattern" && typeof message === "string") return { key: "patternMessage", params: { message } };
      if (rule && rule in rules) return { key: rules[rule as RuleName].message };
      return { key: "formatError" };
    }
    case "invalid_type":
      return issue.expected === "number" || issue.expected === "int" ? { key: "mustBeNumber" } : { key: "formatError" };
    case "too_small":
    case "too_big": {
      if (issue.origin === "string") {
        const min = issue.code === "too_small" ? Number(issue.minimum) : 0;
        const max = issue.code === "too_big" ? Number(issue.maximum) : Number.POSITIVE_INFINITY;
        return { key: "lengthRange", params: { min, max: Number.isFinite(max) ? max : "∞" } };
      }
      if (issue.origin === "number" || issue.origin === "int") {
        return issue.code === "too_small" ? { key: "minValue", params: { min: Number(issue.minimum) } } : { key: "maxValue", params: { max: Number(issue.maximum) } };
      }
      return { key: "valueNotAllowed" };
    }
    case "invalid_value":
      return { key: "valueNotAllowed" };
    default:
      return { key: "formatError" };
  }
}


/** A field's label in `lang` (the key itself when the family does not declare it). */
export function fieldLabel(family: { fields: Record<string, { label: Text }> }, key: string, lang: Lang): string {
  return family.fields[key]?.label[lang] ?? key;
}

/**
 * The server's checks run in a form: field → message for every broken rule of `record` (the first per
 * field), empty when it would be accepted. Cross-field rules are reported together with the field rules,
 * so one attempt shows everything missing; the texts are the server's.
 *
 * @example
 * const errors = validateRecord(menu, form.getValues(), currentLang());
 * if (Object.keys(errors).length) form.setErrors(errors);
 */
export function validateRecord(family: Family, record: Record<string, unknown>, lang: Lang): Record<string, string> {
  const errors: Record<string, string> = {};
  const result = family.createSchema.safeParse(record);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? "");
      const { key: message, params } = messageFor(issue, record[key]);
      errors[key] ??= t(message, lang, { name: fieldLabel(family, key, lang), ...params });
    }
  }
  for (const problem of family.check(result.success ? (result.data as Record<string, unknown>) : record)) {
    errors[problem.field] ??= t(problem.key, lang, { name: fieldLabel(family, problem.field, lang), ...problem.params });
  }
  return errors;
}
