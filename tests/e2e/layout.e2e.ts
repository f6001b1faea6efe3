/**
 * Every screen of the menu at 1440×900, in both languages: nothing runs past the right edge — no sideways
 * scroll of the page or of a table's container, every row-action button fully on screen, no table header
 * broken over two lines — and status badges read as their localized label (never upper-cased codes). The
 * screens come from the signed-in admin's own menu (the server's tree), not from a hand-picked list.
 */
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { menuRoutes, type MenuEntry } from "../../web/core/menu.ts";
import { api, signedInBrowser } from "./browser.ts";

const baseUrl = inject("baseUrl");
/**
 * What is wrong with the screen's layout now, as readable lines (empty when it fits). Run in the page (a
 * script, as these tests hold no DOM types).
 */
const layoutScript = `(() => {
    const problems = [];
    const viewport = document.documentElement.clientWidth;
    const root = document.scrollingElement ?? document.documentElement;
    if (root.scrollWidth > viewport + 1) problems.push(\`page scrolls sideways (\${root.scrollWidth}px > \${viewport}px)\`);
    const visible = (el) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden";
    };
    const main = document.querySelector("main") ?? document.body;
    for (const table of main.querySelectorAll("table")) {
      if (!visible(table)) continue;
      // the nearest box that clips the table: a table wider than it needs sideways scrolling
      let box = table.parentElement;
      while (box && box !== main && !/(auto|scroll|hidden)/.test(getComputedStyle(box).overflowX)) box = box.parentElement;
      const name = table.getAttribute("data-testid") ?? "table";
      if (box && box !== main && box.scrollWidth > box.clientWidth + 1) problems.push(\`\${name} scrolls sideways (\${box.scrollWidth}px in \${box.clientWidth}px)\`);
      for (const th of table.querySelectorAll("thead th")) {
        // the lines its text takes: the boxes of its text alone (a sort button or icon beside it sits a little higher)
        const boxes = [];
        const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const range = document.createRange();
          range.selectNodeContents(node);
          boxes.push(...[...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0));
        }
        boxes.sort((a, b) => a.top - b.top);
        const lines = boxes.filter((r, i) => i === 0 || r.top >= boxes[i - 1].top + r.height / 2).length;
        if (lines > 1) problems.push(\`\${name}: header "\${th.textContent?.trim()}" breaks over \${lines} lines\`);
      }
      for (const button of table.querySelectorAll("tbody button, tbody a[role=button]")) {
        if (!visible(button)) continue;
        const r = button.getBoundingClientRect();
        const clip = box && box !== main ? box.getBoundingClientRect() : { left: 0, right: viewport };
        if (r.left < Math.max(0, clip.left) - 1 || r.right > Math.min(viewport, clip.right) + 1) {
          problems.push(\`\${name}: row button "\${button.textContent?.trim()}" cut off (\${Math.round(r.left)}–\${Math.round(r.right)}px)\`);
        }
      }
    }
    for (const badge of document.querySelectorAll(".mantine-Badge-root")) {
      if (!visible(badge)) continue;
      if (getComputedStyle(badge).textTransform === "uppercase") problems.push(\`badge "\${badge.textContent}" upper-cased\`);
      // a raw status code (running, RUNNING) instead of its label
      const text = badge.textContent?.trim() ?? "";
      if (/^(running|suspended|finished|rejected|stopped|revoked|success|failure|failed|done|paused|draft|pending)$/i.test(text) && (text === text.toLowerCase() || text === text.toUpperCase())) {
        problems.push(\`badge shows the code "\${badge.textContent}"\`);
      }
    }
    return problems;
})()`;

async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(layoutScript);
}

/**
 * True once the screen at `path` is drawn with its data: the router has committed it (its tab is the active
 * one), and nothing in it is busy (a list's aria-busy, a loader, a loading overlay). Polling lists turn busy
 * again now and then, which is why this is asked of the page rather than of the network.
 */
