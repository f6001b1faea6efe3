/**
 * How the command palette finds things: a text matches by its own words (either language, any case), by
 * its pinyin initials ("zdgl" → 字典管理) and by its spelled-out pinyin ("zidian"). pinyin-pro is large,
 * so this file is only reached through the palette's lazily loaded chunk.
 *
 * @example
 * const keys = searchKeys(["字典管理", "Dictionaries"]);
 * score("zdgl", keys) > 0; // true
 */
import { pinyin } from "pinyin-pro";

export interface SearchKeys {
  /** the texts themselves, lower case */
  texts: string[];
  /** pinyin initials (Latin words: their first letters), no spaces */
  initials: string[];
  /** spelled-out pinyin, no spaces */
  spelled: string[];
}

const compact = (text: string) => text.toLowerCase().replace(/\s+/g, "");
const hasHan = (text: string) => /\p{Script=Han}/u.test(text);

/** "字典管理" → "zdgl"; "E2E 测试" → "e2ecs"; "Config parameters" → "cp". */
export function initialsOf(text: string): string {
  if (hasHan(text)) return compact(pinyin(text, { pattern: "first", toneType: "none", type: "array", nonZh: "consecutive" }).join(""));
  return text
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => word[0]!.toLowerCase())
    .join("");
}

/** "字典管理" → "zidianguanli"; text without Chinese characters spells as itself. */
export const spelledOf = (text: string) => compact(hasHan(text) ? pinyin(text, { toneType: "none", type: "array", nonZh: "consecutive" }).join("") : text);

/** Everything a query is compared with, worked out once per entry. */
export function searchKeys(texts: string[]): SearchKeys {
  const present = [...new Set(texts.filter((t) => t && t.trim()))];
  return {
    texts: present.map((t) => t.toLowerCase()),
    initials: [...new Set(present.map(initialsOf).filter(Boolean))],
    spelled: [...new Set(present.filter(hasHan).map(spelledOf))],
  };
}

/**
 * How well a query matches (0: not at all): the text itself first (exact, start, anywhere), then the
 * pinyin initials (start, anywhere), then the spelled-out pinyin. An empty query matches everything a little.
 */
export function score(query: string, keys: SearchKeys): number {
  const q = query.trim().toLowerCase();
  if (q === "") return 1;
  const qc = compact(q);
  let best = 0;
  for (const text of keys.texts) {
    if (text === q) return 100;
    if (text.startsWith(q)) best = Math.max(best, 90);
    else if (text.includes(q)) best = Math.max(best, 80);
    else if (compact(text).includes(qc)) best = Math.max(best, 75);
  }
  if (best > 0 || !/^[a-z0-9]+$/.test(qc)) return best;
  for (const initials of keys.initials) {
    if (initials === qc) best = Math.max(best, 72);
    else if (initials.startsWith(qc)) best = Math.max(best, 70);
    else if (initials.includes(qc)) best = Math.max(best, 60);
  }
  for (const spelled of keys.spelled) {
    if (spelled.startsWith(qc)) best = Math.max(best, 55);
    else if (spelled.includes(qc)) best = Math.max(best, 45);
  }
  return best;
}

/** The items a query matches, best first (ties keep their order). */
export function rank<T>(query: string, items: { item: T; keys: SearchKeys }[]): { item: T; score: number }[] {
  return items
    .map(({ item, keys }, index) => ({ item, score: score(query, keys), index }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map(({ item, score }) => ({ item, score }));
}
