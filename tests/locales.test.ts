/** The web's catalogue: zh-CN and en-US carry exactly the same keys in every area, and no empty text. */
import { describe, expect, it } from "vitest";
import { areas, resources } from "../web/core/locales/index.ts";

type Tree = { [key: string]: string | Tree };

/** Every leaf as "a.b.c", with a marker where a leaf is not a string. */
function leaves(tree: Tree, prefix = ""): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === "object" && !Array.isArray(value)) for (const [k, v] of leaves(value, path)) out.set(k, v);
    else out.set(path, value);
  }
  return out;
}

describe.each(Object.entries(areas))("locale area %s", (_name, area) => {
  const zh = leaves(area["zh-CN"] as Tree);
  const en = leaves(area["en-US"] as Tree);

  it("has both languages and nothing else", () => {
    expect(Object.keys(area).sort()).toEqual(["en-US", "zh-CN"]);
  });

  it("has the same keys in zh-CN and en-US", () => {
    expect([...en.keys()].sort()).toEqual([...zh.keys()].sort());
  });

  it("has no empty or non-text entries", () => {
    for (const [lang, texts] of [["zh-CN", zh], ["en-US", en]] as const) {
      const bad = [...texts].filter(([, v]) => typeof v !== "string" || v.trim() === "").map(([k]) => `${lang}:${k}`);
      expect(bad).toEqual([]);
    }
  });

  it("keeps the same {{placeholders}} in both languages", () => {
    const names = (text: unknown) => [...String(text).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
    const differing = [...zh.keys()].filter((k) => en.has(k) && JSON.stringify(names(zh.get(k))) !== JSON.stringify(names(en.get(k))));
    expect(differing).toEqual([]);
  });
});

describe("merged catalogue", () => {
  it("no area overwrites another's top-level key", () => {
    for (const lang of ["zh-CN", "en-US"] as const) {
      const owners = new Map<string, string>();
      const clashes: string[] = [];
      for (const [name, area] of Object.entries(areas)) {
        for (const key of Object.keys(area[lang])) {
          if (owners.has(key)) clashes.push(`${lang}:${key} (${owners.get(key)} and ${name})`);
          owners.set(key, name);
        }
      }
      expect(clashes).toEqual([]);
      expect(Object.keys(resources[lang]).sort()).toEqual([...owners.keys()].sort());
    }
  });

  it("holds the spec's exact texts", () => {
    const zh = resources["zh-CN"] as Tree;
    expect((zh.app as Tree).title).toBe("企服管理平台");
    expect((zh.app as Tree).confirmClose).toBe("你确定要关闭吗？");
    expect((zh.notice as Tree).deleteConfirm).toBe("此操作将永久删除序号【{{n}}】的数据, 是否继续?");
    expect((zh.actions as Tree).confirm).toBe("确定");
    expect((zh.actions as Tree).cancel).toBe("取消");
    expect(((resources["en-US"] as Tree).app as Tree).title).toBe("Enterprise Services Platform");
  });
});
