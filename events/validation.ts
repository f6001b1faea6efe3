/** How a broken zod rule is told to a person: shared by the worker's answers and the web's forms. */
import type { z } from "zod";
import type { MessageKey } from "./i18n.ts";
import { rules, type RuleName } from "./rules.ts";

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

