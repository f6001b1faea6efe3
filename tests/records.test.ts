/**
 * What every record family gets from the engine beyond the standard verbs: keyword search, as-of reads,
 * revert, restore and the recycle bin, unversioned updates that survive concurrent writers, and each
 * user's list settings and saved views.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { call, login, userWithPermissions } from "./helpers.ts";
import { matchExpression, rankedCap, searchCap, searchTerms } from "../worker/resources/search.ts";
import { store } from "../worker/modules.ts";
import { newCreate } from "../worker/resources/commands.ts";
import { dictionary } from "../events/families/sys.ts";
import type { Family } from "../events/family.ts";

let token: string;
beforeAll(async () => {
  token = await login();
});

const dict = (value: string, name: string, extra: Record<string, unknown> = {}) => ({ type: "searchTest", value, name, status: "1", ...extra });
const save = async (body: Record<string, unknown>, path = "/sys/sysdict") => {
  const answer = await call(`${path}/save`, { token, body });
  if (answer.body.code !== 0) throw new Error(JSON.stringify(answer.body));
  return answer.body.data.id as string;
};
const names = (rows: { name: string }[]) => rows.map((r) => r.name);
const eventCount = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM events").first<{ n: number }>())!.n;

describe("search terms", () => {
  it("splits Chinese into overlapping bigrams and folds full-width Latin to lower case", () => {
    expect(searchTerms("西安银行 ＢＡＮＫ")).toBe("西安 安银 银行 行 bank");
    expect(searchTerms("Café 2024年")).toBe("café 2024 年");
  });
  it("turns a keyword into phrases of bigrams and prefixes", () => {
    expect(matchExpression("安银")).toBe('"安银"');
    expect(matchExpression("西安银行")).toBe('"西安 安银 银行"');
    expect(matchExpression("Ban 银")).toBe('"ban"* AND "银"*');
    expect(matchExpression(' "*) ')).toBeNull();
  });
});

describe("keyword search", () => {
  beforeAll(async () => {
    await save(dict("s1", "陕西省西安市高新技术企业", { enName: "Xi'an High-Tech Enterprise" }));
    await save(dict("s2", "西安交通银行股份有限公司", { enName: "Bank of Communications" }));
    await save(dict("s3", "宝鸡市金融服务中心", { enName: "Baoji finance centre", remark: "西安分部" }));
    await save(dict("s4", "咸阳市科技局", { enName: "Xianyang Science Bureau", status: "0" }));
  });

  const search = async (keyword: string, extra = "") => (await call(`/sys/sysdict/list?type=searchTest&limit=50&keyword=${encodeURIComponent(keyword)}${extra}`, { token })).body;

  it("finds Chinese substrings of two characters or more, anywhere in a searched field", async () => {
    expect(names((await search("高新")).data)).toEqual(["陕西省西安市高新技术企业"]);
    expect(names((await search("交通银行")).data)).toEqual(["西安交通银行股份有限公司"]);
    expect((await search("银行股份")).total).toBe(1);
    // a substring that spans two words of the name, not a word on its own
    expect(names((await search("市金")).data)).toEqual(["宝鸡市金融服务中心"]);
  });

  it("matches Latin words and prefixes whatever the case and width", async () => {
    expect(names((await search("bank")).data)).toEqual(["西安交通银行股份有限公司"]);
    expect(names((await search("XIAN")).data)).toEqual(["咸阳市科技局"]);
    expect(names((await search("ｓｃｉ")).data)).toEqual(["咸阳市科技局"]);
    expect(names((await search("high tech")).data)).toEqual(["陕西省西安市高新技术企业"]);
  });

  it("ranks the best match first unless the user sorts, and combines with the declared filters", async () => {
    // 西安 is in two names and one remark: the records whose short name carries it rank above the remark
    const ranked = await search("西安");
    expect(ranked.total).toBe(3);
    expect(ranked.data.at(-1).name).toBe("宝鸡市金融服务中心");
    const sorted = await search("西安", "&orderField=number&order=desc");
    expect(sorted.total).toBe(3);
    expect(names((await search("市", "&status=0")).data)).toEqual(["咸阳市科技局"]);
  });

  it("answers nothing for an absent term and ignores a keyword with nothing searchable", async () => {
    expect(await search("不存在的词")).toMatchObject({ code: 0, total: 0, data: [] });
    expect((await search("!!")).total!).toBeGreaterThanOrEqual(4);
  });

  it("follows updates and deletes in the same batch as the record", async () => {
    const id = await save(dict("s5", "临时名称甲"));
    expect((await search("名称甲")).total).toBe(1);
    await call("/sys/sysdict/update", { token, body: { id, name: "正式名称乙" } });
    expect((await search("名称甲")).total).toBe(0);
    expect((await search("名称乙")).total).toBe(1);
    await call("/sys/sysdict/delete", { token, body: [id] });
    expect((await search("名称乙")).total).toBe(0);
    await call(`/sys/sysdict/restore/${id}`, { token, body: {} });
    expect((await search("名称乙")).total).toBe(1);
  });

  it("stays bounded for a frequent term: newest first past the ranked cap, totals capped past the search cap", async () => {
    // one grouped append per 500 records, as an import would store them
    const meta = { actorId: null, actorName: "test", requestId: "frequent", ip: null, at: new Date().toISOString() };
    const family = dictionary as unknown as Family;
    const count = searchCap + 1;
    for (let i = 0; i < count; i += 500) {
      const writes = Array.from({ length: Math.min(500, count - i) }, (_, k) => newCreate(family, { type: "frequentTest", value: `f${i + k}`, name: `常用词汇${i + k}`, number: i + k, status: (i + k) % 2 ? "1" : "0" }));
      await store.append(env.DB, writes, meta);
    }
    const frequent = (await call("/sys/sysdict/list?keyword=常用&limit=5", { token })).body;
    expect(frequent).toMatchObject({ code: 0, total: searchCap, totalCapped: true });
    expect(names(frequent.data)).toEqual([5000, 4999, 4998, 4997, 4996].map((n) => `常用词汇${n}`));
    const sorted = (await call("/sys/sysdict/list?keyword=常用&limit=3&orderField=number&order=asc&status=1", { token })).body;
    expect(sorted.data.map((r: { number: number }) => r.number % 2)).toEqual([1, 1, 1]);
    expect(sorted.total).toBe(searchCap / 2);
    // a term below the ranked cap is ranked, not capped
    const rare = (await call("/sys/sysdict/list?keyword=词汇4321&limit=5", { token })).body;
    expect(rare.total).toBeLessThanOrEqual(rankedCap);
    expect(rare.totalCapped).toBeUndefined();
    expect(rare.data[0].name).toBe("常用词汇4321");
  });

  it("is rebuilt with the read models", async () => {
    await store.rebuild(env.DB);
    expect(names((await search("交通")).data)).toEqual(["西安交通银行股份有限公司"]);
    expect((await search("名称乙")).total).toBe(1);
  });
});

describe("as-of, revert and restore", () => {
  it("reads a record as it was at any version and reverts to one, shown as a revert in its history", async () => {
    const id = await save(dict("r1", "第一版", { remark: "甲" }));
    await call("/sys/sysdict/update", { token, body: { id, name: "第二版" } });
    await call("/sys/sysdict/update", { token, body: { id, name: "第三版", remark: "丙" } });

    const v1 = await call(`/sys/sysdict/info/${id}?version=1`, { token });
    expect(v1.body.data).toMatchObject({ id, name: "第一版", remark: "甲", version: 1 });
    expect(v1.headers.get("ETag")).toBe('W/"1"');
    expect((await call(`/sys/sysdict/info/${id}?version=2`, { token })).body.data).toMatchObject({ name: "第二版", remark: "甲" });
    expect((await call(`/sys/sysdict/info/${id}?version=9`, { token })).body.code).toBe(404);
    expect((await call(`/sys/sysdict/info/${id}?version=abc`, { token })).body.errors).toHaveProperty("version");

    const reverted = await call(`/sys/sysdict/revert/${id}`, { token, body: { version: 1 } });
    expect(reverted.body).toMatchObject({ code: 0, msg: "已还原到版本 1", data: { id, version: 4 } });
    expect((await call(`/sys/sysdict/info/${id}`, { token })).body.data).toMatchObject({ name: "第一版", remark: "甲", version: 4 });
    const history = (await call(`/sys/sysdict/history/${id}`, { token })).body.data;
    expect(history.at(-1)).toMatchObject({ action: "reverted", revertedTo: 1, changes: { name: ["第三版", "第一版"], remark: ["丙", "甲"] } });
  });

  it("refuses a revert to the current or a missing version, and one whose expected version is stale", async () => {
    const id = await save(dict("r2", "版本"));
    await call("/sys/sysdict/update", { token, body: { id, name: "版本二" } });
    const before = await eventCount();
    expect((await call(`/sys/sysdict/revert/${id}`, { token, body: { version: 2 } })).body.code).toBe(422);
    expect((await call(`/sys/sysdict/revert/${id}`, { token, body: { version: 0 } })).body.errors).toHaveProperty("version");
    expect((await call(`/sys/sysdict/revert/${id}`, { token, body: { version: 1, expectedVersion: 1 } })).body.code).toBe(409);
    expect((await call(`/sys/sysdict/revert/${id}`, { token, body: { version: 1 }, lang: "en-US" })).body.msg).toBe("Reverted to version 1");
    expect(await eventCount()).toBe(before + 1);
  });

  it("keeps unique keys on revert: a value taken meanwhile is refused by name", async () => {
    const id = await save(dict("u1", "唯一"));
    await call("/sys/sysdict/update", { token, body: { id, value: "u2" } });
    await save(dict("u1", "后来者"));
    const clash = await call(`/sys/sysdict/revert/${id}`, { token, body: { version: 1 } });
    expect(clash.body.code).toBe(422);
    expect(clash.body.msg).toBe("字典类型、字典值已存在");
    expect((await call(`/sys/sysdict/info/${id}`, { token })).body.data.value).toBe("u2");
  });

  it("restores a deleted record from the recycle bin with its values and creation time", async () => {
    const id = await save(dict("d1", "将被删除", { remark: "原备注" }));
    const created = (await call(`/sys/sysdict/info/${id}`, { token })).body.data;
    await call("/sys/sysdict/delete", { token, body: [id] });

    const bin = await call("/sys/sysdict/deleted?limit=100", { token });
    const entry = bin.body.data.find((e: { id: string }) => e.id === id);
    expect(entry).toMatchObject({ record: { id, name: "将被删除", remark: "原备注" }, version: 2, deletedBy: expect.any(String), deletedByName: "系统管理员" });
    expect(entry.deletedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(bin.body.total).toBeGreaterThanOrEqual(1);

    const restored = await call(`/sys/sysdict/restore/${id}`, { token, body: {} });
    expect(restored.body).toMatchObject({ code: 0, msg: "恢复成功", data: { id, version: 3 } });
    expect((await call(`/sys/sysdict/info/${id}`, { token })).body.data).toMatchObject({ name: "将被删除", remark: "原备注", version: 3, createTime: created.createTime, createBy: created.createBy });
    expect((await call("/sys/sysdict/deleted?limit=100", { token })).body.data.map((e: { id: string }) => e.id)).not.toContain(id);
    expect((await call(`/sys/sysdict/history/${id}`, { token })).body.data.map((h: { action: string }) => h.action)).toEqual(["created", "deleted", "restored"]);
    // nothing to restore twice
    expect((await call(`/sys/sysdict/restore/${id}`, { token, body: {} })).body).toMatchObject({ code: 422, msg: "该记录未被删除，无需恢复" });
  });

  it("keeps counters right across delete and restore", async () => {
    const count = async () => (await call("/sys/sysdict/list?type=countTest", { token })).body.total;
    const id = await save({ type: "countTest", value: "c1", name: "计数", status: "1" });
    expect(await count()).toBe(1);
    const total = (await call("/sys/sysdict/list", { token })).body.total;
    await call("/sys/sysdict/delete", { token, body: [id] });
    expect((await call("/sys/sysdict/list", { token })).body.total).toBe(total! - 1);
    await call(`/sys/sysdict/restore/${id}`, { token, body: {} });
    expect((await call("/sys/sysdict/list", { token })).body.total).toBe(total);
    expect(await count()).toBe(1);
  });

  it("refuses to restore a record whose unique key was taken, or whose parent is gone", async () => {
    const id = await save(dict("d2", "先删"));
    await call("/sys/sysdict/delete", { token, body: [id] });
    await save(dict("d2", "占位"));
    expect((await call(`/sys/sysdict/restore/${id}`, { token, body: {} })).body).toMatchObject({ code: 422, msg: "字典类型、字典值已存在" });

    const parent = (await call("/sys/menu/save", { token, body: { name: "上级目录", type: 0, orderNum: 1 } })).body.data.menuId;
    const child = (await call("/sys/menu/save", { token, body: { name: "下级目录", type: 0, orderNum: 1, parentId: parent } })).body.data.menuId;
    await call("/sys/menu/delete", { token, body: [child] });
    await call("/sys/menu/delete", { token, body: [parent] });
    const orphan = await call(`/sys/menu/restore/${child}`, { token, body: {} });
    expect(orphan.body.code).toBe(422);
    expect(orphan.body.errors!.parentId).toBe("上级菜单指向的上级记录不存在或已删除，请先恢复上级");
    expect((await call(`/sys/menu/restore/${parent}`, { token, body: {} })).body.code).toBe(0);
    expect((await call(`/sys/menu/restore/${child}`, { token, body: {} })).body.code).toBe(0);
  });

  it("checks the permission of each verb: revert needs update, restore and the bin need delete", async () => {
    const reader = await userWithPermissions(token, ["sys:sysdict:list", "sys:sysdict:info"]);
    const id = await save(dict("p1", "权限"));
    expect((await call(`/sys/sysdict/revert/${id}`, { token: reader.token, body: { version: 1 } })).body.code).toBe(403);
    expect((await call(`/sys/sysdict/restore/${id}`, { token: reader.token, body: {} })).body.code).toBe(403);
    expect((await call("/sys/sysdict/deleted", { token: reader.token })).body.code).toBe(403);
    expect((await call(`/sys/sysdict/info/${id}?version=1`, { token: reader.token })).body.code).toBe(0);
  });
});

describe("concurrent edits", () => {
  it("lands 40 concurrent unversioned updates of different fields of one record, each as its own event", async () => {
    const id = await save({ type: "concurrency", value: "c", name: "并发", status: "1", remark: "", number: 0 });
    // 40 writers: each sets its own field value; the dictionary has few fields, so they take turns over them
    const fields = ["name", "enName", "remark", "number"] as const;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        const key = fields[i % fields.length]!;
        return call("/sys/sysdict/update", { token, body: { id, [key]: key === "number" ? i + 1 : `写入${i}` } });
      }),
    );
    expect(answers.map((a) => a.body.code)).toEqual(Array(40).fill(0));
    const history = (await call(`/sys/sysdict/history/${id}`, { token })).body.data;
    expect(history).toHaveLength(41);
    expect(new Set(history.map((h: { version: number }) => h.version)).size).toBe(41);
  });

  it("still answers 'changed meanwhile' and writes nothing when the edit carries an expected version", async () => {
    const id = await save({ type: "concurrency", value: "v", name: "版本守护", status: "1" });
    await call("/sys/sysdict/update", { token, body: { id, name: "别人先改了" } });
    const before = await eventCount();
    const stale = await call("/sys/sysdict/update", { token, body: { id, name: "我的修改", version: 1 } });
    expect(stale.body.code).toBe(409);
    const viaHeader = await call("/sys/sysdict/update", { token, body: { id, name: "我的修改" }, headers: { "If-Match": 'W/"1"' } });
    expect(viaHeader.body.code).toBe(409);
    expect(await eventCount()).toBe(before);
  });
});

describe("list settings and saved views", () => {
  it("keeps each user's columns per family", async () => {
    const me = await userWithPermissions(token, ["sys:sysdict:list"]);
    expect((await call("/sys/listpref/info?family=/sys/sysdict", { token: me.token })).body.data).toBeNull();
    const columns = [{ key: "name", width: 220 }, { key: "type", hidden: true }, { key: "value" }];
    expect((await call("/sys/listpref/save", { token: me.token, body: { family: "/sys/sysdict", columns } })).body.code).toBe(0);
    expect((await call("/sys/listpref/save", { token: me.token, body: { family: "/sys/sysdict", columns: columns.slice(0, 2) } })).body.code).toBe(0);
    expect((await call("/sys/listpref/info?family=/sys/sysdict", { token: me.token })).body.data.columns).toEqual(columns.slice(0, 2));
    // another user's settings are their own
    expect((await call("/sys/listpref/info?family=/sys/sysdict", { token })).body.data).toBeNull();
    const bad = await call("/sys/listpref/save", { token: me.token, body: { family: "/sys/sysdict", columns: [{ key: "", width: 5 }] } });
    expect(bad.body.code).toBe(422);
  });

  it("saves views, shares them with a role's holders only, and lets only the owner delete them", async () => {
    const owner = await userWithPermissions(token, ["sys:sysdict:list"]);
    const colleague = await userWithPermissions(token, ["sys:sysdict:list"]);
    const view = { name: "启用的性别", familyPath: "/sys/sysdict", filters: { type: "gender", status: "1" }, keyword: "男", sort: { field: "number", order: "desc" }, columns: [{ key: "name" }], roleIds: [owner.roleId] };
    const saved = await call("/sys/listview/saveMine", { token: owner.token, body: view });
    expect(saved.body.code).toBe(0);
    const viewId = saved.body.data.id;
    const mine = (await call("/sys/listview/mine?family=/sys/sysdict", { token: owner.token })).body.data;
    expect(mine).toEqual([expect.objectContaining({ id: viewId, name: "启用的性别", filters: view.filters, sort: view.sort, keyword: "男", roleIds: [owner.roleId], mine: true })]);
    // the colleague does not hold the role: sees nothing, cannot delete
    expect((await call("/sys/listview/mine?family=/sys/sysdict", { token: colleague.token })).body.data).toEqual([]);
    expect((await call("/sys/listview/deleteMine", { token: colleague.token, body: { id: viewId } })).body.code).toBe(404);
    // sharing with a role the owner does not hold is dropped
    await call("/sys/listview/saveMine", { token: owner.token, body: { ...view, id: viewId, name: "启用的性别（新）", roleIds: [colleague.roleId, owner.roleId] } });
    expect((await call("/sys/listview/mine?family=/sys/sysdict", { token: colleague.token })).body.data).toEqual([]);
    // an administrator may share with any role
    await call("/sys/listview/saveMine", { token, body: { ...view, name: "管理员共享", roleIds: [colleague.roleId] } });
    expect((await call("/sys/listview/mine?family=/sys/sysdict", { token: colleague.token })).body.data).toEqual([expect.objectContaining({ name: "管理员共享", mine: false })]);
    // a view is a record: it has history
    expect((await call(`/sys/listview/history/${viewId}`, { token })).body.data.map((h: { action: string }) => h.action)).toEqual(["created", "updated"]);
    expect((await call("/sys/listview/saveMine", { token: owner.token, body: { ...view, name: "" } })).body.errors).toHaveProperty("name");
    expect((await call("/sys/listview/deleteMine", { token: owner.token, body: { id: viewId } })).body.code).toBe(0);
    expect((await call("/sys/listview/mine?family=/sys/sysdict", { token: owner.token })).body.data).toEqual([]);
  });
});

describe("engine details", () => {
  it("refuses dates that name no day of the calendar", async () => {
    const { field } = await import("../events/fields.ts");
    const day = field.date({ "zh-CN": "日期", "en-US": "Date" });
    const moment = field.datetime({ "zh-CN": "时间", "en-US": "Time" });
    expect(day.schema.safeParse("2024-02-29").success).toBe(true);
    expect(day.schema.safeParse("2023-02-29").success).toBe(false);
    expect(day.schema.safeParse("2024-13-40").success).toBe(false);
    expect(moment.schema.safeParse("2024-01-05 23:59:59").success).toBe(true);
    expect(moment.schema.safeParse("2024-01-05 24:00:00").success).toBe(false);
  });

  it("matches % and _ typed in a like filter literally", async () => {
    await save({ type: "likeTest", value: "l1", name: "100%达标", status: "1" });
    await save({ type: "likeTest", value: "l2", name: "100达标", status: "1" });
    await save({ type: "likeTest", value: "l3", name: "a_b", status: "1" });
    await save({ type: "likeTest", value: "l4", name: "axb", status: "1" });
    const like = async (name: string) => names((await call(`/sys/sysdict/list?type=likeTest&name=${encodeURIComponent(name)}`, { token })).body.data);
    expect(await like("%")).toEqual(["100%达标"]);
    expect(await like("_")).toEqual(["a_b"]);
  });

  it("drops import result files after a day", async () => {
    const { registeredHandlers, importResultTtlMs } = await import("../worker/jobs/scheduler.ts");
    await env.FILES.put("imports/old-result.xlsx", new Uint8Array([1, 2, 3]));
    await registeredHandlers.importResults!(env as never, Date.now(), undefined as never);
    expect(await env.FILES.head("imports/old-result.xlsx")).not.toBeNull();
    await registeredHandlers.importResults!(env as never, Date.now() + importResultTtlMs + 60_000, undefined as never);
    expect(await env.FILES.head("imports/old-result.xlsx")).toBeNull();
  });
});
