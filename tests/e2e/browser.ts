/**
 * Debian's Chromium through playwright-core, one fresh profile per use, plus the steps every browser test
 * shares (sign in, read cookies and storage). Browser-side code is passed as strings so this file type-checks
 * without the DOM library.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from "vitest";
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

/** A fresh Chromium profile (cold cache, no cookies, empty storage) with one page; `timezoneId` sets the browser's clock zone. */
export async function openBrowser(baseUrl: string, options: { timezoneId?: string } = {}): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), "qifu-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    args: chromiumArgs,
    baseURL: baseUrl,
    viewport: { width: 1440, height: 900 },
    locale: "zh-CN",
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
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

/** The SQLite file behind the local D1 of a wrangler state folder. */
function localDbFile(persist: string): string {
  const dir = join(persist, "v3/d1/miniflare-D1DatabaseObject");
  const file = readdirSync(dir).find((f) => /^[0-9a-f]{64}\.sqlite$/.test(f));
  if (!file) throw new Error(`no local D1 database under ${dir}`);
  return join(dir, file);
}

/**
 * The code the captcha image on the page shows, as a person reads it off the picture: waits for the image to
 * load, then reads the answer stored for its uuid from the test server's local database (read-only).
 */
export async function readCaptcha(page: Page, persist: string = inject("persist")): Promise<{ uuid: string; code: string }> {
  const image = page.getByTestId("captcha-image");
  await image.waitFor();
  await page.waitForFunction("(() => { const i = document.querySelector('[data-testid=captcha-image]'); return !!i && i.complete && i.naturalWidth > 0; })()");
  const uuid = new URL((await image.getAttribute("src"))!, "http://x").searchParams.get("uuid")!;
  const db = new DatabaseSync(localDbFile(persist), { readOnly: true });
  try {
    const row = db.prepare("SELECT answer FROM captchas WHERE uuid = ?").get(uuid) as { answer: string } | undefined;
    if (!row) throw new Error(`no captcha stored for the image's uuid ${uuid}`);
    return { uuid, code: row.answer };
  } finally {
    db.close();
  }
}

/** Types into a field the way a person does: a click, then key by key. */
export async function typeSlowly(page: Page, selector: string, text: string) {
  const field = page.getByTestId("login-form").locator(selector);
  await field.click();
  await field.pressSequentially(text, { delay: 35 });
}

/** Fills the login form as a person does (captcha on): account, password, then the code the image shows, all typed key by key. */
export async function typeSignIn(page: Page, { userNo, password }: { userNo: string; password: string }, persist?: string) {
  await page.getByTestId("login-form").waitFor();
  await typeSlowly(page, 'input[name="userNo"]', userNo);
  await typeSlowly(page, 'input[name="password"]', password);
  const { code } = await readCaptcha(page, persist);
  await typeSlowly(page, 'input[name="captcha"]', code);
}

/** Signs in through the login form as a person does, with the captcha on, and waits for /home. */
export async function signIn(page: Page, person = admin, persist?: string) {
  await page.goto("/login");
  await typeSignIn(page, person, persist);
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

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
  total?: number;
}

/** A GET (no body) or POST to the API with the browser's token, answering the whole envelope. */
export async function apiCall<T>(page: Page, path: string, body?: unknown): Promise<Envelope<T>> {
  const token = await cookie(page, "x-tr-token");
  const headers: Record<string, string> = token ? { "x-hbi-token": token } : {};
  const request = page.context().request;
  const response = body === undefined ? await request.get(`/api${path}`, { headers }) : await request.post(`/api${path}`, { headers, data: body });
  return (await response.json()) as Envelope<T>;
}

/** The i-th valid unified social credit code (GB 32100 check character) of this run, in Xi'an's Yanta district. */
export function runCreditCode(i: number): string {
  const chars = "0123456789ABCDEFGHJKLMNPQRTUWXY";
  const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  const first17 = `91610113${String((Date.now() + i) % 1_000_000_000).padStart(9, "0")}`;
  const sum = weights.reduce((acc, w, k) => acc + chars.indexOf(first17[k]!) * w, 0);
  return first17 + chars[(31 - (sum % 31)) % 31];
}

/** Calls the API with the browser's token (cookie x-tr-token in header x-hbi-token). */
export async function api<T>(page: Page, path: string): Promise<T> {
  const token = await cookie(page, "x-tr-token");
  const response = await page.context().request.get(`/api${path}`, { headers: token ? { "x-hbi-token": token } : {} });
  return (await response.json()) as T;
}

/**
 * Switches the language from the header as a person does. Off the login page that reloads; answers once the
 * app stands again in the new language (it renders after its texts are in, a moment after the load event).
 */
export async function switchLanguage(page: Page, lang: "zh-CN" | "en-US") {
  await page.getByTestId("language-switch").click();
  await Promise.all([page.waitForEvent("load"), page.getByTestId(`lang-${lang}`).click()]);
  await expect.poll(() => page.getAttribute("html", "lang"), { timeout: 10_000 }).toBe(lang);
  await page.getByTestId("language-switch").waitFor();
}

/** Opens a screen through the side menu, expanding the directories on the way (names as shown). */
export async function openFromMenu(page: Page, names: string[]) {
  const menu = page.getByTestId("side-menu");
  // the app renders once its texts are in (after a reload, a moment after the page's load event): the
  // first name shown means the menu stands with its open groups, and only then is "already open" true
  await menu.getByText(names[0]!, { exact: true }).waitFor();
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
 * A fresh browser (cold cache, no cookies, empty storage) for every test of a file, signed out: `use` is
 * handed each one as it opens, and it is closed after its test.
 */
export function browserPerTest(baseUrl: string, use: (browser: Browser) => void) {
  let current: Browser | undefined;
  beforeEach(async () => {
    current = await openBrowser(baseUrl);
    use(current);
  });
  afterEach(async () => {
    await current?.close();
  });
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
/** Where a failed test's screenshot goes: test-artifacts/<file>-failed-<test name>.png. */
export const failureShot = (file: string, test: string) =>
  `test-artifacts/${file.replace(/^.*\//, "").replace(/\.e2e\.ts$/, "")}-failed-${test.slice(0, 32).replace(/[^\p{L}\p{N}]+/gu, "-")}.png`;

export function signedInBrowser(baseUrl: string, account = admin): { readonly page: Page; readonly browser: Browser } {
  let browser: Browser | undefined;
  beforeAll(async () => {
    mkdirSync("test-artifacts", { recursive: true });
    browser = await openBrowser(baseUrl);
    await signIn(browser.page, account);
  });
  afterEach(async (context) => {
    const page = browser?.page;
    if (!page) return;
    // a failed test leaves the screen it failed on, named by its file and its own name
    if (context.task.result?.state === "fail") await page.screenshot({ path: failureShot(context.task.file?.name ?? "e2e", context.task.name), fullPage: true }).catch(() => {});
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

/** On /todoCheck: approves the open task with `comment` (in Chinese) and waits until its actions are gone. */
export async function approveOpenTask(page: Page, comment: string) {
  const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });
  await page.getByTestId("task-actions").getByRole("button", { name: "同意", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "同意" });
  await dialog.getByLabel("审批意见").fill(comment);
  await dialog.getByRole("button", { name: "同意", exact: true }).click();
  await poll(() => dialog.count()).toBe(0);
  await poll(() => page.getByTestId("task-actions").getByRole("button", { name: "同意", exact: true }).count()).toBe(0);
}
