/**
 * Reports in a real browser, as the administrator: over a data model with records (made through the API),
 * design a grouped report — the source picked in the searchable select, a group, count and sum, an open
 * filter for the viewer, a bar chart — see the live preview's table and chart, save and publish it under a
 * code, open it in the viewer, filter it, export it to xlsx, and check that printing shows the report alone.
 */
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { cookie, signedInBrowser } from "./browser.ts";

const session = signedInBrowser(inject("baseUrl"));
let page: Page;

const poll = <T>(fn: () => Promise<T> | T, timeout = 20_000) => expect.poll(fn, { timeout });
const suffix = Date.now().toString(36).slice(-6);
const modelName = `报表源${suffix}`;
const reportName = `区域销售${suffix}`;
const reportCode = `sales-${suffix}`;

async function call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<{ code: number; msg: string; data: T }> {
  const token = await cookie(page, "x-tr-token");
  const headers: Record<string, string> = token ? { "x-hbi-token": token } : {};
  const response = method === "GET" ? await page.context().request.get(`/api${path}`, { headers }) : await page.context().request.post(`/api${path}`, { headers, data: body });
  return (await response.json()) as { code: number; msg: string; data: T };
}

/** Picks an option of a Mantine select whose visible input is `input`, typing `search` first when given. */
async function choose(input: Locator, option: string | RegExp, search?: string) {
  await input.click();
  if (search) await input.fill(search);
  await page.getByRole("option", typeof option === "string" ? { name: option, exact: true } : { name: option }).first().click();
}

beforeAll(async () => {
  page = session.page;
  const model = await call<{ id: string }>("POST", "/datamodel/save", {
    name: modelName,
    code: `rpt_${suffix}`,
    type: "table",
    fields: [
      { name: "region", title: "区域", type: "text" },
      { name: "amount", title: "金额", type: "decimal" },
    ],
  });
  expect(model.code, model.msg).toBe(0);
  for (const [region, amount] of [["东区", 10], ["东区", 20], ["西区", 5], ["北区", 7.5]] as const) {
    const saved = await call("POST", `/datamodel/data/${model.data.id}/save`, { region, amount });
    expect(saved.code, saved.msg).toBe(0);
  }
});

describe("report designer and viewer", () => {
  it("designs a grouped report with a bar chart over a data model and previews it live", async () => {
    await page.goto("/report/design");
    await page.getByTestId("report-design-screen").waitFor();
    await page.getByTestId("report-new").click();
    const designer = page.getByTestId("report-designer");
    await designer.waitFor();
    await page.getByTestId("report-name").fill(reportName);
    await page.getByTestId("report-code").fill(reportCode);
    await choose(page.getByTestId("report-source"), new RegExp(modelName), modelName);

    // group by region; count and the sum of amount
    await page.getByTestId("report-add-group").click();
    await choose(page.getByTestId("report-group-field"), "区域");
    await page.getByTestId("report-add-aggregate").click();
    await page.getByTestId("report-add-aggregate").click();
    await choose(page.getByTestId("report-aggregate-fn").nth(1), "合计");
    await choose(page.getByTestId("report-aggregate-field").nth(1), "金额");
    // an open filter on region: the viewer fills it in
    await page.getByTestId("report-add-filter").click();
    await choose(page.getByTestId("report-filter").locator("input").first(), "区域");
    await page.getByTestId("report-chart-type").getByText("柱状图").click();
    await choose(page.getByTestId("report-sort"), /金额/);
    await page.getByTestId("report-designer").getByText("降序", { exact: true }).click();

    const table = page.getByTestId("report-preview-table");
    await poll(() => table.getByTestId("report-row").count()).toBe(3);
    // sorted by the sum: 东区 (10 + 20) first
    await poll(() => table.getByTestId("report-row").first().textContent()).toMatch(/东区.*2.*30/);
    const chart = page.getByTestId("report-chart");
    await poll(() => chart.getAttribute("data-chart")).toBe("bar");
    await poll(() => chart.locator(".recharts-bar-rectangle").count()).toBeGreaterThanOrEqual(3);
  });

  it("saves and publishes it under a code", async () => {
    await page.getByTestId("report-save").click();
    await poll(async () => (await call<{ name: string }[]>("GET", `/report/models?search=${encodeURIComponent(reportName)}`)).data.length).toBe(1);
    await page.getByTestId("report-publish-code").fill(reportCode);
    await page.getByTestId("report-publish").click();
    await page.getByTestId("report-published").waitFor();
    const file = await call<{ status: string; name: string }>("GET", `/report/reportfile/getByCode/${reportCode}`);
    expect(file.data).toMatchObject({ status: "1", name: reportName });
    // the data link carries the session in its query, as the seed's preview links do
    const link = await page.getByTestId("report-published").locator("a[target=_blank]").getAttribute("href");
    expect(link).toContain("token=");
  });

  it("opens it in the viewer, filters it and exports it to xlsx", async () => {
    await page.goto("/report/view");
    await page.getByTestId("report-view-table").getByText(reportName, { exact: true }).click();
    const viewer = page.getByTestId("report-viewer");
    await viewer.waitFor();
    const rows = page.getByTestId("report-viewer-table").getByTestId("report-row");
    await poll(() => rows.count()).toBe(3);
    await poll(() => page.getByTestId("report-chart").locator(".recharts-bar-rectangle").count()).toBeGreaterThanOrEqual(3);

    await page.getByTestId("report-viewer-filter-region").fill("西区");
    await page.getByTestId("report-viewer-apply").click();
    await poll(() => rows.count()).toBe(1);
    await poll(() => rows.first().textContent()).toContain("西区");

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("report-export").click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const path = await download.path();
    const { readFileSync } = await import("node:fs");
    const bytes = readFileSync(path!);
    // a zip (xlsx) file: PK\x03\x04
    expect(bytes.subarray(0, 4).toString("hex")).toBe("504b0304");
  });

  it("prints the report alone", async () => {
    await page.emulateMedia({ media: "print" });
    try {
      await expect(page.getByTestId("report-print-area").isVisible()).resolves.toBe(true);
      await expect(page.getByTestId("report-export").isVisible()).resolves.toBe(false);
      await expect(page.getByTestId("side-menu").isVisible()).resolves.toBe(false);
    } finally {
      await page.emulateMedia({ media: "screen" });
    }
  });
});

