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
const session = signedInBrowser(baseUrl);

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
        const range = document.createRange();
        range.selectNodeContents(th);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) problems.push(\`\${name}: header "\${th.textContent?.trim()}" breaks over \${tops.size} lines\`);
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

/** Waits until the screen has drawn its data: no loader or overlay left, the layout settled. */
async function settled(page: Page) {
  // some lists poll while a run is going: network quiet is waited for briefly, the loaders for real
  await page.waitForLoadState("networkidle", { timeout: 3_000 }).catch(() => {});
  for (let i = 0; i < 40 && (await page.locator(".mantine-Loader-root:visible, .mantine-LoadingOverlay-root:visible").count()) > 0; i++) await page.waitForTimeout(250);
  await page.waitForTimeout(150);
}

async function screens(page: Page) {
  const nav = await api<{ code: number; data: { menuList: MenuEntry[] } }>(page, "/sys/menu/nav");
  expect(nav.code).toBe(0);
  // embedded frames show another site's page, not ours
  return menuRoutes(nav.data.menuList).filter((route) => !route.iframe);
}

describe.each(["zh-CN", "en-US"] as const)("every menu screen fits 1440×900 (%s)", (lang) => {
  it("no sideways scroll, no cut-off row action, one-line headers, badges as labels", { timeout: 900_000 }, async () => {
    const page = session.page;
    await page.context().addCookies([{ name: "language", value: lang, url: baseUrl }]);
    const routes = await screens(page);
    expect(routes.length).toBeGreaterThan(30);
    const found: string[] = [];
    let tables = 0;
    for (const route of routes) {
      await page.goto(route.path + (Object.keys(route.query).length ? `?${new URLSearchParams(route.query)}` : ""));
      await settled(page);
      expect(await page.getAttribute("html", "lang"), route.path).toBe(lang);
      tables += await page.locator("main table").count();
      for (const problem of await layoutProblems(page)) found.push(`${route.path} (${route.title[lang]}): ${problem}`);
    }
    expect(tables, "the visited screens drew their tables").toBeGreaterThan(20);
    expect(found).toEqual([]);
  });
});
