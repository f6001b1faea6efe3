/**
 * A staff member's visit, in Chinese and then in English at 1440×900: on the check-in records screen they check
 * in at an enterprise with the browser's location allowed (the distance to the enterprise is shown and stored)
 * and, in English, with the permission refused (no location, said so); from the task list they record the visit
 * against its task; the enterprise's visit timeline on its profile shows it.
 */
import { afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { cookie, signedInBrowser } from "./browser.ts";
import type { Lang } from "../../events/i18n.ts";

const session = signedInBrowser(inject("baseUrl"));
let page: Page;
afterEach(async (context) => {
  if (context.task.result?.state === "fail") await page.screenshot({ path: `test-artifacts/visits-failed-${context.task.name.slice(0, 20)}.png`, fullPage: true }).catch(() => {});
});
const poll = <T>(fn: () => Promise<T> | T, timeout = 30_000) => expect.poll(fn, { timeout });

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
  total?: number;
}
async function call<T>(path: string, body?: unknown): Promise<Envelope<T>> {
  const token = await cookie(page, "x-tr-token");
  const headers: Record<string, string> = token ? { "x-hbi-token": token } : {};
  const request = page.context().request;
  const response = body === undefined ? await request.get(`/api${path}`, { headers }) : await request.post(`/api${path}`, { headers, data: body });
  return (await response.json()) as Envelope<T>;
}

function creditCode(i: number): string {
  const chars = "0123456789ABCDEFGHJKLMNPQRTUWXY";
  const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  const first17 = `91610113${String((Date.now() + i) % 1_000_000_000).padStart(9, "0")}`;
  const sum = weights.reduce((acc, w, k) => acc + chars.indexOf(first17[k]!) * w, 0);
  return first17 + chars[(31 - (sum % 31)) % 31];
}

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

async function switchLanguage(lang: Lang) {
  await page.getByTestId("language-switch").click();
  await Promise.all([page.waitForEvent("load"), page.getByTestId(`lang-${lang}`).click()]);
  await poll(() => page.getAttribute("html", "lang")).toBe(lang);
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
  await page.goto(`/task/message?creditCode=${enterprise.creditCode}`);
  const row = page.getByTestId("record-row").filter({ hasText: title }).first();
  await row.getByTestId("task-record-visit").click();
  const form = page.getByTestId("visit-form");
  await form.getByTestId("visit-content").fill(content);
  await form.getByTestId("visit-detail-purpose").fill("日常走访");
  await form.getByTestId("visit-save").click();
  await form.waitFor({ state: "detached" });
}

async function timelineShows(content: string) {
  await page.goto(`/common/enterprisebasicinfo/index?creditCode=${enterprise.creditCode}&tab=visit-timeline`);
  const tab = page.getByTestId("profile-visits");
  await poll(() => tab.getByText(content).count()).toBeGreaterThan(0);
}

describe("a staff member's visit", () => {
  it("zh-CN: checks in with the location allowed, records the visit from the task, sees it on the profile", async () => {
    await checkIn(true);
    await poll(() => page.locator(".mantine-Notification-root").filter({ hasText: "距企业" }).count()).toBeGreaterThan(0);
    const rows = await call<{ distanceMeters: number | null; latitude: number | null }[]>(`/common/encheckinrecord/list?creditCode=${enterprise.creditCode}`);
    expect(rows.data).toHaveLength(1);
    expect(rows.data[0]!.distanceMeters).toBeGreaterThan(950);
    expect(rows.data[0]!.distanceMeters).toBeLessThan(1050);

    await recordVisit(`走访任务${suffix}`, "了解企业扩产计划和用地需求");
    await timelineShows("了解企业扩产计划和用地需求");
    await expect(page.getByTestId("profile-tab-visit-timeline").textContent()).resolves.toBe("走访时间线");
  });

  it("en-US: checks in with the permission refused, records a visit, sees it on the profile", async () => {
    await switchLanguage("en-US");
    await checkIn(false);
    await poll(() => page.locator(".mantine-Notification-root").filter({ hasText: "Distance to the enterprise unknown" }).count()).toBeGreaterThan(0);
    const rows = await call<{ distanceMeters: number | null; latitude: number | null }[]>(`/common/encheckinrecord/list?creditCode=${enterprise.creditCode}`);
    expect(rows.data).toHaveLength(2);
    expect(rows.data.filter((r) => r.distanceMeters === null && r.latitude === null)).toHaveLength(1);

    await recordVisit(`Visit task ${suffix}`, "Discussed the export plan");
    await timelineShows("Discussed the export plan");
    await expect(page.getByTestId("profile-tab-visit-timeline").textContent()).resolves.toBe("Visit timeline");
    const counts = await call<{ total: number }>(`/common/encompanyvisit/visitCount?creditCode=${enterprise.creditCode}`);
    expect(counts.data.total).toBe(2);
  });
});
