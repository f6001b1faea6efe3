/**
 * The enterprise profile as staff read it, in Chinese and then in English at 1440×900, on an enterprise made for
 * this file (a trademark and a software copyright typed in, software copyrights and another list written by a
 * real sync run of the built-in source): a group's badge is the sum of its tabs' counts and each tab's count is
 * what its lists hold; a group opens on its first tab holding records; every synchronised list is listed exactly
 * once; the timeline names the list, the record's title and who changed it (a user, or data sync); the basic
 * information reads first and edits through an Edit button; the header and the form call a field by one name.
 */
import { beforeAll, describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { apiCall, runCreditCode, signedInBrowser, switchLanguage } from "./browser.ts";
import { synFamilies, synLists } from "../../events/families/syn-lists.ts";
import { enterpriseBasicInfo } from "../../events/families/enterprise.ts";
import { sampleCount } from "../../events/syn/sample.ts";
import type { Lang } from "../../events/i18n.ts";

const session = signedInBrowser(inject("baseUrl"));
let page: Page;

const poll = <T>(fn: () => Promise<T> | T, timeout = 30_000) => expect.poll(fn, { timeout });

const call = <T = unknown>(path: string, body?: unknown) => apiCall<T>(page, path, body);
const creditCode = runCreditCode;

const softwareList = synLists.find((s) => s.family.name === "syn.synswlist")!;
const creditList = synLists.find((s) => s.family.name === "syn.synxzgxfstafflist")!;
const suffix = Date.now().toString(36);
const enterprise = { creditCode: "", entName: `档案阅读科技有限公司${suffix}` };
let synced = 0;
let userName = "";

/** Asks `fn` every half second until it answers a value (expect.poll is for tests, not hooks). */
async function until<T>(fn: () => Promise<T | undefined>, what: string, timeout: number): Promise<T> {
  for (const end = Date.now() + timeout; Date.now() < end; await new Promise((resolve) => setTimeout(resolve, 500))) {
    const value = await fn();
    if (value !== undefined) return value;
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Runs one list's sync for the enterprise through the API and waits until it is done. */
async function runSync(path: string) {
  // a scheduled run of the list may be under way: started once it is over
  const runId = await until(async () => {
    const started = await call<{ started: boolean; runId: string }>(`${path}/run`, { creditCodes: [enterprise.creditCode] });
    return started.data?.started ? started.data.runId : undefined;
  }, `${path} to start`, 120_000);
  const status = await until(async () => {
    const run = (await call<{ status: string }>(`/syn/runs/${runId}`)).data;
    return run.status === "running" ? undefined : run.status;
  }, `${path} to finish`, 150_000);
  expect(status).toBe("done");
}

beforeAll(async () => {
  page = session.page;
  userName = (await call<{ name: string }>("/sys/user/info")).data.name;
  // an enterprise the built-in source holds software copyrights and restricted persons for
  for (let i = 0; !enterprise.creditCode; i++) {
    const code = creditCode(i);
    if (sampleCount(softwareList, code) > 0 && sampleCount(creditList, code) > 0) enterprise.creditCode = code;
  }
  synced = sampleCount(softwareList, enterprise.creditCode);
  const saved = await call("/common/enenterprisebasicinfo/save", { ...enterprise, legalPerson: "李四", scale: "3", areaCode: "610100" });
  expect(saved.code, saved.msg).toBe(0);
  for (const [path, record] of [
    ["/common/entrademarkinfo/save", { tmName: `阅读${suffix}`, regNo: `TM${suffix}` }],
    ["/common/ensoftwarecopyright/save", { softwareName: `档案阅读系统${suffix}`, regNo: `2024SR${suffix}` }],
  ] as const) {
    const answer = await call(path, { ...enterprise, ...record });
    expect(answer.code, `${path}: ${answer.msg}`).toBe(0);
  }
  await runSync("/syn/synswlist");
  await runSync("/syn/synxzgxfstafflist");
}, 400_000);

const openProfile = async (tab?: string) => {
  await page.goto(`/common/enterprisebasicinfo/index?creditCode=${enterprise.creditCode}${tab ? `&tab=${tab}` : ""}`);
  await page.getByTestId("enterprise-profile").waitFor();
};

const countOf = async (text: string | null) => Number((text ?? "").trim());


/** Every group: its badge equals the sum of its tabs' counts; the tabs name each synchronised list once. */
async function badgesAddUp() {
  await openProfile();
  const groups = page.getByTestId("profile-tabs").locator('[data-testid^="profile-group-"]');
  await poll(() => groups.first().getByTestId("tab-count").count()).toBe(1);
  const listed: string[] = [];
  for (const group of await groups.all()) {
    const badge = await countOf(await group.getByTestId("tab-count").textContent());
    await group.click();
    await poll(() => group.getAttribute("aria-selected")).toBe("true");
    const tabs = page.getByTestId("profile-family-tab");
    await poll(() => tabs.first().getAttribute("data-count")).not.toBeNull();
    const counts = (await tabs.evaluateAll((nodes) => nodes.map((n) => Number(n.getAttribute("data-count"))))) as number[];
    expect(counts.reduce((a, b) => a + b, 0), `group ${await group.getAttribute("data-testid")}`).toBe(badge);
    // the group opened on its first tab holding records (its first when none does)
    const opened = counts.findIndex((n) => n > 0);
    await poll(() => tabs.nth(Math.max(opened, 0)).getAttribute("aria-selected")).toBe("true");
    const labels = await tabs.allTextContents();
    expect(new Set(labels).size).toBe(labels.length);
    for (const names of await tabs.evaluateAll((nodes) => nodes.map((n) => n.getAttribute("data-lists") ?? ""))) listed.push(...names.split(","));
  }
  for (const list of synFamilies) expect(listed.filter((name) => name === list.name), list.name).toHaveLength(1);
}

/** The IP group: 软件著作权 holds the typed-in record and the synchronised ones, one list under the other. */
async function pairedTabCounts(texts: { group: string; software: string; trademark: string }) {
  await openProfile();
  const group = page.getByTestId("profile-group-ip");
  await poll(() => group.getByTestId("tab-count").textContent()).toBe(String(1 + 1 + synced));
  expect(await group.textContent()).toContain(texts.group);
  await group.click();
  // the first tab (patents) is empty: the group opens on trademarks
  const trademarks = page.locator('[data-testid="profile-family-tab"][data-family="common.entrademarkinfo"]');
  await poll(() => trademarks.getAttribute("aria-selected")).toBe("true");
  expect(await trademarks.textContent()).toBe(`${texts.trademark}1`);
  const software = page.locator('[data-testid="profile-family-tab"][data-family="common.ensoftwarecopyright"]');
  expect(await software.getAttribute("data-count")).toBe(String(1 + synced));
  expect(await software.textContent()).toBe(`${texts.software}${1 + synced}`);
  await software.click();
  const lists = page.getByTestId("profile-list");
  await poll(() => lists.count()).toBe(2);
  const totals: number[] = [];
  for (const list of await lists.all()) {
    await poll(() => list.getByTestId("record-row").count()).toBeGreaterThan(0);
    totals.push(await list.getByTestId("record-row").count());
  }
  expect(totals).toEqual([1, synced]);
  await page.screenshot({ path: `test-artifacts/enterprise-profile-ip-${texts.group.length}.png`, fullPage: true });
}

/** The timeline names the list and the record, and who: the user by name, a sync run as data sync. */
async function timelineNamesRecordAndAuthor(texts: { software: string; trademark: string; sync: string }) {
  const first = (await call<{ softwareName: string }[]>(`/syn/synswlist/list?creditCode=${enterprise.creditCode}&page=1&limit=10`)).data.map((r) => r.softwareName);
  await openProfile("timeline");
  const timeline = page.getByTestId("profile-timeline");
  await poll(() => timeline.getByTestId("timeline-row").count()).toBeGreaterThanOrEqual(4);
  const rows = timeline.getByTestId("timeline-row");
  const shown: { family: string | null; list: string | null; title: string | null; by: string | null; kind: string | null }[] = [];
  for (const row of await rows.all()) {
    const by = row.getByTestId("timeline-by");
    shown.push({ family: await row.getAttribute("data-family"), list: await row.getByTestId("timeline-list").textContent(), title: await row.getByTestId("timeline-title").textContent(), by: await by.textContent(), kind: await by.getAttribute("data-by") });
  }
  const syncedRow = shown.find((r) => r.family === "syn.synswlist")!;
  expect(syncedRow).toMatchObject({ list: texts.software, by: texts.sync, kind: "sync" });
  expect(first).toContain(syncedRow.title);
  expect(shown.find((r) => r.family === "common.entrademarkinfo")).toMatchObject({ list: texts.trademark, title: `阅读${suffix}`, by: userName, kind: "user" });
  // no row reads a raw principal or a dash where the record should be
  for (const row of shown) {
    expect(["sync", "system", "scheduler", ""]).not.toContain(row.by);
    expect(row.title).not.toBe("—");
  }
  await page.screenshot({ path: `test-artifacts/enterprise-profile-timeline-${texts.sync.length}.png`, fullPage: true });
}

/** The basic information reads first; Edit opens the form, saving shows the new value read again. */
async function basicReadsThenEdits(texts: { edit: string }, legalPerson: string) {
  await openProfile();
  const basic = page.getByTestId("profile-basic");
  await poll(() => basic.locator('[data-field="entName"] dd').textContent()).toBe(enterprise.entName);
  expect(await basic.locator("input, textarea").count()).toBe(0);
  const edit = basic.getByTestId("profile-basic-edit");
  expect(await edit.textContent()).toBe(texts.edit);
  await edit.click();
  const dialog = page.getByTestId("record-dialog");
  await dialog.waitFor();
  await poll(() => dialog.locator('input[name="entName"]').inputValue()).toBe(enterprise.entName);
  await dialog.locator('input[name="legalPerson"]').fill(legalPerson);
  await page.getByTestId("save-record").click();
  await dialog.waitFor({ state: "hidden" });
  await poll(() => basic.locator('[data-field="legalPerson"] dd').textContent()).toBe(legalPerson);
  expect(await basic.locator("input, textarea").count()).toBe(0);
}

/** The header's facts, the description list and the form call each field by its declared label. */
async function oneLabelPerField(lang: Lang) {
  await openProfile();
  const facts = page.getByTestId("profile-header").locator("[data-fact]");
  await poll(() => facts.count()).toBe(6);
  const basic = page.getByTestId("profile-basic");
  await basic.locator('[data-field="entName"] dd').waitFor();
  await basic.getByTestId("profile-basic-edit").click();
  const dialog = page.getByTestId("record-dialog");
  await dialog.waitFor();
  for (const fact of await facts.all()) {
    const key = (await fact.getAttribute("data-fact"))!;
    const label = (await fact.getByTestId("fact-label").textContent())!;
    expect(label).toBe(enterpriseBasicInfo.fields[key as keyof typeof enterpriseBasicInfo.fields].label[lang]);
    expect(await basic.locator(`[data-field="${key}"] dt`).textContent()).toBe(label);
    // the form's input for the field carries the same label
    await expect(dialog.locator(`label`, { hasText: label }).count()).resolves.toBeGreaterThanOrEqual(1);
  }
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "hidden" });
}

describe("the enterprise profile in Chinese", () => {
  it("adds a group's badge up from its tabs' counts and lists every synchronised list once", { timeout: 300_000 }, badgesAddUp);
  it("counts a typed-in list and its synchronised mirror in one tab and opens a group on its first non-empty tab", { timeout: 120_000 }, () =>
    pairedTabCounts({ group: "知识产权", software: "软件著作权", trademark: "商标" }));
  it("names the list, the record and who changed it on the timeline", { timeout: 120_000 }, () =>
    timelineNamesRecordAndAuthor({ software: "软件著作权", trademark: "商标", sync: "数据同步" }));
  it("reads the basic information first and edits it on request", { timeout: 120_000 }, () => basicReadsThenEdits({ edit: "编辑" }, "王五"));
  it("calls each field by one label in the header, the description and the form", { timeout: 120_000 }, () => oneLabelPerField("zh-CN"));
});

describe("the enterprise profile in English", () => {
  it("adds a group's badge up from its tabs' counts and lists every synchronised list once", { timeout: 300_000 }, async () => {
    await openProfile();
    await switchLanguage(page, "en-US");
    await badgesAddUp();
  });
  it("counts a typed-in list and its synchronised mirror in one tab and opens a group on its first non-empty tab", { timeout: 120_000 }, () =>
    pairedTabCounts({ group: "Intellectual property", software: "Software copyrights", trademark: "Trademarks" }));
  it("names the list, the record and who changed it on the timeline", { timeout: 120_000 }, () =>
    timelineNamesRecordAndAuthor({ software: "Software copyrights", trademark: "Trademarks", sync: "Data sync" }));
  it("reads the basic information first and edits it on request", { timeout: 120_000 }, () => basicReadsThenEdits({ edit: "Edit" }, "Zhao Liu"));
  it("calls each field by one label in the header, the description and the form", { timeout: 120_000 }, async () => {
    await oneLabelPerField("en-US");
    const header = await page.getByTestId("profile-header").textContent();
    expect(header).toContain("Enterprise scale");
    expect(header).toContain("Service officer");
    expect(header).not.toContain("Size");
    expect(header).not.toContain("Service staff");
    await switchLanguage(page, "zh-CN");
  });
});
