/**
 * Users beyond the standard set: names by id (every screen shows user names), the signed-in user's own
 * details, and the candidate lists of section 7 (roles, user tree).
 */
import * as z from "zod";
import { candidateDepartment, sys } from "../../events/api/sys.ts";
import { t } from "../../events/i18n.ts";
import { user } from "../../events/families/sys.ts";
import { l, type Family } from "../../events/family.ts";
import { RouteTable } from "../http/routes.ts";
import { actorOf, ok, readJson } from "../http/envelope.ts";
import { containsPattern } from "../http/input.ts";
import { runCommand } from "../http/command.ts";
import { ValidationError, codes, notFound } from "../errors.ts";
import { newUpdate } from "../resources/commands.ts";
import { requireParam } from "../resources/validate.ts";
import { roleChoices } from "./roles.ts";
import { lazySchema } from "../../events/lazy.ts";

const users = user as unknown as Family;

// ── Queries ───────────────────────────────────────────────────────────────────
const nameRows = (db: D1Database, ids: string[]) =>
  db.prepare("SELECT id, name FROM sys_user WHERE id IN (SELECT value FROM json_each(?))").bind(JSON.stringify(ids)).all<{ id: string; name: string }>();

/** Departments with their enabled users as children, optionally only users whose name contains `name`. */
async function userTree(db: D1Database, name?: string) {
  const pattern = name ? containsPattern(name) : "%";
  const [departments, members] = await db.batch([
    db.prepare("SELECT id, name FROM sys_department ORDER BY sort, name"),
    db.prepare("SELECT id, name, user_no AS userNo, dept_id AS deptId FROM sys_user WHERE status = '1' AND name LIKE ? ESCAPE '\\' ORDER BY name").bind(pattern),
  ]);
  const byDept = new Map<string, { id: string; name: string; userNo: string; type: "user" }[]>();
  for (const m of members!.results as { id: string; name: string; userNo: string; deptId: string | null }[]) {
    const key = m.deptId ?? "";
    byDept.set(key, [...(byDept.get(key) ?? []), { id: m.id, name: m.name, userNo: m.userNo, type: "user" }]);
  }
  const tree = (departments!.results as { id: string; name: string }[])
    .map((d) => ({ id: d.id, name: d.name, type: "department", children: byDept.get(d.id) ?? [] }))
    .filter((d) => !name || d.children.length > 0);
  const unassigned = byDept.get("") ?? [];
  if (unassigned.length) tree.push({ id: "", name: "未分配部门", type: "department", children: unassigned });
  return tree;
}

const idsSchema = lazySchema(() => z.array(z.union([z.string().max(64), z.number()]).transform(String)).max(500));

// ── Documented shapes (the API document's schemas) ────────────────────────────
const userNameQuery = lazySchema(() => z.object({ name: z.string().trim().min(1).max(64) }));
/** Own details only: any other key of the body is ignored. */
const updateInfoBody = lazySchema(() => z.object({ name: z.string().optional(), phone: z.string().optional(), email: z.string().optional(), gender: z.string().optional() }));
const userChoice = lazySchema(() => z.object({ id: z.string(), name: z.string(), userNo: z.string() }));
const treeNode = candidateDepartment;

