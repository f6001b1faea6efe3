/**
 * Spreadsheets on a generic list, in a real browser on the dictionary family: import a file from an office
 * (a merged title row above the header, two bad rows) through the preview and its column mapping, see the
 * counts and the two rows explained, download them with their error column; all-or-nothing stores nothing
 * when one row is bad; a GBK CSV reads right; the template downloads; export as xlsx and csv holds the rows
 * the list shows.
 */
import { mkdirSync, readFileSync } from "node:fs";
import * as XLSX from "@e965/xlsx";
import * as cptable from "@e965/xlsx/dist/cpexcel.full.mjs";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { openBrowser, openFromMenu, signIn, type Browser } from "./browser.ts";

const baseUrl = inject("baseUrl");
mkdirSync("test-artifacts", { recursive: true });

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await openBrowser(baseUrl);
  page = browser.page;
  await signIn(page);
});
afterEach(async () => {
  for (let i = 0; i < 3 && (await page.locator(".mantine-Modal-overlay, .mantine-Drawer-overlay").count()) > 0; i++) {
    await page.keyboard.press("Escape");
    await page.waitForTimeout(300);
  }
});
afterAll(async () => {
  await browser?.close();
});

const type = `e2eio_${Date.now().toString(36)}`;
const rows = () => page.getByTestId("record-row");
const dialog = () => page.getByTestId("import-dialog");
const count = (key: string) => dialog().getByTestId(`import-count-${key}`).getAttribute("data-value");

/** An xlsx as an office sends it: a merged title row, the header, then the rows (row numbers 3, 4, …). */
function workbook(data: unknown[][]): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([["字典导入（端到端）"], ["*字典类型", "字典值", "*字典标签", "英文标签", "排序号", "状态"], ...data]);
  sheet["!merges"] = [{ s: { r: 0, c: 0 }, e: { r: 0, c: 5 } }];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, "字典");
  return Buffer.from(XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Uint8Array);
}

async function searchByType(value: string) {
  await page.getByTestId("search-form").locator('input[name="type"]').fill(value);
  await page.getByTestId("search").click();
}

async function openImport(file: { name: string; buffer: Buffer }) {
  await page.getByTestId("import").click();
  await dialog().waitFor();
  await dialog().getByTestId("import-file").setInputFiles({ name: file.name, mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: file.buffer });
  await dialog().getByTestId("import-preview").waitFor();
}

/** Reads a downloaded file's first sheet as rows. */
async function downloaded(click: () => Promise<void>): Promise<{ name: string; rows: unknown[][] }> {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  const path = `test-artifacts/${download.suggestedFilename()}`;
  await download.saveAs(path);
  const bytes = readFileSync(path);
  const book = path.endsWith(".csv") ? XLSX.read(bytes.toString("utf8").replace(/^\uFEFF/, ""), { type: "string", raw: true }) : XLSX.read(bytes, { type: "buffer" });
  return { name: download.suggestedFilename(), rows: XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, blankrows: false }) };
}

