/**
 * The form's checks, the server's own: the family's zod schema (a new record, or the edited record merged
 * onto the stored one) and its cross-field rules, each problem told with the catalogue message in the
 * current language — so the text under a field is exactly what the server would answer.
 */
import type { Family } from "../../events/family.ts";
import { t, type Lang } from "../../events/i18n.ts";
import { messageFor } from "../../events/validation.ts";

/** field key → message; empty when the record passes. */
export function validateRecord(family: Family, record: Record<string, unknown>, lang: Lang): Record<string, string> {
  const errors: Record<string, string> = {};
  const label = (key: string) => family.fields[key]?.label[lang] ?? key;
  const result = family.createSchema.safeParse(record);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? "");
      const { key: message, params } = messageFor(issue, record[key]);
      errors[key] ??= t(message, lang, { name: label(key), ...params });
    }
    return errors;
  }
  for (const problem of family.check(result.data as Record<string, unknown>)) {
    errors[problem.field] ??= t(problem.key, lang, { name: label(problem.field), ...problem.params });
  }
  return errors;
}

/** The message of a JSON field whose text does not parse. */
export const jsonError = (family: Family, key: string, lang: Lang) => t("formatError", lang, { name: family.fields[key]?.label[lang] ?? key });
