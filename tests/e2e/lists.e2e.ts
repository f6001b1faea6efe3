/**
 * Lists built on the list kit (web/crud/ListScreen.tsx), in a real browser: the operation log keeps its
 * filters and page size in the URL — a search, a reload and the reset show the same list as the address;
 * so do the screens converted onto it since (files, parameter config, model forms, data models, form data,
 * process forms, the report lists). The operation log exports what it shows, every page, as xlsx and csv.
 */
import { readFileSync } from "node:fs";
import * as XLSX from "@e965/xlsx";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { signedInBrowser } from "./browser.ts";

const baseUrl = inject("baseUrl");
const session = signedInBrowser(baseUrl);
const poll = <T>(fn: () => Promise<T> | T, timeout = 20_000) => expect.poll(fn, { timeout });

describe("the operation log on the list kit", () => {
  it("keeps its filter and page size in the URL across a reload, and resets them", async () => {
    const page = session.page;
    await page.goto("/sys/log");
    await page.getByTestId("log-screen").waitFor();
    await page.getByTestId("log-table").waitFor();

    await page.getByTestId("page-size").selectOption("20");
    await page.waitForURL((url) => url.searchParams.get("size") === "20");

    await page.getByTestId("log-actor").fill("nobody-at-all");
    await page.getByTestId("log-search").click();
    await page.waitForURL((url) => url.searchParams.get("actor") === "nobody-at-all");
    await poll(() => page.getByTestId("log-table").locator("tbody tr").count()).toBe(1); // the empty row
    await poll(() => page.getByTestId("total").textContent()).toMatch(/\b0\b/);

    await page.reload();
    await page.getByTestId("log-screen").waitFor();
    await poll(() => page.getByTestId("log-actor").inputValue()).toBe("nobody-at-all");
    expect(await page.getByTestId("page-size").inputValue()).toBe("20");

    await page.getByRole("button", { name: "重置" }).click();
    await page.waitForURL((url) => !url.searchParams.has("actor"));
    await poll(() => page.getByTestId("log-actor").inputValue()).toBe("");
  });
});

/** A list kit screen: a text filter and the page size go into the URL, and a reload shows them again. */
async function keepsFilterAndPage(path: string, name: string, filter: string, input = `${name}-${filter}`) {
  const page = session.page;
  await page.goto(path);
  await page.getByTestId(`${name}-screen`).waitFor();
  await page.getByTestId(`${name}-table`).waitFor();

  await page.getByTestId("page-size").selectOption("20");
  await page.waitForURL((url) => url.searchParams.get("size") === "20");
  await page.getByTestId(input).fill("nobody-at-all");
  await page.getByTestId(`${name}-search`).click();
  await page.waitForURL((url) => url.searchParams.get(filter) === "nobody-at-all");
  await poll(() => page.getByTestId(`${name}-table`).locator("tbody tr").count()).toBe(1); // the empty row
  await poll(() => page.getByTestId("total").textContent()).toMatch(/\b0\b/);

  await page.reload();
  await page.getByTestId(`${name}-screen`).waitFor();
  await poll(() => page.getByTestId(input).inputValue()).toBe("nobody-at-all");
  expect(await page.getByTestId("page-size").inputValue()).toBe("20");
  expect(new URL(page.url()).searchParams.get("size")).toBe("20");
}

describe("screens converted onto the list kit", () => {
  it("the files list keeps its name filter and page size in the URL across a reload", async () => {
    await keepsFilterAndPage("/sys/file", "file", "name");
    await session.page.getByTestId("file-drop").waitFor(); // the upload stays above the list
  });

  it("the parameter config keeps its name filter and page size in the URL across a reload, and still adds", async () => {
    await keepsFilterAndPage("/sys/config", "config", "name");
    await session.page.getByTestId("config-add").click();
    await session.page.getByTestId("config-form").waitFor();
  });

  it("the model forms keep their name filter and page size in the URL across a reload", async () => {
    await keepsFilterAndPage("/datamodel/form", "forms", "name");
  });

  it("the data models keep their name filter and page size in the URL across a reload", async () => {
    await keepsFilterAndPage("/datamodel/model", "model", "name");
    await session.page.getByTestId("model-add").waitFor();
  });

  it("the filled forms keep their title filter and page size in the URL across a reload", async () => {
    await keepsFilterAndPage("/flowable/formdata", "formdata", "title");
  });

  it("the process forms keep their name filter and page size in the URL across a reload", async () => {
    await keepsFilterAndPage("/flowable/form", "process-forms", "name");
  });

  it("the report models and the published reports keep their filter and page size in the URL across a reload", async () => {
    await keepsFilterAndPage("/report/design", "report-design", "search", "report-model-search");
    await keepsFilterAndPage("/report/view", "report-view", "name");
  });
});

/** Chooses Export → xlsx or csv on a list and answers the rows of the file saved (title row first). */
async function exported(page: Page, name: string, format: "xlsx" | "csv"): Promise<{ file: string; rows: string[][] }> {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    (async () => {
      await page.getByTestId(`${name}-export`).click();
      await page.getByTestId(`${name}-export-${format}`).click();
    })(),
  ]);
  const bytes = readFileSync((await download.path())!);
  if (format === "csv") expect(bytes.subarray(0, 3).toString("hex")).toBe("efbbbf"); // UTF-8 with a BOM, for Excel
  const book = format === "csv" ? XLSX.read(bytes.toString("utf8").replace(/^\uFEFF/, ""), { type: "string", raw: true }) : XLSX.read(bytes);
  const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, defval: "", raw: false });
  return { file: download.suggestedFilename(), rows: rows.map((r) => r.map(String)) };
}

describe("export from an own-endpoint list", () => {
  it("the operation log exports what it shows — its filter, every page — as xlsx and csv", async () => {
    const page = session.page;
    // a module whose seeded rows span a few requests of 100 (the whole log, ~23,000 rows, would be slow here)
    const rows = page.getByTestId("log-row");
    let module = "";
    let total = 0;
    for (const candidate of ["sys.menu", "sys.sysdict", "sys.role", "sys.area", "common.enenterprisebasicinfo", "common.enfinancialinfo"]) {
      await page.goto(`/sys/log?module=${candidate}&size=10`);
      await page.getByTestId("log-screen").waitFor();
      // answered: rows, or the empty row
      await poll(async () => (await rows.count()) > 0 || (await page.getByTestId("log-table").locator("tbody").textContent())!.includes("暂无数据")).toBe(true);
      total = Number((await page.getByTestId("total").textContent())!.replace(/\D/g, ""));
      module = candidate;
      if (total > 100 && total <= 3_000) break;
    }
    expect(total, module).toBeGreaterThan(100);
    expect(total, module).toBeLessThanOrEqual(3_000);
    await poll(() => rows.count()).toBe(10);
    const header = (await page.getByTestId("log-table").locator("thead th").allTextContents()).map((s) => s.trim());
    const first = (await rows.first().locator("td").allTextContents()).map((s) => s.trim());

    for (const format of ["xlsx", "csv"] as const) {
      const file = await exported(page, "log", format);
      expect(file.file).toMatch(new RegExp(`^操作日志-\\d{8}\\.${format}$`));
      expect(file.rows[0]).toEqual(header);
      expect(file.rows.length - 1).toBe(total);
      expect(file.rows[1]).toEqual(first);
      // the filter in force (the module's rows, not the whole log's thousands), and no row twice
      const requestId = header.indexOf("请求编号");
      expect(new Set(file.rows.slice(1).map((r) => `${r[0]}|${r[requestId]}|${r[header.indexOf("操作对象")]}`)).size).toBe(total);
    }
  });
});
