/**
 * Values built on first use (the start-up budget): a family's command schemas and a field's schema are not
 * built by its declaration, are built once on first read, and a copy made with withLazy keeps them lazy.
 */
import { describe, expect, it } from "vitest";
import { lazy, lazyProperty, withLazy } from "../../events/lazy.ts";
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
