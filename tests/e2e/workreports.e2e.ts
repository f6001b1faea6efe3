/**
 * Work reports in a real browser: 陈静 (chenjing) writes a daily report notifying her department's leader
 * 王芳 (wangfang); 王芳 opens it from her review list (which leaves her read receipt) and approves it with an
 * opinion; the data statistics show the departments' chart and export its table as xlsx; in English the
 * visit statistics label their charts and export too.
 */
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { api, signedInBrowser, switchUser } from "./browser.ts";

const demo = { password: "Demo@123456" };
const session = signedInBrowser(inject("baseUrl"), { userNo: "chenjing", ...demo });
let page: Page;

const poll = <T>(fn: () => Promise<T> | T, timeout = 20_000) => expect.poll(fn, { timeout });
const suffix = Date.now().toString(36).slice(-5);
const title = `浏览器日报${suffix}`;
// a day no demo report covers (the demo writes only recent periods), different on each run
const day = `2030-0${1 + (Date.now() % 9)}-${String(10 + (Date.now() % 18)).padStart(2, "0")}`;

async function expectXlsx(testId: string) {
  await page.getByTestId(testId).click();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId(`${testId}-xlsx`).click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const bytes = readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
}

describe("work reports", () => {
  it("a member of staff writes a daily report notifying her leader", async () => {
    page = session.page;
    await page.goto("/workreport/report");
    await page.getByTestId("report-screen").waitFor();
    await page.getByTestId("report-add").click();
    await page.getByTestId("report-form").waitFor();
    await page.getByTestId("report-type").click();
    await page.getByRole("option", { name: "日报", exact: true }).click();
    await page.getByTestId("report-period").fill(day);
    await page.getByTestId("report-title").fill(title);
    await page.getByTestId("report-content").fill("走访企业两家，协调融资需求一项");
    await page.getByTestId("report-next-plan").fill("跟进融资需求");
    await page.getByTestId("report-notify").click();
    await page.getByTestId("report-notify").fill("王芳");
    await page.getByRole("option", { name: /王芳/ }).first().click();
    await page.keyboard.press("Escape");
    await page.getByTestId("report-save").click();
    const row = page.getByTestId("report-row").filter({ hasText: title });
    await row.waitFor();
    await expect(row.locator("[data-status]").getAttribute("data-status")).resolves.toBe("submitted");
    await expect(row.getByTestId("report-read-count").textContent()).resolves.toBe("0/1");
    // the same day again is refused by name
    await page.getByTestId("report-add").click();
    await page.getByTestId("report-type").click();
    await page.getByRole("option", { name: "日报", exact: true }).click();
    await page.getByTestId("report-period").fill(day);
    await page.getByTestId("report-title").fill(`${title}-2`);
    await page.getByTestId("report-content").fill("重复");
    await page.getByTestId("report-save").click();
    await poll(() => page.getByTestId("report-form").textContent()).toContain("不能重复填写");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "放弃修改" }).click();
    await page.getByTestId("report-form").waitFor({ state: "detached" });
  });

  it("her leader opens it (leaving a read receipt) and approves it", async () => {
    await switchUser(page, { userNo: "wangfang", ...demo });
    await page.goto("/workreport/review");
    await page.getByTestId("review-screen").waitFor();
    const row = page.getByTestId("review-row").filter({ hasText: title });
    await row.waitFor();
    await row.getByTestId("review-open").click();
    const drawer = page.getByTestId("report-drawer");
    await poll(() => drawer.getByTestId("report-readers").locator("[data-read='1']").count()).toBe(1);
    await drawer.getByTestId("report-opinion").fill("情况清楚，同意");
    await drawer.getByTestId("report-approve").click();
    await poll(() => drawer.getByTestId("report-review").textContent()).toContain("情况清楚，同意");
    await page.keyboard.press("Escape");
    await poll(() => row.locator("[data-status]").getAttribute("data-status")).toBe("reviewed");
    const mine = await api<{ data: { title: string; status: string; readCount: number }[] }>(page, "/common/enworkreport/reviewList?scope=notified&limit=100");
    expect(mine.data.find((r) => r.title === title)).toMatchObject({ status: "reviewed", readCount: 1 });
  });

  it("the data statistics show the departments' chart and export its table", async () => {
    await page.goto("/workreport/datastat");
    await page.getByTestId("datastat-screen").waitFor();
    const card = page.getByTestId("stat-by-dept");
    await card.getByTestId("chart-by-dept").waitFor();
    await expect(card.getByTestId("chart-by-dept").getAttribute("data-chart")).resolves.toBe("bar");
    await poll(() => card.getByTestId("jgstat-row").count()).toBeGreaterThan(0);
    await poll(() => card.getByTestId("jgstat-table").textContent()).toContain("西安市工业和信息化局");
    await expectXlsx("jgstat-export");
    await page.screenshot({ path: "test-artifacts/workreports-datastat.png", fullPage: true });
  });

  it("in English, the visit statistics label their charts and export", async () => {
    await page.goto("/workreport/visitstat");
    await page.getByTestId("visitstat-screen").waitFor();
    await page.getByTestId("language-switch").click();
    await Promise.all([page.waitForEvent("load"), page.getByTestId("lang-en-US").click()]);
    await poll(() => page.getAttribute("html", "lang")).toBe("en-US");
    await page.getByTestId("visitstat-screen").waitFor();
    await poll(() => page.getByTestId("stat-visits-month").textContent()).toContain("Visits by month");
    await expect(page.getByTestId("stat-figures").textContent()).resolves.toContain("Enterprises visited");
    await expectXlsx("visitmonths-export");
    await page.goto("/workreport/report");
    await poll(() => page.getByTestId("report-table").textContent()).toContain("Period");
    await page.getByTestId("language-switch").click();
    await Promise.all([page.waitForEvent("load"), page.getByTestId("lang-zh-CN").click()]);
  });
});
