/**
 * The enterprise profile and a record lifecycle in a real browser: one enterprise opened from the enterprise
 * list's "企业档案" action (header card, every tab present — populated or empty, each scoped to the enterprise —
 * a new record in a tab starting with the enterprise's code and name, the basic information form, the
 * timeline), then a roadshow taken through publish and revoke from the roadshow list, first in Chinese and
 * then in English, with the state commands named in the record's history and its managed fields read-only.
 *
 * The enterprise demo region (worker/seed/enterprise-demo) normally provides the enterprise; when the
 * database has none, the test creates one and a few of its records through the API.
 */
import { beforeAll, describe, expect, inject, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { cookie, pathOf, signedInBrowser, switchLanguage } from "./browser.ts";

const session = signedInBrowser(inject("baseUrl"));
let page: Page;
// what the page showed when a step failed

/** expect.poll with a timeout for this app on a 2-core machine */
const poll = <T>(fn: () => Promise<T> | T, timeout = 20_000) => expect.poll(fn, { timeout });

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
  total?: number;
}

async function call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<Envelope<T>> {
  const token = await cookie(page, "x-tr-token");
  const headers: Record<string, string> = token ? { "x-hbi-token": token } : {};
  const response = method === "GET" ? await page.context().request.get(`/api${path}`, { headers }) : await page.context().request.post(`/api${path}`, { headers, data: body });
  return (await response.json()) as Envelope<T>;
}

/** A valid unified social credit code (GB 32100 check character) in Xi'an's Yanta district. */
function creditCode(): string {
  const chars = "0123456789ABCDEFGHJKLMNPQRTUWXY";
  const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  const digits = String(Date.now() % 1_000_000_000).padStart(9, "0");
  const first17 = `91610113${digits}`;
  const sum = weights.reduce((acc, w, i) => acc + chars.indexOf(first17[i]!) * w, 0);
  return first17 + chars[(31 - (sum % 31)) % 31];
}

const suffix = Date.now().toString(36);
let enterprise: { creditCode: string; entName: string };
const roadshowTitle = `端到端路演${suffix}`;

beforeAll(async () => {
  page = session.page;
  const found = await call<{ creditCode: string; entName: string }[]>("GET", "/common/enenterprisebasicinfo/list?page=1&limit=1&orderField=updateTime&order=desc");
  expect(found.code).toBe(0);
  if (found.data.length > 0) {
    enterprise = { creditCode: found.data[0]!.creditCode, entName: found.data[0]!.entName };
  } else {
    // no demo region in this database: one enterprise with a few records of its own
    enterprise = { creditCode: creditCode(), entName: `端到端科技有限公司${suffix}` };
    const saved = await call("POST", "/common/enenterprisebasicinfo/save", { ...enterprise, legalPerson: "张三" });
    expect(saved.code, saved.msg).toBe(0);
    for (const [path, record] of [
      ["/common/enpatentinfo/save", { patentName: "一种端到端测试装置", patentNo: `ZL2024${suffix}` }],
      ["/common/entrademarkinfo/save", { trademarkName: "端到端" }],
    ] as const) {
      // best effort: the profile's tabs must show up populated or empty either way
      await call("POST", path, { ...enterprise, ...record });
    }
  }
  // the roadshow this file takes through publish and revoke
  const roadshow = await call("POST", "/common/tbroadshowpass/save", { ...enterprise, title: roadshowTitle, venue: "高新区会展中心", organizer: "端到端主办方" });
  expect(roadshow.code, roadshow.msg).toBe(0);
});

const profile = () => page.getByTestId("enterprise-profile");
const rows = () => page.getByTestId("record-row");

/** Waits until the open tab's lists have answered (no body is busy) and answers their row count. */
async function settledRows(): Promise<number> {
  const bodies = page.getByTestId("list-body");
  await bodies.first().waitFor();
  await poll(async () => (await bodies.evaluateAll((nodes) => nodes.map((n) => n.getAttribute("aria-busy")))).every((busy) => busy === "false")).toBe(true);
  await page.getByTestId("record-table").first().waitFor();
  return rows().count();
}


