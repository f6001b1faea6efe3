/**
 * Data model commands: save and update decide a model change against the data its table holds
 * (events/datamodel/change.ts: counts asked of D1 first, then a pure decision), so a change that would lose
 * or break data is refused with its count and writes nothing; what is accepted is the engine's create or
 * update of the model's record, so its history shows every version. Delete refuses a model that still has
 * records or a menu entry; the one-click menu creates the sys menu and links it in one append.
 * Registered before the record engine, so these verbs replace the generic ones of the `dataModels` family.
 */
import type { Context } from "hono";
import * as z from "zod";
import { l, type Family } from "../../events/family.ts";
import { t } from "../../events/i18n.ts";
import { dataModels } from "../../events/families/datamodel.ts";
import { menu } from "../../events/families/sys.ts";
import { dataModelSchema, maxModelFields, modelFieldSchema, modelRecordTags, type DataModel, type ModelField } from "../../events/datamodel/definition.ts";
import { decideModelChange, fitQueries, rowStatsSql, type ModelProblem, type ModelStats } from "../../events/datamodel/change.ts";
import { viewDefinitionSchema, type ViewDefinition } from "../../events/datamodel/view.ts";
import type { RouteTable } from "../http/routes.ts";
import type { Answer } from "../../events/api/verb.ts";
import type { AppEnv } from "../http/env.ts";
import { readJson, reply } from "../http/envelope.ts";
import { datamodel } from "../../events/api/datamodel.ts";
import { parseInput, readBody } from "../http/input.ts";
import { runCommand } from "../http/command.ts";
import { DomainError, DuplicateError, ValidationError, codes, notFound, type FieldProblem } from "../errors.ts";
import { readStream, headOf } from "../store/append.ts";
import type { StreamWrite } from "../store/types.ts";
import { fold, foldTo, type RecordValues } from "../resources/decide.ts";
import { newCreate, newDeletes, newTransition, newUpdate, recordId, streamOf } from "../resources/commands.ts";
import { deleteIds, expectedVersion, familyReads } from "../resources/routes.ts";
import { resolveView } from "./views.ts";
import { definitionOf } from "./runtime.ts";
import { lazySchema } from "../../events/lazy.ts";

export { modelTables } from "./tables.ts";

export const models = dataModels as unknown as Family;
const menus = menu as unknown as Family;
const labels = Object.fromEntries(Object.entries(dataModels.fields).map(([k, f]) => [k, f.label]));

/** The tags of the data verbs a model's menu entry grants (the records' family tags, events/datamodel/definition.ts). */
const dataTags = Object.values(modelRecordTags).join(",");

const modelBody = lazySchema(() => z.object({
  id: recordId.optional(),
  version: z.coerce.number().int().min(1).optional(),
  name: z.string().trim().min(1).max(64).optional(),
  code: z.string().regex(/^[a-z][a-z0-9_]{1,30}$/).optional(),
  type: z.enum(["table", "view"]).optional(),
  fields: z.array(modelFieldSchema).max(maxModelFields).optional(),
  view: viewDefinitionSchema.nullable().optional(),
  remark: z.string().max(500).nullable().optional(),
}));
export type ModelInput = z.infer<typeof modelBody>;


const fieldLabel = (f: ModelField) => l(f.title, f.titleEn || f.title);

function refusal(problems: ModelProblem[]): ValidationError {
  return new ValidationError(
    problems.map((p): FieldProblem => ({ field: p.field, label: p.modelField ? fieldLabel(p.modelField) : (labels[p.field] ?? labels.fields!), key: p.key, ...(p.params ? { params: p.params } : {}) })),
  );
}

/** The whole-model rules (at least one field, names unique, at most 90) on a definition, reported like the body's. */
function checked(model: DataModel): DataModel {
  return parseInput(dataModelSchema, model, labels) as DataModel;
}

/** What the model's table holds that a change must respect: the records and the misfits of each changed field. */
async function statsOf(db: D1Database, before: DataModel, after: DataModel): Promise<ModelStats> {
  if (before.type === "view") return { records: 0, misfits: {} };
  const { table, rows, unique } = fitQueries(before, after);
  const counts = await db.prepare(rowStatsSql(table, rows)).first<Record<string, number>>();
  const misfits: Record<string, number> = Object.fromEntries(rows.map((r, i) => [r.key, Number(counts?.[`c${i}`] ?? 0)]));
  for (const u of unique) misfits[u.key] = Number((await db.prepare(u.sql).first<{ n: number }>())?.n ?? 0);
  return { records: Number(counts?.records ?? 0), misfits };
}

/** A view model's fields and resolved query from its definition (the client's fields are not taken). */
async function withView(c: Context<AppEnv>, view: ViewDefinition | null | undefined): Promise<{ view: ViewDefinition; fields: ModelField[] }> {
  if (!view) throw new ValidationError([{ field: "view", label: labels.view!, key: "required" }]);
  return resolveView(c, view);
}

