/** The server's menu tree turned into routes by the spec's rules (section 2), through the pure `menuRoutes`. */
import { describe, expect, it } from "vitest";
import { isExternal, menuRoutes, type MenuEntry } from "../../web/core/menu.ts";

let next = 0;
const entry = (over: Partial<MenuEntry>): MenuEntry => ({ menuId: `m${++next}`, parentId: null, name: `菜单${next}`, type: 1, ...over });

describe("menuRoutes", () => {
  it("walks directories (type below 1) recursively, at any depth", () => {
    const deep = entry({ menuId: "deep", url: "/a/b/c", componentUrl: "a/b/c/index" });
    const routes = menuRoutes([
      entry({ type: 0, children: [entry({ type: 0, children: [entry({ type: -1, children: [deep] })] })] }),
      entry({ menuId: "top", url: "/top", componentUrl: "top/index" }),
    ]);
    expect(routes.map((r) => r.menuId)).toEqual(["deep", "top"]);
    expect(routes[0]).toMatchObject({ path: "/a/b/c", componentUrl: "a/b/c/index", query: {} });
  });

  it("skips entries of type 2 and 3, and does not walk below them", () => {
    const routes = menuRoutes([
      entry({ type: 2, url: "/button", children: [entry({ url: "/under-button" })] }),
      entry({ type: 3, url: "/three", children: [entry({ url: "/under-three" })] }),
      entry({ url: "/kept" }),
    ]);
    expect(routes.map((r) => r.path)).toEqual(["/kept"]);
  });

  it("skips entries without a URL (null, undefined or empty)", () => {
    const routes = menuRoutes([entry({ url: null }), entry({}), entry({ url: "" }), entry({ url: "/only" })]);
    expect(routes.map((r) => r.path)).toEqual(["/only"]);
  });

  it("turns an external URL into an embedded-frame route named i-<menuId>", () => {
    const [frame, protocolRelative] = menuRoutes([
      entry({ menuId: "gov", name: "中国政府网", enName: "Gov.cn portal", url: "https://www.gov.cn/?a=1", componentUrl: "ignored/index", routeName: "dashboard-govcn" }),
      entry({ menuId: "rel", url: "//example.org/page" }),
    ]);
    expect(frame).toEqual({
      path: "/i-gov",
      name: "i-gov",
      menuId: "gov",
      title: { "zh-CN": "中国政府网", "en-US": "Gov.cn portal" },
      iframe: "https://www.gov.cn/?a=1",
      query: {},
      perms: "",
    });
    expect(frame!.componentUrl).toBeUndefined();
    expect(protocolRelative).toMatchObject({ path: "/i-rel", name: "i-rel", iframe: "//example.org/page" });
    expect(isExternal("http://x.cn")).toBe(true);
    expect(isExternal("HTTPS://X.CN")).toBe(true);
    expect(isExternal("/sys/dict")).toBe(false);
    expect(isExternal("sys/dict")).toBe(false);
  });

  it("turns a query string into route query values and keeps it out of the path", () => {
    const [route] = menuRoutes([entry({ url: "/bt/policy/list?type=2&name=%E6%94%BF%E7%AD%96&empty=", componentUrl: "bt/policy/list/index", routeName: "bt-policy" })]);
    expect(route).toMatchObject({ path: "/bt/policy/list", name: "bt-policy", componentUrl: "bt/policy/list/index", query: { type: "2", name: "政策", empty: "" } });
  });

  it("loads a screen from its componentUrl; names it by routeName, else by its path; adds a leading slash", () => {
    const [named, unnamed] = menuRoutes([
      entry({ menuId: "d", name: "字典管理", enName: "Dictionaries", url: "/sys/dict", componentUrl: "sys/dict/index", routeName: "sys-dict" }),
      entry({ menuId: "c", name: "参数配置", url: "sys/config", componentUrl: "sys/config/index" }),
    ]);
    expect(named).toMatchObject({ path: "/sys/dict", name: "sys-dict", componentUrl: "sys/dict/index", title: { "zh-CN": "字典管理", "en-US": "Dictionaries" } });
    expect(named!.iframe).toBeUndefined();
    // no English name: the Chinese one serves both languages
    expect(unnamed).toMatchObject({ path: "/sys/config", name: "sys/config", title: { "zh-CN": "参数配置", "en-US": "参数配置" } });
  });

  it("collects the screen's tags and its buttons' tags", () => {
    const [route] = menuRoutes([
      entry({
        url: "/sys/dict",
        perms: "sys:sysdict:list",
        children: [entry({ type: 2, perms: "sys:sysdict:save" }), entry({ type: 2, perms: null }), entry({ type: 2, perms: "sys:sysdict:delete" })],
      }),
    ]);
    expect(route!.perms).toBe("sys:sysdict:list,sys:sysdict:save,sys:sysdict:delete");
  });

  it("keeps the menu's order and answers an empty tree with no routes", () => {
    expect(menuRoutes([])).toEqual([]);
    const routes = menuRoutes([entry({ url: "/b" }), entry({ type: 0, children: [entry({ url: "/a" })] }), entry({ url: "/c" })]);
    expect(routes.map((r) => r.path)).toEqual(["/b", "/a", "/c"]);
  });
});
