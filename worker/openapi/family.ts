/**
 * What the API document says about a family's verbs, derived from its declaration: list parameters from
 * its filters, sorts and search fields, request bodies from its zod schemas, answers from its field kinds.
 */
import * as z from "zod";
import { metaColumns, type Family } from "../../events/family.ts";
import type { Lang } from "../../events/i18n.ts";
import { fieldParamSchema, fieldSchema, nullable, ref, type JsonSchema, type Schemas } from "./schema.ts";
import { say, texts, verbSummaries } from "./texts.ts";

/** The parts of an operation a route contributes, before the envelope and security are added. */
export interface OperationParts {
  parameters: JsonSchema[];
  requestBody?: JsonSchema;
  /** schema of `data` in the envelope */
  data?: JsonSchema;
  /** a paged list: `{ code, msg, total, totalCapped?, data: [rows] }` */
  list?: boolean;
  /** media types of a file answer */
  download?: string[];
  /** envelope codes beyond those the access rule implies */
  codes: number[];
}

export interface DocContext {
  lang: Lang;
  schemas: Schemas;
}

/** "sys.sysdict" → "SysSysdict": the family's name in `components.schemas`. */
export const schemaName = (family: Family) => family.name.split(/[._-]/).map((p) => p.charAt(0).toUpperCase() + p.slice(1)).join("");

const idSchema = { type: ["string", "integer"] };
const versionSchema = { type: "integer", minimum: 1 };
const xlsx = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const queryParam = (name: string, schema: JsonSchema, description?: string, required = false): JsonSchema => ({
  name,
  in: "query",
  required,
  ...(description ? { description } : {}),
  schema,
});
const header = (name: string, description: string): JsonSchema => ({ name, in: "header", required: false, description, schema: { type: "string" } });
const json = (schema: JsonSchema, required = true): JsonSchema => ({ required, content: { "application/json": { schema } } });

/** Registers the family's record, save and update schemas once per document; answers their names. */
function familySchemas(family: Family, { lang, schemas }: DocContext) {
  const name = schemaName(family);
  if (schemas.all[name]) return name;
  const fields = Object.entries(family.fields).filter(([, f]) => !f.secret);
  const meta: Record<string, JsonSchema> = { version: { type: "integer" }, createTime: { type: "string" }, createBy: { type: ["string", "null"] }, updateTime: { type: "string" }, updateBy: { type: ["string", "null"] } };
  const record: JsonSchema = {
    type: "object",
    title: family.label[lang],
    properties: {
      [family.idKey]: { type: "string" },
      ...Object.fromEntries(fields.map(([key, f]) => [key, nullable(fieldSchema(f, lang, schemas, `${name}_${key}`))])),
      ...Object.fromEntries(metaColumns.map((m) => [m.key, meta[m.key]!])),
    },
    required: [family.idKey, "version"],
  };
  schemas.add(name, record);
  const command = (schema: z.ZodObject, create: boolean): JsonSchema => {
    // the declaration's zod schema when it converts; else the field kinds, required as declared
    const converted = schemas.fromZod(schema, "input", `${name}${create ? "Save" : "Update"}`) ?? {
      type: "object",
      properties: Object.fromEntries(fields.map(([key, f]) => [key, nullable(fieldSchema(f, lang, schemas, `${name}_${key}`))])),
      required: create ? fields.filter(([, f]) => f.required).map(([key]) => key) : [],
    };
    const properties = (converted.properties ?? {}) as Record<string, JsonSchema>;
    for (const [key, f] of Object.entries(family.fields)) if (properties[key]) properties[key] = { title: f.label[lang], ...properties[key] };
    properties[family.idKey] = { ...idSchema, description: create ? say(texts.idForUpdate, lang) : say(texts.recordId, lang, { idKey: family.idKey }) };
    properties.version = { ...versionSchema, description: say(texts.version, lang) };
    const required = [...((converted.required as string[] | undefined) ?? []), ...(create ? [] : [family.idKey])];
    const title = say(verbSummaries[create ? "save" : "update"]!, lang, { label: family.label[lang] });
    return { ...converted, title, properties, ...(required.length ? { required } : {}) };
  };
  schemas.add(`${name}Save`, command(family.createSchema, true));
  schemas.add(`${name}Update`, command(family.patchSchema, false));
  return name;
}

