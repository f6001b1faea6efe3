/**
 * Debian's Chromium through playwright-core, one fresh profile per use, plus the steps every browser test
 * shares (sign in, read cookies and storage). Browser-side code is passed as strings so this file type-checks
 * without the DOM library.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { afterAll, afterEach, beforeAll } from "vitest";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";

export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const chromiumArgs = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
export const admin = { userNo: "admin", password: "Admin@123456" };

export interface Browser {
  context: BrowserContext;
  page: Page;
  /** beforeunload prompts met so far (accepted, so navigation goes on) */
  beforeUnloadPrompts: string[];
  close: () => Promise<void>;
}

/** The process locale if it is UTF-8, else C.UTF-8 (a CI shell may start with none). */
const utf8Locale = (lang: string | undefined) => (lang && /utf-?8/i.test(lang) ? lang : "C.UTF-8");

/** A fresh Chromium profile (cold cache, no cookies, empty storage) with one page. */
export async function openBrowser(baseUrl: string): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), "qifu-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    args: chromiumArgs,
    baseURL: baseUrl,
    viewport: { width: 1366, height: 800 },
    locale: "zh-CN",
    // a UTF-8 locale for Chromium itself: under the C locale it names every download with Chinese in it "download"
    env: { ...process.env, LANG: utf8Locale(process.env.LANG) },
  });
  context.setDefaultTimeout(20_000);
  context.setDefaultNavigationTimeout(30_000);
  // the network is closed: never wait on anything but the app itself
  await context.route((url) => !url.href.startsWith(baseUrl), (route) => route.abort());
  const beforeUnloadPrompts: string[] = [];
  context.on("page", (page) => watchDialogs(page, beforeUnloadPrompts));
  const page = context.pages()[0] ?? (await context.newPage());
  watchDialogs(page, beforeUnloadPrompts);
  return {
    context,
    page,
    beforeUnloadPrompts,
    close: async () => {
      await context.close().catch(() => {});
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

const watched = new WeakSet<Page>();
function watchDialogs(page: Page, prompts: string[]) {
  if (watched.has(page)) return;
  watched.add(page);
  page.on("dialog", (dialog) => {
    if (dialog.type() === "beforeunload") prompts.push(dialog.message());
    void dialog.accept().catch(() => {});
  });
}

/** Signs in through the login form (the captcha is off in the test server, any text passes). */
export async function signIn(page: Page, { userNo, password } = admin) {
  await page.goto("/login");
  const form = page.getByTestId("login-form");
  await form.locator('input[name="userNo"]').fill(userNo);
  await form.locator('input[name="password"]').fill(password);
  await form.locator('input[name="captcha"]').fill("anything");
  await page.getByTestId("login-submit").click();
  await page.waitForURL((url) => url.pathname === "/home");
  await page.getByTestId("home-welcome").waitFor();
}

/** Signs out through the user menu and signs in as someone else (from /home: /todoCheck has no shell). */
export async function switchUser(page: Page, person: { userNo: string; password: string }) {
  if (new URL(page.url()).pathname !== "/home") await page.goto("/home");
  await page.getByTestId("user-menu").click();
  await page.getByRole("menuitem", { name: "退出登录" }).click();
  await page.waitForURL((url) => url.pathname === "/login");
  await signIn(page, person);
}

export async function cookie(page: Page, name: string): Promise<string | undefined> {
  const cookies = await page.context().cookies();
  const found = cookies.find((c) => c.name === name);
  return found ? decodeURIComponent(found.value) : undefined;
}

export const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Calls the API with the browser's token (cookie x-tr-token in header x-hbi-token). */
export async function api<T>(page: Page, path: string): Promise<T> {
  const token = await cookie(page, "x-tr-token");
  const response = await page.context().request.get(`/api${path}`, { headers: token ? { "x-hbi-token": token } : {} });
  return (await response.json()) as T;
}

/** Opens a screen through the side menu, expanding the directories on the way (names as shown). */
export async function openFromMenu(page: Page, names: string[]) {
  const menu = page.getByTestId("side-menu");
  for (const [i, name] of names.entries()) {
    const next = names[i + 1];
    if (next && (await menu.getByText(next, { exact: true }).isVisible())) continue;
    await menu.getByText(name, { exact: true }).click();
  }
}

/** The paths of the open content tabs, in order. */
export async function tabPaths(page: Page): Promise<(string | null)[]> {
  const tabs = await page.getByTestId("content-tabs").locator("[data-tab-path]").all();
  return Promise.all(tabs.map((tab) => tab.getAttribute("data-tab-path")));
}

/**
 * One signed-in browser for a whole test file, each step building on the one before: opened and signed in
 * before the first test, closed after the last. After each test, whatever a failed step left open over the
 * page (a dialog, a drawer, the palette) is dismissed, so the next step starts clean.
 *
 * @example
 * const session = signedInBrowser(inject("baseUrl"));
 * it("…", async () => { await session.page.goto("/sys/dict"); });
 */
export function signedInBrowser(baseUrl: string, account = admin): { readonly page: Page; readonly browser: Browser } {
  let browser: Browser | undefined;
  beforeAll(async () => {
    mkdirSync("test-artifacts", { recursive: true });
    browser = await openBrowser(baseUrl);
    await signIn(browser.page, account);
  });
  afterEach(async () => {
    const page = browser?.page;
    if (!page) return;
    for (let i = 0; i < 3 && (await page.locator(".mantine-Modal-overlay, .mantine-Drawer-overlay, .mantine-Spotlight-overlay").count()) > 0; i++) {
      await page.keyboard.press("Escape");
      await page.waitForTimeout(300);
    }
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    get page() {
      return browser!.page;
    },
    get browser() {
      return browser!;
    },
  };
}
