/**
 * What the product seeds, read in English (en-US): divisions, departments, roles and users in their lists, the
 * organisation tree, the seeded process models' names and descriptions, their diagram's labels and their start
 * form's labels — none still showing a seeded Chinese name, none with Chinese characters where only seeded
 * names are shown.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { seededEnglish } from "../../events/seed/seeded-english.ts";
import { signedInBrowser, switchLanguage } from "./browser.ts";

const session = signedInBrowser(inject("baseUrl"));
let page: Page;

const han = /\p{Script=Han}/u;
const poll = <T>(fn: () => Promise<T> | T, timeout = 20_000) => expect.poll(fn, { timeout });
/** Texts still showing a seeded Chinese name (others' records may be Chinese: they were typed so). */
const untranslated = (texts: string[]) => texts.map((t) => t.trim()).filter((t) => seededEnglish.has(t));


beforeAll(() => {
  page = session.page;
});
afterAll(async () => {
  // the session's other files read Chinese
  await switchLanguage(page, "zh-CN").catch(() => {});
});

describe("seeded names in English", () => {
  it("switches the screens to English", async () => {
    await page.goto("/flowable/model");
    await switchLanguage(page, "en-US");
    await poll(() => page.getAttribute("html", "lang")).toBe("en-US");
  });

  it("lists divisions, departments, roles and users by their English names", async () => {
    const expected: [string, string][] = [["/sys/area", "Shaanxi Province"], ["/sys/department", "Xi'an Market Supervision Administration"], ["/sys/role", "Department staff"], ["/sys/user", "Zhang Wei"]];
    for (const [path, name] of expected) {
      await page.goto(path);
      const cells = page.locator('[data-testid="record-row"] td[data-column="name"]');
      await poll(() => cells.allTextContents(), 30_000).toContain(name);
      const names = await cells.allTextContents();
      expect(untranslated(names), path).toEqual([]);
      if (path === "/sys/area") expect(names.filter((n) => han.test(n))).toEqual([]);
    }
  });

  it("shows the organisation tree in English", async () => {
    await page.goto("/sys/org");
    const tree = page.getByTestId("org-tree");
    await poll(() => tree.textContent(), 30_000).toContain("Shaanxi Enterprise Service Centre");
    expect(han.test((await tree.textContent()) ?? "")).toBe(false);
  });

  it("names the seeded process models, their diagram and their start form in English", async () => {
    // the seeded models only: other test files may have added models named in Chinese, shown as typed
    await page.goto("/flowable/model?size=100");
    const expense = page.locator('[data-testid="models-row"][data-model-key="expense"]');
    await poll(() => expense.textContent(), 30_000).toContain("Expense claim");
    const seededKeys = ["expense", "financApply", "listingApply", "serviceApply", "justiceApply", "mattersApply"];
    const nameCells = await Promise.all(seededKeys.map((key) => page.locator(`[data-testid="models-row"][data-model-key="${key}"] td[data-column="name"]`).textContent()));
    expect(nameCells.every((n) => !!n && n.length > 0)).toBe(true);
    expect(nameCells.filter((n) => han.test(n ?? ""))).toEqual([]);

    await expense.getByTestId("model-diagram").click();
    const labels = page.locator('[data-testid="model-diagram-dialog"] svg text');
    await poll(() => labels.allTextContents(), 30_000).toContain("Joint review");
    const texts = (await labels.allTextContents()).filter((t) => t.trim());
    expect(texts.length).toBeGreaterThan(5);
    expect(texts.filter((t) => han.test(t))).toEqual([]);
    await page.keyboard.press("Escape");

    await expense.getByTestId("model-start").click();
    const dialog = page.getByTestId("start-dialog");
    await poll(() => dialog.textContent(), 30_000).toContain("Amount claimed");
    const formLabels = await dialog.locator("label").allTextContents();
    expect(formLabels.join(" ")).toContain("Reason");
    expect(formLabels.filter((t) => han.test(t))).toEqual([]);
    expect(han.test((await dialog.locator(".mantine-Modal-title").textContent()) ?? "")).toBe(false);
    await page.keyboard.press("Escape");
  });
});
