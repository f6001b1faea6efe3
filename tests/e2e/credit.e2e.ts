/**
 * Credit query in a real browser at 1440×900, signed in as a person does: on 信用查询 the administrator finds
 * a demo enterprise, is refused its report without an authorisation (and the refusal is in the query
 * records), records the enterprise's authorisation for themself, reads the report (its digest shown) and its
 * relevance, revokes the authorisation, and reads the screen and a refusal in English.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { apiCall, openFromMenu, signedInBrowser } from "./browser.ts";

const session = signedInBrowser(inject("baseUrl"));
let page: Page;
beforeAll(() => {
  page = session.page;
});

const poll = <T>(fn: () => Promise<T> | T, timeout = 15_000) => expect.poll(fn, { timeout });
const firm = { creditCode: "91610114MAA459641T", entName: "西安天成网络科技有限公司" };
const purpose = `贷款审查${Date.now().toString(36)}`;
let myName = "";

const enterpriseRow = () => page.getByTestId("credit-enterprises-row").filter({ hasText: firm.creditCode });
const authRow = () => page.getByTestId("credit-accredit-row").filter({ hasText: purpose });
const frame = () => page.frameLocator('[data-testid="credit-report-frame"]');

async function findEnterprise() {
  await page.getByTestId("credit-tab-query").click();
  await page.getByTestId("credit-enterprises-corpId").fill(firm.creditCode);
  await page.getByTestId("credit-enterprises-search").click();
  await poll(() => enterpriseRow().count()).toBe(1);
}

async function closeModal() {
  // the report's frame may hold the focus: the dialog's own close button, not Escape
  await page.locator(".mantine-Modal-close").click();
  await poll(() => page.locator(".mantine-Modal-overlay").count()).toBe(0);
}

afterAll(async () => {
  // whatever a failed run left live is revoked, so the next run starts without one
  const live = await apiCall<{ authId: string; purpose: string }[]>(page, "/wutong/v1/jsonrpc", { method: "credit.accreditList", params: { corpId: firm.creditCode, status: "live", size: 100 } });
  for (const a of (live.data ?? []).filter((a) => a.purpose === purpose)) await apiCall(page, "/wutong/v1/jsonrpc", { method: "credit.revokeAccredit", params: { authId: a.authId, reason: "test cleanup" } });
});

describe("credit query under an authorisation", () => {
  it("opens 信用查询 from the menu and finds the enterprise; without an authorisation its report is refused", async () => {
    myName = (await apiCall<{ name: string }>(page, "/sys/user/info")).data.name;
    await openFromMenu(page, ["政策与存证", "信用查询"]);
    await page.getByTestId("credit-screen").waitFor();
    await findEnterprise();
    await expect(enterpriseRow().textContent()).resolves.toContain(firm.entName);
    await enterpriseRow().getByTestId("credit-read-report").click();
    await page.getByTestId("credit-report-frame").waitFor();
    await poll(async () => (await frame().locator("body").textContent()) ?? "").toMatch(/无法查看信用报告[\s\S]*本次查询已记录/);
    await closeModal();
    await page.getByTestId("credit-tab-records").click();
    await page.getByTestId("credit-records-corpName").fill("天成网络");
    await page.getByTestId("credit-records-search").click();
    await poll(() => page.getByTestId("credit-records-row").filter({ hasText: firm.entName }).first().getAttribute("data-outcome")).toBe("refused");
  });

  it("records the enterprise's authorisation for oneself, then reads the report with its digest and the relevance", async () => {
    await page.getByTestId("credit-tab-accredit").click();
    await page.getByTestId("credit-accredit-add").click();
    await page.getByTestId("credit-accredit-form").waitFor();
    await page.getByTestId("credit-accredit-enterprise").fill("天成网络");
    await page.getByRole("option", { name: new RegExp(firm.creditCode) }).click();
    await page.getByTestId("credit-accredit-grantee").fill(myName);
    await page.getByRole("option", { name: myName, exact: true }).first().click();
    await page.getByTestId("credit-accredit-purpose").fill(purpose);
    await page.getByTestId("credit-accredit-save").click();
    await poll(() => authRow().count()).toBe(1);
    await expect(authRow().getAttribute("data-status")).resolves.toBe("live");
    await expect(authRow().getByTestId("credit-auth-status").textContent()).resolves.toBe("有效");
    // issued as a verifiable credential
    await expect(authRow().getByTestId("credit-credential").getAttribute("title")).resolves.toMatch(/^urn:uuid:/);

    await findEnterprise();
    await poll(async () => (await enterpriseRow().textContent()) ?? "").toContain("有效至");
    await enterpriseRow().getByTestId("credit-read-report").click();
    await poll(async () => (await frame().getByTestId("report-enterprise").textContent({ timeout: 2000 }).catch(() => "")) ?? "").toBe(firm.entName);
    await expect(frame().getByTestId("report-hash").textContent()).resolves.toMatch(/^[0-9a-f]{64}$/);
    await expect(frame().locator("h2").allTextContents()).resolves.toEqual(expect.arrayContaining(["基本信息", "信用概览", "档案概览"]));
    await expect(page.getByTestId("credit-report-open").getAttribute("href")).resolves.toBe(`/api/wutong/v1/creditreprot/${firm.creditCode}`);
    await page.screenshot({ path: "test-artifacts/credit-report-zh.png" });
    await closeModal();

    await enterpriseRow().getByTestId("credit-relevance").click();
    await page.getByTestId("credit-relevance-table").waitFor();
    await expect(page.getByTestId("credit-relevance-hash").textContent()).resolves.toMatch(/内容摘要：[0-9a-f]{64}/);
    await page.getByTestId("credit-relevance-type").getByText("分支机构").click();
    await poll(async () => (await page.getByTestId("credit-relevance-hash").textContent()) ?? "").toMatch(/[0-9a-f]{64}/);
    await closeModal();

    await page.getByTestId("credit-tab-records").click();
    await page.getByTestId("credit-records-outcome").click();
    await page.getByRole("option", { name: "已查看" }).click();
    await page.getByTestId("credit-records-search").click();
    await poll(() => page.getByTestId("credit-records-row").filter({ hasText: firm.entName }).count()).toBeGreaterThanOrEqual(3);
  });

  it("revokes the authorisation with a reason; the report is refused again", async () => {
    await page.getByTestId("credit-tab-accredit").click();
    await poll(() => authRow().count()).toBe(1);
    await authRow().getByTestId("credit-revoke").click();
    await page.getByTestId("credit-revoke-reason").fill("企业撤回授权");
    await page.getByTestId("credit-revoke-save").click();
    await poll(() => authRow().getAttribute("data-status")).toBe("revoked");
    await findEnterprise();
    await poll(async () => (await enterpriseRow().textContent()) ?? "").toContain("无有效授权");
  });

  it("reads in English: the tabs, the records and the refusal", async () => {
    await page.getByTestId("language-switch").click();
    await Promise.all([page.waitForEvent("load"), page.getByTestId("lang-en-US").click()]);
    await page.getByTestId("credit-screen").waitFor();
    await expect(page.getByTestId("credit-tab-accredit").textContent()).resolves.toBe("Authorisations");
    await findEnterprise();
    await expect(enterpriseRow().textContent()).resolves.toContain("No live authorisation");
    await enterpriseRow().getByTestId("credit-read-report").click();
    await poll(async () => (await frame().locator("body").textContent()) ?? "").toContain("the attempt is logged");
    await page.screenshot({ path: "test-artifacts/credit-refused-en.png" });
    await closeModal();
    await page.getByTestId("credit-tab-records").click();
    await poll(() => page.getByTestId("credit-record-outcome").first().textContent()).toMatch(/^(Refused|Shown)$/);
    await page.getByTestId("language-switch").click();
    await Promise.all([page.waitForEvent("load"), page.getByTestId("lang-zh-CN").click()]);
  });
});
