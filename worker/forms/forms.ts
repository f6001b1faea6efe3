/**
 * Forms over data models (spec section 4: release or temporary): saving keeps a draft; release makes an
 * immutable version N+1 (the layout as it is, checked against the model) and marks the form released at
 * N, in one append; revoke takes the release back. Records filled with release N keep rendering with it.
 */
import type { Context } from "hono";
import * as z from "zod";
import { l, type Family } from "../../events/family.ts";
import { t } from "../../events/i18n.ts";
import { dataModelFormReleases, dataModelForms } from "../../events/families/forms.ts";
import { formLayoutSchema, layoutColumns, type FormRelease } from "../../events/forms/layout.ts";
import type { AppEnv } from "../http/env.ts";
import { ok, readJson } from "../http/envelope.ts";
import { forms as formVerbs, formSelectQuery } from "../../events/api/forms.ts";
import { parseInput } from "../http/input.ts";
import { runCommand } from "../http/command.ts";
import type { RouteTable } from "../http/routes.ts";
import { DomainError, codes, notFound } from "../errors.ts";
import { newCreate, newTransition, newUpdate, withoutManaged } from "../resources/commands.ts";
import { findById } from "../resources/query.ts";
import { familyReads } from "../resources/routes.ts";
import { requireLayoutFits } from "./model.ts";
import { modelDefinition } from "../datamodel/runtime.ts";

export const forms = dataModelForms as unknown as Family;
export const releases = dataModelFormReleases as unknown as Family;
export const formStatus = { draft: "0", released: "1", revoked: "2" } as const;

const tags = { list: "datamodel:form:list", info: "datamodel:form:info", save: "datamodel:form:save", update: "datamodel:form:update" };
const releaseLabel = releases.label;

export type ReleaseRow = FormRelease;

/** A form by id, or by code when no form has that id (info/{type}/{id} and proc_form_id take either). */
export async function formByIdOrCode(db: D1Database, key: string): Promise<Record<string, unknown>> {
  const byId = await findById(db, forms, key);
  if (byId) return byId;
  const row = await db.prepare(`SELECT id FROM ${forms.table} WHERE code = ?`).bind(key).first<{ id: string }>();
  const byCode = row ? await findById(db, forms, row.id) : null;
  if (!byCode) throw notFound(forms.label);
  return byCode;
}

/** Release `version` of a form (null when it has none). */
export async function releaseOf(db: D1Database, formId: string, version: number): Promise<ReleaseRow | null> {
  const row = await db.prepare(`SELECT id FROM ${releases.table} WHERE form_id = ? AND version = ?`).bind(formId, version).first<{ id: string }>();
  return row ? ((await findById(db, releases, row.id)) as unknown as ReleaseRow | null) : null;
}

/** The release new records are filled with: the latest, while the form is released. */
export async function liveRelease(db: D1Database, form: Record<string, unknown>): Promise<ReleaseRow> {
  const release = form.status === formStatus.released ? await releaseOf(db, String(form.id), Number(form.version)) : null;
  if (!release) throw new DomainError(codes.validation, "formNotReleased", { code: String(form.code) });
  return release;
}

/** save (create or, with an id, update) and update: a draft whose layout fits its model. */
async function saveForm(c: Context<AppEnv>, mode: "save" | "update") {
  const body = withoutManaged(forms, (await readJson<Record<string, unknown>>(c)) ?? {});
  if (!body || typeof body !== "object" || Array.isArray(body)) throw new DomainError(codes.validation, "badRequestBody");
  const id = body.id === undefined || body.id === null || body.id === "" ? null : String(body.id);
  if (mode === "update" && !id) throw notFound(forms.label);
  const { id: _id, version: _v, ...values } = body;
  return runCommand(
    c,
    async () => {
      const current = id ? await findById(c.env.DB, forms, id) : null;
      if (id && !current) throw notFound(forms.label);
      const merged = { ...(current ?? {}), ...values };
      if (merged.dataModelId && merged.layout) {
        const layout = parseInput(z.object({ layout: formLayoutSchema }), { layout: merged.layout }, { layout: forms.fields.layout!.label }).layout;
        requireLayoutFits(layout, await modelDefinition(c.env.DB, String(merged.dataModelId)));
        if ("layout" in values) values.layout = layout;
      }
      if (!id) {
        const write = newCreate(forms, { layout: { sections: [{ rows: [] }] }, processForm: false, ...values, status: formStatus.draft, version: 0 });
        return { writes: [write], response: { code: codes.ok, msg: t("created", c.get("lang")), data: { id: write.stream.slice(forms.name.length + 1), version: 1 } } };
      }
      const write = await newUpdate(c.env.DB, forms, id, values);
      return { writes: [write], response: { code: codes.ok, msg: t("updated", c.get("lang")), data: { id, version: write.head.version + write.events.length } } };
    },
    // an edit through save also needs the update tag
    { retries: 3, ...(id ? { permission: tags.update } : {}) },
  );
}

