/**
 * The command palette in a real browser, keyboard only: Ctrl+K opens it anywhere, pinyin initials find a
 * screen and Enter opens it, an English name works too, a permitted "new …" action opens the list's add
 * dialog, a record opened lately is offered, Escape closes, and Ctrl+K again toggles it.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { signedInBrowser, pathOf } from "./browser.ts";

// one signed-in browser for the whole file: each step builds on the one before
const session = signedInBrowser(inject("baseUrl"));
let page: Page;
beforeAll(() => {
  page = session.page;
});

/** The machine may be busy: polls wait up to 10 s. */
const wait = { timeout: 10_000 };
const searchBox = () => page.getByTestId("palette-search");
const items = () => page.getByTestId("palette-item");
const selected = () => page.locator('[data-testid="palette-item"][data-selected]');

async function openPalette() {
  await page.keyboard.press("Control+K");
  await searchBox().waitFor();
  await expect.poll(() => page.evaluate<string>(`document.activeElement?.getAttribute("data-testid") ?? ""`), wait).toBe("palette-search");
}

/** Types a query and waits until the best match, `expected`, is the selected one. */
async function typeQuery(text: string, expected: string) {
  await page.keyboard.type(text);
  await expect.poll(() => selected().getAttribute("data-entry"), wait).toBe(expected);
  expect(await selected().count()).toBe(1);
}

describe("command palette (Ctrl+K)", () => {
  it("opens with Ctrl+K from the home screen, listing the menu's screens and the shortcut hint in the header", async () => {
    expect(await page.getByTestId("palette-open").textContent()).toMatch(/搜索.*Ctrl/);
    await openPalette();
    const entries = await items().evaluateAll((list) => list.map((e) => e.getAttribute("data-entry")));
    expect(entries).toEqual(expect.arrayContaining(["screen:/sys/dict", "screen:/sys/user", "new:/sys/dict", "command:lock"]));
    await page.screenshot({ path: "test-artifacts/palette-open.png" });
    await page.keyboard.press("Escape");
    await searchBox().waitFor({ state: "hidden" });
  });

  it("finds 字典管理 by its pinyin initials and opens it with Enter", async () => {
    await openPalette();
    await typeQuery("zdgl", "screen:/sys/dict");
    expect(await selected().textContent()).toContain("字典管理");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/sys/dict");
    await page.getByTestId("record-table").waitFor();
    await searchBox().waitFor({ state: "hidden" });
  });

  it("moves with the arrow keys and finds a screen by its English name", async () => {
    await openPalette();
    // "gl" (管理) matches many screens, whatever else the other browser tests changed meanwhile
    await page.keyboard.type("gl");
    await expect.poll(() => items().count(), wait).toBeGreaterThan(1);
    // on a busy machine rendering lags behind the keys: wait until the list is the one for "gl" and its
    // first entry is selected (a list for "g" still showing would be replaced, and its selection with it)
    await expect.poll(() => searchBox().inputValue(), wait).toBe("gl");
    await expect.poll(async () => (await items().first().getAttribute("data-entry")) === (await selected().getAttribute("data-entry")), wait).toBe(true);
    const first = await selected().getAttribute("data-entry");
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => selected().getAttribute("data-entry"), wait).not.toBe(first);
    await page.keyboard.press("ArrowUp");
    await expect.poll(() => selected().getAttribute("data-entry"), wait).toBe(first);
    await page.keyboard.press("Control+A");
    await page.keyboard.press("Backspace");
    await typeQuery("config", "screen:/sys/config");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/sys/config");
  });

  it("runs a permitted action: 新增字典 opens the dictionary list with its add dialog", async () => {
    await openPalette();
    await typeQuery("xzzd", "new:/sys/dict");
    expect(await selected().textContent()).toContain("新增字典");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/sys/dict");
    await page.getByTestId("record-dialog").waitFor();
    await page.keyboard.press("Escape");
    await page.getByTestId("record-dialog").waitFor({ state: "hidden" });
  });

  it("offers a record opened lately, and Ctrl+K toggles the palette", async () => {
    const first = page.getByTestId("record-row").first();
    await first.getByTestId("edit-record").click();
    await page.getByTestId("record-dialog").waitFor();
    const name = await page.getByTestId("record-dialog").locator('input[name="name"]').inputValue();
    await page.keyboard.press("Escape");
    await page.getByTestId("record-dialog").waitFor({ state: "hidden" });
    await openPalette();
    const recent = page.locator('[data-testid="palette-item"][data-entry^="recent:/sys/sysdict:"]');
    await expect.poll(() => recent.count(), wait).toBeGreaterThan(0);
    if (name) expect(await recent.first().textContent()).toContain(name);
    await page.keyboard.press("Control+K");
    await searchBox().waitFor({ state: "hidden" });
    expect(pathOf(page)).toBe("/sys/dict");
  });
});
