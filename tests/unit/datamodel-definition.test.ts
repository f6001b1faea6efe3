/**
 * A data model's definition becomes a record family the engine serves like a declared one (issue 10's
 * "one engine, two sources of declarations"): fields, rules, filters, the table, the data verbs' tags.
 */
import { describe, expect, it } from "vitest";
import { dataModelSchema, familyOfModel, maxModelFields, type DataModel } from "../../events/datamodel/definition.ts";
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
