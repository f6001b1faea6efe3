/**
 * Trees and scoped lists of the organisation families: administrative divisions and organisation units
 * load lazily level by level (the cascader asks for one node's children at a time), departments by
 * division, posts by department or account.
 */
import * as z from "zod";
import { sys } from "../../events/api/sys.ts";
import { area, department, organisation, user } from "../../events/families/sys.ts";
import { post } from "../../events/families/org.ts";
import { l, type Family } from "../../events/family.ts";
import { RouteTable } from "../http/routes.ts";
import { ok } from "../http/envelope.ts";
import { notFound } from "../errors.ts";
import { requireParam } from "../resources/validate.ts";
import type { Text } from "../../events/i18n.ts";
import { camelRow, toRecord } from "../resources/query.ts";
import { lazySchema } from "../../events/lazy.ts";

const code6 = lazySchema(() => z.string().regex(/^\d{6}$/));

/** The code prefix a division covers: 610000 → "61", 610100 → "6101", 610112 → "610112". */
export function divisionPrefix(code: string): string {
  return code.replace(/(00)+$/, "") || code;
}

/** A query parameter checked against one of a family's fields, reported under that field's label. */
const param = (value: string | undefined, family: { fields: Record<string, { label: Text }> }, field: string, schema: z.ZodType<string> = z.string().min(1).max(64)) =>
  requireParam(value, schema, field, family.fields[field]!.label);

// ── Queries ───────────────────────────────────────────────────────────────────
const orgColumns = "o.id, o.name, o.code, o.type, o.parent_id AS parentId, o.area_code AS areaCode, o.sort, NOT EXISTS (SELECT 1 FROM sys_organization c WHERE c.parent_id = o.id) AS isleaf";

/** A tree node as the cascader expects it: value/label beside the record's own fields. */
interface OrgNode extends Record<string, unknown> {
  id: string;
  parentId: string | null;
  isleaf: boolean;
  value: string;
  label: string;
}
const orgNode = (row: Record<string, unknown>): OrgNode => ({ ...row, id: row.id as string, parentId: (row.parentId as string | null) ?? null, isleaf: row.isleaf === 1, value: row.id as string, label: row.name as string });

async function orgByCode(db: D1Database, code: string) {
  return db.prepare(`SELECT ${orgColumns} FROM sys_organization o WHERE o.code = ?`).bind(code).first<Record<string, unknown>>();
}

/** Ancestors of an organisation, root first, itself last (one recursive query). */
async function orgAncestors(db: D1Database, id: string) {
  const { results } = await db
    .prepare(
      `WITH RECURSIVE up(id, depth) AS (SELECT ?, 0 UNION ALL SELECT o.parent_id, up.depth + 1 FROM sys_organization o JOIN up ON o.id = up.id WHERE o.parent_id IS NOT NULL AND up.depth < 20)
       SELECT ${orgColumns} FROM up JOIN sys_organization o ON o.id = up.id ORDER BY up.depth DESC`,
    )
    .bind(id)
    .all<Record<string, unknown>>();
  return results.map(orgNode);
}

/** The subtree under an organisation down to `maxLevel` (org levels 1..5), as nested nodes; the unit itself always. */
async function orgSubtree(db: D1Database, rootId: string, maxLevel: number) {
  const { results } = await db
    .prepare(
      `WITH RECURSIVE down(id, depth) AS (SELECT ?, 0 UNION ALL SELECT o.id, down.depth + 1 FROM sys_organization o JOIN down ON o.parent_id = down.id WHERE down.depth < 20)
       SELECT ${orgColumns} FROM down JOIN sys_organization o ON o.id = down.id WHERE down.depth = 0 OR CAST(o.type AS INTEGER) <= ? ORDER BY o.sort, o.name`,
    )
    .bind(rootId, maxLevel)
    .all<Record<string, unknown>>();
  const nodes = new Map(results.map((r) => [r.id as string, { ...orgNode(r), children: [] as OrgNode[] }]));
  let root: unknown = null;
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId as string) : undefined;
    if (node.id === rootId) root = node;
    else parent?.children.push(node);
  }
  return root;
}

// ── Documented parameters (the handlers check each value with `param`) ──────────
const codeQuery = lazySchema(() => z.object({ code: code6.optional().describe("division code; top level when absent") }));
const orgCodeQuery = lazySchema(() => z.object({ orgCode: code6 }));
const orgTreeQuery = lazySchema(() => z.object({ orgCode: z.string().min(1).max(64), mlevel: z.coerce.number().int().min(1).max(5).default(5).optional() }));
const deptQuery = lazySchema(() => z.object({ deptId: z.string().min(1).max(64) }));
const accountQuery = lazySchema(() => z.object({ accountId: z.string().min(1).max(64).describe("user id or account") }));
const postChoice = lazySchema(() => z.object({ id: z.string(), name: z.string(), code: z.string().nullable(), deptId: z.string().nullable(), sort: z.number().nullable() }));

