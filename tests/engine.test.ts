/**
 * The generic record engine: one contract suite run over every declared family (the way Hono runs one
 * router suite over every router), then the dictionary's own verbs.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { families } from "../events/families/index.ts";
import type { Family } from "../events/family.ts";
import type { Field } from "../events/fields.ts";
import { t } from "../events/i18n.ts";
import { allDictionarySeeds } from "../events/seed/all-dictionaries.ts";
import { messagePoints } from "../events/families/msg.ts";
import { call, login } from "./helpers.ts";

let token: string;
beforeAll(async () => {
  token = await login();
});

const creditChars = "0123456789ABCDEFGHJKLMNPQRTUWXY";
/** A valid unified social credit code, different for each n. */
function creditCode(n: number): string {
  const base = `91610100${String(100000000 + n).slice(-9)}`;
  const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  const sum = weights.reduce((acc, w, i) => acc + creditChars.indexOf(base[i]!) * w, 0);
  return base + creditChars[(31 - (sum % 31)) % 31];
}
/** A valid identity card number, different for each n. */
function idCard(n: number): string {
  const base = `610113199001${String(10 + (n % 18)).padStart(2, "0")}${String(100 + (n % 900)).padStart(3, "0")}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  return base + "10X98765432"[weights.reduce((acc, w, i) => acc + Number(base[i]) * w, 0) % 11];
}

/** A seeded entry of a dictionary type (save holds dictionary fields to their entries), "1" for a type the seed has none of. */
const dictCode = (type: string | undefined) => (type === "msgPoint" ? messagePoints[0]!.value : (allDictionarySeeds.find((d) => d.type === type)?.entries[0]?.[0] ?? "1"));

/** A valid value for a field, derived from its kind and rules; `n` makes unique fields differ. */
function sample(f: Field, n: number): unknown {
  if (f.rules.includes("zoningCode")) return `61${String(1000 + n).padStart(4, "0")}`;
  if (f.rules.includes("creditCode")) return creditCode(n);
  if (f.rules.includes("idCard")) return idCard(n);
  if (f.rules.includes("mobile") || f.rules.includes("phone")) return `1380013${String(8000 + n).padStart(4, "0")}`;
  if (f.rules.includes("email")) return `user${n}@example.cn`;
  if (f.rules.includes("url")) return `https://example.cn/item/${n}`;
  switch (f.kind) {
    case "int":
      // (a year is bounded: 1900–2100)
      return [n, 1, 0, 2026].find((v) => f.schema.safeParse(v).success);
    case "number":
      // small enough for percentages and ranges checked across fields (min ≤ max holds: equal values)
      return (n % 50) + 0.5;
    case "bool":
      return n % 2 === 0;
    case "date":
      return "2026-11-22";
    case "datetime":
      return "2026-11-22 08:30:00";
    case "dict":
      return f.multiple ? [dictCode(f.dict)] : dictCode(f.dict);
    case "refs":
      return [];
    case "json":
      return null;
    default:
      return `样例${n}`;
  }
}

/** Records whose validity spans fields (a config value must fit its type) get their own sample. */
const overrides: Record<string, (n: number) => Record<string, unknown>> = {
  "/sys/config": (n) => ({ valueType: "string", value: `值${n}` }),
  "/sys/listprefs": (n) => ({ columns: [{ key: "name", width: 100 + n }] }),
  // a top-level message type (a parent must exist)
  "/msg/type": () => ({ parentId: undefined }),
  // a blacklisted supplier needs its reason
  "/common/suppliers": (n) => ({ blacklisted: n % 2 === 0, blacklistReason: n % 2 === 0 ? `原因${n}` : undefined, rating: 1 + (n % 5) }),
  // a data model: a code its table is named after, one field (worker/datamodel/models.ts decides the rest)
  // a report over a declared family (worker/reports checks the source and the fields it names)
  "/report/model": () => ({ source: { kind: "family", id: "sys.sysdict" }, definition: { columns: ["type", "name"], filters: [], groupBy: [], aggregates: [], sort: [], limit: 100 } }),
  // a work report's period must name a period of its kind (worker/workreports/rules.ts); a special report names its own
  "/common/enworkreport": (n) => ({ reportType: "special", period: `专项${n}` }),
  // an evaluation variable names a fact or a paper's question, not both
  "/common/tbevaluationvariable": () => ({ questionCode: undefined }),
  "/datamodel": (n) => ({ code: `sample_${n}`, type: "table", fields: [{ name: "a", title: "A", type: "text", required: false, unique: false, hidden: false }] }),
};

