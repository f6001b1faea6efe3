/**
 * Finding an enterprise's policies and declaring one through its approval, in a real browser at 1440×900,
 * signed in as a person does: on 政策匹配 a member of staff picks a demo enterprise and reads the policies it
 * meets and nearly meets with their reasons ("需再获得 1 项发明专利"), opens the matched result, declares the
 * policy it meets with an uploaded material and submits it; the service officer and then an administrator
 * approve it from the workflow's to-do list, and the declaration list shows it approved — read in English too.
 *
 * Two policies are made for the run through the API first (one the enterprise meets, one it misses by one
 * invention patent, computed from the enterprise's own figure), so the test owns what it reads.
 */
import { beforeAll, describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { admin, api, apiCall, approveOpenTask, openFromMenu, signedInBrowser, switchLanguage, switchUser } from "./browser.ts";

const session = signedInBrowser(inject("baseUrl"));
let page: Page;
beforeAll(() => {
  page = session.page;
});

const poll = <T>(fn: () => Promise<T> | T, timeout = 15_000) => expect.poll(fn, { timeout });
const suffix = Date.now().toString(36).toUpperCase();
const metName = `科技企业研发补助${suffix}`;
const nearName = `发明专利奖励${suffix}`;
const wangfang = { userNo: "wangfang", password: "Demo@123456" };
const enterprise = { creditCode: "", entName: "" };
const ids = { met: "", near: "" };
let patents = 0;

const cond = (code: string, zh: string, en: string, condition: unknown) => ({ code, label: { "zh-CN": zh, "en-US": en }, condition });

async function ok<T>(path: string, body?: unknown): Promise<T> {
  const answer = await apiCall<T>(page, path, body);
  expect(answer.code, `${path}: ${JSON.stringify(answer)}`).toBe(0);
  return answer.data;
}

const matchRow = (name: string) => page.getByTestId("policy-match-row").filter({ hasText: name });
const declarationRow = () => page.getByTestId("record-row").filter({ hasText: metName });

/** Opens the signed-in user's task of the declaration from the workflow's to-do list and approves it. */
async function approveFromTodo(comment: string) {
  await page.goto("/flowable/todo");
  await page.getByTestId("todo-table").waitFor();
  const row = page.getByTestId("todo-row").filter({ hasText: metName });
  await poll(() => row.count()).toBe(1);
  await row.getByTestId("todo-open").click();
  await page.getByTestId("todo-check").waitFor();
  // the approver reads the declaration with its material before deciding
  await poll(() => page.getByTestId("business-file").allTextContents()).toEqual(["申报书.pdf"]);
  await approveOpenTask(page, comment);
}


describe("an enterprise's policies, and one declared through its approval", () => {
  it("sets up two published policies around a demo enterprise's own figures", async () => {
    // an enterprise with its registered capital on record (the largest), so the met policy's one condition holds
    const list = await api<{ data: { creditCode: string; entName: string }[] }>(page, "/common/enenterprisebasicinfo/list?page=1&limit=1&orderField=regCapital&order=desc");
    Object.assign(enterprise, list.data[0]);
    expect(enterprise.creditCode).toHaveLength(18);
    ids.met = (await ok<{ id: string }>("/common/paclist/save", { policyName: metName, policyLevel: "provincial", policyType: "technology", subsidy: "最高 30 万元", conditions: [cond("capital", "已登记注册资本", "Registered capital on record", { fact: "regCapital", op: "gte", value: 0 })] })).id;
    ids.near = (await ok<{ id: string }>("/common/paclist/save", { policyName: nearName, policyLevel: "municipal", policyType: "technology", conditions: [cond("ip", "拥有发明专利", "Holds invention patents", { fact: "inventionPatents", op: "gte", value: 0 })] })).id;
    // the enterprise's own patent count, read off a trial: the near policy asks for exactly one more
    const trial = await ok<{ conditions: { reasons: { actual: number | null }[] }[] }>(`/common/paclist/matchDetail?policyId=${ids.near}&creditCode=${enterprise.creditCode}`);
    patents = Number(trial.conditions[0]!.reasons[0]!.actual ?? 0);
    await ok("/common/paclist/update", { id: ids.near, conditions: [cond("ip", "拥有发明专利", "Holds invention patents", { fact: "inventionPatents", op: "gte", value: patents + 1 })] });
    for (const id of [ids.met, ids.near]) await ok(`/common/paclist/publish/${id}`, {});
  });

  it("finds the enterprise's policies on 政策匹配: the one it meets and the one it nearly meets, with reasons", async () => {
    await openFromMenu(page, ["政策与存证", "政策匹配"]);
    await page.getByTestId("policy-match-screen").waitFor();
    const picker = page.getByTestId("policy-match-screen").getByPlaceholder(/查找企业/);
    await picker.click();
    await picker.pressSequentially(enterprise.entName.slice(0, 6), { delay: 40 });
    await page.getByRole("option", { name: new RegExp(enterprise.creditCode) }).click();
    await poll(() => page.getByTestId("policy-match-subject").textContent()).toContain(enterprise.entName);
    await page.getByTestId("policy-match-table").waitFor();
    await page.getByTestId("policy-match-name").fill(suffix);
    await page.getByTestId("policy-match-search").click();
    await poll(() => page.getByTestId("policy-match-row").count()).toBe(2);
    await poll(() => matchRow(metName).getByTestId("policy-match-kind").textContent()).toBe("已满足");
    expect(await matchRow(metName).getByTestId("policy-reasons").textContent()).toContain("注册资本");
    expect(await matchRow(nearName).getByTestId("policy-match-kind").textContent()).toBe("接近满足");
    expect(await matchRow(nearName).getByTestId("policy-missing").textContent()).toBe("需再获得 1 项发明专利");
    expect(await matchRow(nearName).getByTestId("policy-reasons").textContent()).toContain(`有效发明专利：${patents}`);
    // a near miss cannot be declared yet; the met policy can
    expect(await matchRow(nearName).getByTestId("policy-declare").count()).toBe(0);
    await page.screenshot({ path: "test-artifacts/policy-match.png", fullPage: true });
  });

  it("opens the matched result of the met policy, every condition with its trace", async () => {
    await matchRow(metName).getByTestId("policy-match-link").click();
    await page.getByTestId("policy-trial").waitFor();
    expect(await page.getByTestId("policy-trial").getAttribute("data-kind")).toBe("met");
    expect(await page.getByTestId("policy-trial-condition").getAttribute("data-pass")).toBe("true");
    expect(await page.getByTestId("policy-trial").textContent()).toContain("已登记注册资本");
  });

  it("declares it with an uploaded material and submits it into its approval", async () => {
    await page.getByTestId("policy-trial").getByTestId("policy-declare").click();
    await page.getByTestId("declare-screen").waitFor();
    await poll(() => page.getByTestId("declare-enterprise").textContent()).toContain(enterprise.entName);
    await poll(() => page.getByTestId("declare-policy").inputValue()).toBe(metName);
    await page.getByTestId("declare-amount").fill("25");
    // a file of a type a declaration does not take is refused in the browser before any upload
    const input = page.getByTestId("declare-materials").locator('input[type="file"]');
    await input.setInputFiles({ name: "说明.txt", mimeType: "text/plain", buffer: Buffer.from("补充说明") });
    await poll(() => page.getByText("说明.txt：格式不符合要求").count()).toBe(1);
    expect(await page.getByTestId("declare-material").count()).toBe(0);
    const pdf = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(512, 0x20)]);
    await input.setInputFiles({ name: "申报书.pdf", mimeType: "application/pdf", buffer: pdf });
    await poll(() => page.getByTestId("declare-material").textContent()).toContain("申报书.pdf");
    await page.getByTestId("declare-submit").click();
    await page.waitForURL(/\/bt\/policy\/declaration/);
    await page.getByTestId("record-table").waitFor();
    await poll(() => declarationRow().locator('[data-column="status"]').textContent()).toBe("审批中");
  });

  it("is approved by the service officer and then an administrator from their to-do lists; the status follows", async () => {
    await switchUser(page, wangfang);
    await approveFromTodo("材料齐全，同意");
    await switchUser(page, admin);
    await approveFromTodo("同意兑现");
    // /todoCheck is a page of its own: back to the shell, then through the menu
    await page.goto("/home");
    await openFromMenu(page, ["政策与存证", "政策申报"]);
    await page.getByTestId("record-table").waitFor();
    await poll(() => declarationRow().locator('[data-column="status"]').textContent()).toBe("已通过");
  });

  it("edits a policy's named conditions in the condition builder on 政策管理, never as text", async () => {
    await page.goto("/home");
    await openFromMenu(page, ["企业服务", "政策管理"]);
    await page.getByTestId("record-table").waitFor();
    await page.locator('input[name="policyName"]').first().fill(nearName);
    await page.keyboard.press("Enter");
    const row = page.getByTestId("record-row").filter({ hasText: nearName });
    await poll(() => row.count()).toBe(1);
    expect(await row.getByTestId("policy-publish").count(), "a published policy offers no publish").toBe(0);
    await row.getByTestId("edit-record").click();
    const conditions = page.getByRole("dialog").getByTestId("policy-conditions");
    await poll(() => conditions.getByTestId("policy-condition").count()).toBe(1);
    expect(await conditions.getByTestId("policy-condition-code").inputValue()).toBe("ip");
    // the tree is the builder's: its fact and value as inputs, not JSON text
    expect(await conditions.locator("textarea").count()).toBe(0);
    expect(await conditions.getByTestId("policy-condition-0-value").inputValue()).toContain(String(patents + 1));
    await conditions.getByTestId("policy-condition-zh").fill("拥有有效发明专利");
    await page.getByTestId("save-record").click();
    await poll(() => page.getByRole("dialog").count()).toBe(0);
    const saved = await api<{ data: { conditions: { label: { "zh-CN": string }; condition: { value: number } }[] } }>(page, `/common/paclist/info/${ids.near}`);
    expect(saved.data.conditions).toMatchObject([{ label: { "zh-CN": "拥有有效发明专利" }, condition: { fact: "inventionPatents", op: "gte", value: patents + 1 } }]);
  });

  it("reads the same in English: the matches with their reasons and the declaration approved", async () => {
    await switchLanguage(page, "en-US");
    await page.goto(`/bt/policy/match?creditCode=${enterprise.creditCode}&entName=${encodeURIComponent(enterprise.entName)}&name=${suffix}`);
    await poll(() => page.getByTestId("policy-match-row").count()).toBe(2);
    await poll(() => matchRow(metName).getByTestId("policy-match-kind").textContent()).toBe("Met");
    expect(await matchRow(nearName).getByTestId("policy-match-kind").textContent()).toBe("Nearly met");
    expect(await matchRow(nearName).getByTestId("policy-missing").textContent()).toBe("needs 1 more invention patent(s)");
    await page.screenshot({ path: "test-artifacts/policy-match-en.png", fullPage: true });
    await openFromMenu(page, ["Policy and credentials", "Policy declaration"]);
    await page.getByTestId("record-table").waitFor();
    await poll(() => declarationRow().locator('[data-column="status"]').textContent()).toBe("Approved");
    await switchLanguage(page, "zh-CN");
  });
});
