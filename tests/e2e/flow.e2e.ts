/**
 * The workflow end to end in a real browser: the administrator designs a process in the designer (a form
 * field, an approval, a condition on that field with a default branch, two concurrent branches that rejoin),
 * saves and publishes it and starts it; then each approver signs in and handles their task from the home
 * page (/todoCheck: the form, the diagram with the active node, the flow record, the actions); one approver
 * returns the task to an earlier node from inside a concurrent branch, which cancels the sibling branch; the
 * flow is approved again to its end and the initiator finds it finished in the message centre on /home.
 *
 * The approvers are seeded demo users signing in with the seed's documented demo password.
 */
import { beforeAll, describe, expect, inject, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { admin, signedInBrowser, switchUser, openFromMenu, pathOf } from "./browser.ts";

const session = signedInBrowser(inject("baseUrl"));
let page: Page;
beforeAll(() => {
  page = session.page;
});
// what the page showed when a step failed

const suffix = Date.now().toString(36);
const modelName = `差旅报销${suffix}`;
const modelKey = `trip_${suffix}`;
/** the seed's demo password for demo users (worker/seed/index.ts demoUserPassword, in the README) */
const password = "Demo@123456";
/** the approvers, seeded demo users (events/seed/organisation.ts) */
const people = {
  wangfang: { userNo: "wangfang", name: "王芳", password },
  yangli: { userNo: "yangli", name: "杨丽", password },
  liuyang: { userNo: "liuyang", name: "刘洋", password },
  chenjing: { userNo: "chenjing", name: "陈静", password },
};
const nodes = { first: "部门审批", finance: "财务审批", business: "业务复核", office: "行政复核" };

/** expect.poll with a timeout for this app on a 2-core machine (vitest's default is one second) */
const poll = <T>(fn: () => Promise<T> | T, timeout = 15_000) => expect.poll(fn, { timeout });

// ---- the designer

const editor = () => page.getByRole("dialog", { name: "新建流程模型" });
const designer = () => page.getByTestId("process-designer");
const drawer = () => page.getByTestId("node-drawer").getByRole("dialog");
const card = (name: string) => designer().getByRole("button", { name: `设置节点「${name}」`, exact: true });

/** The "+" right under a node's card (its next sibling in the chain). */
const addAfterCard = (name: string) => card(name).locator("xpath=following-sibling::div[contains(@class,'qd-add')][1]").getByRole("button", { name: "添加节点" });

async function addNode(plus: Locator, kind: "审批人" | "条件分支" | "并行分支") {
  await plus.click();
  // this button's own menu (the one before may still be fading out)
  const menu = page.locator(`[id="${await plus.getAttribute("aria-controls")}"]`);
  await menu.getByRole("menuitem", { name: kind, exact: true }).click();
}

async function closeDrawer() {
  await page.keyboard.press("Escape");
  await poll(() => page.getByTestId("node-drawer").getByRole("dialog").count()).toBe(0);
}

async function pickOption(input: Locator, option: string) {
  await input.click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** In the open approval drawer: its name and one approver picked from the department tree. */
async function setApprover(name: string, person: { userNo: string; name: string }) {
  const panel = drawer();
  await panel.getByLabel("节点名称").fill(name);
  await panel.getByRole("button", { name: "选择人员" }).click();
  const picker = page.getByRole("dialog", { name: "选择人员" });
  await picker.getByPlaceholder("按姓名、工号或部门搜索").fill(person.userNo);
  await picker.getByRole("checkbox", { name: `${person.name} (${person.userNo})` }).check();
  await picker.getByRole("button", { name: "确定" }).click();
  await poll(() => picker.count()).toBe(0);
  await poll(() => panel.getByText(person.name, { exact: true }).count()).toBe(1);
  await closeDrawer();
  // the card shows the approver
  await poll(() => card(name).textContent()).toContain(person.name);
}

// ---- switching users and handling a task

const switchTo = (person: { userNo: string; password: string }) => switchUser(page, person);

/** From the home page's pending tab: the one task of this model, opened on /todoCheck. */
async function openPendingTask(taskName: string) {
  await page.getByRole("tab", { name: /待处理/ }).click();
  const rows = page.getByTestId("msg-pending-table").getByRole("row").filter({ hasText: modelName });
  await poll(() => rows.count(), 20_000).toBe(1);
  await expect(rows.first().textContent()).resolves.toContain(taskName);
  await expect(rows.first().textContent()).resolves.toContain("系统管理员");
  await rows.first().getByRole("button", { name: "办理" }).click();
  await page.waitForURL((url) => url.pathname === "/todoCheck");
  await page.getByRole("heading", { name: modelName }).waitFor();
  await page.getByText(`· ${taskName}`, { exact: true }).waitFor();
}

const viewer = () => page.getByTestId("bpmn-viewer");
/** The names drawn on the diagram's nodes marked active (bpmn-js markers). */
async function activeNodeNames(): Promise<string[]> {
  await page.locator('[data-testid="bpmn-viewer"][data-state="ready"] svg').first().waitFor();
  return (await viewer().locator("g.djs-element.flow-active").allTextContents()).map((s) => s.trim()).filter(Boolean);
}

const record = () => page.getByTestId("flow-record");
/** The flow record as "node action who" lines. */
async function recordLines(): Promise<string[]> {
  await record().waitFor();
  const items = await record().locator(".mantine-Timeline-item").all();
  return Promise.all(items.map(async (item) => (await item.innerText()).replace(/\s+/g, " ").trim()));
}

async function approve(comment: string, next: RegExp) {
  await page.getByTestId("task-actions").getByRole("button", { name: "同意", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "同意" });
  await poll(() => dialog.getByTestId("next-nodes").textContent(), 15_000).toMatch(next);
  const opinion = dialog.getByLabel("审批意见");
  // Enter in the opinion box writes a new line and sends nothing; Ctrl+Enter sends
  await opinion.fill(comment);
  await opinion.press("Enter");
  expect(await opinion.inputValue()).toBe(`${comment}\n`);
  expect(await dialog.isVisible()).toBe(true);
  await opinion.fill(comment);
  await opinion.press("Control+Enter");
  await poll(() => dialog.count()).toBe(0);
  // done: nothing left to approve on this page
  await poll(() => page.getByTestId("task-actions").getByRole("button", { name: "同意", exact: true }).count()).toBe(0);
}

describe("workflow: design, publish, start, approve as each assignee, return once, finish", () => {
  it("designs a flow with a condition and concurrent branches in the designer, saves and publishes it", async () => {
    await openFromMenu(page, ["流程管理", "流程模型"]);
    await page.waitForURL((url) => url.pathname === "/flowable/model");
    await page.getByRole("button", { name: "新建模型" }).click();
    await editor().getByLabel("模型名称").fill(modelName);
    await editor().getByLabel("模型标识").fill(modelKey);
    await editor().getByRole("tab", { name: "流程设计" }).click();
    await designer().waitFor();

    // the initiator's form: one money field "金额" (variable amount), counted in 元
    await card("发起人").click();
    await drawer().getByRole("button", { name: "添加字段" }).click();
    await drawer().getByLabel(/^名称( \*)?$/).fill("金额");
    await drawer().getByLabel("字段标识（流程变量）").fill("amount");
    await pickOption(drawer().getByLabel(/^类型( \*)?$/), "金额");
    await drawer().getByTestId("field-unit").fill("元");
    await closeDrawer();
    await poll(() => card("发起人").textContent()).toContain("表单 1 个字段");

    // the first approval (the new model has one): 王芳
    await card("审批人").click();
    await setApprover(nodes.first, people.wangfang);

    // a condition block after it: amount > 1000 goes to finance (杨丽), otherwise straight on
    await addNode(addAfterCard(nodes.first), "条件分支");
    await card("条件1").click();
    await drawer().getByRole("button", { name: "添加条件" }).click();
    const row = drawer().getByTestId("condition-row-0");
    await expect(row.getByLabel("字段").inputValue()).resolves.toBe("金额");
    await pickOption(row.getByLabel("比较"), "大于");
    await row.getByLabel("值", { exact: true }).fill("1000");
    await poll(() => drawer().getByText(/^条件：/).textContent()).toMatch(/金额.*大于.*1000/);
    await drawer().getByLabel("节点名称").fill("大额");
    await closeDrawer();
    await poll(() => card("其他情况").textContent()).toContain("其他条件都不满足时进入此分支");
    await addNode(addAfterCard("大额"), "审批人");
    await setApprover(nodes.finance, people.yangli);

    // then two concurrent branches that rejoin: 刘洋 and 陈静
    await addNode(designer().getByRole("button", { name: "添加节点" }).last(), "并行分支");
    await addNode(addAfterCard("并行分支1"), "审批人");
    await setApprover(nodes.business, people.liuyang);
    await addNode(addAfterCard("并行分支2"), "审批人");
    await setApprover(nodes.office, people.chenjing);
    await page.screenshot({ path: "test-artifacts/flow-designer.png" });

    await editor().getByRole("button", { name: "保存并发布" }).click();
    await page.getByText(`「${modelName}」已发布为版本 v1`).waitFor();
    await poll(() => editor().count()).toBe(0);
    const modelRow = page.getByRole("row").filter({ hasText: modelKey });
    await poll(() => modelRow.textContent()).toContain("v1");
  });

  it("starts it from the models screen with an amount above the condition", async () => {
    const modelRow = page.getByRole("row").filter({ hasText: modelKey });
    await modelRow.getByRole("button", { name: "发起" }).click();
    const dialog = page.getByRole("dialog", { name: `发起：${modelName}（v1）` });
    await dialog.getByLabel("金额").fill("2000");
    await dialog.getByRole("button", { name: "提交" }).click();
    await page.getByText(`已发起流程【${modelName}】`).waitFor();
    await poll(() => dialog.count()).toBe(0);

    // my initiations on the home page: running, waiting at the first approval with 王芳
    await page.goto("/home");
    await page.getByRole("tab", { name: /我的发起/ }).click();
    const mine = page.getByTestId("msg-initiated-table").getByRole("row").filter({ hasText: modelName });
    await poll(() => mine.textContent(), 20_000).toContain("进行中");
    await expect(mine.textContent()).resolves.toContain(nodes.first);
    await expect(mine.textContent()).resolves.toContain(people.wangfang.name);
  });

  it("王芳 approves from her home page: the form, the diagram with her node active, the record", async () => {
    await switchTo(people.wangfang);
    await openPendingTask(nodes.first);
    // the amount as the initiator entered it, read-only here, in the unit its field declares (no currency assumed)
    await poll(() => page.getByTestId("business-record").locator('[data-field="amount"]').textContent()).toContain("2,000 元");
    expect(await page.getByTestId("todo-check").textContent()).not.toContain("¥");
    await poll(activeNodeNames).toEqual([nodes.first]);
    const lines = await recordLines();
    expect(lines[0]).toContain("系统管理员");
    expect(lines.at(-1)).toContain(nodes.first);
    expect(lines.at(-1)).toContain("处理中");
    await page.screenshot({ path: "test-artifacts/flow-todocheck.png", fullPage: true });
    // the condition holds (2000 > 1000): finance is next
    await approve("情况属实，同意", new RegExp(`${nodes.finance}.*${people.yangli.name}`));
    await poll(recordLines).toContainEqual(expect.stringMatching(new RegExp(`${nodes.first} 同意 ${people.wangfang.name}.*情况属实，同意`)));
  });

  it("杨丽 approves the large-amount branch: both concurrent branches come next", async () => {
    await switchTo(people.yangli);
    await openPendingTask(nodes.finance);
    await poll(activeNodeNames).toEqual([nodes.finance]);
    await approve("财务同意", new RegExp(`${nodes.business}.*${people.liuyang.name}[\\s\\S]*${nodes.office}.*${people.chenjing.name}`));
  });

  it("陈静 returns the task from her branch to 财务审批, which cancels 刘洋's branch", async () => {
    await switchTo(people.chenjing);
    await openPendingTask(nodes.office);
    await poll(async () => (await activeNodeNames()).sort()).toEqual([nodes.business, nodes.office].sort());
    await page.getByTestId("task-actions").getByRole("button", { name: "退回", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "退回" });
    await pickOption(dialog.getByLabel(/^退回到/), nodes.finance);
    await dialog.getByLabel("审批意见").fill("发票不全，请财务复核");
    await dialog.getByRole("button", { name: "退回", exact: true }).click();
    await poll(() => dialog.count()).toBe(0);
    await poll(recordLines).toContainEqual(expect.stringMatching(new RegExp(`${nodes.office} 退回 ${people.chenjing.name}.*发票不全，请财务复核`)));
    await poll(activeNodeNames).toEqual([nodes.finance]);
  });

  it("杨丽 approves again after the return", async () => {
    await switchTo(people.yangli);
    await openPendingTask(nodes.finance);
    await approve("已复核，同意", new RegExp(nodes.business));
  });

  it("刘洋 has exactly one task (the cancelled one is gone) and approves it", async () => {
    await switchTo(people.liuyang);
    await openPendingTask(nodes.business);
    await approve("业务同意", new RegExp(`${nodes.office}.*${people.chenjing.name}|流程结束`));
  });

  it("陈静 approves last: the process ends", async () => {
    await switchTo(people.chenjing);
    await openPendingTask(nodes.office);
    await approve("行政同意", /流程结束/);
    await poll(() => page.getByRole("heading", { name: modelName }).locator("xpath=..").textContent()).toContain("已完成");
  });

  it("the initiator sees it finished in the message centre, with every step and who acted in the flow record", async () => {
    await switchTo(admin);
    const centre = page.getByTestId("msg-centre");
    await centre.getByRole("tab", { name: /我的消息/ }).click();
    const message = page.getByTestId("msg-table").getByRole("row").filter({ hasText: `【${modelName}】已审批完成` });
    await poll(() => message.count(), 20_000).toBe(1);
    await expect(message.textContent()).resolves.toContain("未读");

    await centre.getByRole("tab", { name: /我的发起/ }).click();
    const mine = page.getByTestId("msg-initiated-table").getByRole("row").filter({ hasText: modelName });
    await poll(() => mine.textContent(), 20_000).toContain("已完成");

    // the message opens the instance: finished, nothing active, each step with who acted
    await centre.getByRole("tab", { name: /我的消息/ }).click();
    await message.getByText(`【${modelName}】已审批完成`).click();
    await page.waitForURL((url) => url.pathname === "/todoCheck");
    await page.getByRole("heading", { name: modelName }).waitFor();
    await poll(() => page.getByRole("heading", { name: modelName }).locator("xpath=..").textContent()).toContain("已完成");
    const lines = await recordLines();
    const steps = [
      [nodes.first, "同意", people.wangfang.name],
      [nodes.finance, "同意", people.yangli.name],
      [nodes.office, "退回", people.chenjing.name],
      [nodes.finance, "同意", people.yangli.name],
      [nodes.business, "同意", people.liuyang.name],
      [nodes.office, "同意", people.chenjing.name],
    ];
    for (const [node, action, who] of steps) expect(lines, `${node} ${action} ${who}`).toContainEqual(expect.stringContaining(`${node} ${action} ${who}`));
    // in order: the return comes between the two finance approvals
    const at = (text: string, from = 0) => lines.findIndex((l, i) => i >= from && l.includes(text));
    const returned = at(`${nodes.office} 退回`);
    expect(at(`${nodes.finance} 同意`)).toBeLessThan(returned);
    expect(at(`${nodes.finance} 同意`, returned)).toBeGreaterThan(returned);
    expect(lines.some((l) => l.includes("处理中"))).toBe(false);
    // 刘洋's first task, open when 陈静 returned, shows as cancelled by the return (not as approved)
    const cancelled = record().locator('[data-action="cancelled:return"]');
    expect(await cancelled.count()).toBe(1);
    const cancelledText = await cancelled.innerText();
    expect(cancelledText).toContain(nodes.business);
    expect(cancelledText).toContain("因退回取消");
    expect(cancelledText).not.toContain("同意");
    await page.locator('[data-testid="bpmn-viewer"][data-state="ready"] svg').first().waitFor();
    expect(await viewer().locator("g.djs-element.flow-active").count()).toBe(0);
    expect(await viewer().locator("g.djs-element.flow-done").count()).toBeGreaterThan(5);
    await page.screenshot({ path: "test-artifacts/flow-finished.png", fullPage: true });
    expect(pathOf(page)).toBe("/todoCheck");
  });
});
