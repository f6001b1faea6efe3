/**
 * What a person reads while filling a form and finding a screen, in both languages: a failed save leaves its
 * error text in view (the first invalid field gets focus, its picker list stays shut), a negative amount is
 * refused naming the field and the bound, the date picker's header reads 2026年11月 in Chinese and
 * "November 2026" in English, and the command palette's subtitles are in the language shown.
 */
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { signedInBrowser } from "./browser.ts";

const baseUrl = inject("baseUrl");
const session = signedInBrowser(baseUrl);
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });

async function useLanguage(page: Page, lang: "zh-CN" | "en-US") {
  await page.context().addCookies([{ name: "language", value: lang, url: baseUrl }]);
}

/** Opens a list screen's add dialog. */
async function addDialog(page: Page, path: string) {
  await page.goto(path);
  await page.getByTestId("add-record").click();
  await page.getByTestId("save-record").waitFor();
}

describe.each(["zh-CN", "en-US"] as const)("form feedback (%s)", (lang) => {
  it("a failed save focuses the first invalid field without opening its list over the error", async () => {
    const page = session.page;
    await useLanguage(page, lang);
    // the production schedule's first field is a required project picker
    await addDialog(page, "/enterprise/prodschedule");
    await page.getByTestId("save-record").click();
    const error = page.locator(".mantine-Modal-content .mantine-InputWrapper-error").first();
    await error.waitFor();
    expect(await error.textContent()).toMatch(lang === "zh-CN" ? /不能为空$/ : /cannot be empty$/);
    // the focused field is the first invalid one, and no option list is open
    await poll(() => page.evaluate<boolean>(`!!document.activeElement?.closest(".mantine-InputWrapper-root")?.querySelector(".mantine-InputWrapper-error")`)).toBe(true);
    await page.waitForTimeout(400);
    expect(await page.locator(".mantine-Combobox-dropdown:visible, [role=listbox]:visible").count()).toBe(0);
    // nothing covers the error text: the element at its centre is the error itself
    const box = (await error.boundingBox())!;
    const onTop = await page.evaluate<string>(`document.elementFromPoint(${box.x + Math.min(20, box.width / 2)}, ${box.y + box.height / 2})?.textContent ?? ""`);
    expect(onTop).toBe(await error.textContent());
  });

  it("a negative investment is refused naming the field and the rule", async () => {
    const page = session.page;
    await useLanguage(page, lang);
    await addDialog(page, "/enterprise/projecttrack");
    await page.locator('.mantine-Modal-content input[name="completedInvestment"]').fill("-50");
    await page.getByTestId("save-record").click();
    const error = page.locator('.mantine-Modal-content [data-field="completedInvestment"]').locator("xpath=ancestor::div[contains(@class,'mantine-InputWrapper-root')][1]").locator(".mantine-InputWrapper-error");
    await poll(() => error.textContent()).toBe(lang === "zh-CN" ? "累计完成投资(万元)不能小于 0" : "Investment to date (10k CNY) cannot be less than 0");
  });

  it("the date picker's header reads as the language writes a month", async () => {
    const page = session.page;
    await useLanguage(page, lang);
    await addDialog(page, "/enterprise/projecttrack");
    await page.locator('.mantine-Modal-content button[data-field="trackDate"], .mantine-Modal-content [data-field="trackDate"]').first().click();
    const level = page.locator(".mantine-DatePickerInput-calendarHeaderLevel:visible, .mantine-CalendarHeader-calendarHeaderLevel:visible, [class*=calendarHeaderLevel]:visible").first();
    await level.waitFor();
    const text = (await level.textContent())?.trim() ?? "";
    expect(text).toMatch(lang === "zh-CN" ? /^\d{4}年\d{1,2}月$/ : /^[A-Z][a-z]+ \d{4}$/);
    // one level up: the year
    await level.click();
    await poll(async () => (await level.textContent())?.trim()).toMatch(lang === "zh-CN" ? /^\d{4}年$/ : /^\d{4}$/);
  });

  it("the command palette's subtitles are in the language shown", async () => {
    const page = session.page;
    await useLanguage(page, lang);
    await page.goto("/home");
    // the shortcut is heard once the shell is drawn
    await page.getByTestId("home-welcome").waitFor();
    await page.keyboard.press("Control+K");
    await page.getByTestId("palette-search").waitFor();
    await page.keyboard.type(lang === "zh-CN" ? "字典" : "dictionar");
    await poll(() => page.getByTestId("palette-item").count()).toBeGreaterThan(0);
    const descriptions = await page.locator('[data-testid="palette-item"] .mantine-Spotlight-actionDescription').allTextContents();
    expect(descriptions.length).toBeGreaterThan(0);
    const foreign = lang === "zh-CN" ? /[A-Za-z]{3}/ : /[\u4e00-\u9fff]/;
    expect(descriptions.filter((d) => foreign.test(d))).toEqual([]);
    await page.keyboard.press("Escape");
  });
});