const drawnScript = (path: string) => `(() => {
    if (location.pathname === "/404") return "missing";
    const active = document.querySelector('[data-testid=content-tabs] [data-tab-path][aria-selected=true]');
    if (!active || active.getAttribute("data-tab-path") !== ${JSON.stringify(path)}) return false;
    const main = document.querySelector("main");
    if (!main || !main.textContent?.trim()) return false;
    if (main.querySelector('[aria-busy=true]')) return false;
    const shown = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
    return [...document.querySelectorAll(".mantine-Loader-root, .mantine-LoadingOverlay-root")].some(shown) ? false : "drawn";
})()`;

/**
 * Opens a screen the way the side menu does (the router's history, no page reload) and waits, bounded, until
 * it is drawn: "drawn", "missing" (the menu names a screen the web app does not have: the shell shows /404),
 * or "stuck" (not drawn within 15 s).
 */
async function visit(page: Page, href: string, path: string): Promise<"drawn" | "missing" | "stuck"> {
  await page.evaluate(`(() => {
    const index = (history.state?.__TSR_index ?? 0) + 1;
    history.pushState({ ...history.state, __TSR_index: index, key: String(index) }, "", ${JSON.stringify(href)});
  })()`);
  const drawn = () =>
    page.waitForFunction(drawnScript(path), undefined, { timeout: 15_000, polling: 100 }).then(
      async (handle) => (await handle.jsonValue()) as "drawn" | "missing",
      () => "stuck" as const,
    );
  const first = await drawn();
  if (first !== "drawn") return first;
  // drawn twice a moment apart: a list that fetched its preferences then its rows is not caught in between
  await page.waitForTimeout(200);
  return drawn();
}

async function screens(page: Page) {
  const nav = await api<{ code: number; data: { menuList: MenuEntry[] } }>(page, "/sys/menu/nav");
  expect(nav.code).toBe(0);
  // embedded frames (menu entries with an external URL) show another site's page, not ours: not measured
  return menuRoutes(nav.data.menuList).filter((route) => !route.iframe);
}

describe.each(["zh-CN", "en-US"] as const)("every menu screen fits 1440×900 (%s)", (lang) => {
  const session = signedInBrowser(baseUrl);

  it("no sideways scroll, no cut-off row action, one-line headers, badges as labels", { timeout: 240_000 }, async () => {
    const page = session.page;
    await page.context().addCookies([{ name: "language", value: lang, url: baseUrl }]);
    await page.goto("/home");
    await page.getByTestId("home-welcome").waitFor();
    expect(await page.getAttribute("html", "lang")).toBe(lang);
    const routes = await screens(page);
    expect(routes.length).toBeGreaterThan(30);
    const found: string[] = [];
    const missing: string[] = [];
    const times: { path: string; ms: number }[] = [];
    let tables = 0;
    for (const route of routes) {
      const started = Date.now();
      const query = new URLSearchParams(route.query).toString();
      const name = `${route.path} (${route.title[lang]})`;
      const outcome = await visit(page, route.path + (query ? `?${query}` : ""), route.path);
      if (outcome === "missing") {
        missing.push(name);
        continue;
      }
      if (outcome === "stuck") {
        found.push(`${name}: not drawn within 15 s (now at ${new URL(page.url()).pathname})`);
        continue;
      }
      expect(await page.getAttribute("html", "lang"), route.path).toBe(lang);
      tables += await page.locator("main table").count();
      // a table fits itself one column at a time as its cells fill in (web/crud/RecordTable): under load that can
      // outlast the drawn check, so a problem counts only when it is still there a second later
      let problems = await layoutProblems(page);
      if (problems.length) {
        await page.waitForTimeout(1000);
        problems = await layoutProblems(page);
      }
      for (const problem of problems) found.push(`${name}: ${problem}`);
      times.push({ path: route.path, ms: Date.now() - started });
    }
    if (missing.length) console.log(`${lang}: menu entries without a screen in the web app (shown as /404):\n  ${missing.join("\n  ")}`);
    const slowest = times.sort((a, b) => b.ms - a.ms).slice(0, 3).map((t) => `${t.path} ${t.ms} ms`);
    console.log(`${lang}: ${times.length} of ${routes.length} menu screens measured; the slowest ${slowest.join(", ")}`);
    expect(tables, "the visited screens drew their tables").toBeGreaterThan(20);
    expect(found).toEqual([]);
  });
});
