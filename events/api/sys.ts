/**
 * The system area's own verbs typed here (worker/sys/log.ts, users.ts and roles.ts): the operation log, read
 * from the event store, the candidate lists the workflow designer picks approvers from (any signed-in user),
 * the roles for selects and their holders before a delete.
 */
import * as z from "zod";
import { recordMeta, verb } from "./verb.ts";
import { lazySchema } from "../lazy.ts";

/** One row of the operation log: an event with who wrote it, when, in which request and from where. */
export const logRow = lazySchema(() => z.strictObject({
  /** the event's position in the store */
  id: z.number().int(),
  time: z.string(),
  /** the action and the record kind, in the reader's language */
  operation: z.string(),
  type: z.string(),
  /** the record's id */
  target: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  requestId: z.string(),
  ip: z.string().nullable(),
}));

export const logQuery = lazySchema(() => z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  limit: z.coerce.number().int().min(1).catch(10).transform((n) => Math.min(n, 100)),
  actor: z.string().max(64).optional().catch(undefined),
  // a family (`common.enpatentinfo`) or a data model's records (`dm.project_pipeline`, codes may hold `_` and digits)
  module: z.string().max(80).regex(/^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)?$/i).optional().catch(undefined),
  /** China dates, YYYY-MM-DD */
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().catch(undefined),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().catch(undefined),
}));

export const candidateUser = lazySchema(() => z.strictObject({ id: z.string(), name: z.string(), userNo: z.string(), type: z.literal("user") }));
/** A department with its enabled users (users without one under "未分配部门", id ""). */
export const candidateDepartment = lazySchema(() => z.strictObject({ id: z.string(), name: z.string(), type: z.literal("department"), children: z.array(candidateUser) }));
/** The signed-in user, the current-user shape of the spec's section 3 (deptType and orgAccountId have no source yet: null). */
export const currentUser = lazySchema(() => z.strictObject({
  id: z.string(),
  accountId: z.string(),
  userNo: z.string(),
  name: z.string(),
  type: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  gender: z.string().nullable(),
  orgCode: z.string(),
  levelType: z.string().nullable(),
  deptId: z.string().nullable(),
  deptName: z.string().nullable(),
  deptType: z.null(),
  orgAccountId: z.null(),
  admin: z.boolean(),
}));
export const roleChoice = lazySchema(() => z.strictObject({ roleId: z.string(), name: z.string(), type: z.string() }));

/** A menu entry of the navigation: the menu family's record (directories and screens, never buttons) and its children. */
/** A menu entry as the menu family answers it (its list and listAll). */
export const menuRow = lazySchema(() => z.strictObject({
  menuId: z.string(),
  name: z.string(),
  enName: z.string().nullable(),
  parentId: z.string().nullable(),
  icon: z.string().nullable(),
  /** 0 directory, 1 screen */
  type: z.number().int(),
  orderNum: z.number().int().nullable(),
  url: z.string().nullable(),
  perms: z.string().nullable(),
  routeName: z.string().nullable(),
  componentUrl: z.string().nullable(),
  enabled: z.boolean().nullable(),
  ...recordMeta,
}));
type NavNode = z.output<typeof menuRow> & { children: NavNode[] };
export const navNode: z.ZodType<NavNode> = lazySchema(() => menuRow.extend({ children: z.lazy(() => z.array(navNode)) }));

/** A node of the parent picker (directories and screens to a depth, buttons with their tags when asked). */
export interface MenuPickNode {
  menuId: string;
  parentId: string | null;
  name: string;
  enName: string | null;
  type: number;
  perms?: string | null;
  children: MenuPickNode[];
}
export const menuPickNode: z.ZodType<MenuPickNode> = lazySchema(() => z
  .strictObject({ menuId: z.string(), parentId: z.string().nullable(), name: z.string(), enName: z.string().nullable(), type: z.number(), perms: z.string().nullable().optional(), children: z.lazy(() => z.array(menuPickNode)) })
  .meta({ id: "MenuNode" }));

/** An organisation unit as the cascader and the organisation tree read it: value/label beside its own columns. */
export const orgNode = lazySchema(() => z.strictObject({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  type: z.string(),
  parentId: z.string().nullable(),
  areaCode: z.string().nullable(),
  sort: z.number().nullable(),
  isleaf: z.boolean(),
  value: z.string(),
  label: z.string(),
}));

export const sys = {
  /** the menu family's list and every entry (the menu screen's tree) */
  menuList: verb({ method: "GET", path: "/sys/menu/list", response: () => z.array(menuRow), paged: true }),
  menus: verb({ method: "GET", path: "/sys/menu/listAll", response: () => z.array(menuRow) }),
  /** the children of an organisation unit (the roots without `id`), loaded level by level */
  /** an organisation unit and its ancestors, root first */
  orgParents: verb({ method: "GET", path: "/sys/organization/queryOrgParents", query: () => z.object({ orgCode: z.string().min(1).max(64) }), response: () => z.array(orgNode) }),
  orgLevel: verb({ method: "GET", path: "/sys/organization/getlist", query: () => z.object({ id: z.string().max(64).optional().describe("parent organisation; top level when absent") }), response: () => z.array(orgNode) }),
  /** the signed-in user's menu tree and the permission tags of what they were granted */
  /** the parent picker tree: directories and screens to `maxLevel` levels (default 2), buttons too with withButtons=true */
  menuSelect: verb({
    method: "GET",
    path: "/sys/menu/select",
    query: () => z.object({ maxLevel: z.coerce.number().int().min(1).max(10).optional(), withButtons: z.enum(["true", "false"]).optional().describe("true adds the buttons") }),
    response: () => z.array(menuPickNode),
  }),
  nav: verb({ method: "GET", path: "/sys/menu/nav", response: () => z.strictObject({ menuList: z.array(navNode), permissions: z.array(z.string()) }) }),
  /** the signed-in user's own details */
  userInfo: verb({ method: "GET", path: "/sys/user/info", response: currentUser }),
  /** every role, for selects */
  roles: verb({ method: "GET", path: "/sys/role/select", response: () => z.array(roleChoice) }),
  /** before deleting roles: how many users hold each (the answer's message is the warning to show) */
  roleHolders: verb({
    method: "GET",
    path: "/sys/role/holders",
    query: () => z.object({ ids: z.string().describe("comma-separated role ids (at most 100)") }),
    response: () => z.strictObject({ holders: z.number().int(), roles: z.array(z.strictObject({ roleId: z.string(), name: z.string(), holders: z.number().int() })) }),
  }),
  log: verb({ method: "GET", path: "/log/list", query: logQuery, response: () => z.array(logRow), paged: true }),
  userTree: verb({ method: "GET", path: "/sys/candidate/userTree", response: () => z.array(candidateDepartment) }),
  roleList: verb({ method: "GET", path: "/sys/candidate/roleList", response: () => z.array(roleChoice) }),
};
