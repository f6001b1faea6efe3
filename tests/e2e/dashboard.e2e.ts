/**
 * The equity-exchange dashboard in a real browser, signed in as a person does: opened from the side menu
 * (数据大屏 › 区域地图), the map of Shaanxi drawn with every prefecture that has enterprises filled (its
 * canvas painted in more than the background's colours at the prefectures' points), a click on a
 * prefecture filtering the figures (the KPI equals the figure the method gives for that prefecture), at
 * 1440×900 and 1920×1080, in Chinese and in English. Screenshots are kept under test-artifacts/dashboard/.
 */
import { mkdirSync } from "node:fs";
import { beforeAll, describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { apiCall, openFromMenu, signedInBrowser } from "./browser.ts";

const session = signedInBrowser(inject("baseUrl"));
let page: Page;
const shots = "test-artifacts/dashboard";
beforeAll(() => {
  page = session.page;
  mkdirSync(shots, { recursive: true });
});

const poll = <T>(fn: () => Promise<T> | T, timeout = 20_000) => expect.poll(fn, { timeout });
const dashboard = () => page.getByTestId("dashboard");

interface Prefecture {
  code: string;
  name: string;
  value: number;
}
async function mapFigures(metric: string): Promise<Prefecture[]> {
  const answer = await apiCall<{ prefectures: Prefecture[] }>(page, "/wutong/v1/jsonrpc", { method: "dashboard.map", params: { metric }, moduleCode: "dashboard" });
  expect(answer.code).toBe(200);
  return answer.data.prefectures;
}
async function figures<T>(method: string, params: unknown): Promise<T> {
  const answer = await apiCall<T>(page, "/wutong/v1/jsonrpc", { method, params, moduleCode: "dashboard" });
  expect(answer.code).toBe(200);
  return answer.data;
}

/** The map is drawn: as many prefectures filled as have a value, each label point painted and not all alike. */
async function expectMapFilled(expected: number) {
  const map = page.getByTestId("dashboard-map");
  await poll(async () => Number(await map.getAttribute("data-filled"))).toBe(expected);
  await poll(async () => Object.keys(JSON.parse((await map.getAttribute("data-points")) || "{}")).length).toBe(10);
  // the canvas: the colours under the prefectures' label points (a little off the label), sampled in the page
  await poll(
    () =>
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- runs in the page (the test's types have no DOM)
      map.evaluate((el: any) => {
        const canvas = el.querySelector("canvas");
        const ctx = canvas.getContext("2d");
        const points = JSON.parse(el.getAttribute("data-points") || "{}") as Record<string, [number, number]>;
        const ratio = canvas.width / canvas.clientWidth;
        return [...new Set(Object.values(points).map(([x, y]) => [...(ctx.getImageData(Math.round((x + 12) * ratio), Math.round((y + 14) * ratio), 1, 1).data as number[])].join(",")))].length;
      }),
    20_000,
  ).toBeGreaterThanOrEqual(3);
}

/** Clicks a prefecture on the map where the chart draws its label point, through the stage's scale. */
async function clickPrefecture(code: string) {
  const map = page.getByTestId("dashboard-map");
  const points = JSON.parse((await map.getAttribute("data-points")) || "{}") as Record<string, [number, number]>;
  const scale = Number(await page.getByTestId("dashboard-stage").getAttribute("data-scale"));
  const box = (await map.boundingBox())!;
  const [x, y] = points[code]!;
  await page.mouse.click(box.x + x * scale, box.y + y * scale);
}

const kpi = async (key: string) => Number(((await dashboard().locator(`[data-kpi="${key}"] div`).nth(1).textContent()) ?? "").replace(/[^\d.]/g, ""));

describe("dashboard", () => {
  it("opens from the menu at 1440×900: the map filled, a click on 咸阳市 filters the figures", async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openFromMenu(page, ["数据大屏", "区域地图"]);
    await dashboard().waitFor();
    const prefectures = await mapFigures("enterprises");
    await expectMapFilled(prefectures.filter((p) => p.value > 0).length);
    await poll(() => page.getByRole("heading", { name: "陕西区域股权市场数据大屏" }).count()).toBe(1);
    await poll(() => page.getByTestId("dashboard-clock").textContent()).toMatch(/\d{2}:\d{2}:\d{2}/);
    const province = await figures<{ kpis: { key: string; value: number }[] }>("dashboard.enterprises", {});
    await poll(() => kpi("enterprises")).toBe(province.kpis.find((k) => k.key === "enterprises")!.value);
    await page.screenshot({ path: `${shots}/map-zh-1440x900.png` });

    await clickPrefecture("610400");
    await poll(() => dashboard().getAttribute("data-area")).toBe("610400");
    await poll(() => page.getByTestId("dashboard-filter").textContent()).toContain("咸阳市");
    await poll(() => kpi("enterprises")).toBe(prefectures.find((p) => p.code === "610400")!.value);
    await page.screenshot({ path: `${shots}/map-zh-1440x900-xianyang.png` });
    // a second click on the same prefecture clears the filter
    await clickPrefecture("610400");
    await poll(() => dashboard().getAttribute("data-area")).toBe("");
  });

  it("at 1920×1080 the listing screen: its map of listed enterprises filled, a click on 西安市 filters its figures", async () => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.getByTestId("dashboard-tab-listing").click();
    await poll(() => dashboard().getAttribute("data-focus")).toBe("listing");
    const listed = await mapFigures("listed");
    await expectMapFilled(listed.filter((p) => p.value > 0).length);
    await page.screenshot({ path: `${shots}/listing-zh-1920x1080.png` });
    await clickPrefecture("610100");
    await poll(() => dashboard().getAttribute("data-area")).toBe("610100");
    const xian = await figures<{ kpis: { key: string; value: number }[] }>("dashboard.listing", { areaCode: "610100" });
    await poll(() => kpi("listed")).toBe(xian.kpis.find((k) => k.key === "listed")!.value);
    expect(xian.kpis.find((k) => k.key === "listed")!.value).toBe(listed.find((p) => p.code === "610100")!.value);
  });

  it("every menu entry has its working screen: its KPI figures, its panels and the map", async () => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    const kpisOf: Record<string, string> = { listing: "listed", member: "members", trusteeship: "validPledges", financing: "demandAmount", enterprise: "enterprises", peers: "industries", institutions: "institutions", map: "enterprises" };
    for (const [focus, key] of Object.entries(kpisOf)) {
      await page.getByTestId(`dashboard-tab-${focus}`).click();
      await poll(() => dashboard().getAttribute("data-focus")).toBe(focus);
      await poll(() => kpi(key)).toBeGreaterThan(0);
      await poll(async () => Number(await page.getByTestId("dashboard-map").getAttribute("data-filled"))).toBeGreaterThan(0);
      await page.screenshot({ path: `${shots}/${focus}-zh-1920x1080.png` });
    }
  });

  it("in English at both sizes: titles, tabs and the map", async () => {
    await page.getByTestId("language-switch").click();
    await Promise.all([page.waitForEvent("load"), page.getByTestId("lang-en-US").click()]);
    for (const [width, height] of [[1440, 900], [1920, 1080]] as const) {
      await page.setViewportSize({ width, height });
      await page.goto("/bt/dashboard/map");
      await dashboard().waitFor();
      await poll(() => page.getByRole("heading", { name: "Shaanxi Regional Equity Market Dashboard" }).count()).toBe(1);
      await poll(() => page.getByTestId("dashboard-tab-financing").textContent()).toBe("Financing");
      const prefectures = await mapFigures("enterprises");
      await expectMapFilled(prefectures.filter((p) => p.value > 0).length);
      // the stage keeps its proportions: one scale for both axes
      const stage = (await page.getByTestId("dashboard-stage").boundingBox())!;
      expect(Math.abs(stage.width / stage.height - 1920 / 1080)).toBeLessThan(0.01);
      await page.screenshot({ path: `${shots}/map-en-${width}x${height}.png` });
    }
    await page.getByTestId("language-switch").click();
    await Promise.all([page.waitForEvent("load"), page.getByTestId("lang-zh-CN").click()]);
  });
});