/** The write creating a model from a request's body, decided. */
async function createWrite(c: Context<AppEnv>, input: ModelInput): Promise<StreamWrite> {
  const type = input.type ?? "table";
  const missing = (["name", "code"] as const).filter((k) => !input[k]);
  if (missing.length) throw new ValidationError(missing.map((k) => ({ field: k, label: labels[k]!, key: "required" as const })));
  const resolved = type === "view" ? await withView(c, input.view) : null;
  const asked = checked({ name: input.name!, code: input.code!, type, fields: resolved?.fields ?? input.fields ?? [], ...(resolved ? { view: resolved.view } : {}) });
  // a deleted model keeps its table (its records' history needs it): its code is not free again
  const taken = await c.env.DB.prepare("SELECT 1 FROM sqlite_master WHERE name = ?").bind(`dm_${asked.code}`).first();
  if (taken) throw new DuplicateError([{ key: "code", label: labels.code! }]);
  const decision = decideModelChange(null, asked, { records: 0, misfits: {} });
  if (!decision.ok) throw refusal(decision.problems);
  const { model } = decision;
  return newCreate(models, { name: model.name, code: model.code, type: model.type, tableName: `dm_${model.code}`, fields: model.fields, view: model.view ?? null, remark: input.remark ?? null });
}

/**
 * The write changing model `id` to `input` (absent keys keep their values), decided against the data; a
 * field left out of `fields` is hidden. `action` names the change in history (a revert, a field verb).
 */
export async function updateWrite(c: Context<AppEnv>, id: string, input: ModelInput, expectedVersion?: number, action?: string): Promise<StreamWrite> {
  const events = await readStream(c.env.DB, streamOf(models, id));
  const state = fold(models, events);
  if (!state.record) throw notFound(models.label);
  const before = definitionOf(state.record);
  const resolved = before.type === "view" && input.view !== undefined ? await withView(c, input.view) : null;
  const after = checked({
    name: input.name ?? before.name,
    code: input.code ?? before.code,
    type: input.type ?? before.type,
    // a view's fields are its columns: they change with its query only
    fields: before.type === "view" ? (resolved?.fields ?? before.fields) : (input.fields ?? before.fields),
    ...(resolved ? { view: resolved.view } : before.view ? { view: before.view } : {}),
  });
  const decision = decideModelChange(before, after, await statsOf(c.env.DB, before, after));
  if (!decision.ok) throw refusal(decision.problems);
  const { model } = decision;
  const patch: RecordValues = { name: model.name, fields: model.fields, view: model.view ?? null, ...(input.remark !== undefined ? { remark: input.remark } : {}) };
  return newUpdate(c.env.DB, models, id, patch, expectedVersion, action);
}

/** Runs a model write and answers `{ id, version }` like the engine's save and update. */
export function answerWrite(c: Context<AppEnv>, decide: () => Promise<StreamWrite>, created: boolean, permission?: string) {
  return runCommand(c, async () => {
    const write = await decide();
    const id = write.stream.slice(models.name.length + 1);
    return { writes: [write], response: { code: codes.ok, msg: t(created ? "created" : "updated", c.get("lang")), data: { id, version: write.head.version + write.events.length } } };
  }, permission ? { permission } : {});
}

async function save(c: Context<AppEnv>, mode: "save" | "update") {
  const body = await readBody(c, modelBody, labels);
  if (mode === "update" && !body.id) throw notFound(models.label);
  // an edit through save also needs the update tag (checked with the command)
  if (body.id) return answerWrite(c, () => updateWrite(c, body.id!, body, expectedVersion(c, body)), false, models.tags.update);
  return answerWrite(c, () => createWrite(c, body), true);
}

interface ModelRow {
  id: string;
  name: string;
  code: string;
  type: string;
  menu_id: string | null;
}

/** Refuses deleting a model that still has records or a live menu entry (the counts and names in the message). */
async function requireDeletable(db: D1Database, ids: string[]) {
  for (const id of ids) {
    const row = await db.prepare(`SELECT id, name, code, type, menu_id FROM ${models.table} WHERE id = ?`).bind(id).first<ModelRow>();
    if (!row) throw notFound(models.label);
    if (row.menu_id && (await db.prepare("SELECT 1 FROM sys_menu WHERE menu_id = ?").bind(row.menu_id).first())) throw new DomainError(codes.validation, "modelHasMenu", { name: row.name });
    if (row.type === "view") continue;
    const count = await db.prepare(`SELECT COUNT(*) AS n FROM dm_${row.code}`).first<{ n: number }>();
    if (count && count.n > 0) throw new DomainError(codes.validation, "modelHasRecords", { name: row.name, count: count.n });
  }
}

