/**
 * The records of a data model defined at run time go through the record engine: the standard
 * verbs at /datamodel/data/<modelId> and the spec's flat forms, validation without a write, history, revert,
 * the recycle bin, full-text search, spreadsheets in and out (bad rows explained, nothing half written), a
 * view model's records read-only, and a rebuild that recreates the model's table and rows identically.
 */
import { SELF, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { t } from "../events/i18n.ts";
import { xlsxFile } from "../worker/resources/spreadsheet/xlsx.ts";
import { store } from "../worker/modules.ts";
import { call, login, userWithPermissions } from "./helpers.ts";

let token: string;
let modelId: string;
const code = `t${crypto.randomUUID().replace(/-/g, "").slice(0, 12)}`;
const table = `dm_${code}`;
const base = () => `/datamodel/data/${modelId}`;

const fields = [
  { name: "title", title: "标题", titleEn: "Title", type: "text", length: 64, required: true, unique: true },
  { name: "qty", title: "数量", titleEn: "Quantity", type: "int" },
  { name: "amount", title: "金额", titleEn: "Amount", type: "decimal" },
  { name: "kind", title: "类别", titleEn: "Kind", type: "dict", dictType: "examStatus" },
  { name: "day", title: "日期", titleEn: "Day", type: "date" },
  { name: "flag", title: "启用", titleEn: "Enabled", type: "bool" },
  { name: "note", title: "说明", titleEn: "Note", type: "longText" },
];

async function ok(path: string, body?: unknown) {
  const answer = await call(path, { token, body });
  expect(answer.body.code, `${path}: ${JSON.stringify(answer.body)}`).toBe(0);
  return answer.body;
}

const save = async (record: Record<string, unknown>) => (await ok(`${base()}/save`, record)).data.id as string;

/** Every row of the model's table, its search rows and its recycle bin, in a stable order. */
async function dump() {
  const rows = await env.DB.prepare(`SELECT * FROM ${table} ORDER BY id`).all();
  const search = await env.DB.prepare(`SELECT t.id, s.head, s.rest FROM ${table}_search s JOIN ${table} t ON t.rowid = s.rowid ORDER BY t.id`).all();
  const bin = await env.DB.prepare("SELECT id, record, version, deleted_at, deleted_by FROM recycle_bin WHERE family = ? ORDER BY id").bind(`dm.${code}`).all();
  const counters = await env.DB.prepare("SELECT scope, value, n FROM counters WHERE scope = ? OR scope LIKE ? ORDER BY scope, value").bind(table, `${table}.%`).all();
  return { rows: rows.results, search: search.results, bin: bin.results, counters: counters.results };
}

beforeAll(async () => {
  token = await login();
  const created = await call("/datamodel/save", { token, body: { name: "设备台账", code, type: "table", fields } });
  expect(created.body.code, JSON.stringify(created.body)).toBe(0);
  modelId = created.body.data.id;
});

describe("D1 batches", () => {
  // a model's table is created in the batch that appends the model's event: DDL and inserts commit together
  it("accept DDL mixed with inserts, and roll both back when a statement fails", async () => {
    const name = `ddl_${crypto.randomUUID().replace(/-/g, "").slice(0, 8)}`;
    await env.DB.batch([
      env.DB.prepare(`CREATE TABLE ${name} (id TEXT PRIMARY KEY NOT NULL, v INTEGER)`),
      env.DB.prepare(`INSERT INTO ${name} (id, v) VALUES ('a', 1)`),
      env.DB.prepare(`ALTER TABLE ${name} ADD COLUMN w TEXT DEFAULT 'x'`),
      env.DB.prepare(`CREATE INDEX ${name}_v_idx ON ${name} (v)`),
    ]);
    expect((await env.DB.prepare(`SELECT id, v, w FROM ${name}`).all()).results).toEqual([{ id: "a", v: 1, w: "x" }]);
    await expect(
      env.DB.batch([env.DB.prepare(`CREATE TABLE ${name}_b (id TEXT PRIMARY KEY)`), env.DB.prepare(`INSERT INTO ${name} (id, v) VALUES ('a', 2)`)]),
    ).rejects.toThrow(/UNIQUE/);
    expect(await env.DB.prepare("SELECT name FROM sqlite_master WHERE name = ?").bind(`${name}_b`).first()).toBeNull();
  });
});

describe("a data model's records through the engine", () => {
  let first: string;
  let second: string;

  it("creates its table with an index per filterable field and a search table", async () => {
    const { results } = await env.DB.prepare("SELECT name, type FROM sqlite_master WHERE tbl_name IN (?, ?) ORDER BY name").bind(table, `${table}_search`).all<{ name: string; type: string }>();
    const names = results.map((r) => r.name);
    expect(names).toContain(table);
    expect(names).toContain(`${table}_search`);
    for (const column of ["qty", "amount", "kind", "day", "flag"]) expect(names, column).toContain(`${table}_${column}_create_time_id_idx`);
    expect(names).toContain(`${table}_title_uq`);
  });

  it("saves, lists, filters by any field, sorts, searches and reads records", async () => {
    first = await save({ title: "离心泵 A1", qty: 3, amount: 12.5, kind: "1", day: "2026-01-05", flag: true, note: "一号车间" });
    second = await ok("/datamodel/data/save", { dataModelId: modelId, title: "压缩机 B2", qty: 7, amount: 99, kind: "2", day: "2026-02-01", flag: false }).then((b) => b.data.id as string);
    await save({ title: "离心泵 C3", qty: 7, amount: 5, kind: "1", day: "2026-03-01" });

    const all = await ok(`${base()}/list?limit=10`);
    expect(all.total).toBe(3);
    expect(all.data.find((r: { id: string }) => r.id === first)).toMatchObject({ title: "离心泵 A1", qty: 3, version: 1, createBy: expect.any(String) });

    expect((await ok(`${base()}/list?qty=7`)).data.map((r: { title: string }) => r.title).sort()).toEqual(["压缩机 B2", "离心泵 C3"]);
    expect((await ok(`${base()}/list?kind=1&day=2026-01-05`)).data.map((r: { id: string }) => r.id)).toEqual([first]);
    expect((await ok(`${base()}/list?flag=false`)).data.map((r: { id: string }) => r.id)).toEqual([second]);
    expect((await ok(`${base()}/list?title=离心`)).total).toBe(2);
    expect((await ok(`${base()}/list?orderField=amount&order=asc`)).data.map((r: { amount: number }) => r.amount)).toEqual([5, 12.5, 99]);
    expect((await ok(`${base()}/list?keyword=压缩`)).data.map((r: { id: string }) => r.id)).toEqual([second]);
    expect((await ok(`${base()}/listAll?kind=1`)).data).toHaveLength(2);

    const info = await ok(`${base()}/info/${first}`);
    expect(info.data).toMatchObject({ id: first, title: "离心泵 A1", qty: 3, amount: 12.5, kind: "1", day: "2026-01-05", flag: true, note: "一号车间", version: 1 });

    // the spec's flat forms: query parameters plus body filters, info by query
    const flat = await ok(`/datamodel/data/list?dataModelId=${modelId}&limit=5`, { qty: 7, kind: "2" });
    expect(flat.data.map((r: { id: string }) => r.id)).toEqual([second]);
    expect((await ok(`/datamodel/data/list?dataModelId=${modelId}`, { filters: { kind: "1" } })).total).toBe(2);
    expect((await ok(`/datamodel/data/info?dataModelId=${modelId}&id=${second}`)).data).toMatchObject({ title: "压缩机 B2", flag: false });
  });

  it("refuses bad values by field and rule, and a duplicate of a unique field, writing nothing", async () => {
    const before = await dump();
    const bad = await call(`${base()}/save`, { token, body: { qty: "many", day: "2026-02-30" } });
    expect(bad.body.code).toBe(422);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(["day", "qty", "title"]);
    const duplicate = await call(`${base()}/save`, { token, body: { title: "离心泵 A1" } });
    expect(duplicate.body).toMatchObject({ code: 422, msg: t("alreadyExists", "zh-CN", { fields: "标题" }) });
    expect(await dump()).toEqual(before);
  });

  it("validates a record without writing it", async () => {
    const before = await dump();
    const events = await env.DB.prepare("SELECT COUNT(*) AS n FROM events").first<{ n: number }>();
    expect((await ok("/datamodel/data/validate", { dataModelId: modelId, title: "新设备", qty: 1 })).data).toEqual({ valid: true });
    const bad = await call("/datamodel/data/validate", { token, body: { dataModelId: modelId, qty: 1.5 } });
    expect(bad.body.code).toBe(422);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(["qty", "title"]);
    const taken = await call("/datamodel/data/validate", { token, body: { dataModelId: modelId, title: "压缩机 B2" } });
    expect(taken.body).toMatchObject({ code: 422, errors: { title: expect.any(String) } });
    // the record's own value is no clash when it is validated as an update
    expect((await ok("/datamodel/data/validate", { dataModelId: modelId, id: second, title: "压缩机 B2", qty: 8 })).data).toEqual({ valid: true });
    expect(await dump()).toEqual(before);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM events").first<{ n: number }>())!.n).toBe(events!.n);
  });

  it("updates, keeps history, reverts, deletes into the recycle bin and restores", async () => {
    await ok(`${base()}/update`, { id: first, qty: 4, version: 1 });
    await ok("/datamodel/data/update", { dataModelId: modelId, id: first, note: "二号车间" });
    const stale = await call(`${base()}/update`, { token, body: { id: first, qty: 5, version: 1 } });
    expect(stale.body.code).toBe(409);
    const history = await ok(`${base()}/history/${first}`);
    expect(history.data.map((e: { type: string }) => e.type)).toEqual([`dm.${code}.created`, `dm.${code}.updated`, `dm.${code}.updated`]);
    expect((await ok(`${base()}/info/${first}?version=1`)).data).toMatchObject({ qty: 3, note: "一号车间" });

    await ok(`${base()}/revert/${first}`, { version: 1 });
    expect((await ok(`${base()}/info/${first}`)).data).toMatchObject({ qty: 3, note: "一号车间", version: 4 });

    await ok("/datamodel/data/delete", { dataModelId: modelId, ids: [second] });
    expect((await call(`${base()}/info/${second}`, { token })).body.code).toBe(404);
    const bin = await ok(`${base()}/deleted`);
    expect(bin.data.map((r: { id: string }) => r.id)).toEqual([second]);
    await ok(`${base()}/restore/${second}`, {});
    expect((await ok(`${base()}/info/${second}`)).data).toMatchObject({ title: "压缩机 B2", version: 3 });
    expect((await ok(`${base()}/deleted`)).total).toBe(0);

    // a deletion that stays, for the rebuild to bring back into the bin
    const gone = await save({ title: "报废设备", qty: 1 });
    await ok(`${base()}/delete`, [gone]);
  });

  it("answers the model's definition, a guid, and 404 for an unknown model", async () => {
    const definition = await ok(`/datamodel/data/getFieldsByModelId?dataModelId=${modelId}`);
    expect(definition.data).toMatchObject({ id: modelId, version: expect.any(Number), model: { name: "设备台账", code, type: "table" } });
    expect(definition.data.model.fields.map((f: { name: string }) => f.name)).toEqual(fields.map((f) => f.name));
    expect((await ok("/datamodel/data/guid")).data).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    const unknown = crypto.randomUUID();
    for (const path of [`/datamodel/data/${unknown}/list`, `/datamodel/data/info?dataModelId=${unknown}&id=x`, `/datamodel/data/getFieldsByModelId?dataModelId=${unknown}`]) {
      expect((await call(path, { token })).body.code, path).toBe(404);
    }
    expect((await call(`/datamodel/data/${unknown}/save`, { token, body: { title: "x" } })).body.code).toBe(404);
    expect((await call("/datamodel/data/save", { token, body: { title: "x" } })).body).toMatchObject({ code: 422, errors: { dataModelId: expect.any(String) } });
  });

  it("checks the data verbs' tags on every form", async () => {
    const admin = token;
    const reader = (await userWithPermissions(admin, ["datamodel:data:list", "datamodel:data:info"])).token;
    expect((await call(`${base()}/list`, { token: reader })).body.code).toBe(0);
    expect((await call(`${base()}/save`, { token: reader, body: { title: "x" } })).body).toMatchObject({ code: 403, msg: t("forbidden", "zh-CN", { perm: "datamodel:data:save" }) });
    expect((await call("/datamodel/data/delete", { token: reader, body: { dataModelId: modelId, ids: ["x"] } })).body.code).toBe(403);
  });
});

describe("a data model's spreadsheets", () => {
  it("imports an xlsx: a bad row is explained and, with mode all, nothing is written", async () => {
    const header = ["标题", "数量", "金额", "类别", "日期", "启用"];
    const file = await xlsxFile([{ name: "Sheet1", header, rows: [["导入设备 1", 2, 10, "1", "2026-04-01", "是"], ["导入设备 2", "很多", 11, "2", "2026-04-02", "否"], ["导入设备 3", 4, 12, "2", "2026-13-01", null]] }]);
    const upload = async (mode: string) => {
      const form = new FormData();
      form.append("file", new File([file], "设备.xlsx"));
      form.append("mode", mode);
      const response = await SELF.fetch(`http://qifu.test/api${base()}/excel/import`, { method: "POST", headers: { "x-hbi-token": token }, body: form });
      return (await response.json()) as { code: number; data: { stored: number; refused: number; errors: { row: number; field: string; message: string }[]; resultUrl?: string } };
    };
    const before = await dump();
    const strict = await upload("all");
    expect(strict.code).toBe(0);
    expect(strict.data).toMatchObject({ stored: 0, refused: 2 });
    expect(strict.data.errors.map((e) => [e.row, e.field]).sort()).toEqual([
      [3, "qty"],
      [4, "day"],
    ]);
    expect(await dump()).toEqual(before);

    const lenient = await upload("valid");
    expect(lenient.data).toMatchObject({ stored: 1, refused: 2 });
    expect(lenient.data.resultUrl).toMatch(new RegExp(`^/datamodel/data/${modelId}/excel/result/`));
    const result = await SELF.fetch(`http://qifu.test/api${lenient.data.resultUrl}?token=${token}`);
    expect(result.headers.get("content-type")).toContain("spreadsheetml");
    await result.arrayBuffer();
    expect((await ok(`${base()}/list?title=导入设备`)).data.map((r: { title: string; qty: number }) => [r.title, r.qty])).toEqual([["导入设备 1", 2]]);
  });

  it("gives the template and exports what the list shows, per model and in the flat form", async () => {
    const template = await SELF.fetch(`http://qifu.test/api/datamodel/excel/template?dataModelId=${modelId}`, { headers: { "x-hbi-token": token } });
    expect(template.headers.get("content-type")).toContain("spreadsheetml");
    await template.arrayBuffer();

    const csv = await SELF.fetch(`http://qifu.test/api${base()}/excel/export`, {
      method: "POST",
      headers: { "x-hbi-token": token, "content-type": "application/json" },
      body: JSON.stringify({ filters: { kind: "1" }, columns: ["title", "qty"], format: "csv" }),
    });
    const text = await csv.text();
    expect(text).toContain("离心泵 A1");
    expect(text).toContain("导入设备 1");
    expect(text).not.toContain("压缩机 B2");

    const flat = await SELF.fetch("http://qifu.test/api/datamodel/excel/export", {
      method: "POST",
      headers: { "x-hbi-token": token, "content-type": "application/json" },
      body: JSON.stringify({ dataModelId: modelId, kind: "2", columns: ["title"], format: "csv" }),
    });
    const flatText = await flat.text();
    expect(flatText).toContain("压缩机 B2");
    expect(flatText).not.toContain("离心泵");
  });
});

describe("a model changed after records exist", () => {
  it("gives old records the default of a new required field, live and rebuilt alike", async () => {
    const model = await ok(`/datamodel/info/${modelId}`);
    const added = [...model.data.fields, { name: "site", title: "地点", titleEn: "Site", type: "text", required: true, defaultValue: "总部" }];
    await ok("/datamodel/update", { id: modelId, fields: added });
    const rows = (await ok(`${base()}/listAll`)).data as { site: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.site === "总部")).toBe(true);
    expect((await ok(`${base()}/list?site=总部`)).total).toBe(rows.length);
    const id = await save({ title: "新地点设备", site: "分厂" });
    expect((await ok(`${base()}/info/${id}`)).data.site).toBe("分厂");
  });
});