async function release(c: Context<AppEnv>, id: string) {
  return runCommand(
    c,
    async () => {
      const form = await findById(c.env.DB, forms, id);
      if (!form) throw notFound(forms.label);
      const layout = formLayoutSchema.parse(form.layout ?? { sections: [] });
      if (layoutColumns(layout).length === 0) throw new DomainError(codes.validation, "formLayoutEmpty");
      const model = await modelDefinition(c.env.DB, String(form.dataModelId));
      requireLayoutFits(layout, model);
      // numbered from the releases themselves, so a reverted form record can never reuse a number
      const last = await c.env.DB.prepare(`SELECT MAX(version) AS v FROM ${releases.table} WHERE form_id = ?`).bind(id).first<{ v: number | null }>();
      const version = (last?.v ?? 0) + 1;
      const created = newCreate(releases, { formId: id, code: form.code, version, layout, dataModelId: form.dataModelId, modelVersion: model.version });
      const marked = await newTransition(c.env.DB, forms, id, "release", () => ({ status: formStatus.released, version }));
      return { writes: [marked, created], response: { code: codes.ok, msg: t("ok", c.get("lang")), data: { id, version, releaseId: created.stream.slice(releases.name.length + 1) } } };
    },
    { retries: 3 },
  );
}

async function revoke(c: Context<AppEnv>, id: string) {
  return runCommand(
    c,
    async () => {
      const write = await newTransition(c.env.DB, forms, id, "revoke", (record) => {
        if (record.status !== formStatus.released) throw new DomainError(codes.validation, "formRevokeNotAllowed");
        return { status: formStatus.revoked };
      });
      return { writes: [write], response: { code: codes.ok, msg: t("ok", c.get("lang")), data: { id, status: formStatus.revoked } } };
    },
    { retries: 3 },
  );
}

const immutable = async () => {
  throw new DomainError(codes.validation, "formReleaseImmutable");
};


export function formRoutes(routes: RouteTable) {
  const idParam = (c: Context<AppEnv>) => c.req.param("id")!;
  familyReads(routes, forms, { list: formVerbs.list, info: formVerbs.info });
  routes
    .verb(formVerbs.save, tags.save, (c) => saveForm(c, "save"), { doc: { family: forms, verb: "save", summary: l("暂存表单（布局按数据模型校验）", "Save a form as a draft (the layout checked against its model)") } })
    .verb(formVerbs.update, tags.update, (c) => saveForm(c, "update"), { doc: { family: forms, verb: "update", summary: l("修改表单（暂存）", "Update a form (a draft)") } })
    .verb(formVerbs.release, tags.update, (c) => release(c, idParam(c)), { doc: { summary: l("发布表单：生成新版本", "Release a form: a new immutable version") } })
    .verb(formVerbs.revoke, tags.update, (c) => revoke(c, idParam(c)), { doc: { summary: l("撤回已发布的表单", "Revoke a released form") } })
    .get(
      "/datamodel/form/release/:formId/:version",
      tags.info,
      async (c) => {
        const version = parseInput(z.object({ version: z.coerce.number().int().min(1) }), { version: c.req.param("version") }).version;
        const found = await releaseOf(c.env.DB, c.req.param("formId")!, version);
        if (!found) throw notFound(releaseLabel);
        return ok(c, found, "fetched");
      },
      { doc: { summary: l("表单的某个发布版本", "One released version of a form") } },
    )
    .verb(
      formVerbs.select,
      tags.list,
      async (c) => {
        const q = parseInput(formSelectQuery, c.req.query());
        const where = ["1 = 1"];
        const params: string[] = [];
        if (q.status) (where.push("status = ?"), params.push(q.status));
        if (q.dataModelId) (where.push("data_model_id = ?"), params.push(q.dataModelId));
        if (q.processForm === "true" || q.processForm === "1") where.push("process_form = 1");
        const { results } = await c.env.DB.prepare(
          `SELECT id, name, code, data_model_id AS dataModelId, status, version, process_form AS processForm FROM ${forms.table} WHERE ${where.join(" AND ")} ORDER BY name, id LIMIT 1000`,
        )
          .bind(...params)
          .all<Record<string, unknown>>();
        return ok(c, results.map((r) => ({ ...r, processForm: r.processForm === null ? null : r.processForm === 1 })), "fetched");
      },
      { doc: { summary: l("表单下拉（可按状态、流程表单、数据模型筛选）", "Forms for pickers (by status, process form, data model)") } },
    )
    .get(
      "/datamodel/form/getInfoByDataModel/:id",
      tags.list,
      async (c) => {
        const { results } = await c.env.DB.prepare(`SELECT id FROM ${forms.table} WHERE data_model_id = ? ORDER BY update_time DESC, id LIMIT 200`).bind(c.req.param("id")!).all<{ id: string }>();
        const rows = await Promise.all(results.map((r) => findById(c.env.DB, forms, r.id)));
        return ok(c, rows.filter(Boolean), "fetched");
      },
      { doc: { summary: l("数据模型的表单", "The forms of a data model") } },
    );
  // releases are written once by `release`: the engine's generic writes are refused on them
  for (const verb of ["save", "update", "delete", "revert/:id", "restore/:id"]) routes.post(`${releases.path}/${verb}`, tags.update, immutable, { doc: { summary: l("表单版本不可修改", "Form releases cannot be changed") } });
}
