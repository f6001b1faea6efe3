/**
 * Values built on first use (the start-up budget): a family's command schemas and a field's schema are not
 * built by its declaration, are built once on first read, and a copy made with withLazy keeps them lazy; a
 * module-level schema (lazySchema) and a verb's schemas are built when first touched and are then the schema
 * they would have been, for parsing, composing and the JSON Schema of the API document alike.
 */
import * as z from "zod";
import { describe, expect, it } from "vitest";
import { lazy, lazyProperty, lazySchema, withLazy } from "../../events/lazy.ts";
import { verb } from "../../events/api/verb.ts";
import { defineFamily, l } from "../../events/family.ts";
import { field } from "../../events/fields.ts";

describe("lazy", () => {
  it("builds on the first call only and returns the same value after", () => {
    let builds = 0;
    const value = lazy(() => ({ n: ++builds }));
    expect(builds).toBe(0);
    expect(value()).toBe(value());
    expect(builds).toBe(1);
  });
});

describe("lazyProperty", () => {
  it("builds on first read, then holds a plain data property that can be written", () => {
    let builds = 0;
    const target = lazyProperty({ name: "x" } as { name: string; schema: { id: number } }, "schema", () => ({ id: ++builds }));
    expect(builds).toBe(0);
    expect(Object.keys(target)).toEqual(["name", "schema"]);
    const first = target.schema;
    expect(target.schema).toBe(first);
    expect(builds).toBe(1);
    expect(Object.getOwnPropertyDescriptor(target, "schema")).toMatchObject({ value: first, writable: true, enumerable: true });
    target.schema = { id: 99 };
    expect(target.schema.id).toBe(99);
  });

  it("withLazy copies without building, and the copy builds its own", () => {
    let builds = 0;
    const source = lazyProperty({ tag: "a" } as { tag: string; schema: { id: number } }, "schema", () => ({ id: ++builds }));
    const copy = withLazy(source, { tag: "b" });
    expect(builds).toBe(0);
    expect(copy.tag).toBe("b");
    expect(source.tag).toBe("a");
    expect(copy.schema).not.toBe(source.schema);
    expect(builds).toBe(2);
  });
});

describe("a declared family", () => {
  const family = defineFamily({
    path: "/test/lazy",
    perm: "test:lazy",
    table: "test_lazy",
    label: l("测试", "Test"),
    fields: { name: field.text(l("名称", "Name"), { required: true, max: 8 }), tags: field.json(l("标签", "Tags"), () => field.text(l("标签", "Tag")).schema.array()) },
    columns: ["name"],
    sorts: ["name"],
    defaultSort: ["name", "asc"],
  });

  it("has its schemas as lazy properties until they are read", () => {
    expect(typeof Object.getOwnPropertyDescriptor(family, "createSchema")?.get).toBe("function");
    expect(typeof Object.getOwnPropertyDescriptor(family.fields.name, "schema")?.get).toBe("function");
  });

  it("validates as before once read: required, max length, empty string as missing, json by its own schema", () => {
    expect(family.createSchema.safeParse({ name: "ok", tags: ["a"] }).success).toBe(true);
    expect(family.createSchema.safeParse({ name: "" }).success).toBe(false);
    expect(family.createSchema.safeParse({ name: "much too long" }).success).toBe(false);
    expect(family.createSchema.safeParse({ name: "ok", tags: [1] }).success).toBe(false);
    expect(family.patchSchema.safeParse({}).success).toBe(true);
    expect(family.createSchema).toBe(family.createSchema);
  });
});

describe("lazySchema", () => {
  it("builds on first touch only, then is a zod schema of the built class", () => {
    let builds = 0;
    const row = lazySchema(() => (builds++, z.strictObject({ id: z.string(), n: z.number().int() })));
    expect(builds).toBe(0);
    expect(row instanceof z.ZodObject).toBe(true);
    expect(builds).toBe(1);
    expect(Object.getPrototypeOf(row)).toBe(Object.getPrototypeOf(z.strictObject({})));
    expect(row.parse({ id: "a", n: 1 })).toEqual({ id: "a", n: 1 });
    expect(row.safeParse({ id: "a", n: 1, extra: true }).success).toBe(false);
    expect(Object.keys(row.shape)).toEqual(["id", "n"]);
    expect(builds).toBe(1);
  });

  it("composes in place and lazily: extend, omit, a place in another shape", () => {
    const base = lazySchema(() => z.object({ a: z.string(), b: z.number() }));
    const wider = lazySchema(() => base.extend({ c: z.boolean() }).omit({ b: true }));
    const outer = lazySchema(() => z.object({ inner: base.optional(), list: z.array(wider) }));
    expect(outer.parse({ list: [{ a: "x", c: true }] })).toEqual({ list: [{ a: "x", c: true }] });
    expect(outer.safeParse({ inner: { a: "x" } }).success).toBe(false);
  });

  it("converts to the same JSON Schema as the schema built directly, its metadata and ids kept", () => {
    type Node = { name: string; children: Node[] };
    const direct: z.ZodType<Node> = z.strictObject({ name: z.string().describe("the name"), children: z.lazy(() => z.array(direct)) }).meta({ id: "TreeNode" });
    const lazyNode: z.ZodType<Node> = lazySchema(() => z.strictObject({ name: z.string().describe("the name"), children: z.lazy(() => z.array(lazyNode)) }).meta({ id: "TreeNode" }));
    const described = lazySchema(() => z.string().max(4).describe("at most four"));
    const piped = lazySchema(() => z.union([z.string(), z.number()]).transform(String));
    const json = (schema: z.ZodType) => z.toJSONSchema(z.object({ node: schema, described, piped }), { io: "input", unrepresentable: "any" });
    const expected = z.toJSONSchema(z.object({ node: direct, described: z.string().max(4).describe("at most four"), piped: z.union([z.string(), z.number()]).transform(String) }), { io: "input", unrepresentable: "any" });
    expect(json(lazyNode)).toEqual(expected);
  });
});

describe("verb", () => {
  it("builds a schema given as a function on its first read, and keeps a schema given as it is", () => {
    let builds = 0;
    const query = z.object({ id: z.string() });
    const v = verb({ method: "GET", path: "/test/:id", query, response: () => (builds++, z.strictObject({ ok: z.boolean() })) });
    expect(builds).toBe(0);
    expect(v.query).toBe(query);
    expect(v.response.parse({ ok: true })).toEqual({ ok: true });
    expect(v.response).toBe(v.response);
    expect(builds).toBe(1);
    expect(Object.keys(v)).toEqual(["method", "path", "query", "response"]);
  });
});