let viewId: string;

describe("a view model", () => {
  it("lists through the engine but refuses every write", async () => {
    const view = await call("/datamodel/save", {
      token,
      body: { name: "设备视图", code: `${code}_v`, type: "view", view: { base: { kind: "model", id: modelId }, filters: [{ field: "kind", op: "eq", value: "1" }], columns: [{ field: "title" }, { field: "qty" }] } },
    });
    expect(view.body.code, JSON.stringify(view.body)).toBe(0);
    viewId = view.body.data.id as string;
    const rows = await ok(`/datamodel/data/${viewId}/list?limit=50`);
    expect(rows.data.map((r: { title: string }) => r.title).sort()).toEqual(["导入设备 1", "离心泵 A1", "离心泵 C3"]);
    const refused = await call(`/datamodel/data/${viewId}/save`, { token, body: { title: "x" } });
    expect(refused.body).toMatchObject({ code: 422, msg: t("viewModelReadOnly", "zh-CN", { name: "设备视图" }) });
    expect((await call("/datamodel/data/delete", { token, body: { dataModelId: viewId, ids: ["x"] } })).body.code).toBe(422);
    expect((await call("/datamodel/data/validate", { token, body: { dataModelId: viewId, title: "x" } })).body.code).toBe(422);
  });
});

