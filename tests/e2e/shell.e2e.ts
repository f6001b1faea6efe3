/**
 * The shell in a real browser: sign-in guard, sign-in, language switch, content tabs, embedded-frame
 * routes from the server's menu, unknown paths and sign-out.
 */
import { mkdirSync } from "node:fs";
import { describe, expect, inject, it } from "vitest";
import { admin, api, cookie, browserPerTest, openFromMenu, pathOf, readCaptcha, signIn, tabPaths, typeSignIn, typeSlowly, type Browser } from "./browser.ts";
import type { Page } from "playwright-core";

const baseUrl = inject("baseUrl");
mkdirSync("test-artifacts", { recursive: true });

interface MenuNode {
  menuId: string;
  name: string;
  type: number;
  url?: string | null;
  children?: MenuNode[];
}

let browser: Browser;
let page: Page;
browserPerTest(baseUrl, (opened) => {
  browser = opened;
  page = opened.page;
});

describe("sign-in guard", () => {
  it("sends a visitor without a token to /login, keeping where they were going", async () => {
    await page.goto("/sys/dict");
    await page.waitForURL((url) => url.pathname === "/login");
    expect(new URL(page.url()).searchParams.get("redirect")).toBe("/sys/dict");
    await expect(page.getByTestId("login-form").isVisible()).resolves.toBe(true);
    expect(await cookie(page, "x-tr-token")).toBeUndefined();
  });

  it("signs in as a person does, the captcha on and every field typed key by key, and the picture never changes while they type", async () => {
    const captchaFetches: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/auth/captcha.jpg") captchaFetches.push(request.url());
    });
    await page.goto("/login");
    const shown = await readCaptcha(page);
    await typeSignIn(page, admin);
    // one picture, fetched once, however many keys were typed and re-renders happened
    expect(captchaFetches).toHaveLength(1);
    expect((await readCaptcha(page)).uuid).toBe(shown.uuid);
    await page.getByTestId("login-submit").click();
    await page.waitForURL((url) => url.pathname === "/home");
    expect(await cookie(page, "x-tr-token")).toMatch(/.{16,}/);
    expect(await cookie(page, "username")).toBe("admin");
    await expect(page.getByTestId("product-title").textContent()).resolves.toBe("企服管理平台");
    await expect(page.getByTestId("side-menu").getByText("系统管理", { exact: true }).isVisible()).resolves.toBe(true);
    await page.screenshot({ path: "test-artifacts/home.png" });
  });

  for (const [lang, message] of [["zh-CN", "验证码不正确或已失效"], ["en-US", "The verification code is wrong or has expired"]] as const) {
    it(`refuses a wrong code with the spec's message and shows a fresh picture (${lang})`, async () => {
      await page.context().addCookies([{ name: "language", value: lang, url: baseUrl }]);
      await page.goto("/login");
      const first = await readCaptcha(page);
      const form = page.getByTestId("login-form");
      await typeSlowly(page, 'input[name="userNo"]', admin.userNo);
      await typeSlowly(page, 'input[name="password"]', admin.password);
      // a code of the captcha's own alphabet that is certainly not the one shown
      const wrong = [...first.code].map((ch) => (ch === "A" ? "B" : "A")).join("");
      await typeSlowly(page, 'input[name="captcha"]', wrong);
      await page.getByTestId("login-submit").click();
      await expect.poll(() => page.getByTestId("login-error").textContent()).toBe(message);
      expect(pathOf(page)).toBe("/login");
      expect(await cookie(page, "x-tr-token")).toBeUndefined();
      // a fresh picture with a new uuid, and the code field emptied for it
      const fresh = await readCaptcha(page);
      expect(fresh.uuid).not.toBe(first.uuid);
      expect(await form.locator('input[name="captcha"]').inputValue()).toBe("");
      // what was typed before stays, and the fresh code signs in
      expect(await form.locator('input[name="userNo"]').inputValue()).toBe(admin.userNo);
      await typeSlowly(page, 'input[name="captcha"]', fresh.code);
      await page.getByTestId("login-submit").click();
      await page.waitForURL((url) => url.pathname === "/home");
    });
  }

  it("a click on the picture draws a new code, and the new one signs in", async () => {
    await page.goto("/login");
    const first = await readCaptcha(page);
    await page.getByTestId("captcha-image").click();
    await expect.poll(async () => (await readCaptcha(page)).uuid).not.toBe(first.uuid);
    await typeSignIn(page, admin);
    await page.getByTestId("login-submit").click();
    await page.waitForURL((url) => url.pathname === "/home");
  });

  it("refuses a wrong password with the server's message and stays on /login", async () => {
    await page.goto("/login");
    await typeSignIn(page, { userNo: "admin", password: "Wrong@123456" });
    await page.getByTestId("login-submit").click();
    await expect.poll(() => page.getByTestId("login-error").textContent()).toBe("账号或密码不正确");
    expect(pathOf(page)).toBe("/login");
    expect(await cookie(page, "x-tr-token")).toBeUndefined();
  });
});