function sampleRecord(family: Family, n: number) {
  // fields only the family's commands set are no client's input (save drops them; tests/services.test.ts covers them)
  const generic = Object.fromEntries(Object.entries(family.fields).filter(([, f]) => !f.managed).map(([k, f]) => [k, sample(f, n)]).filter(([, v]) => v !== null && v !== undefined));
  // an override of undefined removes the field
  return Object.fromEntries(Object.entries({ ...generic, ...overrides[family.path]?.(n) }).filter(([, v]) => v !== undefined));
}

/** A plain text field to edit in the update step (no rule, not a unique key, not the menu's route fields). */
const plainText = (family: Family) => Object.entries(family.fields).filter(([k, f]) => f.kind === "text" && f.rules.every((r) => r === "noEmoji") && !["perms", "url", "objectKey"].includes(k));
/** (a family whose only text is part of a unique key edits that: one record holding the new value stays unique) */
const firstText = (family: Family) => plainText(family).find(([k]) => !family.unique.flat().includes(k)) ?? plainText(family)[0]!;

/**
 * Families whose records only their module's commands make, each against another record (a form's layout
 * against its data model, a release from its form, a filled form with its model's record): the generic
 * save cannot make a valid sample; webhook deliveries are written by the intake only, fill-in links by their issue
 * and submission, a project's picture settings by saveConf. tests/gantt.test.ts, tests/forms.test.ts, tests/form-links.test.ts, tests/webhooks.test.ts and tests/jobs.test.ts (a job
 * names a registered handler) cover their commands, lists and history.
 */
const madeByTheirModule = new Set(["/project/visualpicconf", "/datamodel/form", "/datamodel/formrelease", "/datamodel/formlink", "/form/data", "/webhooks/delivery", "/job/schedule"]);