/**
 * The seeded demo report (项目储备库 grouped by its eight industries, count and total investment, a bar chart,
 * an offered yes/no filter on 重点项目 that is no column of the answer), as a staff member reads it at 1440×900.
 */
describe("the demo report in the viewer, in both languages", () => {
  const texts = async (locator: Locator) => (await locator.allTextContents()).map((v) => v.trim());
  /** 1,234,567 or 1,234.5: a number of four digits or more grouped by thousands */
  const grouped = /^\d{1,3}(,\d{3})+(\.\d+)?$/;

  async function checkViewer(lang: { filterLabel: string; yes: string; no: string }) {
    await page.goto("/report/view?code=project_by_industry");
    const rows = page.getByTestId("report-viewer-table").getByTestId("report-row");
    await poll(() => rows.count()).toBe(8);

    // the filter is labelled with the field's name, and a yes/no field offers yes and no
    const filters = page.getByTestId("report-viewer-filters");
    await poll(() => filters.textContent()).toContain(lang.filterLabel);
    expect(await filters.textContent()).not.toContain("keyProject");
    const input = page.getByTestId("report-viewer-filter-keyProject");
    await input.click();
    expect(await texts(page.getByRole("option"))).toEqual([lang.yes, lang.no]);
    await page.getByRole("option", { name: lang.yes, exact: true }).click();

    // every category has its label under its bar, the labels the table shows
    const chart = page.getByTestId("report-chart");
    await poll(() => chart.locator(".recharts-bar-rectangle").count()).toBe(8);
    // (a long label may be set on two lines: compared without white space)
    const bare = async (locator: Locator) => (await texts(locator)).map((v) => v.replace(/\s+/g, ""));
    const ticks = chart.locator(".recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value");
    const categories = await bare(rows.locator("td:first-child"));
    await poll(() => bare(ticks)).toEqual(categories);
    for (const tick of await ticks.all()) expect(await tick.isVisible()).toBe(true);
    await chart.screenshot({ path: `test-artifacts/reports-viewer-chart-${lang.yes === "是" ? "zh" : "en"}.png` });

    // the totals (tens of thousands of 万元) are grouped by thousands in the table and on the value axis
    const sums = await texts(rows.locator("td:nth-child(3)"));
    expect(sums.length).toBe(8);
    for (const sum of sums) expect(sum).toMatch(grouped);
    const axis = await texts(chart.locator(".recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value"));
    expect(axis.some((v) => grouped.test(v))).toBe(true);
    expect(axis.every((v) => v === "0" || grouped.test(v) || /^\d{1,3}$/.test(v))).toBe(true);

    // the yes/no filter filters: the seed marks every fourth of its 160 projects as a key project
    await page.getByTestId("report-viewer-apply").click();
    await poll(async () => (await texts(rows.locator("td:nth-child(2)"))).reduce((n, v) => n + Number(v.replace(/,/g, "")), 0)).toBe(40);
    await page.screenshot({ path: `test-artifacts/reports-viewer-${lang.yes === "是" ? "zh" : "en"}.png` });
  }

  it("zh-CN", async () => {
    await checkViewer({ filterLabel: "重点项目 · 等于", yes: "是", no: "否" });
  });

  it("en-US", async () => {
    await page.getByTestId("language-switch").click();
    await Promise.all([page.waitForEvent("load"), page.getByTestId("lang-en-US").click()]);
    try {
      await poll(() => page.getAttribute("html", "lang")).toBe("en-US");
      await checkViewer({ filterLabel: "Key project · equals", yes: "Yes", no: "No" });
    } finally {
      await page.getByTestId("language-switch").click();
      await Promise.all([page.waitForEvent("load"), page.getByTestId("lang-zh-CN").click()]);
    }
  });
});
