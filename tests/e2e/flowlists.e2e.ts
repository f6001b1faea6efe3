/**
 * The workflow lists at 1440×900 as the service staff and an administrator meet them on the seeded demo:
 * the to-do list names for every task the business record it is about and the applicant enterprise, who
 * handles it and when it came in (each task its own time); its filters, page and size live in the URL
 * (a reload shows the same list); it reads the same in English. The instance list and the monitor show
 * the same business and applicant; the monitor's task list follows the instance chosen above it.
 */
import { beforeAll, describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { api, signedInBrowser, switchLanguage, switchUser } from "./browser.ts";

const session = signedInBrowser(inject("baseUrl"));
let page: Page;
beforeAll(() => {
  page = session.page;
});

const poll = <T>(fn: () => Promise<T> | T, timeout = 15_000) => expect.poll(fn, { timeout });
const wangfang = { userNo: "wangfang", password: "Demo@123456" };

const todoRows = () => page.getByTestId("todo-row");
const cells = (testId: string) => page.getByTestId("todo-table").getByTestId(testId).allTextContents();

/** The row's buttons are on screen at 1440×900, not scrolled off beside a wide table. */
async function inView(testId: string) {
  const box = await page.getByTestId(testId).first().boundingBox();
  expect(box, testId).not.toBeNull();
  expect(box!.x + box!.width, `${testId} within the window`).toBeLessThanOrEqual(1440);
}


describe("the to-do list of the service staff", () => {
  it("names the business record, the applicant, the handler and each task's own time", async () => {
    await switchUser(page, wangfang);
    await page.goto("/flowable/todo");
    await page.getByTestId("todo-table").waitFor();
    await poll(() => todoRows().count()).toBeGreaterThan(3);
    const n = await todoRows().count();

    const handlers = await cells("todo-assignee");
    expect(handlers).toHaveLength(n);
    for (const handler of handlers) expect(handler.trim(), "every row names who handles it").not.toBe("");
    expect(handlers).toContain("部门人员");

    const business = await cells("flow-business");
    // applications and policy declarations are what the service staff approve
    for (const text of business) expect(text).toMatch(/申请|申报/);
    const applicants = await cells("flow-applicant");
    expect(applicants).toHaveLength(n);
    for (const text of applicants) expect(text.trim(), "every row names its applicant").not.toMatch(/^(—|)$/);

    const times = await cells("todo-created");
    for (const time of times) expect(time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(new Set(times).size, "each task came in at its own time").toBeGreaterThan(n / 2);
    // newest first
    expect([...times].sort().reverse()).toEqual(times);
    await inView("todo-open");
    await page.screenshot({ path: "test-artifacts/flowlists-todo.png", fullPage: true });
  });

  it("keeps its filter, page and size in the URL: a reload shows the same list", async () => {
    const first = (await page.getByTestId("todo-table").getByTestId("flow-business").first().textContent())!.trim().split(/\s/)[0]!;
    const process = (await todoRows().first().locator('[data-column="procDefName"]').textContent())!.trim();
    await page.getByTestId("todo-name").fill(process);
    await page.getByTestId("todo-search").click();
    await poll(() => new URL(page.url()).searchParams.get("name")).toBe(process);
    await poll(async () => (await todoRows().locator('[data-column="procDefName"]').allTextContents()).every((p) => p.includes(process))).toBe(true);
    const filtered = await todoRows().count();
    expect(filtered).toBeGreaterThan(0);
    await page.reload();
    await page.getByTestId("todo-table").waitFor();
    await poll(() => page.getByTestId("todo-name").inputValue()).toBe(process);
    await poll(() => todoRows().count()).toBe(filtered);
    expect(first).toMatch(/申请|申报/);
    // the size: 10 a page by default; 20 goes into the URL
    await page.goto("/flowable/todo?size=20");
    await page.getByTestId("todo-table").waitFor();
    await poll(() => todoRows().count()).toBeGreaterThan(3);
    expect(new URL(page.url()).searchParams.get("size")).toBe("20");
  });

  it("reads in English: the headers, the business kind and the same handlers and times", async () => {
    await page.goto("/flowable/todo");
    await page.getByTestId("todo-table").waitFor();
    await poll(() => todoRows().count()).toBeGreaterThan(3);
    const zhTimes = await cells("todo-created");
    await switchLanguage(page, "en-US");
    await page.getByTestId("todo-table").waitFor();
    await poll(() => todoRows().count()).toBeGreaterThan(3);
    const header = await page.getByTestId("todo-table").locator("thead").textContent();
    for (const title of ["Business", "Applicant", "Assignee", "Received"]) expect(header).toContain(title);
    await poll(async () => (await cells("flow-business")).every((b) => /application|request|declaration/i.test(b))).toBe(true);
    for (const handler of await cells("todo-assignee")) expect(handler.trim()).not.toBe("");
    expect(await cells("todo-created")).toEqual(zhTimes);
    await inView("todo-open");
    await page.screenshot({ path: "test-artifacts/flowlists-todo-en.png", fullPage: true });
    await switchLanguage(page, "zh-CN");
  });
});

describe("the home page's work tabs (the list kit)", () => {
  it("list the staff's pending tasks with a handle button and their messages with the status filter, in both languages", async () => {
    await page.goto("/home");
    const pending = page.getByTestId("msg-pending-row");
    await poll(() => pending.count()).toBeGreaterThan(0);
    await expect(pending.first().getByRole("button", { name: "办理" }).isVisible()).resolves.toBe(true);
    await page.getByRole("tab", { name: /我的消息/ }).click();
    await page.getByTestId("msg-table").waitFor();
    await page.getByTestId("msg-status").click();
    await page.getByRole("option", { name: "已读", exact: true }).click();
    await page.getByTestId("msg-search").click();
    // only read messages now (none has the unread badge), and nothing to choose for "mark read"
    await poll(() => page.getByTestId("msg-row").filter({ hasText: "未读" }).count()).toBe(0);
    expect(await page.getByTestId("msg-table").locator("tbody input[type=checkbox]:not([disabled])").count()).toBe(0);
    await switchLanguage(page, "en-US");
    await poll(() => pending.count()).toBeGreaterThan(0);
    const header = await page.getByTestId("msg-pending-table").locator("thead").textContent();
    for (const title of ["Process", "Current step", "Initiator", "Received"]) expect(header).toContain(title);
    await expect(pending.first().getByRole("button", { name: "Handle" }).isVisible()).resolves.toBe(true);
    await page.getByRole("tab", { name: /My initiations/ }).click();
    await page.getByTestId("msg-initiated-table").waitFor();
    await page.screenshot({ path: "test-artifacts/flowlists-home-en.png", fullPage: true });
    await switchLanguage(page, "zh-CN");
  });
});

describe("the staff's other lists", () => {
  it("done and my initiations fit the window with their row actions", async () => {
    await page.goto("/flowable/myprocess");
    await page.getByTestId("myprocess-table").waitFor();
    await page.getByTestId("start-process").waitFor();
    await page.screenshot({ path: "test-artifacts/flowlists-myprocess.png", fullPage: true });
    await page.goto("/flowable/done");
    await page.getByTestId("done-table").waitFor();
    await page.screenshot({ path: "test-artifacts/flowlists-done.png", fullPage: true });
  });
});

describe("the administrator's instance list and monitor", () => {
  it("show each instance's business and applicant; the monitor's tasks follow the chosen instance", async () => {
    await switchUser(page, { userNo: "admin", password: "Admin@123456" });
    await page.goto("/flowable/instance?procDefKey=financApply");
    await page.getByTestId("instance-table").waitFor();
    const rows = page.getByTestId("instance-row");
    await poll(() => rows.count()).toBeGreaterThan(3);
    for (const text of await page.getByTestId("instance-table").getByTestId("flow-applicant").allTextContents()) expect(text).not.toBe("—");
    await inView("instance-delete");
    await page.screenshot({ path: "test-artifacts/flowlists-instances.png", fullPage: true });

    // the process models: the name filter in the URL (a reload shows the same list), publish and start on each row
    await page.goto("/flowable/model?name=financ");
    const models = page.getByTestId("models-row");
    await poll(() => models.count()).toBeGreaterThan(0);
    for (const key of await models.evaluateAll((rows) => rows.map((r) => r.getAttribute("data-model-key") ?? ""))) expect(key.toLowerCase()).toContain("financ");
    await expect(page.getByTestId("models-search-name").inputValue()).resolves.toBe("financ");
    await inView("model-delete");

    await page.goto("/flowable/monitor");
    const instances = page.getByTestId("monitor-instances-row");
    await poll(() => instances.count()).toBeGreaterThan(3);
    const chosen = (await instances.nth(1).getAttribute("data-instance"))!;
    await instances.nth(1).getByTestId("monitor-tasks-open").click();
    await poll(() => page.getByTestId("monitor-task-filter").inputValue()).toBe(chosen);
    const tasks = page.getByTestId("monitor-tasks-row");
    const open = await api<{ data: { procInsId: string }[]; total: number }>(page, `/flowable/monitor/taskList?procInsId=${chosen}`);
    expect(open.total).toBeGreaterThan(0);
    // the table shows the chosen instance's tasks once its filtered answer has landed (the unfiltered page may show first)
    await poll(() => tasks.count()).toBe(open.total);
    await expect(instances.nth(1).getAttribute("data-chosen")).resolves.toBe("true");
    await inView("monitor-delete");
    await inView("monitor-transfer");
    await page.screenshot({ path: "test-artifacts/flowlists-monitor.png", fullPage: true });
  });
});
