/**
 * A member of staff's casework from plan to statistics, at 1440×900, in Chinese and then in English: yangli
 * (department staff, no other tasks) plans a visit to one enterprise assigned to herself with a window ending
 * today and distributes it; an administrator runs the reminders' registered handler (taskReminder.run) from
 * the scheduled jobs screen; the reminder reaches her message centre and her task list; from her own task row
 * on 消息任务 she checks in (location allowed) and records the visit with a demand; the board moves the task
 * from not started to done and the visit statistics count one visit more. Both browsers keep China's clock,
 * the day the server decides task states by.
 */
import { mkdirSync } from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { apiCall, type Browser, openBrowser, runCreditCode, signIn, switchLanguage } from "./browser.ts";
import type { Lang } from "../../events/i18n.ts";

const baseUrl = inject("baseUrl");
const staff = { userNo: "yangli", password: "Demo@123456" };
const timezoneId = "Asia/Shanghai";
const suffix = Date.now().toString(36);
const jobName = `端到端任务提醒${suffix}`;
const poll = <T>(fn: () => Promise<T> | T, timeout = 30_000) => expect.poll(fn, { timeout });

let staffBrowser: Browser;
let adminBrowser: Browser;
let page: Page;
let adminPage: Page;

/** One enterprise per language, with coordinates so the check-in has a distance. */
const enterprises: Record<Lang, { creditCode: string; entName: string; longitude: number; latitude: number }> = {
  "zh-CN": { creditCode: runCreditCode(41), entName: `旅程走访科技有限公司${suffix}`, longitude: 108.9402, latitude: 34.2583 },
  "en-US": { creditCode: runCreditCode(42), entName: `旅程回访科技有限公司${suffix}`, longitude: 108.9502, latitude: 34.2483 },
};

const texts: Record<Lang, { assignee: RegExp; distributes: string; demandType: string; demandTypeOption: string }> = {
  "zh-CN": { assignee: /杨丽 \(yangli\)/, distributes: "1 家企业 × 1 名执行人员生成 1 个任务", demandType: "诉求类型", demandTypeOption: "融资" },
  "en-US": { assignee: /\(yangli\)/, distributes: "1", demandType: "Demand type", demandTypeOption: "Financing" },
};

beforeAll(async () => {
  mkdirSync("test-artifacts", { recursive: true });
  [staffBrowser, adminBrowser] = await Promise.all([openBrowser(baseUrl, { timezoneId }), openBrowser(baseUrl, { timezoneId })]);
  page = staffBrowser.page;
  adminPage = adminBrowser.page;
  await signIn(adminPage);
  await signIn(page, staff);
  for (const e of Object.values(enterprises)) {
    const saved = await apiCall(adminPage, "/common/enenterprisebasicinfo/save", { ...e, areaCode: "610113" });
    expect(saved.code, JSON.stringify(saved)).toBe(0);
  }
  // the administrator's job naming the reminders' registered handler (run by hand below)
  const job = await apiCall(adminPage, "/job/schedule/save", { jobName, jobGroup: "e2e", beanName: "taskReminder", methodName: "run", cronExpression: "0 0 12 * * ?", params: {} });
  expect(job.code, JSON.stringify(job)).toBe(0);
});

afterEach(async (context) => {
  if (context.task.result?.state !== "fail") return;
  await page.screenshot({ path: `test-artifacts/casework-journey-failed-${context.task.name.slice(0, 5)}.png`, fullPage: true }).catch(() => {});
  // what a failed step left open over the page is dismissed, so the next language starts clean
  for (let i = 0; i < 3 && (await page.locator(".mantine-Modal-overlay, .mantine-Drawer-overlay").count()) > 0; i++) await page.keyboard.press("Escape");
});

afterAll(async () => {
  await Promise.all([staffBrowser?.close(), adminBrowser?.close()]);
});


