/**
 * Where a report reads: a declared family by `name`, or a data model (table or view) by id, resolved to the
 * same `Family` the record engine serves — one whitelist of fields for both sources.
 */
import type { Family } from "../../events/family.ts";
import { families } from "../../events/families/index.ts";
import { dataModels } from "../../events/families/datamodel.ts";
import type { ReportSource } from "../../events/reports/definition.ts";
import { ValidationError } from "../errors.ts";
import { modelFamily } from "../datamodel/runtime.ts";
import { metaColumns } from "../../events/family.ts";
import { resolveField } from "./compile.ts";
import type { SourceField } from "../../events/reports/answer.ts";

const sourceLabel = { "zh-CN": "数据来源", "en-US": "Source" };

/**
 * Families a report may read: every declared family but the report families themselves and those only
 * the system reads (sessions' list preferences); secret fields are never readable (compile.ts).
 */
export const reportableFamilies = (): Family[] => families.filter((f) => !f.perm.startsWith("report:") && f.name !== "sys.listpref");

export interface ResolvedSource {
  family: Family;
  /** a data model's family: every field has its own index */
  runtime: boolean;
}

export async function sourceFamily(db: D1Database, source: ReportSource): Promise<ResolvedSource> {
  if (source.kind === "model") return { family: await modelFamily(db, source.id), runtime: true };
  const family = reportableFamilies().find((f) => f.name === source.id);
  if (!family) throw new ValidationError([{ field: "source", label: sourceLabel, key: "valueNotAllowed" }]);
  return { family, runtime: false };
}

export type { SourceField };

/** What the designer offers for a source: its readable fields with what each can do. */
export function sourceFields(family: Family): SourceField[] {
  const keys = [...Object.keys(family.fields), ...metaColumns.filter((m) => m.key !== "version").map((m) => m.key)];
  const out: SourceField[] = [];
  for (const key of keys) {
    const r = resolveField(family, key);
    if (!r) continue;
    const json = r.field ? r.field.kind === "json" || r.field.kind === "refs" || (r.field.kind === "dict" && !!r.field.multiple) : false;
    if (json) continue;
    const ops: SourceField["ops"] = r.type === "bool" ? ["eq"] : r.type === "number" ? ["eq", "in", "range"] : ["eq", "like", "in", "range"];
    out.push({ key, label: r.label, type: r.type, ...(r.field?.dict ? { dict: r.field.dict } : {}), ops, groupable: true });
  }
  return out;
}

/** The data models a report may read (table and view models), newest first, bounded. */
export async function modelSources(db: D1Database): Promise<{ id: string; name: string; code: string; type: string | null }[]> {
  const { results } = await db
    .prepare(`SELECT id, name, code, type FROM ${dataModels.table} ORDER BY create_time DESC, id DESC LIMIT 500`)
    .all<{ id: string; name: string; code: string; type: string | null }>();
  return results;
}
