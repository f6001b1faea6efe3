/**
 * The seed as events: dictionaries, the menu tree (the product's map, buttons derived from each screen's
 * permission tags), an admin role, a department role and the administrator. Pure apart from hashing, so
 * the local seed script, a remote seed and the tests all write the very same events.
 */
import { area, config, department, dictionary, menu, organisation, role, user, wechatWorkUser } from "../../events/families/sys.ts";
import { member, post } from "../../events/families/org.ts";
import { areaSeed } from "../../events/seed/areas.ts";
import { adminUserSeed, departmentSeed, memberSeed, orgUnitSeed, postSeed, roleSeed, userSeed } from "../../events/seed/organisation.ts";
import type { Family } from "../../events/family.ts";
import { families } from "../../events/families/index.ts";
import { menuSeed, type MenuSeed } from "../../events/seed/menus.ts";
import { allDictionarySeeds } from "../../events/seed/all-dictionaries.ts";
import { sha256Hex } from "../store/canonical.ts";
import { seal } from "../store/append.ts";
import { store } from "../modules.ts";
import type { EventMeta, Statement, StoredEvent, StreamWrite } from "../store/types.ts";
import { newCreate } from "../resources/commands.ts";
import { setPassword, credentialStream } from "../auth/credential.ts";
import { hashPassword } from "../auth/password.ts";
import { messageSeedWrites } from "./messages.ts";
import { applicationFlowWrites, flowSeedWrites } from "./flow.ts";
import { jobSeedWrites } from "../jobs/seed.ts";