// ── Routes ────────────────────────────────────────────────────────────────────
export function userRoutes(routes: RouteTable) {
  routes
    .verb(sys.userInfo, "signedIn", async (c) => {
      const actor = actorOf(c);
      const u = actor.user;
      const orgCode = (u.org_code as string | null) ?? "610000";
      const [dept, division] = await c.env.DB.batch([
        c.env.DB.prepare("SELECT name FROM sys_department WHERE id = ?").bind(u.dept_id ?? ""),
        c.env.DB.prepare("SELECT type FROM sys_area WHERE code = ?").bind(orgCode),
      ]);
      return ok(
        c,
        {
          id: actor.id,
          accountId: actor.userNo,
          userNo: actor.userNo,
          name: actor.name,
          type: u.type ?? null,
          phone: u.phone ?? null,
          email: u.email ?? null,
          gender: u.gender ?? null,
          orgCode,
          levelType: (division!.results[0] as { type?: string } | undefined)?.type ?? null,
          deptId: u.dept_id ?? null,
          deptName: (dept!.results[0] as { name?: string } | undefined)?.name ?? null,
          deptType: null,
          orgAccountId: null,
          admin: actor.admin,
        },
        "fetched",
      );
    }, { doc: { summary: l("当前用户信息", "The signed-in user") } })
    .get("/sys/user/userName/:id", "signedIn", async (c) => {
      const row = (await nameRows(c.env.DB, [c.req.param("id")!])).results[0];
      if (!row) throw notFound(user.label);
      return ok(c, row.name, "fetched");
    }, { doc: { summary: l("按编号获取用户姓名", "A user's name by id"), response: z.string() } })
    .post("/sys/user/queryUserName", "signedIn", async (c) => {
      const body = await readJson<unknown>(c);
      const parsed = idsSchema.safeParse(Array.isArray(body) ? body : (body as { ids?: unknown })?.ids);
      if (!parsed.success) throw new ValidationError([{ field: "ids", label: { "zh-CN": "用户编号", "en-US": "User ids" }, key: "formatError" }]);
      const rows = (await nameRows(c.env.DB, parsed.data)).results;
      return ok(c, Object.fromEntries(rows.map((r) => [r.id, r.name])), "fetched");
    }, {
      doc: {
        summary: l("按编号批量获取用户姓名（最多 500 个）", "Users' names by id (at most 500)"),
        body: z.union([idsSchema, z.object({ ids: idsSchema })]),
        response: z.record(z.string(), z.string()),
      },
    })
    .post("/sys/user/updateInfo", "signedIn", async (c) => {
      // one's own details only: name and contact fields, never roles, status or account
      const body = await readJson<Record<string, unknown>>(c);
      const own = Object.fromEntries(Object.entries(body ?? {}).filter(([k]) => ["name", "phone", "email", "gender"].includes(k)));
      const actor = actorOf(c);
      return runCommand(c, async () => ({ writes: [await newUpdate(c.env.DB, users, actor.id, own)], response: { code: codes.ok, msg: t("updated", c.get("lang")), data: null } }));
    }, { doc: { summary: l("修改自己的姓名和联系方式", "Update one's own name and contact details"), body: updateInfoBody } })
    // 部门经理: the enabled users of the signed-in user's department, for "department manager" pickers
    .get("/sys/user/getBmjl", "signedIn", async (c) => {
      const deptId = (actorOf(c).user.dept_id as string | null) ?? "";
      const { results } = await c.env.DB.prepare("SELECT id, name, user_no AS userNo FROM sys_user WHERE dept_id = ? AND status = '1' ORDER BY name").bind(deptId).all();
      return ok(c, results, "fetched");
    }, { doc: { summary: l("本部门的启用用户（部门经理选择）", "Enabled users of one's own department (department manager pickers)"), response: z.array(userChoice) } })
    // 第三方: enabled institution (third-party) users, type 3
    .get("/sys/user/getDsf", "signedIn", async (c) => {
      const { results } = await c.env.DB.prepare("SELECT id, name, user_no AS userNo FROM sys_user WHERE type = '3' AND status = '1' ORDER BY name").all();
      return ok(c, results, "fetched");
    }, { doc: { summary: l("启用的第三方机构用户", "Enabled third-party institution users"), response: z.array(userChoice) } })
    .verb(sys.roleList, "signedIn", async (c) => ok(c, await roleChoices(c.env.DB), "fetched"), { doc: { summary: l("候选角色", "Candidate roles") } })
    .verb(sys.userTree, "signedIn", async (c) => ok(c, await userTree(c.env.DB), "fetched"), {
      doc: { summary: l("候选人树（部门及其启用用户）", "Candidate tree (departments and their enabled users)") },
    })
    .get("/sys/candidate/userTreeByName", "signedIn", async (c) => {
      const name = requireParam(c.req.query("name"), z.string().trim().min(1).max(64), "name", user.fields.name.label);
      return ok(c, await userTree(c.env.DB, name), "fetched");
    }, { doc: { summary: l("按姓名筛选候选人树", "Candidate tree filtered by name"), query: userNameQuery, response: z.array(treeNode) } });
}