const revertBody = lazySchema(() => z.object({ version: z.coerce.number().int().min(1).max(1_000_000), expectedVersion: z.coerce.number().int().min(1).optional() }));
type PickerRow = Answer<typeof datamodel.select>[number];
const noMenuSql = `SELECT id, name, code, type FROM ${dataModels.table} m WHERE m.menu_id IS NULL OR m.menu_id = '' OR NOT EXISTS (SELECT 1 FROM sys_menu s WHERE s.menu_id = m.menu_id) ORDER BY m.name LIMIT 1000`;

export function modelRoutes(routes: RouteTable) {
  const { path, tags } = models;
  const doc = (verb: string) => ({ doc: { family: models, verb } });
  familyReads(routes, models, { list: datamodel.list, listAll: datamodel.listAll, info: datamodel.info });
  routes
    .verb(datamodel.save, tags.save, (c) => save(c, "save"), doc("save"))
    .verb(datamodel.update, tags.update, (c) => save(c, "update"), doc("update"))
    .verb(datamodel.delete, tags.delete, async (c) => {
      const ids = deleteIds(await readJson(c));
      return runCommand(c, async () => {
        await requireDeletable(c.env.DB, ids);
        return { writes: await newDeletes(c.env.DB, models, ids), response: { code: codes.ok, msg: t("deleted", c.get("lang")), data: null } };
      });
    }, doc("delete"))
    // a revert is a model change like any other: decided against the data, removed fields hidden
    .verb(datamodel.revert, tags.update, async (c) => {
      const id = c.req.param("id")!;
      const body = parseInput(revertBody, await readJson(c), labels);
      return answerWrite(c, async () => {
        const events = await readStream(c.env.DB, streamOf(models, id));
        const then = foldTo(models, events, body.version).record;
        if (!then || body.version >= headOf(events).version) throw new DomainError(codes.validation, "noSuchVersion", { version: body.version });
        const old = definitionOf(then);
        return updateWrite(c, id, { name: old.name, fields: old.fields, view: old.view ?? null, remark: (then.remark as string | null) ?? null }, body.expectedVersion, "revert");
      }, false);
    }, doc("revert"))
    // models are defined one by one through the decision above, never imported in bulk past it
    .post(`${path}/excel/import`, tags.save, async () => {
      throw new DomainError(codes.validation, "modelImportNotAllowed");
    }, { doc: { summary: l("数据模型不能通过表格导入", "Data models cannot be imported from a spreadsheet") } })
    .verb(datamodel.select, tags.list, async (c) => {
      const { results } = await c.env.DB.prepare(`SELECT id, name, code, type FROM ${dataModels.table} ORDER BY name LIMIT 1000`).all<PickerRow>();
      return reply(c, datamodel.select, results, "fetched");
    }, { doc: { summary: l("数据模型选择列表（编号、名称、编码）", "Data models for pickers (id, name, code)") } })
    .verb(datamodel.noMenu, tags.list, async (c) => reply(c, datamodel.noMenu, (await c.env.DB.prepare(noMenuSql).all<PickerRow>()).results, "fetched"), {
      doc: { summary: l("尚未生成菜单的数据模型", "Data models without a menu entry") },
    })
    .verb(datamodel.menu, tags.update, async (c) => {
      const id = parseInput(z.object({ id: recordId }), c.req.param(), labels).id;
      return runCommand(c, async () => {
        const row = await c.env.DB.prepare(`SELECT id, name, code, type, menu_id FROM ${dataModels.table} WHERE id = ?`).bind(id).first<ModelRow>();
        if (!row) throw notFound(models.label);
        if (row.menu_id && (await c.env.DB.prepare("SELECT 1 FROM sys_menu WHERE menu_id = ?").bind(row.menu_id).first())) throw new DomainError(codes.validation, "modelMenuExists", { name: row.name });
        // under the data-model directory, beside the generic model-data screen
        const parent = await c.env.DB.prepare("SELECT parent_id AS parentId FROM sys_menu WHERE route_name = 'datamodel-data' LIMIT 1").first<{ parentId: string | null }>();
        const menuId = crypto.randomUUID();
        const entry = newCreate(
          menus,
          {
            name: row.name,
            enName: row.name,
            parentId: parent?.parentId ?? null,
            icon: "table",
            type: 1,
            orderNum: 100,
            // a path of its own per model (the web's routes are keyed by path); the query names the model
            url: `/datamodel/data/${row.code}?dataModelId=${row.id}`,
            routeName: `datamodel-data-${row.code}`,
            componentUrl: "datamodel/data/index",
            perms: dataTags,
            enabled: true,
          },
          menuId,
        );
        const link = await newTransition(c.env.DB, models, id, "menu", () => ({ menuId }));
        return { writes: [entry, link], response: { code: codes.ok, msg: t("ok", c.get("lang")), data: { menuId } } };
      });
    }, { doc: { summary: l("一键为数据模型生成菜单（其通用列表页）", "Give a data model its menu entry (its generic list screen) in one click") } });
}