describe("enterprise profile (企业档案)", () => {
  it("opens from the enterprise list's 企业档案 action with the header card", async () => {
    await page.goto("/enterprise/info/basic");
    const form = page.getByTestId("search-form");
    await form.locator('input[name="creditCode"]').fill(enterprise.creditCode);
    await page.getByTestId("search").click();
    await poll(() => rows().count()).toBe(1);
    await rows().first().getByTestId("open-profile").click();
    await page.waitForURL((url) => url.pathname === "/common/enterprisebasicinfo/index" && url.searchParams.get("creditCode") === enterprise.creditCode);
    await profile().waitFor();
    await expect(page.getByTestId("profile-name").textContent()).resolves.toBe(enterprise.entName);
    await expect(page.getByTestId("profile-code").textContent()).resolves.toBe(enterprise.creditCode);
    const header = await page.getByTestId("profile-header").textContent();
    for (const label of ["法定代表人", "登记状态", "所属行业", "企业规模", "所属区划", "服务专员"]) expect(header).toContain(label);
    // the basic information tab reads the master record (tests/e2e/enterprise-profile.e2e.ts edits it)
    await poll(() => page.getByTestId("profile-basic").locator('[data-field="entName"] dd').textContent()).toBe(enterprise.entName);
    await page.screenshot({ path: "test-artifacts/enterprise-profile.png", fullPage: true });
  });

  it("shows every enterprise-scoped tab, each populated or empty but present, scoped to the enterprise", { timeout: 300_000 }, async () => {
    const groups = await page.getByTestId("profile-tabs").locator('[data-testid^="profile-group-"]').all();
    expect(groups.length).toBeGreaterThanOrEqual(4);
    const seen: Record<string, number> = {};
    for (const group of groups) {
      await group.click();
      await poll(() => group.getAttribute("aria-selected")).toBe("true");
      const tabs = page.getByTestId("profile-family-tab");
      const names = (await tabs.evaluateAll((nodes) => nodes.map((n) => n.getAttribute("data-family")))) as string[];
      expect(names.length).toBeGreaterThan(0);
      for (const name of names) {
        const tab = page.locator(`[data-testid="profile-family-tab"][data-family="${name}"]`);
        await tab.click();
        await poll(() => tab.getAttribute("aria-selected")).toBe("true");
        await page.locator(`[data-list="${name}"] [data-testid="list-toolbar"]`).waitFor();
        const n = await settledRows();
        seen[name] = n;
        if (name === "common.tbroadshowpass") await page.screenshot({ path: "test-artifacts/enterprise-tab.png", fullPage: true });
        // the enterprise's filter applies and is not offered; the rows that show a name show this one
        expect(await page.getByTestId("search-form").locator('input[name="creditCode"]').count()).toBe(0);
        const names = await rows().locator('[data-column="entName"]').allTextContents();
        for (const shown of names) expect(shown).toBe(enterprise.entName);
        if (n === 0) await expect(page.getByTestId("record-table").first().textContent()).resolves.toContain("暂无数据");
      }
    }
    // the tabs the issue names are there, and the roadshow created for this enterprise shows in its tab
    for (const name of ["common.enpatentinfo", "common.enshareholderinfo", "common.tbroadshowpass"]) expect(Object.keys(seen)).toContain(name);
    expect(seen["common.tbroadshowpass"]).toBeGreaterThanOrEqual(1);
    expect(Object.values(seen).filter((n) => n > 0).length).toBeGreaterThanOrEqual(2);
    // the open tab is in the URL: a reload shows the same tab
    await page.reload();
    await poll(() => page.locator('[data-testid="profile-family-tab"][aria-selected="true"]').count()).toBe(1);
  });

  it("a new record in a tab starts with the enterprise's code and name, read-only", async () => {
    await page.getByTestId("profile-group-services").click();
    await page.locator('[data-testid="profile-family-tab"][data-family="common.tbroadshowpass"]').click();
    const before = await settledRows();
    await page.getByTestId("add-record").click();
    const dialog = page.getByTestId("record-dialog");
    await dialog.waitFor();
    await expect(dialog.locator('[data-field="creditCode"][data-readonly="true"]').textContent()).resolves.toContain(enterprise.creditCode);
    await expect(dialog.locator('[data-field="entName"][data-readonly="true"]').textContent()).resolves.toContain(enterprise.entName);
    // managed fields are left out of a new record
    expect(await dialog.locator('[data-field="status"]').count()).toBe(0);
    expect(await dialog.locator('[data-field="publishTime"]').count()).toBe(0);
    await dialog.locator('input[name="title"]').fill(`${roadshowTitle}乙`);
    await page.getByTestId("save-record").click();
    await dialog.waitFor({ state: "hidden" });
    await poll(() => rows().count()).toBe(before + 1);
  });

  it("the timeline names who changed which record when", async () => {
    await page.getByTestId("profile-tab-timeline").click();
    const timeline = page.getByTestId("profile-timeline");
    await timeline.waitFor();
    await poll(() => timeline.getByTestId("timeline-row").count()).toBeGreaterThanOrEqual(2);
    const first = timeline.getByTestId("timeline-row").first();
    // newest first: the roadshow just added
    await expect(first.getAttribute("data-family")).resolves.toBe("common.tbroadshowpass");
    await expect(first.textContent()).resolves.toMatch(/路演发布[\s\S]*新增/);
    // a row opens that record's history
    await first.getByTestId("timeline-history").click();
    const drawer = page.getByTestId("history-drawer");
    await drawer.waitFor();
    await poll(() => drawer.getByTestId("history-entry").count()).toBeGreaterThanOrEqual(1);
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "hidden" });
    // keyboard: an arrow key opens the neighbouring tab; Home moves to the first, Enter opens it
    await page.getByTestId("profile-tab-timeline").focus();
    await page.keyboard.press("ArrowLeft");
    await poll(() => page.getByTestId("profile-group-services").getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("Home");
    await page.keyboard.press("Enter");
    await poll(() => page.getByTestId("profile-tab-basic").getAttribute("aria-selected")).toBe("true");
    expect(pathOf(page)).toBe("/common/enterprisebasicinfo/index");
  });
});

