/**
 * Lazy tree levels for the cascader: administrative divisions (/sys/area/children?code=) and organisation
 * units (/sys/organization/getlist?id=). Each child list is fetched once and cached; labels of every node
 * seen are remembered so selected values can be named.
 */
import { get } from "../../core/api/http.ts";
import { loadName } from "../../core/api/names.ts";

export type TreeSource = "area" | "organisation";

export interface TreeNode {
  /** code (areas) or id (organisation units) */
  value: string;
  label: string;
  isleaf: boolean;
  /** organisation level 1..5, or the division's type */
  type?: string | number | null;
}

const lists = new Map<string, Promise<TreeNode[]>>();
const labels = new Map<string, string>();
const listKey = (source: TreeSource, parent: string | undefined) => `${source}:${parent ?? ""}`;

/** The children of a node (top level without a parent), cached per source and parent. */
export function childrenOf(source: TreeSource, parent?: string): Promise<TreeNode[]> {
  const key = listKey(source, parent);
  let list = lists.get(key);
  if (!list) {
    const request = source === "area" ? get<TreeNode[]>("/sys/area/children", { code: parent }) : get<TreeNode[]>("/sys/organization/getlist", { id: parent });
    list = request.then((answer) => {
      const nodes = (answer.data ?? []).map((n) => ({ value: String(n.value), label: String(n.label), isleaf: !!n.isleaf, type: n.type ?? null }));
      for (const n of nodes) labels.set(`${source}:${n.value}`, n.label);
      return nodes;
    });
    list.catch(() => lists.delete(key));
    lists.set(key, list);
  }
  return list;
}

/** The level of a 6-digit division code: 610000 → 1, 610100 → 2, 610113 → 3. */
export const areaDepth = (code: string) => (/0000$/.test(code) ? 1 : /00$/.test(code) ? 2 : 3);

export const knownLabel = (source: TreeSource, value: string) => labels.get(`${source}:${value}`);

/** Names a selected value that no opened list has shown yet: a division through its ancestors' lists, a unit by id. */
export async function resolveLabel(source: TreeSource, value: string): Promise<string | undefined> {
  const known = knownLabel(source, value);
  if (known) return known;
  if (source === "organisation") return (await loadName("organisation", value)) ?? undefined;
  if (!/^\d{6}$/.test(value)) return undefined;
  const ancestors = [undefined, `${value.slice(0, 2)}0000`, `${value.slice(0, 4)}00`].filter((p) => p !== value).slice(0, areaDepth(value));
  for (const parent of ancestors) {
    try {
      await childrenOf("area", parent);
    } catch {
      return undefined;
    }
  }
  return knownLabel(source, value);
}
