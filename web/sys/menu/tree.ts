/** Pure: the flat menu list (GET /sys/menu/listAll) as a tree ordered by number, and the rows a tree table shows. */
import type { sys } from "../../../events/api/sys.ts";
import type { Answer, recordMeta } from "../../../events/api/verb.ts";

/** A menu entry as /sys/menu/listAll answers it, its bookkeeping columns optional (the tree needs none). */
export type MenuRow = Omit<Answer<typeof sys.menus>[number], keyof typeof recordMeta> & { version?: number };

export type MenuTreeNode = MenuRow & { children: MenuTreeNode[] };

export function buildMenuTree(rows: MenuRow[]): MenuTreeNode[] {
  const nodes = new Map(rows.map((r) => [r.menuId, { ...r, children: [] as MenuTreeNode[] }]));
  const roots: MenuTreeNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  const order = (list: MenuTreeNode[]) => {
    list.sort((a, b) => (a.orderNum ?? 0) - (b.orderNum ?? 0) || a.name.localeCompare(b.name));
    list.forEach((n) => order(n.children));
  };
  order(roots);
  return roots;
}

export interface VisibleRow {
  node: MenuTreeNode;
  depth: number;
}

/**
 * Rows to show: expanded subtrees only; with a name filter, the matching nodes and their ancestors
 * (all opened), so a match deep in the tree is found.
 */
export function visibleRows(roots: MenuTreeNode[], expanded: Set<string>, filter = ""): VisibleRow[] {
  const needle = filter.trim().toLowerCase();
  const matches = (n: MenuTreeNode): boolean =>
    n.name.toLowerCase().includes(needle) || (n.enName ?? "").toLowerCase().includes(needle) || n.children.some(matches);
  const out: VisibleRow[] = [];
  const walk = (list: MenuTreeNode[], depth: number) => {
    for (const node of list) {
      if (needle && !matches(node)) continue;
      out.push({ node, depth });
      if (needle || expanded.has(node.menuId)) walk(node.children, depth + 1);
    }
  };
  walk(roots, 0);
  return out;
}

/** Ids of every node with children (for "expand all"). */
export function parentIds(roots: MenuTreeNode[]): string[] {
  const out: string[] = [];
  const walk = (list: MenuTreeNode[]) => list.forEach((n) => n.children.length && (out.push(n.menuId), walk(n.children)));
  walk(roots);
  return out;
}