describe("rebuild", () => {
  it("recreates the model's table, search rows, counters and recycle bin identically", async () => {
    const before = await dump();
    expect(before.rows.length).toBeGreaterThan(3);
    expect(before.bin).toHaveLength(1);
    // the table is gone before the rebuild, so nothing of it survives but the log
    await env.DB.batch([env.DB.prepare(`DROP TABLE ${table}_search`), env.DB.prepare(`DROP TABLE ${table}`)]);
    const progress = await store.rebuild(env.DB);
    expect(progress.done).toBe(true);
    expect(await dump()).toEqual(before);
    const indexes = await env.DB.prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'index' AND tbl_name = ?").bind(table).first<{ n: number }>();
    expect(indexes!.n).toBeGreaterThan(5);
    // and the records keep working through the engine, the view over them too
    expect((await ok(`${base()}/list?qty=7`)).total).toBe(2);
    expect((await ok(`/datamodel/data/${viewId}/list`)).total).toBe(3);
  });

  it("resumes in slices like the store's rebuild", async () => {
    const before = await dump();
    let progress = await store.rebuild(env.DB, { maxEvents: 50 });
    while (!progress.done) progress = await store.rebuild(env.DB, { from: progress.position, maxEvents: 5000 });
    expect(await dump()).toEqual(before);
  });
});
