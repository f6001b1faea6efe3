/**
 * The records of data models over HTTP (`/datamodel/data`): the engine's standard verbs and spreadsheets
 * mounted at /datamodel/data/:modelId with the model's family resolved per request — the same answers a
 * declared family gives, so the web's list page works unchanged — plus the spec's flat forms that carry
 * `dataModelId` in the query or the body. A view model's records are read-only.
 */
import type { Context } from "hono";
import * as z from "zod";
import { l, type Family } from "../../events/family.ts";
import type { Text } from "../../events/i18n.ts";
import type { AppEnv } from "../http/env.ts";
import { ok, readJson, reply } from "../http/envelope.ts";
import { datamodel } from "../../events/api/datamodel.ts";
import type { RouteDoc, RouteTable } from "../http/routes.ts";
import { parseInput } from "../http/input.ts";
import { NamedError, ValidationError, codes, notFound } from "../errors.ts";
import { verbSummaries } from "../openapi/texts.ts";
import { deleteAnswer, infoAnswer, listAnswer, saveAnswer, standardVerbs, unclaimed } from "../resources/routes.ts";
import { parseRecord, parseUpdate } from "../resources/validate.ts";
import { readStream } from "../store/read.ts";
import { uniqueTaken } from "./queries.ts";
import { fold } from "../resources/decide.ts";
import { streamOf, withoutManaged } from "../resources/commands.ts";
import { contentDisposition, exportBody, exportResponse } from "../resources/spreadsheet/export.ts";
import { templateFile } from "../resources/spreadsheet/template.ts";
import { xlsxType } from "../resources/spreadsheet/errors.ts";
import { isViewFamily, modelDefinition, modelFamily, modelFamilyForRead } from "./runtime.ts";
import { modelRecordTags } from "../../events/datamodel/definition.ts";
import { lazySchema } from "../../events/lazy.ts";

const tags = modelRecordTags;
const records = l("数据模型记录", "Data model records");
const docTags = ["datamodel/data"];
const modelIdLabel = l("数据模型", "Data model");

const modelId = lazySchema(() => z.string().trim().min(1).max(64));
const idOf = (value: unknown) => parseInput(z.object({ dataModelId: modelId }), { dataModelId: value }, { dataModelId: modelIdLabel }).dataModelId;

/** The request's model family; a write to a view model's records is refused. */
async function resolve(c: Context<AppEnv>, id: string, intent: "read" | "write"): Promise<Family> {
  const family = intent === "write" ? await modelFamily(c.env.DB, id) : await modelFamilyForRead(c.env.DB, id);
  if (intent === "write" && isViewFamily(family)) throw new NamedError(codes.validation, "viewModelReadOnly", family.label);
  return family;
}

const summary = (text: Text): Text => ({ "zh-CN": text["zh-CN"].replace("{label}", records["zh-CN"]), "en-US": text["en-US"].replace("{label}", records["en-US"]) });
const verbDoc = (verb: string, body?: z.ZodType): RouteDoc => ({ summary: summary(verbSummaries[verb] ?? l(verb, verb)), tags: docTags, ...(body ? { body } : {}) });

/** A body that must be an object, with its model id taken out. */
async function modelBody(c: Context<AppEnv>): Promise<{ id: string; body: Record<string, unknown> }> {
  const raw = await readJson<Record<string, unknown>>(c);
  const body = raw && typeof raw === "object" && !Array.isArray(raw) ? raw : {};
  const { dataModelId, ...rest } = body;
  return { id: idOf(dataModelId ?? c.req.query("dataModelId")), body: rest };
}

