/**
 * A staff member's visit, in Chinese and then in English at 1440×900: on the check-in records screen they check
 * in at an enterprise with the browser's location allowed (the distance to the enterprise is shown and stored)
 * and, in English, with the permission refused (no location, said so); an enterprise is allocated to them, confirmed
 * and committed after a dialog each (the service staff follow); from the task list they record the visit
 * against its task; the enterprise's visit timeline on its profile shows it.
 */
import { beforeAll, describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { apiCall, runCreditCode, signedInBrowser, switchLanguage } from "./browser.ts";

const session = signedInBrowser(inject("baseUrl"));
let page: Page;
const poll = <T>(fn: () => Promise<T> | T, timeout = 30_000) => expect.poll(fn, { timeout });

const call = <T = unknown>(path: string, body?: unknown) => apiCall<T>(page, path, body);
const creditCode = runCreditCode;

const suffix = Date.now().toString(36);
const enterprise = { creditCode: creditCode(7), entName: `走访签到科技有限公司${suffix}`, longitude: 108.9402, latitude: 34.2583 };
let adminId = "";

beforeAll(async () => {
  page = session.page;
  const saved = await call<{ id: string }>("/common/enenterprisebasicinfo/save", { ...enterprise, areaCode: "610113" });
  expect(saved.code, JSON.stringify(saved)).toBe(0);
  adminId = (await call<{ id: string }>("/sys/user/info")).data.id;
});

async function newTask(title: string) {
  const task = await call<{ id: string }>("/common/entaskmsg/save", { creditCode: enterprise.creditCode, entName: enterprise.entName, title, msgType: "visit", receiverId: adminId, deadline: "2026-12-31", status: "notStarted" });
  expect(task.code, JSON.stringify(task)).toBe(0);
  return task.data.id;
}


async function checkIn(located: boolean) {
  const context = page.context();
  if (located) {
    await context.grantPermissions(["geolocation"]);
    // 0.009° north of the enterprise: about 1 km
    await context.setGeolocation({ latitude: enterprise.latitude + 0.009, longitude: enterprise.longitude });
  } else {
    await context.clearPermissions();
  }
  await page.goto("/task/checkin");
  await page.getByTestId("checkin-open").click();
  const dialog = page.getByTestId("checkin-dialog");
  await dialog.getByTestId("enterprise-picker").fill(enterprise.entName.slice(0, 8));
  await page.getByRole("option", { name: new RegExp(suffix) }).click();
  await poll(() => dialog.getByTestId("checkin-picked").textContent()).toBe(enterprise.entName);
  await dialog.getByTestId("checkin-locate").click();
  await poll(() => dialog.getByTestId("checkin-location").getAttribute("data-state")).toBe(located ? "located" : "denied");
  await dialog.getByTestId("checkin-address").fill("雁塔区科技路");
  await dialog.getByTestId("checkin-save").click();
  await dialog.waitFor({ state: "detached" });
}

async function recordVisit(title: string, content: string) {
  await newTask(title);
  // one's own task on 消息任务: the row offers the visit form
  await page.goto(`/task/message?entName=${encodeURIComponent(enterprise.entName)}`);
  const row = page.getByTestId("mytasks-row").filter({ hasText: title }).first();
  await row.getByTestId("task-record-visit").click();
  const form = page.getByTestId("visit-form");
  await form.getByTestId("visit-content").fill(content);
  await form.getByTestId("visit-detail-purpose").fill("日常走访");
  await form.getByTestId("visit-save").click();
  await form.waitFor({ state: "detached" });
  // the visit finished its task
  await poll(() => row.getAttribute("data-state")).toBe("done");
}

/** Allocates the enterprise, then confirms and commits it on /task/allocation, each after its dialog. */
async function allocate(texts: { confirm: string; commit: string }) {
  const saved = await call<{ id: string }>("/common/envisituserallocation/save", { creditCode: enterprise.creditCode, entName: enterprise.entName, userId: adminId, allocateDate: "2026-03-01", status: "pending" });
  expect(saved.code, JSON.stringify(saved)).toBe(0);
  await page.goto(`/task/allocation?entName=${encodeURIComponent(enterprise.entName)}`);
  const row = page.locator(`[data-testid="allocation-row"][data-id="${saved.data.id}"]`);
  for (const [step, status] of [["confirm", "confirmed"], ["commit", "committed"]] as const) {
    await row.getByRole("checkbox").check();
    await expect(page.getByTestId(`allocation-${step}`).textContent()).resolves.toBe(texts[step]);
    await page.getByTestId(`allocation-${step}`).click();
    await page.getByTestId("allocation-confirm-text").waitFor();
    await page.getByTestId("confirm-ok").click();
    await poll(() => row.getAttribute("data-status")).toBe(status);
  }
  const master = await call<{ serviceUserId: string }[]>(`/common/enenterprisebasicinfo/list?creditCode=${enterprise.creditCode}`);
  expect(master.data[0]!.serviceUserId).toBe(adminId);
  // committed: no checkbox to pick it again
  await expect(row.getByRole("checkbox").isDisabled()).resolves.toBe(true);
}

async function timelineShows(content: string) {
  await page.goto(`/common/enterprisebasicinfo/index?creditCode=${enterprise.creditCode}&tab=visit-timeline`);
  const tab = page.getByTestId("profile-visits");
  await poll(() => tab.getByText(content).count()).toBeGreaterThan(0);
}

describe("a staff member's visit", () => {
  it("zh-CN: checks in with the location allowed, allocates, records the visit from the task, sees it on the profile", async () => {
    await checkIn(true);
    await poll(() => page.locator(".mantine-Notification-root").filter({ hasText: "距企业" }).count()).toBeGreaterThan(0);
    const rows = await call<{ distanceMeters: number | null; latitude: number | null }[]>(`/common/encheckinrecord/list?creditCode=${enterprise.creditCode}`);
    expect(rows.data).toHaveLength(1);
    expect(rows.data[0]!.distanceMeters).toBeGreaterThan(950);
    expect(rows.data[0]!.distanceMeters).toBeLessThan(1050);

    await allocate({ confirm: "确认分配", commit: "提交分配" });
    await recordVisit(`走访任务${suffix}`, "了解企业扩产计划和用地需求");
    await timelineShows("了解企业扩产计划和用地需求");
    await expect(page.getByTestId("profile-tab-visit-timeline").textContent()).resolves.toBe("走访时间线");
  });

  it("en-US: checks in with the permission refused, allocates, records a visit, sees it on the profile", async () => {
    await switchLanguage(page, "en-US");
    await checkIn(false);
    await poll(() => page.locator(".mantine-Notification-root").filter({ hasText: "Distance to the enterprise unknown" }).count()).toBeGreaterThan(0);
    const rows = await call<{ distanceMeters: number | null; latitude: number | null }[]>(`/common/encheckinrecord/list?creditCode=${enterprise.creditCode}`);
    expect(rows.data).toHaveLength(2);
    expect(rows.data.filter((r) => r.distanceMeters === null && r.latitude === null)).toHaveLength(1);

    await allocate({ confirm: "Confirm", commit: "Commit" });
    await recordVisit(`Visit task ${suffix}`, "Discussed the export plan");
    await timelineShows("Discussed the export plan");
    await expect(page.getByTestId("profile-tab-visit-timeline").textContent()).resolves.toBe("Visit timeline");
    const counts = await call<{ total: number }>(`/common/encompanyvisit/visitCount?creditCode=${enterprise.creditCode}`);
    expect(counts.data.total).toBe(2);
  });
});
