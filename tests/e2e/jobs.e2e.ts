/**
 * 定时任务 and 任务日志 in a real browser: the seeded noon job with its cron reading and next run; a new job
 * made through the form (handler picked by its label, a preset cron with its reading and next five runs);
 * pausing and resuming it; running it now and finding the run in its logs, with the detail drawer.
 */
import { beforeAll, describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { signedInBrowser } from "./browser.ts";

const session = signedInBrowser(inject("baseUrl"));
let page: Page;
beforeAll(() => {
  page = session.page;
});

const poll = <T>(fn: () => Promise<T> | T, timeout = 20_000) => expect.poll(fn, { timeout });
const jobName = `端到端任务${Date.now().toString(36)}`;
const row = (name: string) => page.getByTestId("job-row").filter({ hasText: name });

describe("scheduled jobs (定时任务)", () => {
  it("shows the seeded noon job with its cron reading, next run and the counts", async () => {
    await page.goto("/job/schedule");
    await page.getByTestId("job-screen").waitFor();
    const noon = row("每天中午清理过期导入结果");
    await noon.waitFor();
    await expect(noon.textContent()).resolves.toContain("0 0 12 * * ?");
    await poll(() => noon.getByTestId("job-cron-reading").textContent()).toMatch(/12:00/);
    await poll(() => noon.getByTestId("job-next-run").textContent()).toMatch(/^\d{4}-\d{2}-\d{2}[ T]12:00/);
    expect(await noon.getByTestId("job-status").getAttribute("data-status")).toBe("normal");
    await poll(() => page.getByTestId("job-counts").locator('[data-count="total"]').count()).toBe(1);
    await page.screenshot({ path: "test-artifacts/jobs-list.png", fullPage: true });
  });

  it("creates a job through the form: handler by label, a preset with its reading and next five runs", async () => {
    await page.getByTestId("job-add").click();
    const form = page.getByTestId("job-form");
    await page.getByTestId("job-name").fill(jobName);
    await page.getByTestId("job-group").fill("e2e");
    await page.getByTestId("job-handler").click();
    await page.getByRole("option", { name: /清理 90 天前的任务日志/ }).click();
    await form.getByTestId("cron-preset-presetFiveMinutes").click();
    await poll(() => page.getByTestId("job-cron").inputValue()).toBe("0 */5 * * * ?");
    await page.locator('[data-testid="cron-preview"][data-cron="0 */5 * * * ?"]').waitFor();
    await poll(() => page.getByTestId("cron-next").locator("li").count()).toBe(5);
    await expect(page.getByTestId("cron-reading").textContent()).resolves.toMatch(/5/);
    // a broken expression is read as invalid, then put right again
    await page.getByTestId("job-cron").fill("61 * * * *");
    await poll(() => page.getByTestId("job-cron").getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByTestId("cron-preview").count()).toBe(0);
    await form.getByTestId("cron-preset-presetFiveMinutes").click();
    await page.locator('[data-testid="cron-preview"][data-cron="0 */5 * * * ?"]').waitFor();
    await page.screenshot({ path: "test-artifacts/jobs-form.png", fullPage: true });
    await page.getByTestId("job-save").click();
    await poll(() => form.isVisible()).toBe(false);
    await row(jobName).waitFor();
    expect(await row(jobName).getByTestId("job-status").getAttribute("data-status")).toBe("normal");
    await poll(() => row(jobName).getByTestId("job-next-run").textContent()).toMatch(/^\d{4}-\d{2}-\d{2}/);
  });

  it("pauses and resumes the job after a confirmation", async () => {
    await row(jobName).getByTestId("job-pause").click();
    await expect(page.getByTestId("confirm-text").textContent()).resolves.toContain(jobName);
    await page.getByTestId("confirm-ok").click();
    await poll(() => row(jobName).getByTestId("job-status").getAttribute("data-status")).toBe("paused");
    await expect(row(jobName).getByTestId("job-next-run").textContent()).resolves.toBe("—");
    await row(jobName).getByTestId("job-resume").click();
    await page.getByTestId("confirm-ok").click();
    await poll(() => row(jobName).getByTestId("job-status").getAttribute("data-status")).toBe("normal");
    await poll(() => row(jobName).getByTestId("job-next-run").textContent()).toMatch(/^\d{4}-\d{2}-\d{2}/);
  });

  it("runs the job now and finds the run in its logs, with the detail", async () => {
    await row(jobName).getByTestId("job-run").click();
    await page.getByTestId("confirm-ok").click();
    await poll(() => page.locator(".mantine-Notification-root").count()).toBeGreaterThan(0);
    await row(jobName).getByTestId("job-logs").click();
    await page.waitForURL((url) => url.pathname === "/job/schedulelog" && url.searchParams.has("jobId"));
    await page.getByTestId("joblog-screen").waitFor();
    const logs = page.getByTestId("joblog-row");
    await poll(() => logs.count()).toBe(1);
    await expect(logs.first().textContent()).resolves.toContain(jobName);
    await expect(logs.first().textContent()).resolves.toContain("手动");
    await poll(() => logs.first().getByTestId("log-status").getAttribute("data-status")).toBe("success");
    await logs.first().getByTestId("joblog-open").click();
    const drawer = page.getByTestId("log-drawer");
    await poll(() => drawer.getByTestId("log-message").textContent()).toContain("removed");
    await expect(drawer.textContent()).resolves.toContain("systemTask.purgeJobLogs");
    await page.screenshot({ path: "test-artifacts/jobs-log.png", fullPage: true });
    await page.keyboard.press("Escape");
    // the status filter: no failed run of this job
    await page.getByTestId("joblog-status").click();
    await page.getByRole("option", { name: "失败" }).click();
    await page.getByTestId("joblog-search").click();
    await poll(() => logs.count()).toBe(0);
  });

  it("reads the cron expression and labels the screen in English", async () => {
    await page.goto("/job/schedule");
    await page.getByTestId("language-switch").click();
    await Promise.all([page.waitForEvent("load"), page.getByTestId("lang-en-US").click()]);
    await poll(() => page.getAttribute("html", "lang")).toBe("en-US");
    const noon = row("每天中午清理过期导入结果");
    await poll(() => noon.getByTestId("job-cron-reading").textContent()).toMatch(/^At 12:00/);
    await expect(noon.getByTestId("job-status").textContent()).resolves.toBe("Normal");
    await expect(page.getByTestId("job-table").textContent()).resolves.toContain("Next run");
    await page.getByTestId("language-switch").click();
    await Promise.all([page.waitForEvent("load"), page.getByTestId("lang-zh-CN").click()]);
  });
});
