/**
 * JSON Schema for the API document: zod schemas through zod 4's `z.toJSONSchema` (shared definitions
 * hoisted into `components.schemas`), and field kinds of family declarations for records and fallbacks.
 */
import * as z from "zod";
import type { Field } from "../../events/fields.ts";
import type { Lang } from "../../events/i18n.ts";

export type JsonSchema = Record<string, unknown>;

export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/** Makes a schema also accept null (OpenAPI 3.1: a type list, else anyOf). */
export function nullable(schema: JsonSchema): JsonSchema {
  if (typeof schema.type === "string") return { ...schema, type: [schema.type, "null"] };
  return { anyOf: [schema, { type: "null" }] };
}

/** The keys of a zod object a client must send: those whose schema refuses an absent value. */
export function requiredKeys(schema: z.ZodObject): string[] {
  return Object.entries(schema.shape as Record<string, z.ZodType>)
    .filter(([, field]) => {
      try {
        return !field.safeParse(undefined).success;
      } catch {
        return true;
      }
    })
    .map(([key]) => key);
}

/**
 * The document's `components.schemas` as they are being collected. `fromZod` converts a zod schema and moves
 * its `$defs` (recursive and shared parts) here, so every `$ref` resolves against the document.
 */
export class Schemas {
  readonly all: Record<string, JsonSchema> = {};

  add(name: string, schema: JsonSchema): JsonSchema {
    this.all[name] = schema;
    return ref(name);
  }

  /**
   * A zod schema as JSON Schema: what a client sends (`input`: before preprocessing, defaults optional)
   * or what it receives (`output`). Parts JSON Schema cannot say (transforms, custom checks) accept anything;
   * null when the schema cannot be converted at all. `name` names what it needs in `components.schemas`: the
   * schema itself when it refers to itself, and its shared parts (`<name>_Part<n>`); a part zod knows by
   * an `id` (`.meta({ id })`) keeps that id.
   */
  fromZod(schema: z.ZodType, io: "input" | "output", name: string): JsonSchema | null {
    let out: JsonSchema;
    try {
      out = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema;
    } catch {
      return null;
    }
    delete out.$schema;
    if (io === "input" && schema instanceof z.ZodObject && out.type === "object") {
      const required = requiredKeys(schema);
      if (required.length) out.required = required;
      else delete out.required;
    }
    return this.hoist(out, name);
  }

  private hoist(root: JsonSchema, prefix: string): JsonSchema {
    const defs = (root.$defs ?? {}) as Record<string, JsonSchema>;
    delete root.$defs;
    // zod names a part it has no id for `__schema<n>`
    const nameOf = (def: string) => (/^__schema\d+$/.test(def) ? `${prefix}_Part${def.slice(8)}` : def.replace(/[^\w.-]/g, "_"));
    let selfRef = false;
    const rewrite = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(rewrite);
      if (!node || typeof node !== "object") return;
      const o = node as JsonSchema;
      if (o.$ref === "#") {
        selfRef = true;
        o.$ref = `#/components/schemas/${prefix}`;
      } else if (typeof o.$ref === "string" && o.$ref.startsWith("#/$defs/")) {
        o.$ref = `#/components/schemas/${nameOf(o.$ref.slice(8))}`;
      }
      Object.values(o).forEach(rewrite);
    };
    rewrite(root);
    for (const [name, def] of Object.entries(defs)) {
      rewrite(def);
      this.all[nameOf(name)] = def;
    }
    return selfRef ? this.add(prefix, root) : root;
  }
}

/** Schema of a field's value as answers carry it (the kind's JSON type, titled with its label). */
export function fieldSchema(field: Field, lang: Lang, schemas: Schemas, name: string): JsonSchema {
  const strings = { type: "array", items: { type: "string" } };
  const byKind: Record<Field["kind"], () => JsonSchema> = {
    text: () => ({ type: "string" }),
    int: () => ({ type: "integer" }),
    number: () => ({ type: "number" }),
    bool: () => ({ type: "boolean" }),
    date: () => ({ type: "string", format: "date" }),
    datetime: () => ({ type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$", examples: ["2024-01-05 08:30:00"] }),
    dict: () => (field.multiple ? strings : { type: "string" }),
    ref: () => ({ type: "string" }),
    refs: () => strings,
    json: () => schemas.fromZod(field.schema, "output", name) ?? {},
  };
  const schema: JsonSchema = { ...byKind[field.kind](), title: field.label[lang] };
  if (field.dict) schema["x-dict"] = field.dict;
  return schema;
}

/** The value of a field as a query parameter (a single value, never null). */
export function fieldParamSchema(field: Field, lang: Lang, schemas: Schemas, name: string): JsonSchema {
  const schema = fieldSchema(field, lang, schemas, name);
  return schema.type === "array" ? { type: "string", title: schema.title } : schema;
}
