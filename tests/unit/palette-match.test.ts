/** The command palette's matching: names in either language, pinyin initials ("zdgl" → 字典管理), spelled-out pinyin, best first. */
import { describe, expect, it } from "vitest";
import { initialsOf, rank, score, searchKeys, spelledOf } from "../../web/app/palette/match.ts";

const screens = [
  { item: "用户管理", keys: searchKeys(["用户管理", "Users"]) },
  { item: "字典管理", keys: searchKeys(["字典管理", "Dictionaries"]) },
  { item: "参数配置", keys: searchKeys(["参数配置", "Config parameters"]) },
  { item: "行政区划", keys: searchKeys(["行政区划", "Administrative divisions"]) },
  { item: "部门用户", keys: searchKeys(["部门用户", "Department users"]) },
];
const found = (query: string) => rank(query, screens).map((x) => x.item);

describe("initialsOf / spelledOf", () => {
  it("gives the pinyin initials of Chinese text and the word initials of Latin text", () => {
    expect(initialsOf("字典管理")).toBe("zdgl");
    expect(initialsOf("行政区划")).toBe("xzqh");
    expect(initialsOf("Config parameters")).toBe("cp");
    expect(initialsOf("E2E 测试")).toBe("e2ecs");
    expect(spelledOf("字典管理")).toBe("zidianguanli");
  });
});

describe("score and rank", () => {
  it("finds a screen by its pinyin initials, whole or in part", () => {
    expect(found("zdgl")).toEqual(["字典管理"]);
    expect(found("ZDGL")).toEqual(["字典管理"]);
    expect(found("zd")).toEqual(["字典管理"]);
    expect(found("xzqh")).toEqual(["行政区划"]);
    // "yh" starts 用户管理's initials and sits inside 部门用户's: the start ranks first
    expect(found("yh")).toEqual(["用户管理", "部门用户"]);
  });

  it("finds by the Chinese name, the English name (any case) and the spelled-out pinyin", () => {
    expect(found("字典")).toEqual(["字典管理"]);
    expect(found("管理")).toEqual(["用户管理", "字典管理"]);
    expect(found("dict")).toEqual(["字典管理"]);
    expect(found("USERS")).toEqual(["用户管理", "部门用户"]);
    expect(found("zidian")).toEqual(["字典管理"]);
    expect(found("config par")).toEqual(["参数配置"]);
  });

  it("ranks the name before the initials and an exact name first", () => {
    const keys = searchKeys(["字典管理", "Dictionaries"]);
    expect(score("字典管理", keys)).toBe(100);
    expect(score("字典", keys)).toBeGreaterThan(score("zdgl", keys));
    expect(score("zdgl", keys)).toBeGreaterThan(score("zidian", keys));
  });

  it("matches everything on an empty query, in the given order, and nothing on a stranger", () => {
    expect(found("  ")).toEqual(screens.map((s) => s.item));
    expect(found("qqq")).toEqual([]);
    expect(found("不存在")).toEqual([]);
  });
});