describe("reading your own writes through the nearest replica", () => {
  it("sends back the newest D1 bookmark it was answered, on every request and after a reload", async () => {
    const answered: string[] = [];
    const sent: { url: string; bookmark: string | undefined }[] = [];
    page.on("response", (response) => {
      const bookmark = response.headers()["x-d1-bookmark"];
      if (bookmark) answered.push(bookmark);
    });
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/api/")) sent.push({ url: request.url(), bookmark: request.headers()["x-d1-bookmark"] });
    });
    await signIn(page);
    expect(answered.length).toBeGreaterThan(0);
    // after the first answer every request carries a bookmark, and never one older than an answer received before it
    const later = sent.filter((r) => !r.url.includes("/auth/captcha.jpg")).slice(1);
    expect(later.length).toBeGreaterThan(0);
    for (const request of later) expect(request.bookmark).toMatch(/^[0-9a-f]{8}-/);
    const newest = [...answered].sort().at(-1)!;
    sent.length = 0;
    await page.reload();
    await page.getByTestId("home-welcome").waitFor();
    await expect.poll(() => sent.length).toBeGreaterThan(0);
    expect(sent[0]!.bookmark! >= newest).toBe(true);
  });
});

describe("language", () => {
  it("switches texts and the page title, and remembers the choice in the language cookie", async () => {
    await signIn(page);
    const title = page.getByTestId("product-title");
    await expect(title.textContent()).resolves.toBe("企服管理平台");
    expect(await page.title()).toContain("企服管理平台");

    await page.getByTestId("language-switch").click();
    await Promise.all([page.waitForEvent("load"), page.getByTestId("lang-en-US").click()]);
    // the switch reloads the whole app in the other language: a page load, not a re-render
    await expect.poll(() => title.textContent(), { timeout: 5000 }).toBe("Enterprise Services Platform");
    await expect.poll(() => page.title()).toContain("Enterprise Services Platform");
    expect(await page.title()).not.toContain("企服管理平台");
    expect(await cookie(page, "language")).toBe("en-US");
    expect(await page.getAttribute("html", "lang")).toBe("en-US");
    // the menu follows too
    await expect(page.getByTestId("side-menu").getByText("System", { exact: true }).isVisible()).resolves.toBe(true);

    // remembered: a new visit starts in English
    await page.goto("/home");
    await expect.poll(() => title.textContent(), { timeout: 5000 }).toBe("Enterprise Services Platform");

    await page.getByTestId("language-switch").click();
    await Promise.all([page.waitForEvent("load"), page.getByTestId("lang-zh-CN").click()]);
    await expect.poll(() => title.textContent(), { timeout: 5000 }).toBe("企服管理平台");
    await expect.poll(() => page.title()).toContain("企服管理平台");
    expect(await cookie(page, "language")).toBe("zh-CN");
  });

  it("switches on the login page without a reload", async () => {
    await page.goto("/login");
    const form = page.getByTestId("login-form");
    await form.locator('input[name="userNo"]').fill("typed-before-switch");
    await form.getByRole("combobox", { name: "language" }).click();
    await page.getByRole("option", { name: "English" }).click();
    await expect.poll(() => form.getByRole("heading").first().textContent()).toBe("Enterprise Services Platform");
    expect(await cookie(page, "language")).toBe("en-US");
    await expect.poll(() => page.title()).toContain("Enterprise Services Platform");
    // no reload: what was typed is still there
    expect(await form.locator('input[name="userNo"]').inputValue()).toBe("typed-before-switch");
  });
});