/** Picks today (China's day: the browser keeps China's clock) in the open date picker, going back a month if needed. */
async function pickToday() {
  const previous = page.locator('button[data-direction="previous"]:visible');
  const today = page.locator("button[data-today]:not([data-outside]):visible");
  await previous.waitFor();
  if ((await today.count()) === 0) await previous.click();
  await today.click();
}

async function makePlan(lang: Lang, title: string) {
  const { entName } = enterprises[lang];
  await page.goto("/task/plan");
  await page.getByTestId("plans-screen").waitFor();
  await page.getByTestId("plan-add").click();
  await page.getByTestId("plan-form").waitFor();
  await page.getByTestId("plan-title").fill(title);
  await page.getByTestId("plan-end").click();
  await pickToday();
  await page.getByTestId("plan-assignees").click();
  await page.getByRole("option", { name: texts[lang].assignee }).click();
  await page.keyboard.press("Escape");
  const picker = page.getByTestId("plan-enterprise-picker").locator("input").first();
  await picker.click();
  await picker.pressSequentially(entName.slice(0, 6), { delay: 40 });
  await page.getByRole("option").filter({ hasText: suffix }).filter({ hasText: entName.slice(0, 4) }).first().click();
  await poll(() => page.getByTestId("plan-target").count()).toBe(1);
  await page.getByTestId("plan-save").click();
  await poll(() => page.getByTestId("plan-form").isVisible()).toBe(false);
  await page.getByTestId("plans-row").filter({ hasText: title }).waitFor();
}

async function distribute(lang: Lang, title: string) {
  await page.goto("/task/distribution");
  await page.getByTestId("distribution-screen").waitFor();
  const row = page.getByTestId("distribution-row").filter({ hasText: title });
  await row.getByTestId("plan-distribute").click();
  await poll(() => page.getByTestId("distribute-text").textContent()).toContain(texts[lang].distributes);
  await page.getByTestId("distribute-ok").click();
  await poll(() => page.getByTestId("distribute-progress").getAttribute("data-phase")).toBe("done");
  await page.getByTestId("distribute-close").click();
  await poll(() => row.getAttribute("data-distributed")).toBe("1");
}

/** The board of the plan: its counts by state. */
async function board(title: string) {
  await page.goto("/task/board");
  await page.getByTestId("board-screen").waitFor();
  await page.getByTestId("board-plan").click();
  await page.getByTestId("board-plan").pressSequentially(title.slice(-8), { delay: 30 });
  await page.getByRole("option", { name: title }).click();
  await poll(() => page.getByTestId("board-total").textContent()).toBe("1");
  const count = (state: string) => page.getByTestId(`board-state-${state}`).getAttribute("data-count");
  return { count };
}

/** The administrator runs the reminders' job now from the scheduled jobs screen. */
async function runReminders() {
  await adminPage.goto("/job/schedule");
  await adminPage.getByTestId("job-screen").waitFor();
  const row = adminPage.getByTestId("job-row").filter({ hasText: jobName });
  await row.getByTestId("job-run").click();
  await adminPage.getByTestId("confirm-ok").click();
  await poll(() => adminPage.locator(".mantine-Notification-root").count()).toBeGreaterThan(0);
}

async function visitFigure() {
  await page.goto("/workreport/visitstat");
  await page.getByTestId("visitstat-screen").waitFor();
  const figure = page.getByTestId("stat-figure-visits");
  await poll(async () => /^\d+$/.test((await figure.textContent()) ?? "")).toBe(true);
  return Number(await figure.textContent());
}

