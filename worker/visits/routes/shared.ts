/** Inputs the visits routes share: an id in the path, a list scoped to one enterprise or one archive kind. */
import * as z from "zod";
import type { Family } from "../../../events/family.ts";
import { parseListQuery, type ListQuery } from "../../resources/query.ts";
import { requireParam } from "../../resources/validate.ts";
import { lazySchema } from "../../../events/lazy.ts";

const idSchema = lazySchema(() => z.string().min(1).max(64));

export const idParam = (value: unknown, family: Family) => requireParam(value, idSchema, "id", family.label);

/** The declared list query with fixed eq conditions on declared fields (replacing the request's own). */
export function withFixed(family: Family, query: Record<string, string>, fixed: Record<string, string>): ListQuery {
  const q = parseListQuery(family, query);
  return { ...q, filters: [...q.filters.filter((f) => !(f.key in fixed)), ...Object.entries(fixed).map(([key, value]) => ({ key, op: "eq" as const, value }))] };
}

/** The list of one enterprise: its credit code is required (named when missing or malformed). */
export function scopedTo(family: Family, query: Record<string, string>): ListQuery {
  const creditCode = requireParam(query.creditCode, z.string().length(18), "creditCode", family.fields.creditCode!.label);
  return withFixed(family, query, { creditCode });
}

/** The labels of a family's fields, so a refused input names the field in the reader's language. */
export const labelsOf = (family: Family) => Object.fromEntries(Object.entries(family.fields).map(([k, f]) => [k, f.label]));
