/** Parses command input with a family's zod schema and reports problems by field label and rule. */
import type { z } from "zod";
import type { Family } from "../../events/family.ts";
import type { Text } from "../../events/i18n.ts";
import { messageFor } from "../../events/validation.ts";
import { DomainError, ValidationError, codes, type FieldProblem } from "../errors.ts";
import { dictionaryEntries } from "./spreadsheet/lookups.ts";

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

/**
 * An update's input, parsed once: merged onto the stored record and checked by the whole schema and the
 * declaration's rules; the patch is what the input named. Without a stored record only the named fields are
 * parsed (the command then refuses the update as not found).
 */
export function parseUpdate(family: Family, current: Record<string, unknown> | null | undefined, input: Record<string, unknown>): { patch: Record<string, unknown>; record: Record<string, unknown> | null } {
  if (input === null || typeof input !== "object" || Array.isArray(input)) throw new DomainError(codes.validation, "badRequestBody");
  const named = (parsed: Record<string, unknown>) => Object.fromEntries(Object.entries(parsed).filter(([k]) => k in input));
  if (!current) return { patch: named(parseRecord(family, family.patchSchema, input)), record: null };
  const known = Object.fromEntries(Object.entries(input).filter(([k]) => k in family.fields));
  const record = parseRecord(family, family.createSchema, { ...current, ...known });
  return { patch: named(record), record };
}

/**
 * One request parameter (query or body) parsed by `schema`, else reported on `field` as "cannot be empty"
 * when blank or as a format error otherwise.
 */
export function requireParam<T>(value: unknown, schema: z.ZodType<T>, field: string, label: Text): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const blank = value === undefined || value === null || String(value).trim() === "";
  throw new ValidationError([{ field, label, key: blank ? "required" : "formatError" }]);
}

/**
 * Holds the dictionary fields among `keys` of a parsed record to their dictionaries, as imports do: a code
 * (or any item of a multiple field) that is no entry of its type is refused naming the field. A type without
 * entries (not seeded, or its entries all removed) constrains nothing, like the import's check.
 */
export async function checkDictionaryCodes(db: D1Database, family: Family, record: Record<string, unknown>, keys: string[] = Object.keys(record)): Promise<void> {
  const itemsOf = (value: unknown) => (Array.isArray(value) ? value : value === undefined || value === null || value === "" ? [] : [value]).map(String);
  const checked = keys.filter((k) => family.fields[k]?.kind === "dict" && family.fields[k]!.dict && itemsOf(record[k]).length > 0);
  if (checked.length === 0) return;
  const valuesOf = new Map<string, Set<string>>();
  for (const e of await dictionaryEntries(db, checked.map((k) => family.fields[k]!.dict!))) valuesOf.set(e.type, (valuesOf.get(e.type) ?? new Set()).add(e.value));
  const problems: FieldProblem[] = checked
    .filter((k) => {
      const values = valuesOf.get(family.fields[k]!.dict!);
      return values !== undefined && itemsOf(record[k]).some((v) => !values.has(v));
    })
    .map((k) => ({ field: k, label: family.fields[k]!.label, key: "valueNotAllowed" }));
  if (problems.length) throw new ValidationError(problems);
}
