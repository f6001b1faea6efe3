/** Parses command input with a family's zod schema and reports problems by field label and rule. */
import type { z } from "zod";
import type { Family } from "../../events/family.ts";
import type { MessageKey } from "../../events/i18n.ts";
import { rules, type RuleName } from "../../events/rules.ts";
import { DomainError, ValidationError, codes, type FieldProblem } from "../errors.ts";

/** The catalogue message of one zod issue, given the value that caused it. */
export function messageFor(issue: z.core.$ZodIssue, value: unknown): { key: MessageKey; params?: Record<string, string | number> } {
  if (value === undefined || value === null || value === "") return { key: "required" };
  switch (issue.code) {
    case "custom": {
      const rule = (issue.params as { rule?: string } | undefined)?.rule;
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
      return { key: "valueNotAllowed" };
    }
    case "invalid_value":
      return { key: "valueNotAllowed" };
    default:
      return { key: "formatError" };
  }
}

/**
 * Parses a command's record. With `whole` (a create, or an update merged onto the current record) the
 * declaration's cross-field rules are checked too.
 */
export function parseRecord(family: Family, schema: z.ZodObject, input: unknown, whole = schema === family.createSchema): Record<string, unknown> {
  if (input === null || typeof input !== "object" || Array.isArray(input)) throw new DomainError(codes.validation, "badRequestBody");
  const result = schema.safeParse(input);
  if (result.success) {
    const record = result.data as Record<string, unknown>;
    const problems = whole ? family.check(record) : [];
    if (problems.length === 0) return record;
    throw new ValidationError(problems.map((p) => ({ ...p, label: family.fields[p.field]?.label ?? { "zh-CN": p.field, "en-US": p.field } })));
  }
  const source = (input ?? {}) as Record<string, unknown>;
  const problems: FieldProblem[] = result.error.issues.map((issue) => {
    const key = String(issue.path[0] ?? "");
    const field = family.fields[key];
    return { field: key, label: field?.label ?? { "zh-CN": key, "en-US": key }, ...messageFor(issue, source[key]) };
  });
  throw new ValidationError(problems);
}