describe("content tabs", () => {
  it("opens a tab per screen; close others leaves home and the current one", async () => {
    await signIn(page);
    expect(await tabPaths(page)).toEqual(["/home"]);
    await openFromMenu(page, ["系统管理", "字典管理"]);
    await page.waitForURL((url) => url.pathname === "/sys/dict");
    await openFromMenu(page, ["系统管理", "参数配置"]);
    await page.waitForURL((url) => url.pathname === "/sys/config");
    await expect.poll(() => tabPaths(page)).toEqual(["/home", "/sys/dict", "/sys/config"]);

    // a tab navigates back to its screen
    await page.getByTestId("content-tabs").locator('[data-tab-path="/sys/dict"]').click();
    await page.waitForURL((url) => url.pathname === "/sys/dict");

    await page.getByTestId("tabs-menu").click();
    await page.getByTestId("close-others").click();
    await expect.poll(() => tabPaths(page)).toEqual(["/home", "/sys/dict"]);
    expect(pathOf(page)).toBe("/sys/dict");
    // kept across a reload (local storage)
    await page.reload();
    await expect.poll(() => tabPaths(page)).toEqual(["/home", "/sys/dict"]);
  });

  it("close all leaves only home and shows it", async () => {
    await signIn(page);
    await openFromMenu(page, ["系统管理", "字典管理"]);
    await page.waitForURL((url) => url.pathname === "/sys/dict");
    await expect.poll(() => tabPaths(page)).toEqual(["/home", "/sys/dict"]);
    await page.getByTestId("tabs-menu").click();
    await page.getByTestId("close-all").click();
    await page.waitForURL((url) => url.pathname !== "/sys/dict");
    expect(pathOf(page)).toBe("/home");
    await page.getByTestId("home-welcome").waitFor();
    expect(await tabPaths(page)).toEqual(["/home"]);
  });

  it("the home tab leads back home from a menu screen", async () => {
    await signIn(page);
    await openFromMenu(page, ["系统管理", "字典管理"]);
    await page.waitForURL((url) => url.pathname === "/sys/dict");
    await page.getByTestId("content-tabs").locator('[data-tab-path="/home"]').click();
    await page.waitForURL((url) => url.pathname !== "/sys/dict");
    expect(pathOf(page)).toBe("/home");
    await page.getByTestId("home-welcome").waitFor();
  });
});