async function journey(lang: Lang) {
  const { entName, creditCode, latitude, longitude } = enterprises[lang];
  const title = `旅程计划${lang === "zh-CN" ? "甲" : "乙"}${suffix}`;
  const visitsBefore = await visitFigure();

  await makePlan(lang, title);
  await distribute(lang, title);
  const before = await board(title);
  await poll(() => before.count("notStarted")).toBe("1");
  expect(await before.count("done")).toBe("0");

  // the reminders run; the reminder reaches her message centre and her task list
  await runReminders();
  await page.goto("/msg/mine");
  await poll(async () => {
    await page.reload();
    await page.getByTestId("msg-row").first().waitFor();
    return page.getByTestId("msg-row").filter({ hasText: entName }).count();
  }).toBe(1);
  await page.screenshot({ path: `test-artifacts/casework-journey-message-${lang}.png`, fullPage: true });

  await page.goto(`/task/message?entName=${encodeURIComponent(entName)}`);
  await page.getByTestId("mytasks-screen").waitFor();
  await poll(() => page.getByTestId("task-reminders").textContent()).toContain(entName);
  const row = page.getByTestId("mytasks-row").filter({ hasText: title });
  await poll(() => row.count()).toBe(1);
  expect(await row.getAttribute("data-state")).toBe("notStarted");

  // check in at the enterprise from the task row, about 1 km away with the location allowed
  await staffBrowser.context.grantPermissions(["geolocation"]);
  await staffBrowser.context.setGeolocation({ latitude: latitude + 0.009, longitude });
  await row.getByTestId("task-check-in").click();
  const checkIn = page.getByTestId("checkin-dialog");
  await expect(checkIn.getByTestId("checkin-enterprise").textContent()).resolves.toBe(entName);
  await checkIn.getByTestId("checkin-locate").click();
  await poll(() => checkIn.getByTestId("checkin-location").getAttribute("data-state")).toBe("located");
  await checkIn.getByTestId("checkin-save").click();
  await checkIn.waitFor({ state: "detached" });
  const checkIns = await apiCall<{ distanceMeters: number | null }[]>(adminPage, `/common/encheckinrecord/list?creditCode=${creditCode}`);
  expect(checkIns.data).toHaveLength(1);
  expect(checkIns.data[0]!.distanceMeters).toBeGreaterThan(950);
  expect(checkIns.data[0]!.distanceMeters).toBeLessThan(1050);

  // record the visit with a demand from the same row: the task is done
  await row.getByTestId("task-record-visit").click();
  const form = page.getByTestId("visit-form");
  await form.getByTestId("visit-content").fill(lang === "zh-CN" ? "了解企业扩产计划，企业提出流动资金需求" : "Discussed the expansion; the enterprise needs working capital");
  await form.getByTestId("visit-detail-purpose").fill(lang === "zh-CN" ? "计划走访" : "Planned visit");
  await form.getByTestId("visit-demands").fill(lang === "zh-CN" ? "需要流动资金贷款约300万元" : "A working-capital loan of about 3 million yuan");
  await form.getByTestId("visit-demand-title").fill(lang === "zh-CN" ? "流动资金贷款" : "Working-capital loan");
  await form.getByLabel(texts[lang].demandType, { exact: true }).click();
  await page.getByRole("option", { name: texts[lang].demandTypeOption, exact: true }).click();
  await form.getByTestId("visit-to-portal").check();
  await page.screenshot({ path: `test-artifacts/casework-journey-visit-${lang}.png`, fullPage: true });
  await form.getByTestId("visit-save").click();
  await form.waitFor({ state: "detached" });
  await poll(() => row.getAttribute("data-state")).toBe("done");
  await expect(row.getByTestId("task-record-visit").count()).resolves.toBe(0);
  const demands = await apiCall<unknown[]>(adminPage, `/common/portalDemand/list?creditCode=${creditCode}`);
  expect(demands.data).toHaveLength(1);

  const after = await board(title);
  await poll(() => after.count("done")).toBe("1");
  expect(await after.count("notStarted")).toBe("0");
  await page.screenshot({ path: `test-artifacts/casework-journey-board-${lang}.png`, fullPage: true });

  await poll(() => visitFigure(), 40_000).toBe(visitsBefore + 1);
}

describe("a member of staff's casework: plan, reminder, check-in, visit, board, statistics", () => {
  it("zh-CN", async () => {
    await journey("zh-CN");
  }, 240_000);

  it("en-US", async () => {
    await switchLanguage(page, "en-US");
    await journey("en-US");
    await switchLanguage(page, "zh-CN");
  }, 240_000);
});
