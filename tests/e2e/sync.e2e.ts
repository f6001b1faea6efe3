/**
 * A synchronised list in a real browser: 裁判文书 run by hand from its list ("立即同步" after a confirmation),
 * the run's progress polled until it is done and the list filled, the run among the list's sync runs; then an
 * enterprise the run wrote court cases for, opened on its page, shows them under its judicial group.
 */
import { beforeAll, describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { cookie, signedInBrowser } from "./browser.ts";

const session = signedInBrowser(inject("baseUrl"));
let page: Page;
beforeAll(() => {
  page = session.page;
});

const poll = <T>(fn: () => Promise<T> | T, timeout = 20_000) => expect.poll(fn, { timeout });
const rows = () => page.getByTestId("record-row");

async function firstPage(path: string): Promise<{ total: number; data: { creditCode: string; entName: string }[] }> {
  const token = await cookie(page, "x-tr-token");
  const answer = await page.context().request.get(`/api${path}/list?page=1&limit=1`, { headers: token ? { "x-hbi-token": token } : {} });
  return (await answer.json()) as { total: number; data: { creditCode: string; entName: string }[] };
}
const listTotal = async (path: string) => (await firstPage(path)).total;

let enterprise = { creditCode: "", entName: "" };

describe("synchronised list (裁判文书)", () => {
  it("runs a sync by hand, shows its progress until done and fills the list", { timeout: 180_000 }, async () => {
    const before = await listTotal("/syn/synjuddoclist");
    await page.goto("/syn/synjuddoclist");
    await page.getByTestId("list-toolbar").waitFor();
    await page.getByTestId("sync-run").click();
    await expect(page.getByTestId("confirm-text").textContent()).resolves.toContain("裁判文书");
    await page.getByTestId("confirm-ok").click();
    const progress = page.getByTestId("sync-progress");
    await progress.waitFor();
    await poll(() => progress.getAttribute("data-status"), 150_000).toBe("done");
    const figure = (name: string) => progress.locator(`[data-figure="${name}"]`).getAttribute("data-value").then(Number);
    expect(await figure("pages")).toBeGreaterThan(0);
    expect(await figure("read")).toBeGreaterThan(0);
    expect((await figure("created")) + (await figure("updated")) + (await figure("unchanged"))).toBe(await figure("read"));
    await page.screenshot({ path: "test-artifacts/sync-done.png", fullPage: true });

    // the list refreshed itself with what the run wrote
    await poll(() => rows().count()).toBeGreaterThan(0);
    expect(await listTotal("/syn/synjuddoclist")).toBeGreaterThanOrEqual(Math.max(before, 1));
    const written = (await firstPage("/syn/synjuddoclist")).data[0]!;
    enterprise = { creditCode: written.creditCode, entName: written.entName };

    // the run is among the list's recent runs
    await page.getByTestId("sync-runs").click();
    await poll(() => page.getByTestId("sync-run-row").count()).toBeGreaterThan(0);
    await expect(page.getByTestId("sync-runs-table").textContent()).resolves.toContain("同步完成");
    await page.keyboard.press("Escape");
  });

  it("shows the enterprise's court cases under the judicial group of its page", async () => {
    // the enterprise the sync wrote for, else any enterprise holding court cases already (the demo region)
    if (!enterprise.creditCode) {
      const first = (await firstPage("/syn/synjuddoclist")).data[0];
      if (first) enterprise = { creditCode: first.creditCode, entName: first.entName };
    }
    expect(enterprise.creditCode).toMatch(/^[0-9A-Z]{18}$/);
    await page.goto(`/common/enterprisebasicinfo/index?creditCode=${enterprise.creditCode}`);
    await page.getByTestId("enterprise-profile").waitFor();
    await page.getByTestId("profile-group-judicial").click();
    const tab = page.getByTestId("profile-family-tab").filter({ hasText: "裁判文书" });
    await tab.click();
    await poll(() => tab.getAttribute("aria-selected")).toBe("true");
    await poll(() => rows().count()).toBeGreaterThan(0);
    // scoped to the enterprise: every row names it
    const names = await rows().locator('[data-column="entName"]').allTextContents();
    for (const shown of names) expect(shown.trim()).toBe(enterprise.entName);
    await page.screenshot({ path: "test-artifacts/sync-enterprise-risk.png", fullPage: true });
  });
});
