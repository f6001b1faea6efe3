/** The pure tree logic behind the role form's menu assignment and the menu screen's tree table. */
import { describe, expect, it } from "vitest";
import { checkStates, checkedLeaves, leavesOf, selection, toggleNode, type CheckNode } from "../../web/core/ui/tree.ts";
import { buildMenuTree, parentIds, visibleRows, type MenuRow } from "../../web/sys/menu/tree.ts";

//  sys ─┬─ dict ─┬─ dict:add
//       │        └─ dict:del
//       └─ user
//  ent ── info
const tree: CheckNode[] = [
  { value: "sys", children: [{ value: "dict", children: [{ value: "dict:add" }, { value: "dict:del" }] }, { value: "user" }] },
  { value: "ent", children: [{ value: "info" }] },
];
const node = (value: string, nodes = tree): CheckNode | undefined => {
  for (const n of nodes) {
    if (n.value === value) return n;
    const found = node(value, n.children ?? []);
    if (found) return found;
  }
  return undefined;
};

describe("checkbox tree of the role form", () => {
  it("takes only the leaves of a saved selection as the checked state (parents follow from them)", () => {
    expect([...checkedLeaves(tree, ["sys", "dict", "dict:add", "nope"])]).toEqual(["dict:add"]);
    expect(leavesOf(node("sys")!)).toEqual(["dict:add", "dict:del", "user"]);
  });

  it("half-checks a parent with some checked leaves and checks one whose leaves are all checked", () => {
    const states = checkStates(tree, new Set(["dict:add", "dict:del", "info"]));
    expect(states.get("dict")).toBe("checked");
    expect(states.get("sys")).toBe("half");
    expect(states.get("user")).toBe("none");
    expect(states.get("ent")).toBe("checked");
  });

  it("checking a node checks everything below it; checking it again clears them", () => {
    let leaves = new Set<string>(["dict:add"]);
    leaves = toggleNode(node("sys")!, leaves, checkStates(tree, leaves));
    expect([...leaves].sort()).toEqual(["dict:add", "dict:del", "user"]);
    leaves = toggleNode(node("sys")!, leaves, checkStates(tree, leaves));
    expect([...leaves]).toEqual([]);
  });

  it("saves checked and half-checked nodes in tree order, so a button grant keeps its menu and directory", () => {
    expect(selection(tree, new Set(["dict:del"]))).toEqual(["sys", "dict", "dict:del"]);
    expect(selection(tree, new Set())).toEqual([]);
  });
});

const row = (menuId: string, parentId: string | null, name: string, orderNum: number, enName: string | null = null): MenuRow => ({
  menuId, parentId, name, enName, type: parentId ? 1 : 0, orderNum, icon: null, url: null, perms: null, routeName: null, componentUrl: null, enabled: true,
});

describe("menu tree table", () => {
  const rows = [row("b", null, "业务", 2), row("a", null, "系统", 1), row("a2", "a", "字典", 2, "Dictionaries"), row("a1", "a", "用户", 1), row("x", "missing", "孤儿", 0)];

  it("builds the tree ordered by number, an entry whose parent is gone at the top level", () => {
    const roots = buildMenuTree(rows);
    expect(roots.map((r) => r.menuId)).toEqual(["x", "a", "b"]);
    expect(roots[1]!.children.map((c) => c.menuId)).toEqual(["a1", "a2"]);
    expect(parentIds(roots)).toEqual(["a"]);
  });

  it("shows expanded subtrees only, and with a filter the matches with their ancestors in any language", () => {
    const roots = buildMenuTree(rows);
    expect(visibleRows(roots, new Set()).map((r) => r.node.menuId)).toEqual(["x", "a", "b"]);
    expect(visibleRows(roots, new Set(["a"])).map((r) => [r.node.menuId, r.depth])).toEqual([["x", 0], ["a", 0], ["a1", 1], ["a2", 1], ["b", 0]]);
    expect(visibleRows(roots, new Set(), "dictionaries").map((r) => r.node.menuId)).toEqual(["a", "a2"]);
    expect(visibleRows(roots, new Set(), "字典").map((r) => r.node.menuId)).toEqual(["a", "a2"]);
  });
});
