/**
 * Resolving a view model's sources when it is saved: each source is a live data model or a declared family
 * the user may list; the view is checked against their declared fields only (events/datamodel/view.ts), and
 * their tables are written into the definition, so the projection compiles the view without reading D1.
 */
import type { Context } from "hono";
import { familyByName } from "../../events/families/index.ts";
import { dataModels } from "../../events/families/datamodel.ts";
import { modelFieldSchema, type ModelField } from "../../events/datamodel/definition.ts";
import { checkView, modelFieldOfDeclared, type SourceFields, type ViewDefinition, type ViewSource } from "../../events/datamodel/view.ts";
import type { AppEnv } from "../http/env.ts";
import { ValidationError, type FieldProblem } from "../errors.ts";
import * as z from "zod";

interface Resolved {
  table: string;
  idColumn: string;
  fields: SourceFields;
}

const viewLabel = dataModels.fields.view.label;

/** A source the actor may read, with its usable fields; null when it does not exist or is not theirs to list. */
async function resolveSource(c: Context<AppEnv>, source: ViewSource): Promise<Resolved | null> {
  if (source.kind === "family") {
    const family = familyByName.get(source.id);
    const actor = c.get("actor");
    if (!family || !actor || (!actor.admin && !actor.permissions.has(family.tags.list))) return null;
    const fields = Object.fromEntries(Object.entries(family.fields).flatMap(([key, f]) => {
      const field = modelFieldOfDeclared(key, f);
      return field ? [[key, field]] : [];
    }));
    return { table: family.table, idColumn: family.idColumn, fields };
  }
  const row = await c.env.DB.prepare(`SELECT code, fields FROM ${dataModels.table} WHERE id = ?`).bind(source.id).first<{ code: string; fields: string | null }>();
  if (!row) return null;
  const parsed = z.array(modelFieldSchema).safeParse(JSON.parse(row.fields ?? "[]"));
  const visible = parsed.success ? parsed.data.filter((f) => !f.hidden) : [];
  return { table: `dm_${row.code}`, idColumn: "id", fields: Object.fromEntries(visible.map((f) => [f.name, f])) };
}

/**
 * The view with its sources' tables filled in, and the view model's fields (its columns); refuses an unknown
 * source or field, naming it.
 */
export async function resolveView(c: Context<AppEnv>, view: ViewDefinition): Promise<{ view: ViewDefinition; fields: ModelField[] }> {
  const base = await resolveSource(c, view.base);
  const join = view.join ? await resolveSource(c, view.join) : undefined;
  const problem = (field: string, key: FieldProblem["key"], params: Record<string, string | number>): FieldProblem => ({ field, label: viewLabel, key, params });
  if (!base) throw new ValidationError([problem("view.base", "viewSourceMissing", { field: view.base.id })]);
  const { problems, fields } = checkView(view, { base: base.fields, ...(join ? { join: join.fields } : {}) });
  if (problems.length) throw new ValidationError(problems.map((p) => problem(p.field, p.key, p.params)));
  return {
    view: {
      ...view,
      base: { kind: view.base.kind, id: view.base.id, table: base.table, idColumn: base.idColumn },
      ...(view.join && join ? { join: { kind: view.join.kind, id: view.join.id, on: view.join.on, table: join.table, idColumn: join.idColumn } } : {}),
    },
    fields,
  };
}
