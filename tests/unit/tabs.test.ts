/** Content tabs (spec section 2): open on navigation, close current / others / all, home always first. */
import { describe, expect, it } from "vitest";
import { closeTabs, homeTab, openTab, rememberSearch, tabHref, type OpenTab } from "../../web/app/shell/tabs.ts";

const tab = (path: string): OpenTab => ({ path, title: { "zh-CN": path, "en-US": path } });
const paths = (tabs: OpenTab[]) => tabs.map((t) => t.path);
const three = [homeTab, tab("/a"), tab("/b"), tab("/c")];

describe("openTab", () => {
  it("adds a new screen at the end, after home", () => {
    expect(paths(openTab([homeTab], tab("/a")))).toEqual(["/home", "/a"]);
    expect(paths(openTab([homeTab, tab("/a")], tab("/b")))).toEqual(["/home", "/a", "/b"]);
  });

  it("keeps a screen once, in its place, when it is opened again", () => {
    const again = openTab(three, { path: "/a", title: { "zh-CN": "另一个", "en-US": "Other" } });
    expect(paths(again)).toEqual(["/home", "/a", "/b", "/c"]);
    expect(again[1]!.title["zh-CN"]).toBe("/a");
  });

  it("always keeps home first, even from an empty or home-less list", () => {
    expect(paths(openTab([], tab("/a")))).toEqual(["/home", "/a"]);
    expect(paths(openTab([tab("/a"), homeTab], tab("/b")))).toEqual(["/home", "/a", "/b"]);
    expect(paths(openTab([homeTab], homeTab))).toEqual(["/home"]);
    expect(paths(openTab([tab("/a")], homeTab))).toEqual(["/home", "/a"]);
  });

  it("does not change the list it was given", () => {
    const before = [homeTab, tab("/a")];
    openTab(before, tab("/b"));
    expect(paths(before)).toEqual(["/home", "/a"]);
  });
});

describe("closeTabs", () => {
  it("close others keeps home and the current one, and stays there", () => {
    expect(closeTabs(three, "others", "/b")).toEqual({ tabs: [homeTab, three[2]] });
    expect(closeTabs(three, "others", "/home")).toEqual({ tabs: [homeTab] });
  });

  it("close all keeps only home and goes there", () => {
    expect(closeTabs(three, "all", "/b")).toEqual({ tabs: [homeTab], goTo: "/home" });
  });

  it("close current removes it and goes to the tab on its left", () => {
    expect(closeTabs(three, "current", "/b")).toEqual({ tabs: [homeTab, three[1], three[3]], goTo: "/a" });
    expect(closeTabs(three, "current", "/a")).toEqual({ tabs: [homeTab, three[2], three[3]], goTo: "/home" });
    expect(closeTabs(three, "current", "/c")).toEqual({ tabs: [homeTab, three[1], three[2]], goTo: "/b" });
  });

  it("home cannot be closed on its own", () => {
    expect(closeTabs(three, "current", "/home")).toEqual({ tabs: three });
  });

  it("closing a screen that has no tab goes home", () => {
    const result = closeTabs(three, "current", "/elsewhere");
    expect(paths(result.tabs)).toEqual(["/home", "/a", "/b", "/c"]);
    expect(result.goTo).toBe("/home");
  });
});

describe("rememberSearch", () => {
  it("keeps the query each screen last had, so a tab leads back to the same list", () => {
    const moved = rememberSearch(three, "/b", "?page=2&status=1");
    expect(tabHref(moved[2]!)).toBe("/b?page=2&status=1");
    expect(tabHref(moved[1]!)).toBe("/a");
    expect(rememberSearch(moved, "/b", "?page=2&status=1")).toBe(moved);
    expect(tabHref(rememberSearch(moved, "/b", "")[2]!)).toBe("/b");
    // a path with no tab changes nothing
    expect(rememberSearch(three, "/zzz", "?q=1")).toBe(three);
  });
});