/** Shared answer shapes of the engine (history entries, recycle-bin rows). */
function engineSchemas({ lang, schemas }: DocContext) {
  if (!schemas.all.HistoryEntry) {
    schemas.add("HistoryEntry", {
      type: "object",
      description: say(texts.historyEntry, lang),
      properties: {
        version: { type: "integer" },
        type: { type: "string" },
        action: { type: "string", enum: ["created", "updated", "deleted", "reverted", "restored"] },
        time: { type: "string" },
        actorId: { type: ["string", "null"] },
        actorName: { type: ["string", "null"] },
        changes: { type: "object", additionalProperties: { type: "array", minItems: 2, maxItems: 2, description: "[before, after]" } },
        hash: { type: "string" },
        revertedTo: { type: "integer" },
      },
      required: ["version", "type", "action", "time", "changes"],
    });
  }
}

function filterParams(family: Family, { lang, schemas }: DocContext): JsonSchema[] {
  const ops = { eq: texts.filterEq, like: texts.filterLike, prefix: texts.filterPrefix };
  return Object.entries(family.filters).flatMap(([key, op]) => {
    const field = family.fields[key];
    if (!field || !op) return [];
    const schema = op === "eq" ? fieldParamSchema(field, lang, schemas, `${schemaName(family)}_${key}`) : { type: "string", title: field.label[lang] };
    return [{ ...queryParam(key, schema, `${field.label[lang]} ${say(ops[op], lang)}`), "x-filter": op }];
  });
}

function listParams(family: Family, ctx: DocContext, paged: boolean): JsonSchema[] {
  const { lang } = ctx;
  return [
    ...(paged
      ? [queryParam("page", { type: "integer", minimum: 1, default: 1 }, say(texts.page, lang)), queryParam("limit", { type: "integer", minimum: 1, maximum: 1000, default: 10 }, say(texts.limit, lang))]
      : []),
    queryParam("orderField", { type: "string", enum: [...family.sorts], default: family.defaultSort[0] }, say(texts.orderField, lang)),
    queryParam("order", { type: "string", enum: ["asc", "desc"], default: family.defaultSort[1] }, say(texts.order, lang)),
    ...filterParams(family, ctx),
    ...(family.search.length ? [queryParam("keyword", { type: "string", maxLength: 100 }, say(texts.keyword, lang))] : []),
  ];
}

/** "template" and "excel/template" name the same verb. */
export const normalVerb = (verb: string) => (["template", "import", "export"].includes(verb) ? `excel/${verb}` : verb);