/** A stable id in UUID v4 layout derived from a seed key, so re-seeding another database gives the same ids. */
export async function seedId(key: string): Promise<string> {
  const h = await sha256Hex(`qifu-seed:${key}`);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const verbNames: Record<string, [string, string]> = {
  save: ["新增", "Add"],
  update: ["修改", "Edit"],
  delete: ["删除", "Delete"],
  publish: ["发布", "Publish"],
  revoke: ["撤回", "Revoke"],
  examine: ["审核", "Examine"],
  showchange: ["门户展示", "Show on portal"],
  submit: ["提交审批", "Submit for approval"],
  run: ["立即执行", "Run now"],
  pause: ["暂停", "Pause"],
  resume: ["恢复", "Resume"],
  resetpass: ["重置密码", "Reset password"],
  apply: ["申请", "Apply"],
  handle: ["办理", "Handle"],
  export: ["导出", "Export"],
  import: ["导入", "Import"],
  upload: ["上传", "Upload"],
  confirm: ["确认", "Confirm"],
  commit: ["提交", "Commit"],
  complete: ["办理", "Approve"],
  delegate: ["委派", "Delegate"],
  transfer: ["转办", "Transfer"],
  return: ["退回", "Return"],
  reject: ["驳回", "Reject"],
  sign: ["加签/减签", "Add or remove signers"],
  recall: ["撤回审批", "Recall"],
  cc: ["抄送", "Copy to"],
  urge: ["催办", "Urge"],
  stop: ["终止", "Stop"],
  suspend: ["挂起", "Suspend"],
  activate: ["激活", "Activate"],
  read: ["标记已读", "Mark read"],
  transmit: ["转发", "Forward"],
};

/** Permission prefixes of the declared record families (their screens get spreadsheet buttons). */
const familyPerms = new Set(families.map((f) => f.perm));

/** A family screen (one holding `<perm>:list` of a declared family) also gets `<perm>:import` and `<perm>:export`. */
function spreadsheetTags(type: MenuSeed["type"], tags: string[]): string[] {
  if (type !== 1) return tags;
  const perms = tags.filter((t) => t.endsWith(":list")).map((t) => t.slice(0, -":list".length)).filter((p) => familyPerms.has(p));
  return [...new Set([...tags, ...perms.flatMap((p) => [`${p}:import`, `${p}:export`])])];
}

interface MenuRecord {
  key: string;
  record: Record<string, unknown>;
}

/** Flattens the tree; a screen keeps its list/info tags and each other verb becomes a button under it. */
async function menuRecords(nodes: MenuSeed[], parentId: string | null, out: MenuRecord[] = []): Promise<MenuRecord[]> {
  for (const [index, node] of nodes.entries()) {
    const id = await seedId(`menu:${node.key}`);
    const tags = spreadsheetTags(node.type, (node.perms ?? "").split(",").map((s) => s.trim()).filter(Boolean));
    const viewTags = tags.filter((tag) => /:(list|info)$/.test(tag));
    out.push({
      key: node.key,
      record: {
        menuId: id,
        name: node.name,
        enName: node.enName,
        parentId,
        icon: node.icon ?? null,
        type: node.type,
        orderNum: index,
        url: node.url ?? null,
        perms: (node.type === 2 ? tags : viewTags).join(",") || null,
        routeName: node.routeName ?? null,
        componentUrl: node.componentUrl ?? null,
        enabled: true,
      },
    });
    if (node.type === 1) {
      const byVerb = new Map<string, string[]>();
      for (const tag of tags.filter((t) => !viewTags.includes(t))) {
        const verb = tag.split(":").pop()!;
        byVerb.set(verb, [...(byVerb.get(verb) ?? []), tag]);
      }
      let order = 0;
      for (const [verb, verbTags] of byVerb) {
        const [zh, en] = verbNames[verb] ?? [verb, verb];
        out.push({
          key: `${node.key}-btn-${verb}`,
          record: { menuId: await seedId(`menu:${node.key}-btn-${verb}`), name: zh, enName: en, parentId: id, type: 2, orderNum: order++, perms: verbTags.join(","), enabled: true },
        });
      }
    }
    if (node.children) await menuRecords(node.children, id, out);
  }
  return out;
}

export interface SeedOptions {
  /** the administrator's first password: the demo one locally, a secret elsewhere */
  adminPassword: string;
  /** demo records (divisions, organisation, staff, users); on by default */
  demo?: boolean;
  at?: string;
}

/** Menu keys the seeded department role is granted (with everything below them). */
const departmentRoleMenus = [
  "enterprise-info",
  "enterprise-service",
  "task",
  "work-report",
  // staff review policy declarations in their to-do, so they follow them and match policies too; they read
  // a credit report only under an enterprise's authorisation, and watch the dashboard. DID issuing and
  // notarisation handling stay with the administrators.
  "bt-policy-match",
  "bt-policy-declaration",
  "bt-policy-follow",
  "bt-credit",
  "dashboard",
  // everyone approves and starts processes, and reads their messages
  "flowable-todo",
  "flowable-done",
  "flowable-myprocess",
  "msg-pending",
  "msg-approved",
  "msg-mine",
  "msg-initiated",
];

export async function seedWrites(options: SeedOptions): Promise<StreamWrite[]> {
  const writes: StreamWrite[] = [];
  const create = (family: unknown, record: Record<string, unknown>, id: string) => writes.push(newCreate(family as Family, record, id));

  for (const { type, entries } of allDictionarySeeds) {
    for (const [index, [value, name, enName]] of entries.entries()) {
      create(dictionary, { type, value, name, enName, number: index, status: "1" }, await seedId(`dict:${type}:${value}`));
    }
  }
  const menus = await menuRecords(menuSeed, null);
  for (const m of menus) create(menu, m.record, m.record.menuId as string);

  const parentOf = new Map(menus.map((m) => [m.record.menuId as string, m.record.parentId as string | null]));
  const keyOf = new Map(menus.map((m) => [m.record.menuId as string, m.key]));
  const underGranted = (id: string): boolean => {
    for (let at: string | null | undefined = id; at; at = parentOf.get(at)) if (departmentRoleMenus.includes(keyOf.get(at)!)) return true;
    return false;
  };
  const adminRole = await seedId("role:admin");
  const departmentRole = await seedId("role:department");
  create(role, { name: roleSeed.admin.name, type: "admin", remark: roleSeed.admin.remark, menuIdList: [] }, adminRole);
  create(role, { name: roleSeed.department.name, type: "department", remark: roleSeed.department.remark, menuIdList: menus.map((m) => m.record.menuId as string).filter(underGranted) }, departmentRole);

  const adminId = await seedId("user:admin");
  create(user, { userNo: "admin", name: adminUserSeed.name, type: "1", status: "1", orgCode: "610000", roleIdList: [adminRole] }, adminId);
  writes.push({ stream: credentialStream(adminId), head: { version: 0, hash: "" }, events: [setPassword(adminId, await hashPassword(options.adminPassword), "initial")] });
  writes.push(...(await messageSeedWrites(seedId))); // message templates and types
  writes.push(...(await jobSeedWrites(seedId))); // example scheduled jobs
  writes.push(...(await applicationFlowWrites(seedId, { staff: { id: departmentRole, name: roleSeed.department.name }, admin: { id: adminRole, name: roleSeed.admin.name } }, options.at ?? new Date().toISOString())));
  if (options.demo !== false) writes.push(...(await demoWrites({ adminRole, departmentRole }, options.at ?? new Date().toISOString())));
  return writes;
}

/** Demo records so every system list has something to show (demo people and codes are fictional). */
async function demoWrites(roles: { adminRole: string; departmentRole: string }, at: string): Promise<StreamWrite[]> {
  const writes: StreamWrite[] = [];
  const create = (family: unknown, record: Record<string, unknown>, id: string) => writes.push(newCreate(family as Family, record, id));
  for (const [index, a] of areaSeed.entries()) create(area, { code: a.code, name: a.name, parentCode: a.parentCode, type: String(a.level), sort: index }, await seedId(`area:${a.code}`));
  for (const [index, o] of orgUnitSeed.entries()) {
    create(
      organisation,
      { name: o.name, code: `${o.areaCode}${String(index + 1).padStart(3, "0")}`, type: String(o.level), parentId: o.parentKey ? await seedId(`org:${o.parentKey}`) : null, areaCode: o.areaCode, sort: index },
      await seedId(`org:${o.key}`),
    );
  }
  const deptId = (key: string) => seedId(`dept:${key}`);
  const postId = (key: string) => seedId(`post:${key}`);
  for (const d of departmentSeed) {
    const leaderId = d.leaderKey ? await seedId(`user:${d.leaderKey}`) : null;
    create(department, { name: d.name, creditCode: d.creditCode, orgId: d.areaCode, sort: d.sort, remark: d.remark ?? null, leaderId }, await deptId(d.key));
  }
  for (const p of postSeed) create(post, { name: p.name, code: p.code, deptId: await deptId(p.departmentKey), sort: p.sort }, await postId(p.key));
  for (const [index, m] of memberSeed.entries()) {
    const { key, departmentKey, postKey, birthDate, entryDate, ...rest } = m;
    create(
      member,
      { ...rest, deptId: await deptId(departmentKey), postId: await postId(postKey), birthDate, entryDate, status: "1", type: "1", enabled: true, sort: index, workingYears: Math.max(0, 2026 - Number(entryDate.slice(0, 4))) },
      await seedId(`member:${key}`),
    );
  }
  for (const u of userSeed) {
    const id = await seedId(`user:${u.key}`);
    create(
      user,
      { userNo: u.userNo, name: u.name, type: u.type, phone: u.phone, gender: u.gender, status: "1", deptId: await deptId(u.departmentKey), postId: await postId(u.postKey), orgCode: "610000", roleIdList: [u.role === "admin" ? roles.adminRole : roles.departmentRole] },
      id,
    );
    // demo people sign in with the demo password, so an approval can be walked through as each of them
    writes.push({ stream: credentialStream(id), head: { version: 0, hash: "" }, events: [setPassword(id, await hashPassword(demoUserPassword), "initial")] });
    create(wechatWorkUser, { wxUserId: `wx_${u.userNo}`, name: u.name, mobile: u.phone, userId: id, departmentName: departmentSeed.find((d) => d.key === u.departmentKey)?.name ?? null, off: false, examStatus: "1" }, await seedId(`wx:${u.key}`));
  }
  const person = async (key: string) => ({ id: await seedId(`user:${key}`), name: userSeed.find((u) => u.key === key)?.name ?? key });
  writes.push(
    ...(await flowSeedWrites(
      seedId,
      { financeDirector: await person("user-yangli"), finance: await person("user-wangfang"), adminRole: { id: roles.adminRole, name: roleSeed.admin.name }, admin: { id: await seedId("user:admin"), name: adminUserSeed.name } },
      at,
    )),
  );
  create(config, { name: "systemName", valueType: "string", value: "陕西省企业综合服务平台", remark: "系统名称" }, await seedId("config:systemName"));
  create(config, { name: "loginNotice", valueType: "array", value: ["请妥善保管账号密码", "连续登录失败 5 次将锁定 15 分钟"], remark: "登录页提示" }, await seedId("config:loginNotice"));
  create(
    config,
    { name: "serviceHotlines", valueType: "table", value: { columns: ["城市", "电话"], rows: [["西安市", "029-12345"], ["宝鸡市", "0917-12345"]] }, remark: "服务热线" },
    await seedId("config:serviceHotlines"),
  );
  return writes;
}

export const seedMeta = (at: string): EventMeta => ({ actorId: null, actorName: "system", requestId: "seed", ip: null, at });

export async function seedEvents(options: SeedOptions): Promise<StoredEvent[]> {
  const meta = seedMeta(options.at ?? new Date().toISOString());
  return (await Promise.all((await seedWrites(options)).map((w) => seal(w, meta)))).flat();
}

export async function seedStatements(options: SeedOptions): Promise<Statement[]> {
  return store.statementsFor(await seedEvents(options));
}

/** The local demo credential (documented in the README as such); never used outside local mode. */
export const demoAdminPassword = "Admin@123456";
/** The demo users' password (local demo credential, not a secret; a deployment's seed has no demo users). */
export const demoUserPassword = "Demo@123456";
