/**
 * Client-side validation that says exactly what the server would: the family's create schema, the
 * shared issue → message mapping, then the declaration's cross-field check, all from events/.
 *
 * @example
 * const errors = validateRecord(menu, form.getValues(), currentLang());
 * if (Object.keys(errors).length) form.setErrors(errors);
 */
import type { Family } from "../../../events/family.ts";
import { t, type Lang, type Text } from "../../../events/i18n.ts";
import { messageFor } from "../../../events/validation.ts";

/** A field's label in `lang` (the key itself when the family does not declare it). */
export function fieldLabel(family: { fields: Record<string, { label: Text }> }, key: string, lang: Lang): string {
  return family.fields[key]?.label[lang] ?? key;
}

/**
 * Field → message for every broken rule of `record` (the first per field), empty when it would be
 * accepted. The server reports the cross-field rules only once every field parses; the form reports
 * them together with the field rules so that one attempt shows everything missing.
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
  const whole = result.success ? (result.data as Record<string, unknown>) : record;
  for (const problem of family.check(whole)) {
    errors[problem.field] ??= t(problem.key, lang, { name: fieldLabel(family, problem.field, lang), ...problem.params });
  }
  return errors;
}
