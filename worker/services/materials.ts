/**
 * An application's uploaded materials (lifecycle.apply.materials): the stored files its field names must
 * exist and follow the family's rule of types and size. The rule is pure (`badMaterials`); the check reads
 * the files' metadata once and refuses the save naming the field and the files, before anything is written.
 */
import type { MaterialRule } from "../../events/declare-materials.ts";
import { file } from "../../events/families/sys.ts";
import type { Family } from "../../events/family.ts";
import { ValidationError } from "../errors.ts";
import { findByIds } from "../resources/query.ts";

const files = file as unknown as Family;

interface StoredFile {
  id?: unknown;
  name?: unknown;
  ext?: unknown;
  size?: unknown;
}

/** The ids among `ids` whose file is missing, of a type the rule does not allow, or too large; with the name to report. */
export function badMaterials(ids: string[], stored: StoredFile[], rule: MaterialRule): { id: string; name: string }[] {
  const byId = new Map(stored.map((f) => [String(f.id), f]));
  return ids.flatMap((id) => {
    const f = byId.get(id);
    const ok = f && rule.extensions.includes(String(f.ext).toLowerCase()) && typeof f.size === "number" && f.size <= rule.maxBytes;
    return ok ? [] : [{ id, name: f ? String(f.name) : id }];
  });
}

/** Refuses `values` when the family's materials field names a file that breaks its rule. */
export async function checkMaterials(db: D1Database, family: Family, values: Record<string, unknown>): Promise<void> {
  const materials = family.lifecycle?.apply?.materials;
  if (!materials) return;
  const value = values[materials.field];
  if (!Array.isArray(value) || value.length === 0) return;
  // the field's own schema reports anything that is not a list of ids
  if (!value.every((v): v is string => typeof v === "string")) return;
  const bad = badMaterials(value, await findByIds(db, files, value), materials.rule);
  if (bad.length === 0) return;
  const { rule } = materials;
  throw new ValidationError([
    {
      field: materials.field,
      label: family.fields[materials.field]!.label,
      key: "materialNotAllowed",
      params: { files: bad.map((b) => b.name).join("、"), types: rule.extensions.join("、"), max: Math.round(rule.maxBytes / 1024 / 1024) },
    },
  ]);
}
