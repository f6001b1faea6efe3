/** Menus beyond the standard set: the parent picker (directories and screens up to a depth) and deleting one node. */
import { t } from "../../events/i18n.ts";
import { menu } from "../../events/families/sys.ts";
import { l, type Family } from "../../events/family.ts";
import { RouteTable } from "../http/routes.ts";
import { reply } from "../http/envelope.ts";
import { runCommand } from "../http/command.ts";
import { DomainError, codes } from "../errors.ts";
import { newDeletes } from "../resources/commands.ts";
import { familyReads } from "../resources/routes.ts";
import { sys, type MenuPickNode } from "../../events/api/sys.ts";

const menus = menu as unknown as Family;

type PickerNode = MenuPickNode;

/** Pure: the tree of directories and screens down to `maxLevel` levels (1 = top level only). */
export function pickerTree(rows: Omit<PickerNode, "children">[], maxLevel: number): PickerNode[] {
  const nodes = new Map(rows.map((r) => [r.menuId, { ...r, children: [] as PickerNode[] }]));
  const roots: PickerNode[] = [];
  for (const node of nodes.values()) ((node.parentId ? nodes.get(node.parentId)?.children : undefined) ?? roots).push(node);
  const cut = (list: PickerNode[], level: number): PickerNode[] => list.map((n) => ({ ...n, children: level < maxLevel ? cut(n.children, level + 1) : [] }));
  return cut(roots, 1);
}

// documented parameters (the handler clamps maxLevel to 1..10 and reads withButtons as "true")
export function menuRoutes(routes: RouteTable) {
  familyReads(routes, menu as unknown as Family, { list: sys.menuList, listAll: sys.menus });
  routes
    .verb(sys.menuSelect, "sys:menu:list", async (c) => {
      const query = sys.menuSelect.query.parse(c.req.query());
      const maxLevel = query.maxLevel ?? 2;
      // withButtons=true adds the buttons (role assignment grants button-level tags)
      const buttons = query.withButtons === "true";
      const { results } = await c.env.DB.prepare(`SELECT menu_id AS menuId, parent_id AS parentId, name, en_name AS enName, type, perms FROM sys_menu ${buttons ? "" : "WHERE type < 2"} ORDER BY order_num`).all<Omit<PickerNode, "children">>();
      return reply(c, sys.menuSelect, pickerTree(results, maxLevel), "fetched");
    }, { doc: { summary: l("上级菜单选择树（目录和菜单，按层级）", "Parent picker tree (directories and screens, by depth)") } })
    .post("/sys/menu/delete/:id", "sys:menu:delete", async (c) => {
      const id = c.req.param("id")!;
      const child = await c.env.DB.prepare("SELECT 1 FROM sys_menu WHERE parent_id = ? LIMIT 1").bind(id).first();
      if (child) throw new DomainError(codes.validation, "deleteChildrenFirst");
      return runCommand(c, async () => ({ writes: await newDeletes(c.env.DB, menus, [id]), response: { code: codes.ok, msg: t("deleted", c.get("lang")), data: null } }));
    }, { doc: { summary: l("删除一个菜单（先删除其子菜单）", "Delete one menu (its children first)") } });
}
