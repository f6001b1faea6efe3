/** GET /sys/menu/nav: the signed-in user's menu tree (directories and screens) and permission tags. */
import type { Context } from "hono";
import type { AppEnv } from "../http/env.ts";
import { actorOf, ok } from "../http/envelope.ts";
import { camelRow, toRecord } from "../resources/query.ts";
import { menu } from "../../events/families/sys.ts";
import { l, type Family } from "../../events/family.ts";
import type { RouteDoc } from "../http/routes.ts";

export interface MenuNode extends Record<string, unknown> {
  menuId: string;
  parentId: string | null;
  type: number;
  orderNum: number | null;
  perms: string | null;
  children: MenuNode[];
}

/**
 * Pure: from all menus and the ids a user was granted, the visible tree (ancestors of granted entries
 * included, buttons left out) and the permission tags of every granted entry.
 */
export function navigation(all: MenuNode[], granted: Set<string> | "all") {
  const byId = new Map(all.map((m) => [m.menuId, m]));
  const visible = new Set<string>();
  const permissions = new Set<string>();
  for (const m of all) {
    if (granted !== "all" && !granted.has(m.menuId)) continue;
    for (const tag of (m.perms ?? "").split(",")) if (tag.trim()) permissions.add(tag.trim());
    for (let node: MenuNode | undefined = m; node && !visible.has(node.menuId); node = node.parentId ? byId.get(node.parentId) : undefined) visible.add(node.menuId);
  }
  const nodes = new Map<string, MenuNode>();
  for (const m of all) if (visible.has(m.menuId) && m.type !== 2) nodes.set(m.menuId, { ...m, children: [] });
  const roots: MenuNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  const order = (list: MenuNode[]) => {
    list.sort((a, b) => (a.orderNum ?? 0) - (b.orderNum ?? 0));
    list.forEach((n) => order(n.children));
  };
  order(roots);
  return { menuList: roots, permissions: [...permissions].sort() };
}

/** The API document's entry for GET /sys/menu/nav (pass as `{ doc: navDoc }` where the route is registered). */
export const navDoc: RouteDoc = { summary: l("当前用户的菜单树和权限标识", "The signed-in user's menu tree and permission tags"), tags: ["sys/menu"] };

export async function nav(c: Context<AppEnv>) {
  const actor = actorOf(c);
  const db = c.env.DB;
  const [menus, grants] = await db.batch([
    db.prepare("SELECT * FROM sys_menu WHERE enabled IS NOT 0"),
    db.prepare("SELECT DISTINCT rm.menu_id AS id FROM sys_user_role ur JOIN sys_role_menu rm ON rm.role_id = ur.role_id WHERE ur.user_id = ?").bind(actor.id),
  ]);
  const all = (menus!.results as Record<string, unknown>[]).map((row) => toRecord(menu as unknown as Family, camelRow(row)) as MenuNode);
  const granted = actor.admin ? "all" : new Set((grants!.results as { id: string }[]).map((g) => g.id));
  return ok(c, navigation(all, granted), "fetched");
}