/** The roadshow's row on the roadshow list, found by its title. */
async function roadshowRow(): Promise<Locator> {
  await page.goto(`/enterprise/roadshowpass?title=${encodeURIComponent(roadshowTitle)}`);
  await poll(() => rows().count()).toBeGreaterThanOrEqual(1);
  return rows().filter({ has: page.locator('[data-column="title"]', { hasText: new RegExp(`^${roadshowTitle}$`) }) }).first();
}

async function publishAndRevoke(texts: { published: string; revoked: string; publish: string; revoke: string; confirm: string; history: [string, string] }) {
  let row = await roadshowRow();
  await row.getByTestId("lifecycle-publish").click();
  await poll(() => row.locator('[data-column="status"]').textContent()).toBe(texts.published);
  await page.screenshot({ path: "test-artifacts/enterprise-roadshow.png", fullPage: true });
  // published: revoke is offered, publish is not
  await expect(row.getByTestId("lifecycle-publish").count()).resolves.toBe(0);
  await expect(row.getByTestId("lifecycle-revoke").textContent()).resolves.toBe(texts.revoke);

  // revoke asks first: cancel keeps it published
  await row.getByTestId("lifecycle-revoke").click();
  const modal = page.getByRole("dialog").filter({ has: page.getByTestId("revoke-confirm-text") });
  await modal.waitFor();
  await modal.getByTestId("confirm-cancel").click();
  await modal.waitFor({ state: "hidden" });
  expect(await row.locator('[data-column="status"]').textContent()).toBe(texts.published);
  await row.getByTestId("lifecycle-revoke").click();
  await modal.waitFor();
  expect(await modal.getByTestId("revoke-confirm-text").textContent()).toContain(texts.confirm);
  await modal.getByTestId("confirm-ok").click();
  await poll(() => row.locator('[data-column="status"]').textContent()).toBe(texts.revoked);
  await expect(row.getByTestId("lifecycle-publish").textContent()).resolves.toBe(texts.publish);

  // the history names both commands, newest first
  row = await roadshowRow();
  await row.getByTestId("history-record").click();
  const drawer = page.getByTestId("history-drawer");
  await drawer.waitFor();
  const commands = drawer.locator('[data-testid="history-entry"][data-command]');
  await poll(() => commands.count()).toBeGreaterThanOrEqual(2);
  const titles = await commands.allTextContents();
  expect(titles[0]).toContain(texts.history[1]);
  expect(titles[1]).toContain(texts.history[0]);
  await page.keyboard.press("Escape");
  await drawer.waitFor({ state: "hidden" });

  // managed fields: shown read-only when editing
  await row.getByTestId("edit-record").click();
  const dialog = page.getByTestId("record-dialog");
  await dialog.waitFor();
  await poll(() => dialog.locator('[data-field="status"][data-managed="true"]').textContent()).toContain(texts.revoked);
  expect(await dialog.locator('input[name="status"]').count()).toBe(0);
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "hidden" });
}