// ── Routes ────────────────────────────────────────────────────────────────────
export function organisationRoutes(routes: RouteTable) {
  routes
    // divisions: the children of one code (top level without it), each with whether it has children
    .get("/sys/area/children", "signedIn", async (c) => {
      const code = c.req.query("code");
      if (code) param(code, area, "code", code6);
      const { results } = await c.env.DB.prepare(
        `SELECT a.id, a.code, a.name, a.parent_code AS parentCode, a.type, NOT EXISTS (SELECT 1 FROM sys_area c WHERE c.parent_code = a.code) AS isleaf
         FROM sys_area a WHERE ${code ? "a.parent_code = ?" : "a.parent_code IS NULL"} ORDER BY a.sort, a.code`,
      )
        .bind(...(code ? [code] : []))
        .all<Record<string, unknown>>();
      return ok(c, results.map((r) => ({ ...r, isleaf: r.isleaf === 1, value: r.code, label: r.name })), "fetched");
    }, { doc: { summary: l("行政区划的下一级（逐级加载）", "Children of an administrative division (loaded level by level)"), query: codeQuery } })
    .get("/sys/department/listForOrgCode", "sys:department:list", async (c) => {
      const orgCode = param(c.req.query("orgCode"), department, "orgId", code6);
      const { results } = await c.env.DB.prepare("SELECT * FROM sys_department WHERE org_id LIKE ? ORDER BY sort, name LIMIT 1000").bind(`${divisionPrefix(orgCode)}%`).all<Record<string, unknown>>();
      return ok(c, results.map((r) => toRecord(department as unknown as Family, camelRow(r))), "fetched");
    }, { doc: { summary: l("某区划下的部门", "Departments within a division"), query: orgCodeQuery } })
    .verb(sys.orgLevel, "signedIn", async (c) => {
      const id = c.req.query("id");
      const { results } = await c.env.DB.prepare(`SELECT ${orgColumns} FROM sys_organization o WHERE ${id ? "o.parent_id = ?" : "o.parent_id IS NULL"} ORDER BY o.sort, o.name`)
        .bind(...(id ? [id] : []))
        .all<Record<string, unknown>>();
      return ok(c, results.map(orgNode), "fetched");
    }, { doc: { summary: l("组织机构的下一级（逐级加载）", "Children of an organisation unit (loaded level by level)") } })
    .verb(sys.orgParents, "signedIn", async (c) => {
      const code = param(c.req.query("orgCode"), organisation, "code");
      const org = await orgByCode(c.env.DB, code);
      if (!org) throw notFound(organisation.label);
      return ok(c, await orgAncestors(c.env.DB, org.id as string), "fetched");
    }, { doc: { summary: l("组织机构及其全部上级（根在前）", "An organisation unit and its ancestors (root first)") } })
    .get("/sys/organization/organizationForDm", "signedIn", async (c) => {
      const code = param(c.req.query("orgCode"), organisation, "code");
      const maxLevel = Math.min(Math.max(Number(c.req.query("mlevel") ?? 5) || 5, 1), 5);
      const org = await orgByCode(c.env.DB, code);
      if (!org) throw notFound(organisation.label);
      return ok(c, await orgSubtree(c.env.DB, org.id as string, maxLevel), "fetched");
    }, { doc: { summary: l("组织机构子树（至指定层级）", "An organisation unit's subtree (down to a level)"), query: orgTreeQuery } })
    .get("/common/projectorgpost/alllist", "signedIn", async (c) => ok(c, (await c.env.DB.prepare("SELECT id, name, code, dept_id AS deptId, sort FROM project_org_post ORDER BY sort, name").all()).results, "fetched"), {
      doc: { summary: l("全部岗位", "Every post"), response: z.array(postChoice) },
    })
    .get("/common/projectorgpost/getListByDept", "signedIn", async (c) => {
      const deptId = param(c.req.query("deptId"), post, "deptId");
      return ok(c, (await c.env.DB.prepare("SELECT id, name, code, dept_id AS deptId, sort FROM project_org_post WHERE dept_id = ? ORDER BY sort, name").bind(deptId).all()).results, "fetched");
    }, { doc: { summary: l("某部门的岗位", "Posts of a department"), query: deptQuery, response: z.array(postChoice) } })
    .get("/common/projectorgpost/getlistbyaccountId", "signedIn", async (c) => {
      const accountId = param(c.req.query("accountId"), user, "userNo");
      const { results } = await c.env.DB.prepare(
        "SELECT p.id, p.name, p.code, p.dept_id AS deptId, p.sort FROM sys_user u JOIN project_org_post p ON p.id = u.post_id WHERE u.id = ?1 OR u.user_no = ?1",
      )
        .bind(accountId)
        .all();
      return ok(c, results, "fetched");
    }, { doc: { summary: l("某账号的岗位", "The post of an account"), query: accountQuery, response: z.array(postChoice) } });
}
