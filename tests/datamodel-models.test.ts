/**
 * Data model definitions over HTTP: a model change with data present keeps the data — a new field
 * gets its column, a new required field needs a default that old records then read, a type change that
 * existing values would not fit is refused with their count and writes nothing, a removed field is hidden —
 * and every change is a version in the model's history. View models over a model joined with a declared
 * family, with filter values that cannot inject SQL; deleting a model with records or a menu is refused;
 * the one-click menu entry.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { t } from "../events/i18n.ts";
import { store } from "../worker/modules.ts";
import { call, login, userWithPermissions } from "./helpers.ts";

let token: string;
let modelId: string;
const code = `m${crypto.randomUUID().replace(/-/g, "").slice(0, 12)}`;
const table = `dm_${code}`;
const data = () => `/datamodel/data/${modelId}`;

const fields = [
  { name: "title", title: "标题", titleEn: "Title", type: "text", length: 64, required: true },
  { name: "serial", title: "编号", titleEn: "Serial", type: "text", length: 20 },
  { name: "qty", title: "数量", titleEn: "Quantity", type: "int" },
  { name: "status", title: "状态", titleEn: "Status", type: "dict", dictType: "yesNo" },
  { name: "day", title: "日期", titleEn: "Day", type: "date" },
];

async function ok(path: string, body?: unknown) {
  const answer = await call(path, { token, body });
  expect(answer.body.code, `${path}: ${JSON.stringify(answer.body)}`).toBe(0);
  return answer.body;
}

const columnsOf = async (name: string) => (await env.DB.prepare("SELECT name, type FROM pragma_table_info(?) ORDER BY cid").bind(name).all<{ name: string; type: string }>()).results;
const eventCount = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM events").first<{ n: number }>())!.n;
const modelVersion = async () => (await ok(`/datamodel/info/${modelId}`)).data.version as number;

beforeAll(async () => {
  token = await login();
  modelId = (await ok("/datamodel/save", { name: "资产登记", code, type: "table", fields, remark: "测试" })).data.id;
  await ok(`${data()}/save`, { title: "一号", serial: "100", qty: 3, status: "1", day: "2026-01-05" });
  await ok(`${data()}/save`, { title: "二号", serial: "A-17", qty: 5, status: "0" });
});

describe("a model's definition", () => {
  it("is a record of the dataModels family: its table named after the code, listed and picked", async () => {
    const info = (await ok(`/datamodel/info/${modelId}`)).data;
    expect(info).toMatchObject({ name: "资产登记", code, type: "table", tableName: table, version: 1 });
    expect(info.fields.map((f: { name: string }) => f.name)).toEqual(fields.map((f) => f.name));
    expect((await columnsOf(table)).map((c) => c.name)).toEqual(expect.arrayContaining(["id", "title", "serial", "qty", "status", "day", "version"]));
    expect((await ok(`/datamodel/list?code=${code}`)).data.map((r: { id: string }) => r.id)).toEqual([modelId]);
    expect((await ok("/datamodel/select")).data).toContainEqual({ id: modelId, name: "资产登记", code, type: "table" });
  });

  it("refuses a bad pattern, a taken code and a reserved field name, writing nothing", async () => {
    const before = await eventCount();
    const bad = await call("/datamodel/save", { token, lang: "en-US", body: { name: "x", code: `${code}_p`, fields: [{ name: "a", title: "A", type: "text", pattern: "([a-z" }] } });
    expect(bad.body.code).toBe(422);
    expect(bad.body.msg).toContain("The validation pattern of A is invalid");
    expect((await call("/datamodel/save", { token, body: { name: "x", code, fields: [{ name: "a", title: "A", type: "text" }] } })).body.code).toBe(422);
    expect((await call("/datamodel/save", { token, body: { name: "x", code: `${code}_r`, fields: [{ name: "version", title: "V", type: "int" }] } })).body.code).toBe(422);
    expect(await eventCount()).toBe(before);
  });

  it("adds a field: its column appears and old records keep their data", async () => {
    await ok("/datamodel/field/save", { dataModelId: modelId, name: "color", title: "颜色", titleEn: "Colour", type: "text", length: 20 });
    expect((await columnsOf(table)).map((c) => c.name)).toContain("color");
    const rows = (await ok(`${data()}/list?orderField=title&order=asc`)).data;
    expect(rows.map((r: Record<string, unknown>) => [r.title, r.serial, r.qty, r.color ?? null])).toEqual([
      ["一号", "100", 3, null],
      ["二号", "A-17", 5, null],
    ]);
    await ok(`${data()}/update`, { id: rows[0].id, color: "红" });
    expect((await ok(`${data()}/list?color=红`)).total).toBe(1);
  });

  it("refuses a new required field without a default while records exist; with one, old records read it", async () => {
    const version = await modelVersion();
    const events = await eventCount();
    const refused = await call("/datamodel/field/save", { token, lang: "en-US", body: { dataModelId: modelId, name: "level", title: "等级", titleEn: "Level", type: "text", required: true } });
    expect(refused.body.code).toBe(422);
    expect(refused.body.msg).toBe(t("modelRequiredNeedsDefault", "en-US", { name: "Level", count: 2 }));
    expect(await modelVersion()).toBe(version);
    expect(await eventCount()).toBe(events);
    expect((await columnsOf(table)).map((c) => c.name)).not.toContain("level");

    await ok("/datamodel/field/save", { dataModelId: modelId, name: "level", title: "等级", titleEn: "Level", type: "text", required: true, defaultValue: "普通" });
    const rows = (await ok(`${data()}/list`)).data;
    expect(rows.map((r: { level: string }) => r.level)).toEqual(["普通", "普通"]);
    const info = (await ok(`/datamodel/info/${modelId}`)).data;
    expect(info.fields.find((f: { name: string }) => f.name === "level")).toMatchObject({ required: true, defaultValue: "普通", fallback: "普通" });
    // a new record must carry it
    expect((await call(`${data()}/save`, { token, body: { title: "三号" } })).body.code).toBe(422);
  });

  it("refuses a type change existing values would not fit, with their count, writing nothing", async () => {
    const version = await modelVersion();
    const events = await eventCount();
    const columns = await columnsOf(table);
    const rowsBefore = (await env.DB.prepare(`SELECT * FROM ${table} ORDER BY id`).all()).results;
    const serial = fields[1]!;
    const refused = await call("/datamodel/field/update", { token, lang: "en-US", body: { dataModelId: modelId, ...serial, type: "int" } });
    expect(refused.body.code).toBe(422);
    expect(refused.body.msg).toBe(t("modelTypeMisfits", "en-US", { name: "Serial", count: 1 }));
    // a shorter length than a stored value
    const shorter = await call("/datamodel/field/update", { token, lang: "en-US", body: { dataModelId: modelId, ...serial, length: 3 } });
    expect(shorter.body.msg).toBe(t("modelLengthMisfits", "en-US", { name: "Serial", count: 1, max: 3 }));
    // the whole-model update says the same
    const info = (await ok(`/datamodel/info/${modelId}`)).data;
    const viaModel = await call("/datamodel/update", { token, body: { id: modelId, fields: info.fields.map((f: { name: string }) => (f.name === "serial" ? { ...f, type: "decimal" } : f)) } });
    expect(viaModel.body.code).toBe(422);
    expect(await modelVersion()).toBe(version);
    expect(await eventCount()).toBe(events);
    expect(await columnsOf(table)).toEqual(columns);
    expect((await env.DB.prepare(`SELECT * FROM ${table} ORDER BY id`).all()).results).toEqual(rowsBefore);

    // a change the values fit is taken: qty (3, 5) becomes a decimal
    await ok("/datamodel/field/update", { dataModelId: modelId, ...fields[2], type: "decimal" });
    expect(await modelVersion()).toBe(version + 1);
    expect((await ok(`${data()}/list?orderField=title&order=asc`)).data.map((r: { qty: number }) => Number(r.qty))).toEqual([3, 5]);
  });

  it("refuses making a field required while records lack it, or unique while values repeat", async () => {
    const day = await call("/datamodel/field/update", { token, lang: "en-US", body: { dataModelId: modelId, ...fields[4], required: true } });
    expect(day.body.msg).toBe(t("modelRequiredMisfits", "en-US", { name: "Day", count: 1 }));
    const level = await call("/datamodel/field/update", { token, lang: "en-US", body: { dataModelId: modelId, name: "level", title: "等级", titleEn: "Level", type: "text", required: true, defaultValue: "普通", unique: true } });
    expect(level.body.msg).toBe(t("modelUniqueMisfits", "en-US", { name: "Level", count: 1 }));
  });

  it("hides a removed field: its column and values stay, the history shows every version", async () => {
    await ok("/datamodel/field/delete", { dataModelId: modelId, name: "color" });
    const info = (await ok(`/datamodel/info/${modelId}`)).data;
    expect(info.fields.find((f: { name: string }) => f.name === "color")).toMatchObject({ hidden: true });
    expect((await columnsOf(table)).map((c) => c.name)).toContain("color");
    expect((await env.DB.prepare(`SELECT color FROM ${table} WHERE color IS NOT NULL`).all()).results).toEqual([{ color: "红" }]);
    // a whole-model update leaving a field out hides it too
    await ok("/datamodel/update", { id: modelId, fields: info.fields.filter((f: { name: string }) => f.name !== "day") });
    const after = (await ok(`/datamodel/info/${modelId}`)).data;
    expect(after.fields.find((f: { name: string }) => f.name === "day")).toMatchObject({ hidden: true });
    const listed = (await ok(`/datamodel/field/list?dataModelId=${modelId}`)).data;
    expect(listed.map((f: { name: string; hidden: boolean }) => [f.name, f.hidden])).toContainEqual(["day", true]);
    const history = (await ok(`/datamodel/history/${modelId}`)).data;
    expect(history.length).toBe(after.version);
    expect(after.version).toBeGreaterThanOrEqual(6);
  });

  it("renames the model but never changes its code", async () => {
    await ok("/datamodel/update", { id: modelId, name: "资产台账" });
    expect((await ok(`/datamodel/info/${modelId}`)).data.name).toBe("资产台账");
    const refused = await call("/datamodel/update", { token, body: { id: modelId, code: `${code}x` } });
    expect(refused.body.code).toBe(422);
    expect((await ok(`/datamodel/info/${modelId}`)).data.code).toBe(code);
  });

  it("comes back identical from a rebuild after all these changes", async () => {
    const rows = async () => (await env.DB.prepare(`SELECT * FROM ${table} ORDER BY id`).all()).results;
    const before = await rows();
    await env.DB.batch([env.DB.prepare(`DROP TABLE ${table}_search`), env.DB.prepare(`DROP TABLE ${table}`)]);
    expect((await store.rebuild(env.DB)).done).toBe(true);
    expect(await rows()).toEqual(before);
    expect((await ok(`${data()}/list?level=普通`)).total).toBe(2);
  });

  it("answers the field verbs: types in the user's language, table metadata, export fields, a form binding's fields", async () => {
    const types = (await call("/datamodel/field/getColumnTypes", { token, lang: "en-US" })).body.data;
    expect(types).toContainEqual({ value: "dictMulti", label: "Dictionary (multiple)" });
    const meta = (await ok(`/datamodel/field/getTableMetadata?dataModelId=${modelId}`)).data;
    expect(meta.tableName).toBe(table);
    expect(meta.columns.map((c: { name: string }) => c.name)).toContain("level");
    expect(meta.indexes.map((i: { name: string }) => i.name)).toContain(`${table}_status_create_time_id_idx`);
    const exported = (await ok(`/datamodel/field/findExportField?dataModelId=${modelId}`)).data.map((f: { name: string }) => f.name);
    expect(exported).toEqual(["title", "serial", "qty", "status", "level"]);
    const byCode = (await ok(`/datamodel/field/getModelField?code=${code}`)).data;
    expect(byCode).toMatchObject({ dataModelId: modelId, code });
    expect(byCode.fields.map((f: { name: string }) => f.name)).toEqual(exported);
    expect((await ok(`/datamodel/field/selectAll?dataModelId=${modelId}`)).data).toHaveLength(5);
  });
});

describe("a view model", () => {
  let viewId: string;
  const view = (filters: unknown[], columns?: unknown[]) => ({
    base: { kind: "model", id: modelId },
    join: { kind: "family", id: "sys.sysdict", on: ["status", "value"] },
    filters: [{ from: "join", field: "type", op: "eq", value: "yesNo" }, ...filters],
    columns: columns ?? [{ field: "title" }, { field: "qty" }, { from: "join", field: "name", as: "statusName" }],
  });

  it("lists a model joined with a declared family and refuses writes", async () => {
    viewId = (await ok("/datamodel/save", { name: "资产状态视图", code: `${code}_v`, type: "view", view: view([]) })).data.id;
    const rows = (await ok(`/datamodel/data/${viewId}/list?orderField=title&order=asc`)).data;
    expect(rows.map((r: Record<string, unknown>) => [r.title, r.statusName])).toEqual([
      ["一号", "是"],
      ["二号", "否"],
    ]);
    expect((await ok(`/datamodel/data/${viewId}/list?statusName=是`)).total).toBe(1);
    const info = (await ok(`/datamodel/info/${viewId}`)).data;
    expect(info.fields.map((f: { name: string; type: string }) => [f.name, f.type])).toEqual([["title", "text"], ["qty", "decimal"], ["statusName", "text"]]);
    const refused = await call(`/datamodel/data/${viewId}/save`, { token, body: { title: "x" } });
    expect(refused.body.code).toBe(422);
    expect((await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>())!.n).toBe(2);
    // its fields change with the view only
    expect((await call("/datamodel/field/save", { token, body: { dataModelId: viewId, name: "x", title: "X", type: "text" } })).body.code).toBe(422);
  });

  it("changes its query: the view is replaced", async () => {
    await ok("/datamodel/update", { id: viewId, view: view([{ field: "title", op: "like", value: "一" }]) });
    expect((await ok(`/datamodel/data/${viewId}/list`)).data.map((r: { title: string }) => r.title)).toEqual(["一号"]);
  });

  it("takes filter values as literals only and refuses undeclared fields, odd names and control characters", async () => {
    const events = await eventCount();
    const attempts = [
      view([{ field: "title; DROP TABLE sys_user", op: "eq", value: "x" }]),
      view([{ field: "password", op: "eq", value: "x" }]),
      view([], [{ field: "title", as: "x FROM sys_user --" }]),
      view([], [{ from: "join", field: "remark) FROM sys_user --" }]),
      view([{ field: "title", op: "eq", value: "x\u0000" }]),
      view([{ field: "title", op: "eq OR 1=1", value: "x" }]),
      { ...view([]), base: { kind: "family", id: "sys.nosuchfamily" } },
      { ...view([]), base: { kind: "model", id: modelId, table: "sys_user" }, columns: [{ field: "nope" }] },
    ];
    for (const [i, attempt] of attempts.entries()) {
      const answer = await call("/datamodel/save", { token, body: { name: `注入${i}`, code: `${code}_i${i}`, type: "view", view: attempt } });
      expect(answer.body.code, `attempt ${i}: ${JSON.stringify(answer.body)}`).toBe(422);
    }
    expect(await eventCount()).toBe(events);
    // a quote in a value is a quote: the view matches nothing and every table is still there
    const quoted = (await ok("/datamodel/save", { name: "引号", code: `${code}_q`, type: "view", view: view([{ field: "title", op: "eq", value: "x' OR '1'='1" }, { field: "title", op: "like", value: "%' OR 1=1 --" }]) })).data.id;
    expect((await ok(`/datamodel/data/${quoted}/list`)).total).toBe(0);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM sys_user").first<{ n: number }>())!.n).toBeGreaterThan(0);
    // a declared family is a source only for who may list it
    const clerk = await userWithPermissions(token, ["datamodel:datamodel:list", "datamodel:datamodel:save"]);
    const overUsers = { base: { kind: "family", id: "sys.user" }, filters: [], columns: [{ field: "userNo" }, { field: "phone" }] };
    const forbidden = await call("/datamodel/save", { token: clerk.token, lang: "en-US", body: { name: "用户", code: `${code}_u`, type: "view", view: overUsers } });
    expect(forbidden.body.code).toBe(422);
    expect(forbidden.body.msg).toContain('the source "sys.user" does not exist or is not yours to read');
    expect((await call("/datamodel/save", { token, body: { name: "用户", code: `${code}_u`, type: "view", view: overUsers } })).body.code).toBe(0);
    // a client's table name for a source is replaced by the source's own
    const resolved = (await ok(`/datamodel/info/${quoted}`)).data.view;
    expect(resolved.base).toMatchObject({ table, idColumn: "id" });
  });
});

describe("deleting and the menu entry", () => {
  it("refuses deleting a model that has records, naming their count", async () => {
    const refused = await call("/datamodel/delete", { token, lang: "en-US", body: [modelId] });
    expect(refused.body.code).toBe(422);
    expect(refused.body.msg).toBe(t("modelHasRecords", "en-US", { name: "资产台账", count: 2 }));
    expect((await ok(`/datamodel/info/${modelId}`)).data.code).toBe(code);
  });

  it("creates the menu entry in one click; the model then leaves queryNoMenuAll and cannot be deleted", async () => {
    const other = (await ok("/datamodel/save", { name: "空模型", code: `${code}_e`, fields: [{ name: "a", title: "A", type: "text" }] })).data.id as string;
    expect((await ok("/datamodel/queryNoMenuAll")).data.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining([modelId, other]));
    const { menuId } = (await ok(`/datamodel/menu/${other}`, {})).data;
    const entry = (await ok(`/sys/menu/info/${menuId}`)).data;
    expect(entry).toMatchObject({ name: "空模型", type: 1, componentUrl: "datamodel/data/index", url: `/datamodel/data/${code}_e?dataModelId=${other}` });
    expect(entry.perms).toContain("datamodel:data:list");
    const parent = (await ok(`/sys/menu/info/${entry.parentId}`)).data;
    expect(parent).toMatchObject({ name: "数据模型", type: 0 });
    expect((await ok(`/datamodel/info/${other}`)).data.menuId).toBe(menuId);
    const noMenu = (await ok("/datamodel/queryNoMenuAll")).data.map((r: { id: string }) => r.id);
    expect(noMenu).toContain(modelId);
    expect(noMenu).not.toContain(other);
    expect((await call(`/datamodel/menu/${other}`, { token, body: {} })).body.code).toBe(422);
    // the admin sees it in the navigation
    expect(JSON.stringify((await ok("/sys/menu/nav")).data)).toContain(menuId);
    const refused = await call("/datamodel/delete", { token, lang: "en-US", body: [other] });
    expect(refused.body.msg).toBe(t("modelHasMenu", "en-US", { name: "空模型" }));
  });

  it("deletes an empty model without a menu and keeps its table, so its code is not taken again", async () => {
    const empty = (await ok("/datamodel/save", { name: "临时", code: `${code}_t`, fields: [{ name: "a", title: "A", type: "text" }] })).data.id as string;
    await ok("/datamodel/delete", [empty]);
    expect((await call(`/datamodel/info/${empty}`, { token })).body.code).toBe(404);
    expect(await env.DB.prepare("SELECT 1 AS x FROM sqlite_master WHERE name = ?").bind(`${table}_t`).first()).toEqual({ x: 1 });
    expect((await call("/datamodel/save", { token, body: { name: "again", code: `${code}_t`, fields: [{ name: "a", title: "A", type: "text" }] } })).body.code).toBe(422);
  });
});
