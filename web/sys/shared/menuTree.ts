/** The menu picker's answer (GET /sys/menu/select) as query options and as Mantine tree data. */
import type { TreeNodeData } from "@mantine/core";
import { get } from "../../core/api/http.ts";
import type { Lang } from "../../../events/i18n.ts";

import type { MenuPickNode } from "../../../events/api/sys.ts";

export type { MenuPickNode };

/** Directories and screens to `maxLevel` levels, with buttons when asked (role assignment). */
export const menuSelectQuery = (maxLevel: number, withButtons = false) => ({
  queryKey: ["/sys/menu", "select", maxLevel, withButtons] as const,
  queryFn: async () => (await get<MenuPickNode[]>("/sys/menu/select", { maxLevel, withButtons: withButtons || undefined })).data,
});

export const menuName = (node: { name: string; enName?: string | null }, lang: Lang) => (lang === "en-US" ? node.enName || node.name : node.name);

/** Picker nodes → tree data; `skip` leaves out a node and its subtree (a menu cannot move below itself). */
export function toTreeData(nodes: MenuPickNode[], lang: Lang, skip?: string): TreeNodeData[] {
  return nodes
    .filter((n) => n.menuId !== skip)
    .map((n) => ({
      value: n.menuId,
      label: menuName(n, lang),
      nodeProps: { type: n.type, perms: n.perms ?? "" },
      children: n.children.length ? toTreeData(n.children, lang, skip) : undefined,
    }));
}
