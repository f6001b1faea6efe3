/**
 * System administration beyond the generic engine: users, roles, menus, config, zoning, departments,
 * organisations, posts, members, WeCom users, candidates and the operation log — through the real API,
 * signed in as the seeded administrator unless a case says otherwise. Storage is shared by the whole
 * file, so counting tests run before the tests that add records of the same kind.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { t, type Lang } from "../events/i18n.ts";
import { areaSeed } from "../events/seed/areas.ts";
import { departmentSeed, orgUnitSeed, postSeed, userSeed } from "../events/seed/organisation.ts";
import { seedId } from "../worker/seed/index.ts";
import { displayTime } from "../worker/time.ts";
import { call, login, userWithPermissions, type ApiAnswer } from "./helpers.ts";

const langs: Lang[] = ["zh-CN", "en-US"];
const password = "Passw0rd!x";

let admin: string;
beforeAll(async () => {
  admin = await login();
});

/** A 422 whose only broken field is `field`, with exactly `msg` as message. */
function expectInvalid(answer: ApiAnswer, field: string, msg: string) {
  expect(answer.status).toBe(200);
  expect(answer.body.code).toBe(422);
  expect(answer.body.errors).toEqual({ [field]: msg });
  expect(answer.body.msg).toBe(msg);
}

function expectOk(answer: ApiAnswer) {
  expect(answer.status).toBe(200);
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 0 });
  return answer.body.data;
}

const unique = (prefix: string) => `${prefix}${crypto.randomUUID().replace(/-/g, "").slice(0, 10)}`;