/** Plain values of a body (filters sent as JSON) as the query strings the list parses. */
const asQuery = (body: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(Object.entries(body).flatMap(([k, v]) => (typeof v === "string" || typeof v === "number" || typeof v === "boolean" ? [[k, String(v)]] : [])));

/**
 * Checks a record as save would (a create, or with the id key an update merged onto the stored record),
 * unique values included, and writes nothing: a valid record answers `{ valid: true }`, a bad one the
 * field errors (422).
 */
async function validate(c: Context<AppEnv>, family: Family, input: Record<string, unknown>) {
  const body = withoutManaged(family, input);
  const rawId = body[family.idKey];
  const id = rawId === undefined || rawId === null || rawId === "" ? undefined : String(rawId);
  let record: Record<string, unknown>;
  if (id) {
    const state = fold(family, await readStream(c.env.DB, streamOf(family, id)));
    if (!state.record) throw notFound(family.label);
    record = parseUpdate(family, state.record, body).record!;
  } else {
    record = parseRecord(family, family.createSchema, body);
  }
  const clashes = [];
  for (const group of family.unique) {
    const values = group.map((k) => record[k]);
    if (values.some((v) => v === undefined || v === null || v === "")) continue;
    if (await uniqueTaken(c.env.DB, family, group, values as (string | number)[], id ?? null)) clashes.push(...group.map((k) => ({ field: k, label: family.fields[k]!.label, key: "alreadyExists" as const, params: { fields: family.fields[k]!.label[c.get("lang")] } })));
  }
  if (clashes.length) throw new ValidationError(clashes);
  return ok(c, { valid: true });
}

const flatQuery = lazySchema(() => z.object({ dataModelId: modelId }));
const flatInfoQuery = lazySchema(() => flatQuery.extend({ id: z.string().min(1).max(64), version: z.string().optional() }));
const flatBody = lazySchema(() => z.object({ dataModelId: modelId }).passthrough());
const flatDeleteBody = lazySchema(() => z.object({ dataModelId: modelId, ids: z.array(z.union([z.string(), z.number()])).max(100).optional(), id: z.union([z.string(), z.number()]).optional() }));
const flatExportBody = lazySchema(() => exportBody.extend({ dataModelId: modelId }).passthrough());

export function dataRoutes(table: RouteTable) {
  // the flat forms first: /datamodel/data/list and the like are not model ids
  table.verb(datamodel.definition, tags.list, async (c) => {
      const q = parseInput(flatQuery, c.req.query(), { dataModelId: modelIdLabel });
      return reply(c, datamodel.definition, await modelDefinition(c.env.DB, q.dataModelId), "fetched");
    }, { doc: { summary: l("数据模型记录：模型的字段定义", "Data model records: the model's field definitions"), tags: docTags } });
  const routes = unclaimed(table);
  routes
    .post("/datamodel/data/list", tags.list, async (c) => {
      const { id, body } = await modelBody(c);
      const filters = body.filters && typeof body.filters === "object" && !Array.isArray(body.filters) ? asQuery(body.filters as Record<string, unknown>) : {};
      return listAnswer(c, await resolve(c, id, "read"), { ...c.req.query(), ...asQuery(body), ...filters });
    }, { doc: { summary: summary(verbSummaries.list!), tags: docTags, query: flatQuery, body: z.record(z.string(), z.unknown()) } })
    .get("/datamodel/data/info", tags.info, async (c) => {
      const q = parseInput(flatInfoQuery, c.req.query(), { dataModelId: modelIdLabel });
      return infoAnswer(c, await resolve(c, q.dataModelId, "read"), q.id, q.version);
    }, { doc: { summary: summary(verbSummaries.info!), tags: docTags, query: flatInfoQuery } })
    .post("/datamodel/data/save", tags.save, async (c) => {
      const { id, body } = await modelBody(c);
      return saveAnswer(c, await resolve(c, id, "write"), "save", body);
    }, { doc: { summary: summary(verbSummaries.save!), tags: docTags, body: flatBody } })
    .post("/datamodel/data/update", tags.update, async (c) => {
      const { id, body } = await modelBody(c);
      return saveAnswer(c, await resolve(c, id, "write"), "update", body);
    }, { doc: { summary: summary(verbSummaries.update!), tags: docTags, body: flatBody } })
    .post("/datamodel/data/delete", tags.delete, async (c) => {
      const { id, body } = await modelBody(c);
      const family = await resolve(c, id, "write");
      const ids = Array.isArray(body.ids) ? body.ids : body.id !== undefined ? body.id : body[family.idKey];
      return deleteAnswer(c, family, ids ?? []);
    }, { doc: { summary: summary(verbSummaries.delete!), tags: docTags, body: flatDeleteBody } })
    .post("/datamodel/data/validate", tags.save, async (c) => {
      const { id, body } = await modelBody(c);
      return validate(c, await resolve(c, id, "write"), body);
    }, { doc: { summary: l("数据模型记录：校验（不保存）", "Data model records: validate (nothing is written)"), tags: docTags, body: flatBody, response: z.object({ valid: z.literal(true) }) } })
    .get("/datamodel/data/guid", tags.save, async (c) => ok(c, crypto.randomUUID()), {
      doc: { summary: l("数据模型记录：生成主键（UUID v4）", "Data model records: a new id (UUID v4)"), tags: docTags, response: z.string().uuid() },
    })
    .get("/datamodel/excel/template", tags.import, async (c) => {
      const q = parseInput(flatQuery, c.req.query(), { dataModelId: modelIdLabel });
      const family = await resolve(c, q.dataModelId, "read");
      const lang = c.get("lang");
      return new Response(await templateFile(c.env.DB, family, lang), {
        headers: { "content-type": xlsxType, "content-disposition": contentDisposition(family, lang, "xlsx", lang === "zh-CN" ? "导入模板" : "import template"), "cache-control": "no-store" },
      });
    }, { doc: { summary: summary(verbSummaries["excel/template"]!), tags: docTags, query: flatQuery, download: xlsxType } })
    .post("/datamodel/excel/export", tags.export, async (c) => {
      const { id, body } = await modelBody(c);
      const family = await resolve(c, id, "read");
      // the list's filters may come inside `filters` or beside the export's own keys
      const { filters, keyword, sort, columns, format, ...loose } = body;
      const declared = Object.fromEntries(Object.entries(loose).filter(([k]) => k in family.filters));
      const parsed = parseInput(exportBody, { filters: { ...declared, ...((filters as object | undefined) ?? {}) }, keyword, sort, columns, format });
      return exportResponse(c.env.DB, family, parsed, c.get("lang"));
    }, { doc: { summary: summary(verbSummaries["excel/export"]!), tags: docTags, body: flatExportBody, download: xlsxType } });

  standardVerbs(table, {
    path: "/datamodel/data/:modelId",
    tags,
    family: (c, intent) => resolve(c, idOf(c.req.param("modelId")), intent),
    doc: verbDoc,
  });
}
