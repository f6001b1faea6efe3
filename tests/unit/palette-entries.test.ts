/** What the command palette offers: the menu's screens, recent records on allowed screens, and only the permitted actions. */
import { describe, expect, it } from "vitest";
import type { Lang, Text } from "../../events/i18n.ts";
import { newSearch, paletteEntries, recentSearch, type EntryInput } from "../../web/app/palette/entries.ts";
import type { DynamicRoute } from "../../web/core/menu.ts";

const route = (path: string, zh: string, en: string, perms: string): DynamicRoute => ({ path, name: path, menuId: path, title: { "zh-CN": zh, "en-US": en }, query: {}, perms });
const routes = [
  { ...route("/sys/dict", "字典管理", "Dictionaries", "sys:sysdict:list,sys:sysdict:info,sys:sysdict:save"), section: [{ "zh-CN": "系统管理", "en-US": "System" }] },
  route("/sys/config", "参数配置", "Config parameters", "sys:config:list,sys:config:info,sys:config:save"),
  route("/sys/log", "系统日志", "Logs", "sys:log:list"),
];
const labels: Record<string, Text> = { "sys:sysdict:list": { "zh-CN": "字典", "en-US": "Dictionary" }, "sys:config:list": { "zh-CN": "参数配置", "en-US": "Config parameter" } };
const texts: Record<string, Text> = {
  "actions.home": { "zh-CN": "首页", "en-US": "Home" },
  "shell.userInfo": { "zh-CN": "个人信息", "en-US": "Personal information" },
  "palette.switchLanguage": { "zh-CN": "切换到 English", "en-US": "切换到简体中文 (Chinese)" },
  "palette.lock": { "zh-CN": "锁定屏幕", "en-US": "Lock screen" },
  "palette.signOut": { "zh-CN": "退出登录", "en-US": "Sign out" },
};

const input = (over: Partial<EntryInput> = {}): EntryInput => ({
  routes,
  lang: "zh-CN",
  has: (tag) => tag === "sys:sysdict:save",
  recents: [],
  familyLabel: (tag) => labels[tag],
  text: { newRecord: (name, lang: Lang) => (lang === "zh-CN" ? `新增${name}` : `New ${name}`), label: (key, lang: Lang) => texts[key]![lang] },
  ...over,
});

describe("paletteEntries", () => {
  it("lists home, every menu screen and personal information, in the current language with its menu section as description", () => {
    const screens = paletteEntries(input()).filter((e) => e.group === "screens");
    expect(screens.map((e) => e.label)).toEqual(["首页", "字典管理", "参数配置", "系统日志", "个人信息"]);
    expect(screens[1]).toMatchObject({ description: "系统管理", target: { to: "/sys/dict" } });
    expect(screens[1]!.texts).toEqual(expect.arrayContaining(["字典管理", "Dictionaries"]));
    const english = paletteEntries(input({ lang: "en-US" })).filter((e) => e.group === "screens");
    expect(english.map((e) => e.label)).toContain("Dictionaries");
    expect(english[1]).toMatchObject({ label: "Dictionaries", description: "System" });
  });

  it("shows no subtitle in the other language: in Chinese none is English, in English none is Chinese", () => {
    const zh = paletteEntries(input()).flatMap((e) => [e.label, e.description ?? ""]);
    expect(zh.filter((text) => /[A-Za-z]{3}/.test(text) && !/English/.test(text))).toEqual([]);
    const en = paletteEntries(input({ lang: "en-US" })).flatMap((e) => [e.label, e.description ?? ""]);
    expect(en.filter((text) => /[\u4e00-\u9fff]/.test(text) && !/Chinese/.test(text))).toEqual([]);
  });

  it("offers a new record only on family screens whose save tag the user holds, opening the add dialog", () => {
    const actions = paletteEntries(input()).filter((e) => e.group === "actions" && e.id.startsWith("new:"));
    expect(actions).toEqual([
      expect.objectContaining({ id: "new:/sys/dict", label: "新增字典", texts: ["新增字典", "New Dictionary"], target: { to: "/sys/dict", search: newSearch } }),
    ]);
    expect(paletteEntries(input({ has: () => false })).filter((e) => e.id.startsWith("new:"))).toEqual([]);
    const both = paletteEntries(input({ has: () => true })).filter((e) => e.id.startsWith("new:")).map((e) => e.id);
    // 系统日志 names no declared family: no "new" there
    expect(both).toEqual(["new:/sys/dict", "new:/sys/config"]);
  });

  it("always offers switching language, locking and signing out", () => {
    const commands = paletteEntries(input()).filter((e) => e.id.startsWith("command:"));
    expect(commands.map((e) => e.target)).toEqual([{ command: "language" }, { command: "lock" }, { command: "signOut" }]);
  });

  it("puts recent records first, only those on screens the menu still allows", () => {
    const recents = [
      { path: "/sys/dict", familyPath: "/sys/sysdict", id: "d1", label: "性别", at: 2 },
      { path: "/sys/gone", familyPath: "/sys/gone", id: "g1", label: "旧的", at: 1 },
    ];
    const entries = paletteEntries(input({ recents }));
    expect(entries[0]).toMatchObject({ group: "recent", label: "性别", description: "字典管理", target: { to: "/sys/dict", search: recentSearch("d1") } });
    expect(entries.filter((e) => e.group === "recent")).toHaveLength(1);
  });
});
