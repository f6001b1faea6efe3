/**
 * Families built at run time (the data models) query through the same engine as declared ones:
 * a family object the declarations do not hold gets its read-model table built from it, and answers what the
 * declared family answers over the same table.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { defineFamily } from "../events/family.ts";
import { dictionary } from "../events/families/sys.ts";
import type { Family } from "../events/family.ts";
import { familyTables, tableOf } from "../worker/resources/schema.ts";
import { findById, listPage, parseListQuery } from "../worker/resources/query.ts";
import { addColumnStatements, createTableStatements } from "../worker/resources/ddl.ts";
import { familyOfModel } from "../events/datamodel/definition.ts";
import { families } from "../events/families/index.ts";

describe("a family built at run time", () => {
  const declared = dictionary as unknown as Family;
  // the same declaration made again, as a run-time definition would be: another object, the same table
  const { idKey: _idKey, ...spec } = declared;
  const runtime = defineFamily({ ...spec, fields: { ...declared.fields } }) as unknown as Family;

  it("gets its own table object, built once, while declared families keep theirs", () => {
    expect(tableOf(declared)).toBe(familyTables[declared.table]);
    expect(tableOf(runtime)).not.toBe(familyTables[declared.table]);
    expect(tableOf(runtime)).toBe(tableOf(runtime));
  });

  it("lists, filters and finds like the declared family over the same rows", async () => {
    const query = { page: "1", limit: "20", type: "examStatus" };
    const a = await listPage(env.DB, declared, parseListQuery(declared, query));
    const b = await listPage(env.DB, runtime, parseListQuery(runtime, query));
    expect(a.total).toBeGreaterThan(0);
    expect(b).toEqual(a);
    const id = String(a.rows[0]![declared.idKey]);
    expect(await findById(env.DB, runtime, id)).toEqual(await findById(env.DB, declared, id));
  });
});

describe("a table made at run time", () => {
  // the run-time DDL and the migrations share one index plan: a declared family made at run time would get
  // exactly the indexes (names, columns, uniqueness) its migration gave it
  it.each(families.filter((f) => !f.table.includes("view")).map((f) => [f.name, f] as const))("%s: the DDL's indexes are the migration's", async (_name, family) => {
    const { results } = await env.DB.prepare("SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL").bind(family.table).all<{ sql: string }>();
    const normal = (sql: string) => sql.replace(/[`"]/g, "").replace(/IF NOT EXISTS /, "").replace(/\s*,\s*/g, ", ").replace(/\s+/g, " ").trim();
    const made = createTableStatements(family).filter((s) => s.sql.includes(" INDEX ")).map((s) => normal(s.sql));
    expect(made.sort()).toEqual(results.map((r) => normal(r.sql)).sort());
  });

  it("creates a declared family's table again, column for column", async () => {
    const family = dictionary as unknown as Family;
    const copy = { ...family, table: "runtime_copy_of_sys_dict", search: [] } as Family;
    await env.DB.batch(createTableStatements(copy).map((s) => env.DB.prepare(s.sql)));
    const columns = async (table: string) => (await env.DB.prepare(`SELECT name, type, "notnull", pk FROM pragma_table_info(?) ORDER BY cid`).bind(table).all()).results;
    expect((await columns(copy.table)).map((c) => ({ ...c, type: String(c.type).toUpperCase() }))).toEqual((await columns(family.table)).map((c) => ({ ...c, type: String(c.type).toUpperCase() })));
  });
});

describe("a field added to a table that has rows", () => {
  it("gives the rows its fallback, its index, its search terms and its counters", async () => {
    const code = `ddl${crypto.randomUUID().replace(/-/g, "").slice(0, 8)}`;
    const title = { name: "title", title: "标题", type: "text" as const, required: true, unique: false, hidden: false };
    const before = familyOfModel("m", { name: "m", code, type: "table", fields: [title] });
    const site = { name: "site", title: "地点", type: "text" as const, required: true, unique: false, hidden: false, defaultValue: "总部", fallback: "总部" };
    const kind = { name: "kind", title: "类别", type: "dict" as const, dictType: "x", required: true, unique: false, hidden: false, defaultValue: "1", fallback: "1" };
    const after = { ...familyOfModel("m", { name: "m", code, type: "table", fields: [title, site, kind] }), counted: ["kind"] } as Family;
    await env.DB.batch(createTableStatements(before).map((s) => env.DB.prepare(s.sql).bind(...s.params)));
    await env.DB.batch([
      env.DB.prepare(`INSERT INTO ${before.table} (id, title, version) VALUES ('a', '离心泵', 1), ('b', '压缩机', 1)`),
      env.DB.prepare(`INSERT INTO ${before.table}_search (rowid, head, rest) SELECT rowid, title, '' FROM ${before.table}`),
    ]);
    await env.DB.batch(addColumnStatements(after, ["site", "kind"]).map((s) => env.DB.prepare(s.sql).bind(...s.params)));
    expect((await env.DB.prepare(`SELECT id, site, kind FROM ${after.table} ORDER BY id`).all()).results).toEqual([
      { id: "a", site: "总部", kind: "1" },
      { id: "b", site: "总部", kind: "1" },
    ]);
    expect((await env.DB.prepare(`SELECT rest FROM ${after.table}_search`).all()).results).toEqual([{ rest: "总部 部" }, { rest: "总部 部" }]);
    expect((await env.DB.prepare("SELECT value, n FROM counters WHERE scope = ?").bind(`${after.table}.kind`).all()).results).toEqual([{ value: "1", n: 2 }]);
    const indexes = (await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ?").bind(after.table).all<{ name: string }>()).results.map((r) => r.name);
    expect(indexes).toEqual(expect.arrayContaining([`${after.table}_site_id_idx`, `${after.table}_kind_create_time_id_idx`]));
    // and the engine reads them as it reads rows written after the change
    const page = await listPage(env.DB, after, parseListQuery(after, { kind: "1", site: "总部" }));
    expect(page.total).toBe(2);
  });
});
