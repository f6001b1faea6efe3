/**
 * A financing application taken through its approval in a real browser: a member of staff enters it on the
 * financing-applications screen and submits it (the seeded two-step flow starts), the service staff's
 * reviewer approves it on /todoCheck, an administrator approves it, and the list shows it approved — read
 * in English at the end, with its approval record.
 *
 * The reviewer is a seeded demo user signing in with the seed's documented demo password.
 */
import { beforeAll, describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { admin, api, approveOpenTask, openFromMenu, signedInBrowser, switchUser } from "./browser.ts";

const session = signedInBrowser(inject("baseUrl"));
let page: Page;
beforeAll(() => {
  page = session.page;
});

const poll = <T>(fn: () => Promise<T> | T, timeout = 15_000) => expect.poll(fn, { timeout });
const suffix = Date.now().toString(36).toUpperCase();
const entName = `秦岭精密仪器${suffix}有限公司`;
/** a valid unified social credit code (GB 32100 check character) */
function creditCode(): string {
  const chars = "0123456789ABCDEFGHJKLMNPQRTUWXY";
  const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  const body = "91610113MA6" + String(Date.now() % 1_000_000).padStart(6, "0");
  const sum = [...body].reduce((acc, ch, i) => acc + chars.indexOf(ch) * weights[i]!, 0);
  return body + chars[(31 - (sum % 31)) % 31];
}
const wangfang = { userNo: "wangfang", password: "Demo@123456" };

const row = () => page.getByTestId("record-row").filter({ hasText: entName });
const cell = (column: string) => row().locator(`[data-column="${column}"]`);
let applicationId = "";

const switchTo = (person: { userNo: string; password: string }) => switchUser(page, person);

/** Opens the signed-in user's task of this application on /todoCheck and approves it. */
async function approveMine(comment: string) {
  const info = await api<{ data: { procInsId: string } }>(page, `/common/tbfinancapplication/info/${applicationId}`);
  const todo = await api<{ data: { taskId: string; procInsId: string }[] }>(page, "/flowable/task/todoList?limit=100");
  const task = todo.data.find((t) => t.procInsId === info.data.procInsId);
  expect(task, "the signed-in user has a task of this application").toBeTruthy();
  await page.goto(`/todoCheck?taskId=${task!.taskId}`);
  await page.getByRole("heading", { name: "融资申请审批" }).waitFor();
  await approveOpenTask(page, comment);
}

describe("a financing application through its approval flow", () => {
  it("is entered on the financing-applications screen as a draft", async () => {
    await openFromMenu(page, ["企业服务", "融资申请"]);
    await page.getByTestId("record-table").waitFor();
    await page.getByTestId("add-record").click();
    const form = page.getByRole("dialog");
    await form.locator('input[name="creditCode"]').fill(creditCode());
    await form.locator('input[name="entName"]').fill(entName);
    await form.locator('input[name="demandAmount"]').fill("800");
    await page.getByTestId("save-record").click();
    await form.waitFor({ state: "hidden" });
    await page.locator('input[name="entName"]').first().fill(entName);
    await page.keyboard.press("Enter");
    await poll(() => row().count()).toBe(1);
    await poll(() => cell("status").textContent()).toBe("草稿");
    applicationId = (await row().getAttribute("data-id")) ?? "";
    if (!applicationId) {
      const list = await api<{ data: { id: string; entName: string }[] }>(page, `/common/tbfinancapplication/list?entName=${encodeURIComponent(entName)}`);
      applicationId = list.data[0]!.id;
    }
    expect(applicationId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("is submitted for approval after a confirmation, and shows as in approval", async () => {
    await row().getByTestId("lifecycle-submit").click();
    await page.getByTestId("confirm-ok").click();
    await poll(() => cell("status").textContent()).toBe("审批中");
    expect(await row().getByTestId("lifecycle-submit").count()).toBe(0);
  });

  it("is approved by the service staff and then by an administrator on /todoCheck", async () => {
    await switchTo(wangfang);
    await approveMine("材料齐全，同意");
    await switchTo(admin);
    await approveMine("同意放款对接");
  });

  it("shows approved, in English too, with its approval record", async () => {
    await page.goto("/home");
    await page.getByTestId("language-switch").click();
    await Promise.all([page.waitForEvent("load"), page.getByTestId("lang-en-US").click()]);
    await openFromMenu(page, ["Enterprise services", "Financing applications"]);
    await page.getByTestId("record-table").waitFor();
    await page.locator('input[name="entName"]').first().fill(entName);
    await page.keyboard.press("Enter");
    await poll(() => cell("status").textContent()).toBe("Approved");
    await row().getByTestId("lifecycle-record").click();
    const record = page.getByRole("dialog");
    await poll(() => record.textContent()).toContain("材料齐全，同意");
    expect(await record.textContent()).toContain("同意放款对接");
    await page.screenshot({ path: "test-artifacts/application-approved.png", fullPage: true });
    await page.keyboard.press("Escape");
    // back to Chinese for whatever runs next in this browser
    await page.getByTestId("language-switch").click();
    await Promise.all([page.waitForEvent("load"), page.getByTestId("lang-zh-CN").click()]);
  });
});

describe("the demand files (/common/servicefiles/xqdalist)", () => {
  it("lists only the visit histories filed as demand files", async () => {
    await page.goto("/common/servicefiles/xqdalist");
    await page.getByRole("heading", { name: "需求档案" }).waitFor();
    await page.getByTestId("record-table").waitFor();
    const types = page.getByTestId("record-row").locator('[data-column="archiveType"]');
    await poll(() => types.count()).toBeGreaterThan(0);
    // the rows come before the dictionary's labels: wait until every cell shows its label
    await poll(async () => [...new Set(await types.allTextContents())]).toEqual(["需求档案"]);
  });
});
