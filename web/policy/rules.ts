/**
 * The policy screens' pure rules, shared by their inputs and the unit tests: what a declaration's material may
 * be (checked before uploading; the Worker checks the stored file again), the material ids and the named
 * conditions as the record form holds them (JSON text), and what keeps the conditions from being saved.
 */
import { declarationMaterials } from "../../events/declare-materials.ts";
import { policyCondition, type PolicyCondition } from "../../events/policy/conditions.ts";
import type { Condition } from "../../events/conditions/tree.ts";
import { extensionOf } from "../../events/uploads.ts";
import { builderProblems } from "../widgets/ConditionBuilderTree.ts";

/** Why a file may not be a material (the browser's check before uploading), or null. */
export function materialProblem(file: { name: string; size: number }): "badType" | "tooLarge" | null {
  if (!declarationMaterials.extensions.includes(extensionOf(file.name))) return "badType";
  return file.size > declarationMaterials.maxBytes ? "tooLarge" : null;
}

/** A JSON field's list as the record form holds it: the list itself, or its JSON text (anything else is none). */
function jsonList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value !== "string" || value.trim() === "") return [];
  try {
    const parsed = JSON.parse(value) as unknown;
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

/** The material ids a declaration's field holds. */
export const idsOf = (value: unknown): string[] => jsonList(value).map(String);

/** A named condition being edited: its tree may still be empty. */
export type Draft = Omit<PolicyCondition, "condition"> & { condition: Condition | null };

/** The named conditions a policy's field holds. */
export const parseConditions = (value: unknown): Draft[] => jsonList(value) as Draft[];

/** What keeps the conditions from being saved, by condition index ("" when none): the Worker checks the same again. */
export function conditionProblems(drafts: Draft[]): string[] {
  const seen = new Set<string>();
  return drafts.map((d) => {
    const dup = seen.has(d.code);
    seen.add(d.code);
    if (!policyCondition.shape.code.safeParse(d.code).success) return "codeRule";
    if (dup) return "codeDuplicate";
    if (!d.label["zh-CN"]?.trim() || !d.label["en-US"]?.trim() || !d.condition || builderProblems(d.condition).length) return "incomplete";
    return "";
  });
}