/** The operation parts of a family verb; unknown verbs get only what the route says about itself. */
export function familyOperation(family: Family, verb: string, ctx: DocContext): OperationParts {
  const { lang } = ctx;
  const name = familySchemas(family, ctx);
  const written = { type: "object", properties: { [family.idKey]: { type: "string" }, version: { type: "integer" } }, required: [family.idKey, "version"] };
  const idempotency = header("Idempotency-Key", say(texts.idempotencyKey, lang));
  switch (normalVerb(verb)) {
    case "list":
      return { parameters: listParams(family, ctx, true), list: true, data: { type: "array", items: ref(name) }, codes: [422] };
    case "listAll":
      return { parameters: listParams(family, ctx, false), data: { type: "array", items: ref(name) }, codes: [422] };
    case "info":
      return { parameters: [queryParam("version", versionSchema, say(texts.asOf, lang))], data: ref(name), codes: [404, 422] };
    case "history":
      engineSchemas(ctx);
      return { parameters: [], data: { type: "array", items: ref("HistoryEntry") }, codes: [] };
    case "save":
      return { parameters: [idempotency, header("If-Match", say(texts.ifMatch, lang))], requestBody: json(ref(`${name}Save`)), data: written, codes: [404, 409, 422] };
    case "update":
      return { parameters: [idempotency, header("If-Match", say(texts.ifMatch, lang))], requestBody: json(ref(`${name}Update`)), data: written, codes: [404, 409, 422] };
    case "delete":
      return {
        parameters: [idempotency],
        requestBody: json({ description: say(texts.deleteIds, lang), oneOf: [{ type: "array", items: idSchema, minItems: 1, maxItems: 100 }, idSchema] }),
        data: { type: "null" },
        codes: [404, 409, 422],
      };
    case "revert":
      return {
        parameters: [idempotency],
        requestBody: json({ type: "object", properties: { version: { ...versionSchema, description: say(texts.revertTo, lang) }, expectedVersion: { ...versionSchema, description: say(texts.version, lang) } }, required: ["version"] }),
        data: written,
        codes: [404, 409, 422],
      };
    case "restore":
      return { parameters: [idempotency], data: written, codes: [404, 409, 422] };
    case "deleted":
      return {
        parameters: listParams(family, ctx, true).slice(0, 2),
        list: true,
        data: {
          type: "array",
          items: {
            type: "object",
            description: say(texts.deletedRecord, lang),
            properties: { id: { type: "string" }, record: ref(name), version: { type: "integer" }, deletedAt: { type: "string" }, deletedBy: { type: ["string", "null"] }, deletedByName: { type: ["string", "null"] } },
          },
        },
        codes: [],
      };
    case "excel/template":
      return { parameters: [], download: [xlsx], codes: [] };
    case "excel/import":
      return { parameters: [idempotency], requestBody: importBody(family, lang), data: importAnswer, codes: [422] };
    case "excel/result":
      return { parameters: [], download: [xlsx], codes: [404] };
    case "excel/export":
      return { parameters: [], requestBody: exportBody(family, lang), download: [xlsx, "text/csv"], codes: [422] };
    default:
      return { parameters: [], codes: [] };
  }
}

const importAnswer: JsonSchema = {
  type: "object",
  properties: {
    read: { type: "integer" },
    stored: { type: "integer" },
    refused: { type: "integer" },
    skipped: { type: "integer" },
    errors: { type: "array", items: { type: "object", properties: { row: { type: "integer" }, field: { type: "string" }, label: { type: "string" }, message: { type: "string" } } } },
    resultUrl: { type: "string" },
  },
  required: ["read", "stored", "refused", "skipped", "errors"],
};

function importBody(family: Family, lang: Lang): JsonSchema {
  const mode = { type: "string", enum: ["valid", "all"], default: "valid" };
  const row = { type: "object", properties: { __row: { type: "integer" } }, additionalProperties: true, description: Object.values(family.fields).map((f) => f.label[lang]).join(", ") };
  return {
    required: true,
    description: say(texts.importBody, lang),
    content: {
      "application/json": {
        schema: {
          type: "object",
          properties: { importId: { type: "string" }, chunk: { type: "integer", minimum: 0 }, mode, dryRun: { type: "boolean" }, rows: { type: "array", items: row } },
          required: ["importId", "chunk", "rows"],
        },
      },
      "multipart/form-data": { schema: { type: "object", properties: { file: { type: "string", format: "binary" }, mode }, required: ["file"] } },
    },
  };
}

function exportBody(family: Family, lang: Lang): JsonSchema {
  const filters = Object.fromEntries(Object.keys(family.filters).map((key) => [key, { type: ["string", "number", "boolean"], title: family.fields[key]?.label[lang] }]));
  return json({
    type: "object",
    description: say(texts.exportBody, lang),
    properties: {
      filters: { type: "object", properties: filters },
      keyword: { type: "string" },
      sort: { type: ["object", "null"], properties: { field: { type: "string", enum: [...family.sorts] }, order: { type: "string", enum: ["asc", "desc"] } } },
      columns: { type: "array", items: { type: "string", enum: Object.keys(family.fields) } },
      format: { type: "string", enum: ["xlsx", "csv"], default: "xlsx" },
    },
  });
}