describe.each(families.filter((f) => !madeByTheirModule.has(f.path)).map((f) => [f.path, f] as const))("family %s", (_path, family) => {
  const id = family.idKey;

  it("creates, reads, lists, updates, keeps history and deletes a record", async () => {
    const record = sampleRecord(family, 1);
    const created = await call(`${family.path}/save`, { token, body: record });
    expect(created.body).toMatchObject({ code: 0, msg: "新增成功" });
    const newId = created.body.data[id];
    // ids are UUID v4 (spec section 9), except message types: 2 characters per level (spec section 3)
    expect(newId).toMatch(family.path === "/msg/type" ? /^(\d{2})+$/ : /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    const info = await call(`${family.path}/info/${newId}`, { token });
    expect(info.body.code).toBe(0);
    expect(info.body.data).toMatchObject({ ...record, [id]: newId, version: 1, createBy: expect.any(String) });
    expect(info.headers.get("ETag")).toBe('W/"1"');

    const [textKey] = firstText(family);
    // the record as body, as the spec's save/update sends it (a module's own writer may want it whole)
    const changed = await call(`${family.path}/save`, { token, body: { ...record, [id]: newId, [textKey]: "改过的值" } });
    expect(changed.body).toMatchObject({ code: 0, msg: "更新成功", data: { [id]: newId, version: 2 } });
    expect((await call(`${family.path}/info/${newId}`, { token })).body.data[textKey]).toBe("改过的值");

    const list = await call(`${family.path}/list?page=1&limit=100`, { token });
    expect(list.body.code).toBe(0);
    expect(list.body.total).toBe((await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${family.table}`).first<{ n: number }>())!.n);
    const all = await call(`${family.path}/listAll`, { token });
    expect(all.body.data.map((r: Record<string, unknown>) => r[id])).toContain(newId);

    const history = await call(`${family.path}/history/${newId}`, { token });
    expect(history.body.data.map((h: { action: string }) => h.action)).toEqual(["created", "updated"]);
    expect(history.body.data[1].changes[textKey][1]).toBe("改过的值");

    const removed = await call(`${family.path}/delete`, { token, body: [newId] });
    expect(removed.body).toMatchObject({ code: 0, msg: "删除成功" });
    const gone = await call(`${family.path}/info/${newId}`, { token });
    expect(gone.body.code).toBe(404);
    expect(gone.body.msg).toBe(t("notFound", "zh-CN", { name: family.label["zh-CN"] }));
  });

  it("pages with page/limit and pageNumber/pageSize (default 10), and keeps totals right", async () => {
    for (let i = 0; i < 12; i++) expect((await call(`${family.path}/save`, { token, body: sampleRecord(family, 100 + i) })).body.code).toBe(0);
    const total = (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${family.table}`).first<{ n: number }>())!.n;
    const first = await call(`${family.path}/list`, { token });
    expect(first.body.data).toHaveLength(10);
    expect(first.body.total).toBe(total);
    const second = await call(`${family.path}/list?pageNumber=2&pageSize=10`, { token });
    const again = await call(`${family.path}/list?page=2&limit=10`, { token });
    expect(second.body.data).toEqual(again.body.data);
    const overlap = second.body.data.filter((r: Record<string, unknown>) => first.body.data.some((f: Record<string, unknown>) => f[id] === r[id]));
    expect(overlap).toEqual([]);
  });

  it("sorts only by declared keys and refuses anything else, naming the rule", async () => {
    for (const sort of family.sorts) {
      const asc = await call(`${family.path}/list?limit=1000&orderField=${sort}&order=asc`, { token });
      const values = asc.body.data.map((r: Record<string, unknown>) => r[sort]);
      const sorted = [...values].sort((a, b) => (a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1));
      expect(values).toEqual(sorted);
    }
    const refused = await call(`${family.path}/list?orderField=${encodeURIComponent("1; DROP TABLE events")}`, { token });
    expect(refused.body).toMatchObject({ code: 422, msg: t("valueNotAllowed", "zh-CN", { name: "排序字段" }) });
  });

  it("reports a missing required field by its label, in both languages, and writes nothing", async () => {
    const required = Object.entries(family.fields).find(([, f]) => f.required)!;
    const before = (await env.DB.prepare("SELECT COUNT(*) AS n FROM events").first<{ n: number }>())!.n;
    const record = { ...sampleRecord(family, 7), [required[0]]: "" };
    const zh = await call(`${family.path}/save`, { token, body: record });
    expect(zh.body.code).toBe(422);
    expect(zh.body.errors![required[0]]).toBe(`${required[1].label["zh-CN"]}不能为空`);
    const en = await call(`${family.path}/save`, { token, lang: "en-US", body: record });
    expect(en.body.errors![required[0]]).toBe(`${required[1].label["en-US"]} cannot be empty`);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM events").first<{ n: number }>())!.n).toBe(before);
  });

  it("filters by each declared filter", async () => {
    const record = sampleRecord(family, 555);
    const newId = (await call(`${family.path}/save`, { token, body: record })).body.data[id];
    for (const [key, op] of Object.entries(family.filters)) {
      const value = record[key];
      if (value === undefined || Array.isArray(value)) continue;
      const probe = op === "like" ? String(value).slice(1) : op === "prefix" ? String(value).slice(0, 2) : String(value);
      const answer = await call(`${family.path}/list?limit=1000&${key}=${encodeURIComponent(probe)}`, { token });
      expect(answer.body.data.map((r: Record<string, unknown>) => r[id])).toContain(newId);
      for (const row of answer.body.data) {
        if (op === "eq") expect(String(row[key])).toBe(String(value));
        else expect(String(row[key])).toContain(op === "like" ? probe : probe);
      }
      expect(answer.body.total).toBe(answer.body.data.length);
    }
  });
});

describe("engine edges", () => {
  it("delete: nothing selected, too many ids, unknown id", async () => {
    expect((await call("/sys/sysdict/delete", { token, body: [] })).body.msg).toBe("请选择删除项");
    const many = Array.from({ length: 101 }, (_, i) => `id${i}`);
    expect((await call("/sys/sysdict/delete", { token, body: many })).body.msg).toBe(t("tooManyIds", "zh-CN", { max: 100 }));
    expect((await call("/sys/sysdict/delete", { token, body: ["nope"] })).body.code).toBe(404);
  });

  it("answers an unknown API path with HTTP 404 and a malformed body with a clear message", async () => {
    const missing = await call("/sys/nothing/here", { token });
    expect(missing.status).toBe(404);
    const bad = await call("/sys/sysdict/save", { token, body: "{not json" });
    expect(bad.body).toMatchObject({ code: 422, msg: "请求内容不是有效的 JSON" });
  });

  it("reports a field rule with its exact message (mobile phone format)", async () => {
    const answer = await call("/sys/user/save", { token, body: { userNo: "phone1", name: "电话", status: "1", phone: "12345" } });
    expect(answer.body.errors).toEqual({ phone: "手机号码格式不正确" });
    const en = await call("/sys/user/save", { token, lang: "en-US", body: { userNo: "phone1", name: "电话", status: "1", phone: "12345" } });
    expect(en.body.errors).toEqual({ phone: "Mobile phone format is incorrect" });
    const emoji = await call("/sys/sysdict/save", { token, body: { type: "t", value: "v", name: "笑😀", status: "1" } });
    expect(emoji.body.errors).toEqual({ name: "字典标签不能包含表情符号" });
    const notNumber = await call("/sys/sysdict/save", { token, body: { type: "t", value: "v", name: "n", status: "1", number: "abc" } });
    expect(notNumber.body.errors).toEqual({ number: "排序号必须为数字" });
  });

  it("keeps counters equal to COUNT(*) for totals and counted filters", async () => {
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push((await call("/sys/sysdict/save", { token, body: { type: "counted", value: `c${i}`, name: `c${i}`, status: i < 4 ? "1" : "0" } })).body.data.id);
    await call("/sys/sysdict/update", { token, body: { id: ids[0], status: "0" } });
    await call("/sys/sysdict/delete", { token, body: [ids[5]] });
    for (const query of ["", "status=1", "status=0", "type=counted"]) {
      const answer = await call(`/sys/sysdict/list?${query}`, { token });
      const [key, value] = query.split("=");
      const real = await env.DB.prepare(`SELECT COUNT(*) AS n FROM sys_dict${key ? ` WHERE ${key} = ?` : ""}`).bind(...(key ? [value] : [])).first<{ n: number }>();
      expect(answer.body.total).toBe(real!.n);
    }
    expect((await call("/sys/sysdict/list?type=counted&status=0", { token })).body.total).toBe(2);
  });
});

describe("dictionary verbs", () => {
  it("getAll returns several types in one call, only available entries, in order", async () => {
    const answer = await call("/sys/sysdict/getAll?types=gender,userStatus,nope", { token });
    expect(Object.keys(answer.body.data).sort()).toEqual(["gender", "nope", "userStatus"]);
    expect(answer.body.data.gender.map((e: { name: string }) => e.name)).toEqual(["男", "女", "未知"]);
    expect(answer.body.data.nope).toEqual([]);
    const all = await call("/sys/sysdict/getAll", { token });
    expect(Object.keys(all.body.data)).toEqual(expect.arrayContaining(["dictStatus", "roleType", "menuType"]));
  });

  it("findByType and findByTypeValue answer with an ETag and 304 on a repeat", async () => {
    const byType = await call("/sys/sysdict/findByType?type=yesNo", { token });
    expect(byType.body.data.map((e: { value: string }) => e.value)).toEqual(["1", "0"]);
    const etag = byType.headers.get("ETag")!;
    const repeat = await call("/sys/sysdict/findByType?type=yesNo", { token, headers: { "If-None-Match": etag } }).catch(() => null);
    expect(repeat?.status ?? 304).toBe(304);
    const one = await call("/sys/sysdict/findByTypeValue?type=gender&value=2", { token });
    expect(one.body.data).toMatchObject({ name: "女", enName: "Female" });
    expect((await call("/sys/sysdict/findByType", { token })).body.errors).toEqual({ type: "字典类型不能为空" });
  });

  it("types lists each type with its count; updateType renames; deleteType removes a type", async () => {
    for (const value of ["a", "b", "c"]) await call("/sys/sysdict/save", { token, body: { type: "oldKind", value, name: value, status: "1" } });
    const types = await call("/sys/sysdict/types", { token });
    expect(types.body.data).toContainEqual({ type: "oldKind", count: 3 });
    const renamed = await call("/sys/sysdict/updateType", { token, body: { oldType: "oldKind", type: "newKind" } });
    expect(renamed.body).toMatchObject({ code: 0, data: { updated: 3 } });
    expect((await call("/sys/sysdict/findByType?type=newKind", { token })).body.data).toHaveLength(3);
    expect((await call("/sys/sysdict/findByType?type=oldKind", { token })).body.data).toHaveLength(0);
    const removed = await call("/sys/sysdict/deleteType", { token, body: { type: "newKind" } });
    expect(removed.body).toMatchObject({ code: 0, data: { deleted: 3 } });
    expect((await call("/sys/sysdict/types", { token })).body.data.map((x: { type: string }) => x.type)).not.toContain("newKind");
  });
});

describe("menu navigation", () => {
  it("gives the administrator every screen of the product map and all permission tags", async () => {
    const { body } = await call("/sys/menu/nav", { token });
    const names = body.data.menuList.map((m: { name: string }) => m.name);
    expect(names).toEqual(expect.arrayContaining(["系统管理", "流程管理", "企业信息", "企业服务", "同步数据"]));
    const walk = (nodes: any[]): any[] => nodes.flatMap((n) => [n, ...walk(n.children)]);
    const all = walk(body.data.menuList);
    expect(all.every((n) => n.type !== 2)).toBe(true);
    expect(all.find((n) => n.url === "/sys/dict")).toMatchObject({ componentUrl: "sys/dict/index", routeName: "sys-dict", enName: "Dictionaries" });
    expect(body.data.permissions).toEqual(expect.arrayContaining(["sys:sysdict:list", "sys:sysdict:save", "sys:sysdict:delete", "sys:user:list"]));
  });
});

describe("trees keep no orphans", () => {
  it("refuses deleting an organisation that still has children, and deletes parent and children together", async () => {
    const parent = (await call("/sys/organization/save", { token, body: { name: "上级", code: "T-P", type: "1" } })).body.data.id;
    const child = (await call("/sys/organization/save", { token, body: { name: "下级", code: "T-C", type: "2", parentId: parent } })).body.data.id;
    const refused = await call("/sys/organization/delete", { token, body: [parent] });
    expect(refused.body).toMatchObject({ code: 422, msg: t("hasChildren", "zh-CN", { name: "组织机构" }) });
    expect((await call("/sys/organization/delete", { token, lang: "en-US", body: [parent] })).body.msg).toBe("This Organisation still has children; delete them first");
    expect((await call(`/sys/organization/info/${parent}`, { token })).body.code).toBe(0);
    expect((await call("/sys/organization/delete", { token, body: [parent, child] })).body.code).toBe(0);
    expect((await call(`/sys/organization/info/${child}`, { token })).body.code).toBe(404);
  });
});
