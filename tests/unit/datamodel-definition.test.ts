/**
 * A data model's definition becomes a record family the engine serves like a declared one
 * (one engine, two sources of declarations): fields, rules, filters, the table, the data verbs' tags; a
 * change to it is decided against the counts of values that would not fit (counted in SQL); a view model
 * compiles to SQL from declared names and strictly quoted literals.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { dataModelSchema, familyOfModel, fieldOfModel, maxModelFields, type DataModel } from "../../events/datamodel/definition.ts";
import { decideModelChange, fitQueries, rowStatsSql, type ModelStats } from "../../events/datamodel/change.ts";
import { checkView, quoteLiteral, viewDefinitionSchema, viewSql } from "../../events/datamodel/view.ts";
import { validateRecord } from "../../events/validation.ts";
import { familyTable } from "../../worker/resources/schema.ts";
import { getTableConfig } from "drizzle-orm/sqlite-core";

const model: DataModel = dataModelSchema.parse({
  name: "设备台账",
  code: "equipment_ledger",
  fields: [
    { name: "assetNo", title: "资产编号", titleEn: "Asset no.", type: "text", length: 20, required: true, unique: true, pattern: "^EQ\\d{6}$" },
    { name: "category", title: "类别", type: "dict", dictType: "equipmentStatus" },
    { name: "price", title: "原值", type: "decimal" },
    { name: "bought", title: "购置日期", type: "date" },
    { name: "area", title: "所在区划", type: "region" },
    { name: "photos", title: "照片", type: "file" },
    { name: "retired", title: "旧字段", type: "text", hidden: true },
  ],
});

describe("a data model as a record family", () => {
  const family = familyOfModel("m1", model);

  it("has the model's table, its own event names and the data verbs' permission tags", () => {
    expect(family.table).toBe("dm_equipment_ledger");
    expect(family.events.created).toBe("dm.equipment_ledger.created");
    expect(family.tags.list).toBe("datamodel:data:list");
    expect(family.tags.import).toBe("datamodel:data:import");
    expect(family.label["zh-CN"]).toBe("设备台账");
    expect(family.fields.assetNo!.label).toEqual({ "zh-CN": "资产编号", "en-US": "Asset no." });
  });

  it("lists, filters and sorts by every visible field; a hidden field keeps its values but leaves the list", () => {
    expect(family.columns).toEqual(["assetNo", "category", "price", "bought", "area", "photos"]);
    expect(family.filters).toMatchObject({ assetNo: "prefix", category: "eq", price: "eq", bought: "eq", area: "eq" });
    expect(family.filters).not.toHaveProperty("photos");
    expect(family.filters).not.toHaveProperty("retired");
    expect(family.fields).toHaveProperty("retired");
    expect(family.unique).toEqual([["assetNo"]]);
    expect(family.search).toEqual(["assetNo"]);
  });

  it("validates records with the model's rules: required, its pattern, types, a region code", () => {
    expect(family.createSchema.safeParse({ assetNo: "EQ000123", price: "12.5", bought: "2026-02-01", area: "610113" }).success).toBe(true);
    expect(family.createSchema.safeParse({ assetNo: "X-1" }).success).toBe(false);
    expect(family.createSchema.safeParse({ price: 1 }).success).toBe(false);
    expect(family.createSchema.safeParse({ assetNo: "EQ000124", bought: "2026-02-30" }).success).toBe(false);
    expect(family.createSchema.safeParse({ assetNo: "EQ000125", area: "6101" }).success).toBe(false);
  });

  it("gets a table with a typed column per field and an index for each filter", () => {
    const config = getTableConfig(familyTable(family));
    expect(config.name).toBe("dm_equipment_ledger");
    const columns = Object.fromEntries(config.columns.map((c) => [c.name, c.getSQLType()]));
    expect(columns).toMatchObject({ id: "text", asset_no: "text", price: "real", bought: "text", retired: "text" });
    const indexed = config.indexes.map((i) => i.config.name);
    expect(indexed).toEqual(expect.arrayContaining(["dm_equipment_ledger_category_create_time_id_idx", "dm_equipment_ledger_asset_no_uq"]));
  });

  it("refuses a model with repeated field names or more fields than a D1 table can hold", () => {
    const field = { name: "a", title: "A", type: "text" };
    expect(dataModelSchema.safeParse({ name: "x", code: "xx", fields: [field, field] }).success).toBe(false);
    const many = Array.from({ length: maxModelFields + 1 }, (_, i) => ({ name: `f${i}`, title: `F${i}`, type: "int" }));
    expect(dataModelSchema.safeParse({ name: "x", code: "xx", fields: many }).success).toBe(false);
    expect(dataModelSchema.safeParse({ name: "x", code: "Bad-Code", fields: [field] }).success).toBe(false);
  });
});

// ---- model changes (events/datamodel/change.ts) and view models (events/datamodel/view.ts)


const none: ModelStats = { records: 0, misfits: {} };
const withRecords = (records: number, misfits: Record<string, number> = {}): ModelStats => ({ records, misfits });
const small: DataModel = dataModelSchema.parse({
  name: "台账",
  code: "ledger",
  fields: [
    { name: "title", title: "标题", type: "text", required: true },
    { name: "serial", title: "编号", type: "text", length: 20 },
    { name: "qty", title: "数量", type: "int" },
  ],
});
const withFields = (fields: unknown[]): DataModel => dataModelSchema.parse({ ...small, fields });
const problemKeys = (d: ReturnType<typeof decideModelChange>) => (d.ok ? [] : d.problems.map((p) => [p.field, p.key, p.params ?? {}]));

describe("deciding a model change", () => {
  it("takes a new model, refusing a pattern that does not compile and a default its field refuses", () => {
    expect(decideModelChange(null, small, none)).toMatchObject({ ok: true, added: ["title", "serial", "qty"] });
    const bad = withFields([{ name: "a", title: "A", type: "text", pattern: "(x" }, { name: "b", title: "B", type: "int", defaultValue: "many" }]);
    expect(problemKeys(decideModelChange(null, bad, none))).toEqual([
      ["fields.a", "modelBadPattern", { error: expect.any(String) }],
      ["fields.b", "modelBadDefault", {}],
    ]);
    // a repeated quantified group could take exponential time on a long value
    for (const pattern of ["^(a+)+$", "(\\d*x)*", "([a-z]{1,}b){2,}"]) {
      expect(problemKeys(decideModelChange(null, withFields([{ name: "a", title: "A", type: "text", pattern }]), none)), pattern).toEqual([["fields.a", "modelBadPattern", { error: "nested quantifier" }]]);
    }
    expect(decideModelChange(null, withFields([{ name: "a", title: "A", type: "text", pattern: "^(ab|cd)+\\d{2,4}$" }]), none).ok).toBe(true);
  });

  it("needs a default for a new required field while records exist, and old records then read it", () => {
    const level = { name: "level", title: "等级", type: "text", required: true };
    const without = withFields([...small.fields, level]);
    expect(problemKeys(decideModelChange(small, without, withRecords(3)))).toEqual([["fields.level", "modelRequiredNeedsDefault", { count: 3 }]]);
    expect(decideModelChange(small, without, none).ok).toBe(true);
    const withDefault = withFields([...small.fields, { ...level, defaultValue: "普通" }]);
    const decided = decideModelChange(small, withDefault, withRecords(3));
    expect(decided).toMatchObject({ ok: true, added: ["level"] });
    const field = decided.ok ? decided.model.fields.find((f) => f.name === "level")! : null;
    expect(field).toMatchObject({ fallback: "普通" });
    expect(fieldOfModel(field!).fallback).toBe("普通");
    // an optional new field gets no fallback: a record may hold it empty
    const optional = decideModelChange(small, withFields([...small.fields, { name: "note", title: "备注", type: "text", defaultValue: "x" }]), withRecords(3));
    expect(optional.ok && optional.model.fields.find((f) => f.name === "note")!.fallback).toBeUndefined();
  });

  it("ignores a client's fallback and keeps the stored one", () => {
    const stored = withFields([...small.fields, { name: "level", title: "等级", type: "text", required: true, defaultValue: "a", fallback: "a" }]);
    const asked = withFields([...small.fields, { name: "level", title: "等级", type: "text", required: true, defaultValue: "b", fallback: "b" }, { name: "x", title: "X", type: "text", fallback: "z" }]);
    const decided = decideModelChange(stored, asked, withRecords(1));
    expect(decided.ok && decided.model.fields.map((f) => [f.name, f.fallback])).toEqual([["title", undefined], ["serial", undefined], ["qty", undefined], ["level", "a"], ["x", undefined]]);
  });

  it("refuses type, length, required and unique changes by the count of values that would not fit", () => {
    const changed = withFields([
      { name: "title", title: "标题", type: "text", required: true, unique: true },
      { name: "serial", title: "编号", type: "int" },
      { name: "qty", title: "数量", type: "int", required: true },
    ]);
    const stats = withRecords(9, { "serial:type": 4, "qty:required": 2, "title:unique": 1 });
    expect(problemKeys(decideModelChange(small, changed, stats))).toEqual([
      ["fields.title", "modelUniqueMisfits", { count: 1 }],
      ["fields.serial", "modelTypeMisfits", { count: 4 }],
      ["fields.qty", "modelRequiredMisfits", { count: 2 }],
    ]);
    expect(decideModelChange(small, changed, withRecords(9)).ok).toBe(true);
    const shorter = withFields([small.fields[0], { ...small.fields[1], length: 5 }, small.fields[2]]);
    expect(problemKeys(decideModelChange(small, shorter, withRecords(9, { "serial:length": 2 })))).toEqual([["fields.serial", "modelLengthMisfits", { count: 2, max: 5 }]]);
  });

  it("hides a removed field instead of dropping it, and shows it again when asked", () => {
    const decided = decideModelChange(small, withFields([small.fields[0], small.fields[2]]), withRecords(5));
    expect(decided.ok && decided.model.fields.map((f) => [f.name, f.hidden])).toEqual([["title", false], ["qty", false], ["serial", true]]);
    const hidden = decided.ok ? decided.model : small;
    const again = decideModelChange(hidden, withFields(small.fields), withRecords(5));
    expect(again.ok && again.model.fields.map((f) => [f.name, f.hidden])).toEqual([["title", false], ["serial", false], ["qty", false]]);
  });

  it("never changes the code or the kind, and counts hidden fields against the column limit", () => {
    expect(problemKeys(decideModelChange(small, { ...small, code: "other" }, none))).toEqual([["code", "modelUnchangeable", {}]]);
    expect(problemKeys(decideModelChange(small, { ...small, type: "view" }, none))).toEqual([["type", "modelUnchangeable", {}]]);
    const full = withFields(Array.from({ length: maxModelFields }, (_, i) => ({ name: `f${i}`, title: `F${i}`, type: "int" })));
    const replaced = withFields([{ name: "other", title: "O", type: "int" }]);
    expect(problemKeys(decideModelChange(full, replaced, none))).toEqual([["fields", "modelTooManyFields", { max: maxModelFields }]]);
  });

  it("tells a model's own pattern message", () => {
    const family = familyOfModel("m", withFields([{ name: "code", title: "编码", type: "text", pattern: "^[A-Z]{3}$", patternMessage: "须为三个大写字母" }]));
    expect(validateRecord(family, { code: "abc" }, "zh-CN")).toEqual({ code: "编码：须为三个大写字母" });
  });
});

describe("counting the values a change would not fit, in SQL", () => {
  it("counts per rule over the model's table", async () => {
    const before = withFields([
      { name: "title", title: "T", type: "text" },
      { name: "serial", title: "S", type: "text" },
      { name: "amount", title: "A", type: "text" },
      { name: "day", title: "D", type: "text" },
      { name: "note", title: "N", type: "longText" },
    ]);
    const after = withFields([
      { name: "title", title: "T", type: "text", unique: true, required: true },
      { name: "serial", title: "S", type: "int" },
      { name: "amount", title: "A", type: "decimal" },
      { name: "day", title: "D", type: "date" },
      { name: "note", title: "N", type: "longText", length: 3 },
    ]);
    await env.DB.exec("DROP TABLE IF EXISTS dm_ledger");
    await env.DB.exec("CREATE TABLE dm_ledger (id TEXT PRIMARY KEY, title TEXT, serial TEXT, amount TEXT, day TEXT, note TEXT)");
    const rows = [
      ["a", "12", "1.5", "2026-01-31", "abc"],
      ["a", "12.5", "x", "2026-02-30", "abcd"],
      ["b", "abc", "-3e2", "2026-02-28 10:00:00", null],
      [null, " 7", "", null, "ab"],
      ["", null, "12abc", "", "abcdef"],
      ["c", "99999999999", "0", "2024-02-29", ""],
    ];
    for (const [i, r] of rows.entries()) await env.DB.prepare("INSERT INTO dm_ledger VALUES (?, ?, ?, ?, ?, ?)").bind(String(i), ...r).run();
    const { table, rows: checks, unique } = fitQueries(before, after);
    const counts = (await env.DB.prepare(rowStatsSql(table, checks)).first<Record<string, number>>())!;
    const byKey = Object.fromEntries(checks.map((c, i) => [c.key, counts[`c${i}`]]));
    expect(counts.records).toBe(6);
    // serial: 12.5, abc and an integer past the int range; amount: x and 12abc; day: Feb 30 and a datetime
    expect(byKey).toEqual({ "title:required": 2, "serial:type": 3, "amount:type": 2, "day:type": 2, "note:length": 2 });
    expect(unique.map((u) => u.key)).toEqual(["title:unique"]);
    expect((await env.DB.prepare(unique[0]!.sql).first<{ n: number }>())!.n).toBe(1);
  });
});

describe("view models", () => {
  const view = viewDefinitionSchema.parse({
    base: { kind: "model", id: "m1", table: "dm_ledger", idColumn: "id" },
    join: { kind: "family", id: "sys.sysdict", on: ["serial", "value"], table: "sys_dict", idColumn: "id" },
    filters: [
      { field: "title", op: "like", value: "50%_off's" },
      { from: "join", field: "type", op: "eq", value: "yesNo" },
      { field: "amount", op: "ge", value: 2 },
    ],
    columns: [{ field: "title" }, { from: "join", field: "name", as: "serialName" }],
  });

  it("quotes literals strictly", () => {
    expect(quoteLiteral("it's")).toBe("'it''s'");
    expect(quoteLiteral("x' OR '1'='1")).toBe("'x'' OR ''1''=''1'");
    expect(quoteLiteral(-2.5)).toBe("-2.5");
    expect(() => quoteLiteral("a\u0000b")).toThrow();
    expect(() => quoteLiteral("a\nb")).toThrow();
    expect(() => quoteLiteral("\ud800")).toThrow();
    expect(() => quoteLiteral(Number.NaN)).toThrow();
  });

  it("compiles to a view of the base's id and bookkeeping plus the chosen columns, the join and the filters", () => {
    const [drop, create] = viewSql("ledger_v", view);
    expect(drop).toBe("DROP VIEW IF EXISTS dm_ledger_v");
    expect(create).toBe(
      "CREATE VIEW dm_ledger_v AS SELECT b.id AS id, b.title AS title, j.name AS serial_name, b.version AS version, b.create_time AS create_time, b.create_by AS create_by, " +
        "b.update_time AS update_time, b.update_by AS update_by FROM dm_ledger b LEFT JOIN sys_dict j ON b.serial = j.value " +
        "WHERE b.title LIKE '%50\\%\\_off''s%' ESCAPE '\\' AND j.type = 'yesNo' AND b.amount >= 2",
    );
  });

  it("refuses names that are not plain field keys before any SQL is made", () => {
    expect(viewDefinitionSchema.safeParse({ ...view, columns: [{ field: "title, (SELECT 1)" }] }).success).toBe(false);
    expect(viewDefinitionSchema.safeParse({ ...view, filters: [{ field: "title", op: "= 1 OR", value: 1 }] }).success).toBe(false);
    expect(viewDefinitionSchema.safeParse({ ...view, base: { ...view.base, table: "sys_user; --" } }).success).toBe(false);
    expect(viewDefinitionSchema.safeParse({ ...view, filters: [{ field: "title", op: "eq", value: { raw: "1" } }] }).success).toBe(false);
  });

  it("checks a view against its sources' declared fields and types its columns from them", () => {
    const base = Object.fromEntries(small.fields.map((f) => [f.name, f]));
    const join = { value: { ...small.fields[0]!, name: "value", required: false }, name: { ...small.fields[0]!, name: "name", title: "名称", required: false }, type: { ...small.fields[0]!, name: "type", required: false } };
    const unknown = checkView(viewDefinitionSchema.parse({ ...view, columns: [{ field: "secret" }, { from: "join", field: "name" }, { from: "join", field: "name" }] }), { base, join });
    expect(unknown.problems.map((p) => [p.field, p.key])).toEqual([
      ["view.filters.2.field", "viewUnknownField"],
      ["view.columns.0.field", "viewUnknownField"],
      ["view.columns.2.as", "viewDuplicateColumn"],
    ]);
    const reserved = checkView(viewDefinitionSchema.parse({ ...view, filters: [], columns: [{ field: "title", as: "version" }] }), { base, join });
    expect(reserved.problems.map((p) => p.key)).toEqual(["viewDuplicateColumn"]);
    const good = checkView(viewDefinitionSchema.parse({ ...view, filters: [] }), { base, join });
    expect(good.problems).toEqual([]);
    expect(good.fields.map((f) => [f.name, f.type, f.required])).toEqual([["title", "text", false], ["serialName", "text", false]]);
    expect(checkView(view, { base }).problems[0]).toMatchObject({ key: "viewSourceMissing" });
  });

  it("gives a read-only family without search or unique indexes", () => {
    const family = familyOfModel("v1", dataModelSchema.parse({ name: "视图", code: "ledger_v", type: "view", view, fields: [{ name: "title", title: "标题", type: "text", unique: true }] }));
    expect(family.table).toBe("dm_ledger_v");
    expect(family.search).toEqual([]);
    expect(family.unique).toEqual([]);
    expect(family.filters).toEqual({ title: "prefix" });
  });
});
