/**
 * Task plans in a real browser, as a member of staff (zhangwei) meets them: a plan made through the form
 * (staff and enterprises picked), distributed after the confirmation naming its task count, its tasks on the
 * board (counts by state) and in "my tasks", one followed up and the board moving by one; then the same
 * screens in English.
 */
import { beforeAll, describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { signedInBrowser, switchLanguage } from "./browser.ts";

const session = signedInBrowser(inject("baseUrl"), { userNo: "zhangwei", password: "Demo@123456" });
let page: Page;
beforeAll(() => {
  page = session.page;
});

const poll = <T>(fn: () => Promise<T> | T, timeout = 20_000) => expect.poll(fn, { timeout });
const title = `端到端走访计划${Date.now().toString(36)}`;
const planRow = () => page.getByTestId("plans-row").filter({ hasText: title });

/** Adds the first enterprise the picker offers for `search` that the plan does not name yet. */
async function pickEnterprise(search: string, not?: string) {
  const picker = page.getByTestId("plan-enterprise-picker").locator("input").first();
  await picker.click();
  await picker.pressSequentially(search, { delay: 40 });
  const offered = page.getByRole("option").filter({ hasText: search });
  const option = (not ? offered.filter({ hasNotText: not }) : offered).first();
  await option.waitFor();
  await option.click();
}

async function pickUser(name: RegExp) {
  await page.getByTestId("plan-assignees").click();
  await page.getByRole("option", { name }).click();
  await page.keyboard.press("Escape");
}

async function chooseBoardPlan() {
  await page.getByTestId("board-plan").click();
  await page.getByTestId("board-plan").pressSequentially(title.slice(-8), { delay: 30 });
  await page.getByRole("option", { name: title }).click();
}

const stateCount = (state: string) => page.getByTestId(`board-state-${state}`).getAttribute("data-count");


describe("task plans (任务计划)", () => {
  it("makes a plan with two staff and two enterprises through the form", async () => {
    await page.goto("/task/plan");
    await page.getByTestId("plans-screen").waitFor();
    await page.getByTestId("plan-add").click();
    await page.getByTestId("plan-form").waitFor();
    await page.getByTestId("plan-title").fill(title);
    // the owner is the signed-in person unless changed
    await poll(() => page.getByTestId("plan-owner").inputValue()).toMatch(/张伟/);
    await pickUser(/张伟 \(zhangwei\)/);
    await pickUser(/王芳 \(wangfang\)/);
    await pickEnterprise("西安天成");
    await pickEnterprise("科技", "西安天成");
    await poll(() => page.getByTestId("plan-target").count()).toBe(2);
    await page.screenshot({ path: "test-artifacts/tasks-plan-form.png", fullPage: true });
    await page.getByTestId("plan-save").click();
    await poll(() => page.getByTestId("plan-form").isVisible()).toBe(false);
    await planRow().waitFor();
    expect(await planRow().getAttribute("data-distributed")).toBe("0");
  });

  it("distributes it after a confirmation naming the tasks it makes, once", async () => {
    await page.goto("/task/distribution");
    await page.getByTestId("distribution-screen").waitFor();
    const row = page.getByTestId("distribution-row").filter({ hasText: title });
    await row.getByTestId("plan-distribute").click();
    await expect(page.getByTestId("distribute-text").textContent()).resolves.toContain("2 家企业 × 2 名执行人员生成 4 个任务");
    await page.getByTestId("distribute-ok").click();
    await poll(() => page.getByTestId("distribute-progress").getAttribute("data-phase")).toBe("done");
    await page.getByTestId("distribute-close").click();
    await poll(() => row.getAttribute("data-distributed")).toBe("1");
    await expect(row.getByTestId("plan-distribute").isDisabled()).resolves.toBe(true);
  });

  it("shows the plan's tasks on the board and mine in my tasks; following one up moves the board by one", async () => {
    await page.goto("/task/board");
    await page.getByTestId("board-screen").waitFor();
    await chooseBoardPlan();
    await poll(() => page.getByTestId("board-total").textContent()).toBe("4");
    await poll(() => stateCount("notStarted")).toBe("4");
    await page.screenshot({ path: "test-artifacts/tasks-board.png", fullPage: true });

    await page.goto("/task/message");
    await page.getByTestId("mytasks-screen").waitFor();
    await page.getByTestId("mytasks-entName").fill("西安天成");
    await page.getByTestId("mytasks-entName").press("Enter");
    const mine = page.getByTestId("mytasks-row").filter({ hasText: title });
    await mine.first().waitFor();
    await poll(() => mine.count()).toBe(1);
    await mine.getByTestId("task-start").click();
    await poll(() => mine.getAttribute("data-state")).toBe("inProgress");
    await expect(mine.getByTestId("task-state").textContent()).resolves.toBe("进行中");

    await page.goto("/task/board");
    await chooseBoardPlan();
    await poll(() => stateCount("inProgress")).toBe("1");
    expect(await stateCount("notStarted")).toBe("3");
    await page.getByTestId("board-tab-today").click();
    await poll(() => page.getByTestId("board-staff-row").count()).toBe(2);
  });

  it("shows the same screens in English", async () => {
    await page.goto("/task/board");
    await switchLanguage(page, "en-US");
    await page.getByTestId("board-screen").waitFor();
    await page.getByText("Tasks by state").waitFor();
    await page.getByTestId("board-tab-today").click();
    await page.getByRole("columnheader", { name: "Due today" }).waitFor();
    await page.goto("/task/message");
    await page.getByTestId("mytasks-screen").waitFor();
    const started = page.getByTestId("mytasks-row").filter({ hasText: title }).filter({ has: page.locator('[data-state="inProgress"]') });
    await page.getByTestId("mytasks-entName").fill("西安天成");
    await page.getByTestId("mytasks-entName").press("Enter");
    await poll(() => started.getByTestId("task-state").first().textContent()).toBe("In progress");
    await expect(page.getByTestId("task-finish").first().textContent()).resolves.toBe("Finish");
    await page.screenshot({ path: "test-artifacts/tasks-mine-en.png", fullPage: true });
    await switchLanguage(page, "zh-CN");
  });
});