describe("spreadsheet import and export (字典管理)", () => {
  it("shows Import and Export on the list and downloads the template", async () => {
    await openFromMenu(page, ["系统管理", "字典管理"]);
    await page.waitForURL((url) => url.pathname === "/sys/dict");
    await page.getByTestId("record-table").waitFor();
    await page.getByTestId("import").click();
    await dialog().waitFor();
    const template = await downloaded(() => dialog().getByTestId("import-template").click());
    expect(template.name).toMatch(/\.xlsx$/);
    expect(JSON.stringify(template.rows[0])).toContain("字典类型");
    await page.keyboard.press("Escape");
    await dialog().waitFor({ state: "hidden" });
  });

  it("imports a file with two bad rows: the preview maps the titles, the result counts and explains them", async () => {
    const file = workbook([
      [type, "1", "端到端导入一", "E2E one", 1, "可用"],
      [type, "2", "端到端导入二", "E2E two", 2, "可用"],
      [type, "3", "", "E2E three", 3, "可用"], // row 5: no tag
      [type, "4", "端到端导入四", "E2E four", 4, "可用"],
      [type, "5", "端到端导入五", "E2E five", "abc", "可用"], // row 7: not a number
      [type, "6", "端到端导入六", "E2E six", 6, "可用"],
    ]);
    await openImport({ name: "字典导入.xlsx", buffer: file });
    // the header under the merged title row is found and each title mapped to its field
    expect(await dialog().getByTestId("import-summary").textContent()).toContain("第 2 行为标题行，共 6 行数据");
    const mapped = await dialog().getByTestId("import-map").evaluateAll((inputs) => inputs.map((i) => i.getAttribute("data-field")));
    expect(mapped).toEqual(["type", "value", "name", "enName", "number", "status"]);
    expect(await dialog().getByTestId("import-preview-row").count()).toBe(5);
    await page.screenshot({ path: "test-artifacts/import-preview.png" });

    await dialog().getByTestId("import-start").click();
    await dialog().getByTestId("import-result").waitFor({ timeout: 30_000 });
    expect(await count("read")).toBe("6");
    expect(await count("stored")).toBe("4");
    expect(await count("refused")).toBe("2");
    expect(await count("skipped")).toBe("0");
    const errors = dialog().getByTestId("import-error");
    expect(await errors.evaluateAll((list) => list.map((e) => [e.getAttribute("data-row"), e.getAttribute("data-field")]))).toEqual([
      ["5", "name"],
      ["7", "number"],
    ]);
    const texts = await errors.allTextContents();
    expect(texts[0]).toMatch(/字典标签.*不能为空/);
    expect(texts[1]).toMatch(/排序号/);
    await page.screenshot({ path: "test-artifacts/import-result.png" });

    // the refused rows come back as they were in the file, with an error column
    const refused = await downloaded(() => dialog().getByTestId("import-download-refused").click());
    expect(refused.name).toMatch(/导入失败行\.xlsx$/);
    expect(refused.rows[0]).toEqual(["*字典类型", "字典值", "*字典标签", "英文标签", "排序号", "状态", "错误信息"]);
    expect(refused.rows).toHaveLength(3);
    expect(refused.rows[1]!.slice(0, 2)).toEqual([type, "3"]);
    expect(refused.rows[2]!.slice(0, 5)).toEqual([type, "5", "端到端导入五", "E2E five", "abc"]);
    expect(String(refused.rows[1]![6])).toMatch(/不能为空/);
    expect(String(refused.rows[2]![6])).toMatch(/排序号/);

    // the list shows what was stored
    await dialog().getByTestId("import-close").click();
    await dialog().waitFor({ state: "hidden" });
    await searchByType(type);
    await expect.poll(() => rows().count(), { timeout: 20_000 }).toBe(4);
  });

  it("all or nothing: one bad row and nothing is stored", async () => {
    const file = workbook([
      [type, "7", "端到端导入七", "E2E seven", 7, "可用"],
      [type, "8", "端到端导入八", "E2E eight", 8, "不存在的状态"],
    ]);
    await openImport({ name: "all.xlsx", buffer: file });
    await dialog().getByTestId("import-mode-all").click();
    await dialog().getByTestId("import-start").click();
    await dialog().getByTestId("import-result").waitFor({ timeout: 30_000 });
    await dialog().getByTestId("import-all-refused").waitFor();
    expect(await count("stored")).toBe("0");
    expect(await count("refused")).toBe("1");
    expect(await dialog().getByTestId("import-error").getAttribute("data-row")).toBe("4");
    await dialog().getByTestId("import-close").click();
    await page.getByTestId("search").click();
    await expect.poll(() => rows().count(), { timeout: 20_000 }).toBe(4);
  });

  it("reads a CSV saved by Chinese Excel (GBK) as the same Chinese text", async () => {
    const text = `字典类型,字典值,字典标签,英文标签,排序号,状态\r\n${type},9,端到端国标九,E2E nine,9,可用\r\n`;
    const codepages = cptable as unknown as { utils: { encode: (cp: number, text: string) => ArrayLike<number> } };
    await page.getByTestId("import").click();
    await dialog().getByTestId("import-file").setInputFiles({ name: "国标.csv", mimeType: "text/csv", buffer: Buffer.from(codepages.utils.encode(936, text)) });
    await dialog().getByTestId("import-preview").waitFor();
    expect(await dialog().getByTestId("import-title").allTextContents()).toEqual(["字典类型", "字典值", "字典标签", "英文标签", "排序号", "状态"]);
    expect(await dialog().getByTestId("import-preview-row").first().textContent()).toContain("端到端国标九");
    await dialog().getByTestId("import-start").click();
    await dialog().getByTestId("import-result").waitFor({ timeout: 30_000 });
    expect(await count("stored")).toBe("1");
    await dialog().getByTestId("import-close").click();
    await page.getByTestId("search").click();
    await expect.poll(() => rows().count(), { timeout: 20_000 }).toBe(5);
  });

  it("refuses a file of another type before reading it", async () => {
    await page.getByTestId("import").click();
    await dialog().getByTestId("import-file").setInputFiles({ name: "notes.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4") });
    await expect.poll(() => dialog().getByTestId("import-problem").textContent(), { timeout: 10_000 }).toBe("只能导入 xlsx、xls 或 csv 文件");
    await page.keyboard.press("Escape");
  });

  it("exports the list as it is filtered, as xlsx and as csv", async () => {
    await expect.poll(() => rows().count(), { timeout: 20_000 }).toBe(5);
    const names = ["端到端导入一", "端到端导入二", "端到端导入四", "端到端导入六", "端到端国标九"];

    await page.getByTestId("export").click();
    const xlsx = await downloaded(() => page.getByTestId("export-xlsx").click());
    expect(xlsx.name).toMatch(/^字典-\d{8}\.xlsx$/);
    expect(xlsx.rows[0]).toEqual(expect.arrayContaining(["字典类型", "字典值", "字典标签"]));
    const body = xlsx.rows.slice(1);
    expect(body).toHaveLength(5);
    const nameColumn = (xlsx.rows[0] as string[]).indexOf("字典标签");
    expect(body.map((r) => r[nameColumn]).sort()).toEqual([...names].sort());
    // dictionary values as their labels
    const statusColumn = (xlsx.rows[0] as string[]).indexOf("状态");
    expect(body.every((r) => r[statusColumn] === "可用")).toBe(true);

    await page.getByTestId("export").click();
    const csv = await downloaded(() => page.getByTestId("export-csv").click());
    expect(csv.name).toMatch(/^字典-\d{8}\.csv$/);
    expect(csv.rows.slice(1)).toHaveLength(5);
    expect(csv.rows.slice(1).map((r) => r[nameColumn]).sort()).toEqual([...names].sort());
  });
});