describe("examine and submit for approval", () => {
  it("examines a portal demand in a dialog: refusing needs an opinion, passing shows it on the portal", async () => {
    const title = `端到端需求${suffix}`;
    const saved = await call("POST", "/common/portalDemand/save", { ...enterprise, title, demandType: "financing" });
    expect(saved.code, saved.msg).toBe(0);
    await page.goto(`/enterprise/demand?title=${encodeURIComponent(title)}`);
    await poll(() => rows().count()).toBe(1);
    const row = rows().first();
    await row.getByTestId("lifecycle-examine").click();
    const dialog = page.getByTestId("examine-dialog");
    await dialog.waitFor();
    await dialog.getByLabel("审核不通过").check();
    await page.getByTestId("exam-submit").click();
    await poll(() => dialog.textContent()).toContain("审核不通过时请填写审核意见");
    await dialog.getByLabel("审核通过").check();
    await dialog.locator('textarea[name="examOpinion"]').fill("材料齐全");
    await page.getByTestId("exam-submit").click();
    await dialog.waitFor({ state: "hidden" });
    await poll(() => row.locator('[data-column="examStatus"]').textContent()).toBe("审核通过");
    await expect(row.getByTestId("lifecycle-examine").count()).resolves.toBe(0);
    // passed: published and shown; the portal switch hides it
    await expect(row.getByTestId("lifecycle-showChange").textContent()).resolves.toBe("取消展示");
    await row.getByTestId("lifecycle-showChange").click();
    await poll(() => row.getByTestId("lifecycle-showChange").textContent()).toBe("门户展示");
  });

  it("submits a financing application for approval and shows its approval record", async () => {
    const institution = `端到端银行${suffix}`;
    const saved = await call("POST", "/common/tbfinancapplication/pcSave", { ...enterprise, institutionName: institution, demandAmount: 500, contactName: "李四" });
    expect(saved.code, saved.msg).toBe(0);
    await page.goto(`/enterprise/financingapply?institutionName=${encodeURIComponent(institution)}`);
    await poll(() => rows().count()).toBe(1);
    const row = rows().first();
    await row.getByTestId("lifecycle-submit").click();
    const modal = page.getByRole("dialog").filter({ has: page.getByTestId("submit-confirm-text") });
    await modal.waitFor();
    await modal.getByTestId("confirm-ok").click();
    await poll(() => row.locator('[data-column="status"]').textContent()).toBe("审批中");
    await expect(row.getByTestId("lifecycle-submit").count()).resolves.toBe(0);
    await row.getByTestId("lifecycle-record").click();
    const drawer = page.getByTestId("approval-record");
    await drawer.waitFor();
    await poll(() => drawer.getByTestId("approval-event").count()).toBeGreaterThanOrEqual(2);
    expect(await drawer.getByTestId("approval-event").allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining("提交审批")]));
    await drawer.getByTestId("flow-record").waitFor();
    await page.screenshot({ path: "test-artifacts/enterprise-approval-record.png", fullPage: true });
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "hidden" });
  });
});

describe("a roadshow through publish and revoke", () => {
  it("in Chinese", async () => {
    await publishAndRevoke({ published: "已发布", revoked: "已撤回", publish: "发布", revoke: "撤回", confirm: "确定撤回序号【", history: ["发布", "撤回"] });
  });

  it("in English", async () => {
    await switchLanguage(page, "en-US");
    await publishAndRevoke({ published: "Published", revoked: "Revoked", publish: "Publish", revoke: "Revoke", confirm: "Revoke the record with serial number [", history: ["Published", "Revoked"] });
  });

  it("the profile in English: its tabs and the timeline naming the roadshow's revoke", async () => {
    await page.goto(`/common/enterprisebasicinfo/index?creditCode=${enterprise.creditCode}&tab=timeline`);
    await page.getByTestId("profile-timeline").waitFor();
    await expect(page.getByTestId("profile-tabs").getByRole("tab", { name: "Basic information" }).count()).resolves.toBe(1);
    await poll(() => page.getByTestId("timeline-row").first().textContent()).toMatch(/Roadshow[\s\S]*Revoked/);
    await switchLanguage(page, "zh-CN");
  });
});