const creditChars = "0123456789ABCDEFGHJKLMNPQRTUWXY";
const creditWeights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
/** A valid unified social credit code (GB 32100-2015 check character) under a random 9-digit body. */
function creditCode(): string {
  const base = `91610113${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`;
  const sum = creditWeights.reduce((acc, w, i) => acc + creditChars.indexOf(base[i]!) * w, 0);
  return base + creditChars[(31 - (sum % 31)) % 31];
}
/** A valid resident identity card number for 1995-04-12 with a random sequence. */
function idCard(): string {
  const base = `61011319950412${String(100 + Math.floor(Math.random() * 899))}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  return base + "10X98765432"[weights.reduce((acc, w, i) => acc + Number(base[i]) * w, 0) % 11];
}

/** Resets a seeded user's password (its seeded one is unknown) and signs in as them. */
async function signInSeeded(userNo: string): Promise<string> {
  const key = userSeed.find((u) => u.userNo === userNo)!.key;
  expectOk(await call("/sys/user/resetPass", { token: admin, body: { userId: await seedId(`user:${key}`), password } }));
  return login(userNo, password);
}

const adminId = await seedId("user:admin");
const userIdOf = async (userNo: string) => seedId(`user:${userSeed.find((u) => u.userNo === userNo)!.key}`);
const deptIdOf = (key: string) => seedId(`dept:${key}`);
const postIdOf = (key: string) => seedId(`post:${key}`);
const orgIdOf = (key: string) => seedId(`org:${key}`);
const orgCodeOf = (key: string) => {
  const index = orgUnitSeed.findIndex((o) => o.key === key);
  return `${orgUnitSeed[index]!.areaCode}${String(index + 1).padStart(3, "0")}`;
};

// ── Users ─────────────────────────────────────────────────────────────────────
describe("users", () => {
  it("GET /sys/user/info answers the signed-in administrator", async () => {
    const data = expectOk(await call("/sys/user/info", { token: admin }));
    expect(data).toMatchObject({ id: adminId, userNo: "admin", name: "系统管理员", type: "1", orgCode: "610000", admin: true });
  });

  it("GET /sys/user/userName/{id} answers the name; an unknown id is 404 in both languages", async () => {
    const answer = await call(`/sys/user/userName/${await userIdOf("wangfang")}`, { token: admin });
    expect(answer.body).toEqual({ code: 0, msg: t("fetched", "zh-CN"), data: "王芳" });
    for (const lang of langs) {
      const missing = await call("/sys/user/userName/00000000-0000-4000-8000-000000000000", { token: admin, lang });
      expect(missing.body).toEqual({ code: 404, msg: t("notFound", lang, { name: lang === "zh-CN" ? "用户" : "User" }) });
    }
  });

  it("POST /sys/user/queryUserName maps ids to names, from {ids} or a bare array; unknown ids are left out", async () => {
    const ids = [adminId, await userIdOf("liuyang"), await userIdOf("zhaolei"), "no-such-user"];
    const expected = { [ids[0]!]: "系统管理员", [ids[1]!]: "刘洋", [ids[2]!]: "赵磊" };
    expect(expectOk(await call("/sys/user/queryUserName", { token: admin, body: { ids } }))).toEqual(expected);
    expect(expectOk(await call("/sys/user/queryUserName", { token: admin, body: ids }))).toEqual(expected);
    expect(expectOk(await call("/sys/user/queryUserName", { token: admin, body: { ids: [] } }))).toEqual({});
    expect((await call("/sys/user/queryUserName", { token: admin, body: { ids: "x" } })).body.code).toBe(422);
  });

  it("POST /sys/user/updateInfo changes only name/phone/email/gender of the signed-in user", async () => {
    const me = await userWithPermissions(admin, []);
    const before = expectOk(await call(`/sys/user/info/${me.userId}`, { token: admin }));
    const answer = await call("/sys/user/updateInfo", {
      token: me.token,
      body: { name: "更新后的姓名", phone: "13912345678", email: "me@example.cn", gender: "2", status: "0", roleIdList: [], userNo: "hijacked", type: "3", deptId: "x", id: adminId },
    });
    expect(answer.body).toMatchObject({ code: 0, msg: t("updated", "zh-CN") });
    // the session still works: status was not applied
    const info = expectOk(await call("/sys/user/info", { token: me.token }));
    expect(info).toMatchObject({ id: me.userId, userNo: before.userNo, name: "更新后的姓名" });
    const record = expectOk(await call(`/sys/user/info/${me.userId}`, { token: admin }));
    expect(record).toMatchObject({ name: "更新后的姓名", phone: "13912345678", email: "me@example.cn", gender: "2", status: "1", userNo: before.userNo, roleIdList: [me.roleId], type: before.type, deptId: before.deptId });
    // the administrator (id in the body) was not touched
    expect(expectOk(await call("/sys/user/info", { token: admin })).name).toBe("系统管理员");
  });

  it.each(langs)("POST /sys/user/updateInfo refuses a bad phone (%s) and changes nothing", async (lang) => {
    const me = await userWithPermissions(admin, []);
    const answer = await call("/sys/user/updateInfo", { token: me.token, lang, body: { name: "不应保存", phone: "12345" } });
    expectInvalid(answer, "phone", t("formatIncorrect", lang, { name: lang === "zh-CN" ? "手机号码" : "Mobile phone" }));
    expect(answer.body.msg).toBe(lang === "zh-CN" ? "手机号码格式不正确" : "Mobile phone format is incorrect");
    expect(expectOk(await call("/sys/user/info", { token: me.token })).name).not.toBe("不应保存");
  });

  it("GET /sys/user/getBmjl lists the enabled users of the signed-in user's department", async () => {
    const token = await signInSeeded("wangfang");
    const data = expectOk(await call("/sys/user/getBmjl", { token })) as { id: string; name: string; userNo: string }[];
    const deptKey = userSeed.find((u) => u.userNo === "wangfang")!.departmentKey;
    const expected = userSeed.filter((u) => u.departmentKey === deptKey).map((u) => u.userNo).sort();
    expect(expected).toEqual(["chenjing", "wangfang"]);
    expect(data.map((u) => u.userNo).sort()).toEqual(expected);
    expect(data.find((u) => u.userNo === "chenjing")).toEqual({ id: await userIdOf("chenjing"), name: "陈静", userNo: "chenjing" });
    // another department sees its own people only
    const other = await signInSeeded("liuyang");
    expect((expectOk(await call("/sys/user/getBmjl", { token: other })) as { userNo: string }[]).map((u) => u.userNo)).toEqual(["liuyang"]);
  });

  it("GET /sys/user/getDsf lists only type-3 users", async () => {
    const data = expectOk(await call("/sys/user/getDsf", { token: admin })) as { id: string; userNo: string }[];
    expect(data.map((u) => u.userNo).sort()).toEqual(userSeed.filter((u) => u.type === "3").map((u) => u.userNo).sort());
    const { results } = await env.DB.prepare("SELECT id FROM sys_user WHERE type = '3' AND status = '1'").all<{ id: string }>();
    expect(data.map((u) => u.id).sort()).toEqual(results.map((r) => r.id).sort());
  });
});

// ── Roles ─────────────────────────────────────────────────────────────────────
interface PickerNode {
  menuId: string;
  name: string;
  type: number;
  children: PickerNode[];
}
const flatten = (nodes: PickerNode[]): PickerNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

async function userWithRole(roleId: string) {
  const userNo = unique("r");
  const created = await call("/sys/user/save", { token: admin, body: { userNo, name: userNo, status: "1", roleIdList: [roleId] } });
  const userId = expectOk(created).id as string;
  expectOk(await call("/sys/user/resetPass", { token: admin, body: { userId, password } }));
  return { userId, token: await login(userNo, password) };
}

describe("roles", () => {
  it("GET /sys/role/select lists every role; selectMyRole the signed-in user's", async () => {
    const all = expectOk(await call("/sys/role/select", { token: admin })) as { roleId: string; name: string; type: string }[];
    expect(all).toEqual(expect.arrayContaining([{ roleId: await seedId("role:admin"), name: "超级管理员", type: "admin" }, { roleId: await seedId("role:department"), name: "部门人员", type: "department" }]));
    const { n } = (await env.DB.prepare("SELECT COUNT(*) AS n FROM sys_role").first<{ n: number }>())!;
    expect(all).toHaveLength(n);
    expect(expectOk(await call("/sys/role/selectMyRole", { token: admin }))).toEqual([{ roleId: await seedId("role:admin"), name: "超级管理员", type: "admin" }]);
    const me = await userWithPermissions(admin, []);
    expect((expectOk(await call("/sys/role/selectMyRole", { token: me.token })) as { roleId: string }[]).map((r) => r.roleId)).toEqual([me.roleId]);
  });

  let roleId: string;
  let holder: { userId: string; token: string };
  let expectedTags: string[];

  it("a role created with menuIdList grants exactly those menus' tags to its holder", async () => {
    const tree = flatten(expectOk(await call("/sys/menu/select?maxLevel=3", { token: admin })));
    const picked = ["字典管理", "行政区划"].map((name) => tree.find((m) => m.name === name)!);
    const perms = await Promise.all(picked.map(async (m) => expectOk(await call(`/sys/menu/info/${m.menuId}`, { token: admin })).perms as string));
    expectedTags = perms.flatMap((p) => p.split(",")).sort();
    expect(expectedTags).toEqual(["sys:area:info", "sys:area:list", "sys:sysdict:info", "sys:sysdict:list"]);
    const saved = await call("/sys/role/save", { token: admin, body: { name: unique("角色"), type: "department", menuIdList: picked.map((m) => m.menuId) } });
    expect(saved.body.msg).toBe(t("created", "zh-CN"));
    roleId = expectOk(saved).roleId;
    holder = await userWithRole(roleId);
    const nav = expectOk(await call("/sys/menu/nav", { token: holder.token }));
    expect(nav.permissions).toEqual(expectedTags);
    // the visible tree is the two screens under their directory
    expect(nav.menuList.map((m: PickerNode) => m.name)).toEqual(["系统管理"]);
    expect(nav.menuList[0].children.map((m: PickerNode) => m.name)).toEqual(["字典管理", "行政区划"]);
    // the tags work and nothing beyond them does
    expect((await call("/sys/sysdict/list", { token: holder.token })).body.code).toBe(0);
    expect((await call("/sys/area/list", { token: holder.token })).body.code).toBe(0);
    expect((await call("/sys/sysdict/save", { token: holder.token, body: { type: "x", value: "1", name: "x", status: "1" } })).body).toMatchObject({ code: 403, msg: t("forbidden", "zh-CN", { perm: "sys:sysdict:save" }) });
  });

  it.each(langs)("GET /sys/role/holders counts the holders and warns (%s)", async (lang) => {
    const answer = await call(`/sys/role/holders?ids=${roleId}`, { token: admin, lang });
    expect(answer.body.code).toBe(0);
    expect(answer.body.msg).toBe(t("roleDeleteWarning", lang, { count: 1 }));
    expect(answer.body.data.holders).toBe(1);
    expect(answer.body.data.roles).toEqual([{ roleId, name: expect.any(String), holders: 1 }]);
  });

  it("GET /sys/role/holders of a role nobody holds answers 获取成功 and 0", async () => {
    const lonely = expectOk(await call("/sys/role/save", { token: admin, body: { name: unique("空角色"), type: "department", menuIdList: [] } })).roleId;
    const answer = await call(`/sys/role/holders?ids=${lonely}`, { token: admin });
    expect(answer.body).toMatchObject({ code: 0, msg: "获取成功", data: { holders: 0 } });
    expect((await call(`/sys/role/holders?ids=${lonely}`, { token: admin, lang: "en-US" })).body.msg).toBe(t("fetched", "en-US"));
  });

  it("deleting a held role: the holder's session still works but loses the role's tags", async () => {
    expectOk(await call("/sys/role/delete", { token: admin, body: [roleId] }));
    expect((await call(`/sys/role/info/${roleId}`, { token: admin })).body.code).toBe(404);
    expect(expectOk(await call("/sys/user/info", { token: holder.token })).id).toBe(holder.userId);
    const nav = expectOk(await call("/sys/menu/nav", { token: holder.token }));
    expect(nav.permissions).toEqual([]);
    expect(nav.menuList).toEqual([]);
    expect(expectOk(await call("/sys/role/selectMyRole", { token: holder.token }))).toEqual([]);
    expect((await call("/sys/sysdict/list", { token: holder.token })).body).toMatchObject({ code: 403, msg: t("forbidden", "zh-CN", { perm: "sys:sysdict:list" }) });
    const holders = await call(`/sys/role/holders?ids=${roleId}`, { token: admin });
    expect(holders.body).toMatchObject({ code: 0, msg: t("fetched", "zh-CN"), data: { holders: 0 } });
  });
});

// ── Menus ─────────────────────────────────────────────────────────────────────
describe("menus", () => {
  it("GET /sys/menu/select?maxLevel=1 answers the top level only", async () => {
    const tree = expectOk(await call("/sys/menu/select?maxLevel=1", { token: admin })) as PickerNode[];
    const { results } = await env.DB.prepare("SELECT menu_id AS id FROM sys_menu WHERE parent_id IS NULL AND type < 2").all<{ id: string }>();
    expect(tree.map((n) => n.menuId).sort()).toEqual(results.map((r) => r.id).sort());
    for (const node of tree) expect(node.children).toEqual([]);
    expect(tree.map((n) => n.name)).toContain("系统管理");
  });

  it("GET /sys/menu/select?maxLevel=2 (and the default) includes children, never buttons", async () => {
    for (const path of ["/sys/menu/select?maxLevel=2", "/sys/menu/select"]) {
      const tree = expectOk(await call(path, { token: admin })) as PickerNode[];
      const system = tree.find((n) => n.name === "系统管理")!;
      expect(system.children.map((c) => c.name)).toEqual(expect.arrayContaining(["用户管理", "字典管理", "行政区划"]));
      // level 2 is cut: screens under directories carry no children (their buttons are never shown anyway)
      for (const child of system.children) expect(child.children).toEqual([]);
      expect(flatten(tree).every((n) => n.type !== 2)).toBe(true);
    }
    const { n } = (await env.DB.prepare("SELECT COUNT(*) AS n FROM sys_menu WHERE type = 2").first<{ n: number }>())!;
    expect(n).toBeGreaterThan(0);
    const deep = flatten(expectOk(await call("/sys/menu/select?maxLevel=10", { token: admin })));
    expect(deep.every((m) => m.type !== 2)).toBe(true);
  });

  it.each(langs)("POST /sys/menu/delete/{id} refuses a node with children (%s)", async (lang) => {
    for (const key of ["system", "sys-dict"]) {
      const answer = await call(`/sys/menu/delete/${await seedId(`menu:${key}`)}`, { token: admin, lang, body: {} });
      expect(answer.body).toEqual({ code: 422, msg: t("deleteChildrenFirst", lang) });
      expect(answer.body.msg).toBe(lang === "zh-CN" ? "请先删除下级菜单或按钮" : "Delete its sub-menus and buttons first");
    }
    expect((await call(`/sys/menu/info/${await seedId("menu:sys-dict")}`, { token: admin })).body.code).toBe(0);
  });

  it("POST /sys/menu/delete/{id} deletes a leaf", async () => {
    const parentId = await seedId("menu:system");
    const created = expectOk(await call("/sys/menu/save", { token: admin, body: { name: unique("叶子"), type: 1, parentId, url: "/leaf", routeName: "leaf", componentUrl: "leaf/index" } }));
    const answer = await call(`/sys/menu/delete/${created.menuId}`, { token: admin, body: {} });
    expect(answer.body).toEqual({ code: 0, msg: t("deleted", "zh-CN"), data: null });
    expect((await call(`/sys/menu/info/${created.menuId}`, { token: admin })).body.code).toBe(404);
    expect(flatten(expectOk(await call("/sys/menu/select", { token: admin }))).some((m) => m.menuId === created.menuId)).toBe(false);
  });

  describe.each(langs)("menu rules (%s)", (lang) => {
    const zh = lang === "zh-CN";
    const base = async () => ({ name: unique("菜单"), type: 1, parentId: await seedId("menu:system"), url: "/x/y", routeName: "x-y", componentUrl: "x/y/index" });
    const save = (body: Record<string, unknown>) => call("/sys/menu/save", { token: admin, lang, body });

    it("type 1 without url", async () => {
      const { url: _u, ...body } = await base();
      expectInvalid(await save(body), "url", zh ? "菜单路由不能为空" : "Menu url cannot be empty");
      expectInvalid(await save({ ...body, url: "" }), "url", zh ? "菜单路由不能为空" : "Menu url cannot be empty");
    });
    it("type 1 without routeName", async () => {
      const { routeName: _r, ...body } = await base();
      expectInvalid(await save(body), "routeName", zh ? "路由名称不能为空" : "Route name cannot be empty");
    });
    it("type 1 without componentUrl; an external https url needs none", async () => {
      const { componentUrl: _c, ...body } = await base();
      expectInvalid(await save(body), "componentUrl", zh ? "文件路径不能为空" : "File path cannot be empty");
      expectOk(await save({ ...body, url: "https://example.cn/page" }));
    });
    it("type 2 button without parentId", async () => {
      expectInvalid(await save({ name: unique("按钮"), type: 2, perms: "x:y:z" }), "parentId", zh ? "上级菜单不能为空" : "Parent name cannot be empty");
    });
    it("empty name", async () => {
      expectInvalid(await save({ ...(await base()), name: "" }), "name", zh ? "菜单名称不能为空" : "Menu name cannot be empty");
    });
    it("a directory (type 0) needs neither url nor parent", async () => {
      expectOk(await save({ name: unique("目录"), type: 0 }));
    });
  });
});

// ── Config ────────────────────────────────────────────────────────────────────
describe("config parameters", () => {
  it("the seed holds systemName, loginNotice and serviceHotlines", async () => {
    const rows = expectOk(await call("/sys/config/listAll", { token: admin })) as { name: string; valueType: string; value: unknown }[];
    const byName = new Map(rows.map((r) => [r.name, r]));
    expect(byName.get("systemName")).toMatchObject({ valueType: "string", value: "陕西省企业综合服务平台" });
    expect(byName.get("loginNotice")).toMatchObject({ valueType: "array", value: ["请妥善保管账号密码", "连续登录失败 5 次将锁定 15 分钟"] });
    expect(byName.get("serviceHotlines")).toMatchObject({ valueType: "table", value: { columns: ["城市", "电话"], rows: [["西安市", "029-12345"], ["宝鸡市", "0917-12345"]] } });
  });

  it.each([
    ["string", "一段文字"],
    ["array", ["甲", "乙", "丙"]],
    ["table", { columns: ["名称", "值"], rows: [["a", "1"], ["b", "2"]] }],
  ] as const)("a %s value round-trips through save → info", async (valueType, value) => {
    const name = unique("cfg");
    const id = expectOk(await call("/sys/config/save", { token: admin, body: { name, valueType, value, remark: "测试" } })).id;
    const info = expectOk(await call(`/sys/config/info/${id}`, { token: admin }));
    expect(info).toMatchObject({ id, name, valueType, value, remark: "测试" });
  });

  describe.each(langs)("config rules (%s)", (lang) => {
    const required = lang === "zh-CN" ? "参数值不能为空" : "Parameter value cannot be empty";
    const save = (body: Record<string, unknown>) => call("/sys/config/save", { token: admin, lang, body: { name: unique("cfg"), ...body } });
    it("an empty array", async () => expectInvalid(await save({ valueType: "array", value: [] }), "value", required));
    it("a table without rows", async () => {
      expectInvalid(await save({ valueType: "table", value: { columns: ["a"], rows: [] } }), "value", required);
      expectInvalid(await save({ valueType: "table" }), "value", required);
    });
    it("an unknown valueType", async () => {
      expectInvalid(await save({ valueType: "xml", value: "<a/>" }), "valueType", t("valueNotAllowed", lang, { name: lang === "zh-CN" ? "值类型" : "Value type" }));
    });
  });
});

// ── Zoning ────────────────────────────────────────────────────────────────────
describe("zoning (/sys/area)", () => {
  it("the seed holds 陕西省 with 10 cities and 107 districts", async () => {
    expect(areaSeed.filter((a) => a.level === 2)).toHaveLength(10);
    expect(areaSeed.filter((a) => a.level === 3)).toHaveLength(107);
    const province = await call("/sys/area/list?code=610000&type=1", { token: admin });
    expect(province.body.total).toBe(1);
    expect(province.body.data[0]).toMatchObject({ code: "610000", name: "陕西省", type: "1", parentCode: null });
    const cities = await call("/sys/area/list?type=2&limit=100", { token: admin });
    expect(cities.body.total).toBe(10);
    expect(cities.body.data).toHaveLength(10);
    expect(cities.body.data.every((a: { type: string; parentCode: string }) => a.type === "2" && a.parentCode === "610000")).toBe(true);
    expect(cities.body.data.map((a: { code: string }) => a.code).sort()).toEqual(areaSeed.filter((a) => a.level === 2).map((a) => a.code).sort());
    const districts = await call("/sys/area/list?type=3&limit=200", { token: admin });
    expect(districts.body.total).toBe(107);
    expect(districts.body.data).toHaveLength(107);
  });

  it("parentCode=610100 lists 西安市's districts (incl. 雁塔区 610113)", async () => {
    const answer = await call("/sys/area/list?parentCode=610100&limit=100", { token: admin });
    const expected = areaSeed.filter((a) => a.parentCode === "610100");
    expect(answer.body.total).toBe(expected.length);
    expect(answer.body.data.map((a: { code: string }) => a.code).sort()).toEqual(expected.map((a) => a.code).sort());
    expect(answer.body.data).toContainEqual(expect.objectContaining({ code: "610113", name: "雁塔区", type: "3", parentCode: "610100" }));
  });

  it("GET /sys/area/children loads the tree lazily", async () => {
    const top = expectOk(await call("/sys/area/children", { token: admin }));
    expect(top).toHaveLength(1);
    expect(top[0]).toMatchObject({ code: "610000", name: "陕西省", isleaf: false, value: "610000", label: "陕西省" });
    const cities = expectOk(await call("/sys/area/children?code=610000", { token: admin })) as { code: string; isleaf: boolean }[];
    expect(cities.map((c) => c.code).sort()).toEqual(areaSeed.filter((a) => a.level === 2).map((a) => a.code).sort());
    expect(cities.every((c) => c.isleaf === false)).toBe(true);
    const xian = expectOk(await call("/sys/area/children?code=610100", { token: admin })) as { code: string; isleaf: boolean }[];
    expect(xian.find((d) => d.code === "610113")).toMatchObject({ isleaf: true });
    expect(expectOk(await call("/sys/area/children?code=610113", { token: admin }))).toEqual([]);
    expect((await call("/sys/area/children?code=6101", { token: admin })).body.code).toBe(422);
  });

  describe.each(langs)("zoning rules (%s)", (lang) => {
    const zh = lang === "zh-CN";
    const save = (body: Record<string, unknown>) => call("/sys/area/save", { token: admin, lang, body });
    it("code 61011", async () => {
      expectInvalid(await save({ code: "61011", name: "测试区", parentCode: "610100", type: "3" }), "code", zh ? "格式错误，请输入6位区划代码" : "Wrong format, please enter a 6-digit zoning code");
    });
    it("type 2 without parentCode", async () => {
      expectInvalid(await save({ code: "619900", name: "测试市", type: "2" }), "parentCode", zh ? "上级区划不能为空" : "Parent zoning cannot be empty");
    });
    it("empty name", async () => {
      expectInvalid(await save({ code: "619901", name: "", parentCode: "610100", type: "3" }), "name", zh ? "区划名称不能为空" : "Zoning name cannot be empty");
    });
    it("duplicate code", async () => {
      const answer = await save({ code: "610113", name: "重复", parentCode: "610100", type: "3" });
      const msg = t("alreadyExists", lang, { fields: zh ? "区划代码" : "Zoning code" });
      expect(answer.body).toMatchObject({ code: 422, msg, errors: { code: msg } });
    });
  });

  it("a valid new district is created and listed under its parent", async () => {
    expectOk(await call("/sys/area/save", { token: admin, body: { code: "619999", name: "测试新区", parentCode: "610100", type: "3" } }));
    const xian = expectOk(await call("/sys/area/children?code=610100", { token: admin })) as { code: string }[];
    expect(xian.map((d) => d.code)).toContain("619999");
  });
});

// ── Departments ───────────────────────────────────────────────────────────────
describe("departments", () => {
  it("list filters by name (like), creditCode (prefix) and orgId (prefix)", async () => {
    const byName = await call(`/sys/department/list?name=${encodeURIComponent("工业和信息化")}&limit=50`, { token: admin });
    expect(byName.body.data.map((d: { name: string }) => d.name).sort()).toEqual(departmentSeed.filter((d) => d.name.includes("工业和信息化")).map((d) => d.name).sort());
    expect(byName.body.total).toBe(2);
    const byCredit = await call("/sys/department/list?creditCode=11610100&limit=50", { token: admin });
    expect(byCredit.body.data.map((d: { creditCode: string }) => d.creditCode).sort()).toEqual(departmentSeed.filter((d) => d.creditCode.startsWith("11610100")).map((d) => d.creditCode).sort());
    expect(byCredit.body.total).toBe(2);
    // prefix, not contains: a middle part of a code matches nothing
    expect((await call("/sys/department/list?creditCode=610100", { token: admin })).body.total).toBe(0);
    const byOrg = await call("/sys/department/list?orgId=6103&limit=50", { token: admin });
    expect(byOrg.body.data.map((d: { name: string }) => d.name)).toEqual(["宝鸡市中小企业服务中心"]);
    expect(byOrg.body.total).toBe(1);
  });

  it("GET /sys/department/listForOrgCode scopes by division", async () => {
    const all = expectOk(await call("/sys/department/listForOrgCode?orgCode=610000", { token: admin })) as { name: string; orgId: string }[];
    expect(all.map((d) => d.name).sort()).toEqual(departmentSeed.map((d) => d.name).sort());
    const xian = expectOk(await call("/sys/department/listForOrgCode?orgCode=610100", { token: admin })) as { name: string; orgId: string }[];
    expect(xian.map((d) => d.name).sort()).toEqual(departmentSeed.filter((d) => d.areaCode.startsWith("6101")).map((d) => d.name).sort());
    expect(xian).toHaveLength(2);
    expect(xian.every((d) => d.orgId.startsWith("6101"))).toBe(true);
    expect((await call("/sys/department/listForOrgCode", { token: admin })).body.code).toBe(422);
  });

  describe.each(langs)("department rules (%s)", (lang) => {
    const zh = lang === "zh-CN";
    const credit = zh ? "请输入正确的18位统一社会信用代码" : "Please enter a valid 18-character unified social credit code";
    const save = (body: Record<string, unknown>) => call("/sys/department/save", { token: admin, lang, body: { name: unique("部门"), creditCode: creditCode(), orgId: "610113", ...body } });
    it("a 17-character credit code", async () => expectInvalid(await save({ creditCode: creditCode().slice(0, 17) }), "creditCode", credit));
    it("a wrong check character", async () => {
      const good = creditCode();
      const wrong = good.slice(0, 17) + (good[17] === "0" ? "1" : "0");
      expectInvalid(await save({ creditCode: wrong }), "creditCode", credit);
    });
    it("an empty name", async () => expectInvalid(await save({ name: "" }), "name", zh ? "部门名称不能为空" : "Department name cannot be empty"));
    it("a bad contact phone", async () => expectInvalid(await save({ phone: "12345" }), "phone", zh ? "联系电话格式不正确" : "Contact phone format is incorrect"));
  });

  it("accepts a landline (029-88886666) and a mobile as contact phone, and a valid credit code", async () => {
    for (const phone of ["029-88886666", "13800138000"]) {
      const id = expectOk(await call("/sys/department/save", { token: admin, body: { name: unique("部门"), creditCode: creditCode(), orgId: "610113", phone } })).id;
      expect(expectOk(await call(`/sys/department/info/${id}`, { token: admin })).phone).toBe(phone);
    }
  });
});

// ── Organisations ─────────────────────────────────────────────────────────────
describe("organisations", () => {
  it("GET /sys/organization/getlist without id answers the roots", async () => {
    const roots = expectOk(await call("/sys/organization/getlist", { token: admin }));
    const id = await orgIdOf("org-shaanxi");
    expect(roots).toEqual([expect.objectContaining({ id, name: "陕西省企业服务中心", isleaf: false, value: id, label: "陕西省企业服务中心", parentId: null })]);
  });

  it("GET /sys/organization/getlist?id= answers the children; a leaf is marked", async () => {
    const cities = expectOk(await call(`/sys/organization/getlist?id=${await orgIdOf("org-shaanxi")}`, { token: admin })) as { id: string; name: string; isleaf: boolean; value: string; label: string }[];
    const expected = orgUnitSeed.filter((o) => o.parentKey === "org-shaanxi");
    expect(cities.map((c) => c.name).sort()).toEqual(expected.map((o) => o.name).sort());
    for (const c of cities) expect(c).toMatchObject({ isleaf: false, value: c.id, label: c.name });
    const communities = expectOk(await call(`/sys/organization/getlist?id=${await orgIdOf("org-xiaozhailu")}`, { token: admin })) as { name: string; isleaf: boolean }[];
    expect(communities.map((c) => c.name).sort()).toEqual(["小寨路街道小寨东路社区服务站", "小寨路街道永松社区服务站"].sort());
    expect(communities.every((c) => c.isleaf === true)).toBe(true);
    expect(expectOk(await call(`/sys/organization/getlist?id=${await orgIdOf("org-yongsong")}`, { token: admin }))).toEqual([]);
  });

  it("GET /sys/organization/queryOrgParents answers root → itself in order", async () => {
    const chain = expectOk(await call(`/sys/organization/queryOrgParents?orgCode=${orgCodeOf("org-xiaozhailu")}`, { token: admin })) as { id: string; name: string }[];
    expect(chain.map((o) => o.name)).toEqual(["陕西省企业服务中心", "西安市企业服务中心", "西安市雁塔区企业服务中心", "雁塔区小寨路街道便民服务中心"]);
    expect(chain.map((o) => o.id)).toEqual(await Promise.all(["org-shaanxi", "org-xian", "org-yanta", "org-xiaozhailu"].map(orgIdOf)));
    const root = expectOk(await call(`/sys/organization/queryOrgParents?orgCode=${orgCodeOf("org-shaanxi")}`, { token: admin })) as { name: string }[];
    expect(root.map((o) => o.name)).toEqual(["陕西省企业服务中心"]);
  });

  it("GET /sys/organization/organizationForDm cuts the subtree at mlevel", async () => {
    type Node = { name: string; type: string; children: Node[] };
    const count = (n: Node): number => 1 + n.children.reduce((s, c) => s + count(c), 0);
    const two = expectOk(await call(`/sys/organization/organizationForDm?orgCode=${orgCodeOf("org-shaanxi")}&mlevel=2`, { token: admin })) as Node;
    expect(two.name).toBe("陕西省企业服务中心");
    expect(two.children.map((c) => c.name).sort()).toEqual(orgUnitSeed.filter((o) => o.level === 2).map((o) => o.name).sort());
    for (const c of two.children) {
      expect(c.type).toBe("2");
      expect(c.children).toEqual([]);
    }
    const five = expectOk(await call(`/sys/organization/organizationForDm?orgCode=${orgCodeOf("org-shaanxi")}&mlevel=5`, { token: admin })) as Node;
    expect(count(five)).toBe(orgUnitSeed.length);
    const yanta = five.children.find((c) => c.name === "西安市企业服务中心")!.children.find((c) => c.name === "西安市雁塔区企业服务中心")!;
    expect(yanta.children.find((c) => c.name === "雁塔区小寨路街道便民服务中心")!.children).toHaveLength(2);
  });

  it.each(langs)("unknown orgCode is 404 (%s)", async (lang) => {
    const name = lang === "zh-CN" ? "组织机构" : "Organisation";
    for (const path of ["/sys/organization/organizationForDm?orgCode=999999999", "/sys/organization/queryOrgParents?orgCode=999999999"]) {
      expect((await call(path, { token: admin, lang })).body).toEqual({ code: 404, msg: t("notFound", lang, { name }) });
    }
  });

  it.each(langs)("a level-2 unit without parentId is refused (%s)", async (lang) => {
    const answer = await call("/sys/organization/save", { token: admin, lang, body: { name: "测试机构", code: unique("ORG"), type: "2", areaCode: "610100" } });
    expectInvalid(answer, "parentId", lang === "zh-CN" ? "上级机构不能为空" : "Parent name cannot be empty");
  });
});

// ── Posts ─────────────────────────────────────────────────────────────────────
describe("posts", () => {
  it("GET /common/projectorgpost/alllist answers every post in sort order", async () => {
    const data = expectOk(await call("/common/projectorgpost/alllist", { token: admin })) as { id: string; name: string; code: string; deptId: string }[];
    expect(data.map((p) => p.code)).toEqual([...postSeed].sort((a, b) => a.sort - b.sort).map((p) => p.code));
    expect(data[0]).toEqual({ id: await postIdOf("post-director"), name: "主任", code: "ZR", deptId: await deptIdOf("dept-bj-sme"), sort: 1 });
  });

  it("GET /common/projectorgpost/getListByDept?deptId= answers that department's posts", async () => {
    const data = expectOk(await call(`/common/projectorgpost/getListByDept?deptId=${await deptIdOf("dept-bj-sme")}`, { token: admin })) as { name: string }[];
    expect(data.map((p) => p.name)).toEqual(["主任", "副主任", "客户经理"]);
    expect(expectOk(await call("/common/projectorgpost/getListByDept?deptId=none", { token: admin }))).toEqual([]);
    expect((await call("/common/projectorgpost/getListByDept", { token: admin })).body.code).toBe(422);
  });

  it("GET /common/projectorgpost/getlistbyaccountId answers the account's post by userNo or id", async () => {
    const expected = [{ id: await postIdOf("post-section-chief"), name: "科长", code: "KZ", deptId: await deptIdOf("dept-xa-miit"), sort: 3 }];
    expect(expectOk(await call("/common/projectorgpost/getlistbyaccountId?accountId=wangfang", { token: admin }))).toEqual(expected);
    expect(expectOk(await call(`/common/projectorgpost/getlistbyaccountId?accountId=${await userIdOf("wangfang")}`, { token: admin }))).toEqual(expected);
    expect(expectOk(await call("/common/projectorgpost/getlistbyaccountId?accountId=admin", { token: admin }))).toEqual([]);
  });
});

// ── Members ───────────────────────────────────────────────────────────────────
describe("members (/common/proorgmember)", () => {
  const fullMember = async () => ({
    name: "测试成员",
    loginName: unique("m"),
    gender: "1",
    deptId: await deptIdOf("dept-xa-miit"),
    postId: await postIdOf("post-clerk"),
    status: "1",
    type: "1",
    enabled: true,
    internal: true,
    admin: false,
    virtualAccount: false,
    sort: 99,
    age: 31,
    birthDate: "1995-04-12",
    nation: "01",
    nativePlace: "陕西省西安市",
    maritalStatus: "10",
    idCard: idCard(),
    entryDate: "2020-07-01",
    workingYears: 6,
    specialty: "软件测试",
    fileWage: 5600.5,
    politicsStatus: "13",
    email: "member@example.cn",
    phone: "13800138000",
    education: "3",
    reporter: await seedId("member:mem-zhaohongwei"),
    address: "陕西省西安市雁塔区小寨路 1 号",
  });

  it("creates a member with the full field list and reads it back", async () => {
    const body = await fullMember();
    const saved = await call("/common/proorgmember/save", { token: admin, body });
    expect(saved.body.msg).toBe(t("created", "zh-CN"));
    const id = expectOk(saved).id;
    expect(expectOk(await call(`/common/proorgmember/info/${id}`, { token: admin }))).toMatchObject({ id, ...body });
  });

  describe.each(langs)("member rules (%s)", (lang) => {
    const zh = lang === "zh-CN";
    const save = async (patch: Record<string, unknown>) => call("/common/proorgmember/save", { token: admin, lang, body: { ...(await fullMember()), ...patch } });
    it("missing loginName", async () => {
      const { loginName: _l, ...body } = await fullMember();
      expectInvalid(await call("/common/proorgmember/save", { token: admin, lang, body }), "loginName", zh ? "登录名不能为空" : "Login name cannot be empty");
    });
    it("an identity card with a wrong check digit", async () => {
      const good = idCard();
      const wrong = good.slice(0, 17) + (good[17] === "1" ? "2" : "1");
      expectInvalid(await save({ idCard: wrong }), "idCard", zh ? "身份证号格式不正确" : "Identity card format is incorrect");
    });
    it("a bad e-mail", async () => expectInvalid(await save({ email: "not-an-email" }), "email", zh ? "电子邮箱格式不正确" : "Mailbox format is incorrect"));
    it("a non-number age", async () => expectInvalid(await save({ age: "三十" }), "age", zh ? "年龄必须为数字" : "Age must be a number"));
    it("an emoji in the name", async () => expectInvalid(await save({ name: "张三😀" }), "name", zh ? "姓名不能包含表情符号" : "Name cannot contain emoji"));
  });
});

// ── WeCom users ───────────────────────────────────────────────────────────────
describe("WeCom users", () => {
  const wxIdOf = (userNo: string) => seedId(`wx:${userSeed.find((u) => u.userNo === userNo)!.key}`);

  it("POST /sys/wxuser/updateOff flips off for each id", async () => {
    const ids = await Promise.all(["wangfang", "liuyang"].map(wxIdOf));
    const untouched = await wxIdOf("chenjing");
    for (const id of [...ids, untouched]) expect(expectOk(await call(`/sys/wxuser/info/${id}`, { token: admin })).off).toBe(false);
    expect((await call("/sys/wxuser/updateOff", { token: admin, body: { ids, off: true } })).body).toEqual({ code: 0, msg: t("updated", "zh-CN"), data: null });
    for (const id of ids) expect(expectOk(await call(`/sys/wxuser/info/${id}`, { token: admin })).off).toBe(true);
    expect(expectOk(await call(`/sys/wxuser/info/${untouched}`, { token: admin })).off).toBe(false);
    expectOk(await call("/sys/wxuser/updateOff", { token: admin, body: { ids: [ids[0]], off: false } }));
    expect(expectOk(await call(`/sys/wxuser/info/${ids[0]}`, { token: admin })).off).toBe(false);
    expect(expectOk(await call(`/sys/wxuser/info/${ids[1]}`, { token: admin })).off).toBe(true);
  });

  it("POST /sys/wxuser/examData records the examination", async () => {
    const id = await wxIdOf("yangli");
    expectOk(await call("/sys/wxuser/examData", { token: admin, body: { id, examStatus: "2", examRemark: "资料不全" } }));
    expect(expectOk(await call(`/sys/wxuser/info/${id}`, { token: admin }))).toMatchObject({ examStatus: "2", examRemark: "资料不全" });
  });

  it("refuses bad bodies with 422", async () => {
    const id = await wxIdOf("yangli");
    const bad = [
      ["/sys/wxuser/examData", { id, examStatus: "9" }, "examStatus"],
      ["/sys/wxuser/examData", { examStatus: "1" }, "id"],
      ["/sys/wxuser/updateOff", { ids: [], off: true }, "ids"],
      ["/sys/wxuser/updateOff", { ids: [id], off: "maybe" }, "off"],
    ] as const;
    for (const [path, body, field] of bad) {
      const answer = await call(path, { token: admin, body });
      expect(answer.body.code, `${path} ${JSON.stringify(body)}`).toBe(422);
      expect(Object.keys(answer.body.errors ?? {})).toEqual([field]);
    }
    expect(expectOk(await call(`/sys/wxuser/info/${id}`, { token: admin })).examStatus).not.toBe("9");
  });

  it.each(langs)("GET /weixin/auth/pcBind/{userId} issues a 10-minute binding code (%s)", async (lang) => {
    const userId = await userIdOf("zhaolei");
    const before = Date.now();
    const answer = await call(`/weixin/auth/pcBind/${userId}`, { token: admin, lang });
    expect(answer.body.code).toBe(0);
    expect(answer.body.msg).toBe(t("bindCodeIssued", lang, { minutes: 10 }));
    expect(answer.body.data.userId).toBe(userId);
    expect(answer.body.data.bindCode).toMatch(/^[0-9A-F]{8}$/i);
    expect(answer.body.data.expiresAt).toBeGreaterThanOrEqual(before + 10 * 60_000);
    expect(answer.body.data.expiresAt).toBeLessThanOrEqual(Date.now() + 10 * 60_000);
  });

  it("a second call replaces the first code; an unknown user is 404", async () => {
    const userId = await userIdOf("chenjing");
    const first = (await call(`/weixin/auth/pcBind/${userId}`, { token: admin })).body.data.bindCode;
    const second = (await call(`/weixin/auth/pcBind/${userId}`, { token: admin })).body.data.bindCode;
    expect(second).not.toBe(first);
    const { results } = await env.DB.prepare("SELECT code FROM bind_codes WHERE user_id = ?").bind(userId).all<{ code: string }>();
    expect(results.map((r) => r.code)).toEqual([second]);
    const missing = await call("/weixin/auth/pcBind/00000000-0000-4000-8000-000000000000", { token: admin });
    expect(missing.body).toEqual({ code: 404, msg: t("notFound", "zh-CN", { name: "用户" }) });
  });
});

// ── Candidates ────────────────────────────────────────────────────────────────
describe("candidates", () => {
  type TreeNode = { id: string; name: string; type: string; children: { id: string; name: string; userNo: string; type: string }[] };

  it("GET /sys/candidate/roleList lists the roles", async () => {
    const data = expectOk(await call("/sys/candidate/roleList", { token: admin })) as { roleId: string; name: string; type: string }[];
    expect(data).toEqual(expect.arrayContaining([{ roleId: await seedId("role:admin"), name: "超级管理员", type: "admin" }]));
    expect(data).toEqual(expectOk(await call("/sys/role/select", { token: admin })));
  });

  it("GET /sys/candidate/userTree: departments with their enabled users, each seeded user once", async () => {
    const tree = expectOk(await call("/sys/candidate/userTree", { token: admin })) as TreeNode[];
    expect(tree.every((d) => d.type === "department" && Array.isArray(d.children))).toBe(true);
    const users = tree.flatMap((d) => d.children);
    for (const id of [adminId, ...(await Promise.all(userSeed.map((u) => userIdOf(u.userNo))))]) {
      expect(users.filter((u) => u.id === id), id).toHaveLength(1);
    }
    for (const u of userSeed) {
      const holder = tree.find((d) => d.children.some((c) => c.userNo === u.userNo))!;
      expect(holder).toMatchObject({ id: await deptIdOf(u.departmentKey), name: departmentSeed.find((d) => d.key === u.departmentKey)!.name });
    }
    for (const d of departmentSeed) expect(tree.map((n) => n.name)).toContain(d.name);
  });

  it("GET /sys/candidate/userTree leaves disabled users out", async () => {
    const userNo = unique("off");
    const id = expectOk(await call("/sys/user/save", { token: admin, body: { userNo, name: userNo, status: "0", deptId: await deptIdOf("dept-sx-finance") } })).id;
    const tree = expectOk(await call("/sys/candidate/userTree", { token: admin })) as TreeNode[];
    expect(tree.flatMap((d) => d.children).some((u) => u.id === id)).toBe(false);
    expect(expectOk(await call(`/sys/candidate/userTreeByName?name=${userNo}`, { token: admin }))).toEqual([]);
  });

  it("GET /sys/candidate/userTreeByName keeps only matching users and drops empty departments", async () => {
    const tree = expectOk(await call(`/sys/candidate/userTreeByName?name=${encodeURIComponent("张")}`, { token: admin })) as TreeNode[];
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ id: await deptIdOf("dept-sx-miit"), name: "陕西省工业和信息化厅" });
    expect(tree[0]!.children.map((u) => u.name)).toEqual(["张伟"]);
    const jing = expectOk(await call(`/sys/candidate/userTreeByName?name=${encodeURIComponent("静")}`, { token: admin })) as TreeNode[];
    expect(jing.flatMap((d) => d.children.map((u) => u.name))).toEqual(["陈静"]);
    expect(expectOk(await call("/sys/candidate/userTreeByName?name=nobody-matches", { token: admin }))).toEqual([]);
  });

  it.each(langs)("GET /sys/candidate/userTreeByName without a name is 422 (%s)", async (lang) => {
    expectInvalid(await call("/sys/candidate/userTreeByName", { token: admin, lang }), "name", t("required", lang, { name: lang === "zh-CN" ? "姓名" : "Name" }));
  });
});

// ── Operation log ─────────────────────────────────────────────────────────────
describe("operation log (/log/list)", () => {
  const chinaDate = (offsetDays = 0) => new Date(Date.now() + 8 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
  const count = async (where = "", ...params: unknown[]) => (await env.DB.prepare(`SELECT COUNT(*) AS n FROM events ${where}`).bind(...params).first<{ n: number }>())!.n;

  let dictId: string;
  const modelCode = `log_model_${Date.now() % 1000}`;
  beforeAll(async () => {
    // a data model whose code holds an underscore and digits, with one record: its events are `dm.<code>.*`
    const model = expectOk(await call("/datamodel/save", { token: admin, body: { name: "日志模型", code: modelCode, type: "table", fields: [{ name: "title", title: "标题", titleEn: "Title", type: "text", length: 64 }] } })).id;
    expectOk(await call("/datamodel/data/save", { token: admin, body: { dataModelId: model, title: "一条" } }));
    // the last command: the first row of the log
    dictId = expectOk(await call("/sys/sysdict/save", { token: admin, body: { type: unique("logtype"), value: "1", name: "日志测试", status: "1" } })).id;
  });

  it.each(langs)("shows the last command first (%s)", async (lang) => {
    const answer = await call("/log/list", { token: admin, lang });
    expect(answer.body.code).toBe(0);
    expect(answer.body.total).toBe(await count());
    const first = answer.body.data[0];
    const event = (await env.DB.prepare("SELECT position, at, meta FROM events WHERE stream = ?").bind(`sys.sysdict:${dictId}`).first<{ position: number; at: string; meta: string }>())!;
    expect(first).toMatchObject({
      id: event.position,
      actorId: adminId,
      actorName: "系统管理员",
      operation: lang === "zh-CN" ? "新增字典" : "Create Dictionary",
      type: "sys.sysdict.created",
      target: dictId,
      requestId: JSON.parse(event.meta).requestId,
      time: displayTime(event.at),
    });
    expect(first.requestId).toEqual(expect.any(String));
    expect(first.requestId.length).toBeGreaterThan(0);
    expect(first.time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const ids = answer.body.data.map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
  });

  it("records the request id the request carried", async () => {
    const requestId = `req-${crypto.randomUUID()}`;
    const id = expectOk(await call("/sys/sysdict/save", { token: admin, headers: { "cf-ray": requestId }, body: { type: unique("logtype"), value: "1", name: "带请求号", status: "1" } })).id;
    const first = (await call("/log/list", { token: admin })).body.data[0];
    expect(first).toMatchObject({ target: id, requestId });
  });

  it("filters by actor, module and China dates; total counts the matching events", async () => {
    const byActor = await call(`/log/list?actor=${encodeURIComponent("系统管理员")}&limit=100`, { token: admin });
    const actorCount = await count("WHERE json_extract(meta, '$.actorName') = ?", "系统管理员");
    expect(actorCount).toBeGreaterThan(0);
    expect(byActor.body.total).toBe(actorCount);
    expect(byActor.body.data.every((r: { actorName: string }) => r.actorName === "系统管理员")).toBe(true);
    expect(byActor.body.total).toBeLessThan(await count());

    const byModule = await call("/log/list?module=sys.sysdict&limit=100", { token: admin });
    expect(byModule.body.total).toBe(await count("WHERE type LIKE 'sys.sysdict.%'"));
    expect(byModule.body.data.every((r: { type: string }) => r.type.startsWith("sys.sysdict."))).toBe(true);

    const dataModel = await call(`/log/list?module=dm.${modelCode}&limit=100`, { token: admin });
    const dataModelCount = await count("WHERE type LIKE ? ESCAPE '\\'", `dm.${modelCode.replace(/_/g, "\\_")}.%`);
    expect(dataModelCount).toBeGreaterThan(0);
    expect(dataModel.body.total).toBe(dataModelCount);
    expect(dataModel.body.data.every((r: { type: string }) => r.type.startsWith(`dm.${modelCode}.`))).toBe(true);

    const both = await call(`/log/list?module=sys.sysdict&actor=${encodeURIComponent("系统管理员")}&limit=100`, { token: admin });
    const bothCount = await count("WHERE type LIKE 'sys.sysdict.%' AND json_extract(meta, '$.actorName') = ?", "系统管理员");
    expect(bothCount).toBeGreaterThan(0);
    expect(both.body.total).toBe(bothCount);
    expect(both.body.data.map((r: { target: string }) => r.target)).toContain(dictId);

    const today = await call(`/log/list?module=sys.sysdict&actor=${encodeURIComponent("系统管理员")}&from=${chinaDate()}&to=${chinaDate()}`, { token: admin });
    expect(today.body.total).toBe(bothCount);
    const tomorrow = await call(`/log/list?module=sys.sysdict&from=${chinaDate(1)}`, { token: admin });
    expect(tomorrow.body).toMatchObject({ code: 0, total: 0, data: [] });
    const yesterday = await call(`/log/list?to=${chinaDate(-1)}`, { token: admin });
    expect(yesterday.body).toMatchObject({ code: 0, total: 0, data: [] });
  });

  it.each(langs)("names a password reset once (%s)", async (lang) => {
    const target = await userIdOf("zhaolei");
    expectOk(await call("/sys/user/resetPass", { token: admin, body: { userId: target, password } }));
    const first = (await call("/log/list", { token: admin, lang })).body.data[0];
    expect(first).toMatchObject({ type: "sys.credential.passwordSet", target, actorName: "系统管理员" });
    // the action already says what was set: 设置密码, not 设置密码密码
    if (lang === "zh-CN") expect(first.operation).toBe("设置密码");
    else expect(first.operation.toLowerCase()).toBe("set password");
  });

  it("a user without sys:log:list is refused", async () => {
    const { token } = await userWithPermissions(admin, ["sys:sysdict:list"]);
    expect((await call("/log/list", { token })).body).toEqual({ code: 403, msg: t("forbidden", "zh-CN", { perm: "sys:log:list" }) });
    const allowed = await userWithPermissions(admin, ["sys:log:list"]);
    expect((await call("/log/list", { token: allowed.token })).body.code).toBe(0);
  });
});