describe("routes from the server's menu", () => {
  it("shows an external menu entry as an embedded frame named i-<menuId>", async () => {
    await signIn(page);
    const nav = await api<{ code: number; data: { menuList: MenuNode[] } }>(page, "/sys/menu/nav");
    expect(nav.code).toBe(0);
    const find = (nodes: MenuNode[]): MenuNode | undefined => {
      for (const node of nodes) {
        if (node.name === "中国政府网") return node;
        const below = find(node.children ?? []);
        if (below) return below;
      }
    };
    const govcn = find(nav.data.menuList);
    expect(govcn?.url).toMatch(/^https:\/\//);
    const name = `i-${govcn!.menuId}`;

    await page.goto(`/${name}`);
    const frame = page.locator(`iframe[data-route-name="${name}"]`);
    await frame.waitFor({ state: "attached" });
    expect(await frame.getAttribute("src")).toBe(govcn!.url);
    expect(pathOf(page)).toBe(`/${name}`);
    await expect(page.getByTestId("not-found").count()).resolves.toBe(0);
  });

  it("sends an unknown path to /404", async () => {
    await signIn(page);
    await page.goto("/no/such/screen");
    await page.waitForURL((url) => url.pathname === "/404");
    await page.getByTestId("not-found").waitFor();
  });
});

describe("sign-out", () => {
  it("clears local storage, session storage and the token cookie, and lands on /login", async () => {
    await signIn(page);
    await openFromMenu(page, ["系统管理", "字典管理"]);
    await page.waitForURL((url) => url.pathname === "/sys/dict");
    await page.evaluate(`localStorage.setItem("e2e.marker", "1"); localStorage.setItem("qifu.theme", JSON.stringify({ ...JSON.parse(localStorage.getItem("qifu.theme") || "{}"), color: "red" }))`);
    expect(await page.evaluate<string[]>("Object.keys(localStorage)")).toEqual(expect.arrayContaining(["qifu.tabs", "e2e.marker", "qifu.theme"]));
    expect(await page.evaluate<string[]>("Object.keys(sessionStorage)")).toEqual(expect.arrayContaining(["menuList", "permissions", "dynamicMenuRoutes"]));

    await page.getByTestId("user-menu").click();
    await Promise.all([page.waitForURL((url) => url.pathname === "/login"), page.getByTestId("logout").click()]);
    await page.getByTestId("login-form").waitFor();
    expect(await cookie(page, "x-tr-token")).toBeUndefined();
    expect(await cookie(page, "username")).toBeUndefined();
    expect(await page.evaluate<string[]>("Object.keys(sessionStorage)")).toEqual([]);
    // everything the session kept is gone; the login page may only write the default theme again
    const left = await page.evaluate<Record<string, string>>("Object.fromEntries(Object.entries(localStorage))");
    expect(Object.keys(left).filter((k) => k !== "qifu.theme")).toEqual([]);
    if (left["qifu.theme"]) expect(JSON.parse(left["qifu.theme"]).color).toBe("blue");

    // the old session no longer opens the app
    await page.goto("/home");
    await page.waitForURL((url) => url.pathname === "/login");
  });
});

describe("leaving on purpose does not ask 你确定要关闭吗？", () => {
  it("switching the language reloads without a beforeunload prompt", async () => {
    await signIn(page);
    await page.getByTestId("language-switch").click();
    await Promise.all([page.waitForEvent("load"), page.getByTestId("lang-en-US").click()]);
    await expect.poll(() => page.getByTestId("product-title").textContent(), { timeout: 5000 }).toBe("Enterprise Services Platform");
    expect(browser.beforeUnloadPrompts).toEqual([]);
  });

  it("signing out leaves without a beforeunload prompt", async () => {
    await signIn(page);
    await page.getByTestId("user-menu").click();
    await Promise.all([page.waitForURL((url) => url.pathname === "/login"), page.getByTestId("logout").click()]);
    expect(browser.beforeUnloadPrompts).toEqual([]);
  });

  it("a real close still asks", async () => {
    await signIn(page);
    await page.getByTestId("product-title").click(); // a user gesture: browsers only ask after one
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => browser.beforeUnloadPrompts.length).toBe(1);
  });
});

describe("theme settings", () => {
  it("puts the menu on top when chosen, and its dropdowns open screens", async () => {
    await signIn(page);
    await page.evaluate(() => {
      const key = "qifu.theme";
      const current = JSON.parse(localStorage.getItem(key) ?? "{}");
      const defaults = { multiTab: true, breadcrumb: true, breadcrumbPosition: "header", color: "blue", collapsed: false };
      localStorage.setItem(key, JSON.stringify({ ...defaults, ...current, layout: "top" }));
    });
    await page.goto("/home");
    const top = page.getByTestId("top-menu");
    await top.waitFor();
    expect(await page.getByTestId("side-menu").count()).toBe(0);
    await top.getByRole("button", { name: "系统管理" }).click();
    await page.getByRole("menuitem", { name: "字典管理", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/sys/dict");
    await page.getByTestId("record-row").first().waitFor();
    await page.screenshot({ path: "test-artifacts/top-menu.png" });
  });
});
