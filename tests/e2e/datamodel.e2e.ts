/**
 * Data models in a real browser, as the administrator: define a model with five fields (text, integer, date,
 * dictionary, yes/no) on the models screen, enter two records on its generic list, import a spreadsheet of
 * 1,000 rows of which four are bad and read their explanations, filter the list by an arbitrary field, see a
 * refused model change shown on the field that caused it, add a field and see the old records keep their
 * values, refuse a delete while records exist, read the model's versions, create its menu entry in one click
 * and open it from the side menu, and see the screens in English.
 */
import * as XLSX from "@e965/xlsx";
import type { Locator, Page } from "playwright-core";
import { afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { api, signedInBrowser } from "./browser.ts";

const session = signedInBrowser(inject("baseUrl"));
let page: Page;
const pageErrors: string[] = [];
beforeAll(() => {
  page = session.page;
  page.on("pageerror", (error) => pageErrors.push(error.message));
});
afterEach(async (context) => {
  if (context.task.result?.state === "fail" && pageErrors.length) console.error("page errors:", pageErrors.join("\n"));
});

const poll = <T>(fn: () => Promise<T> | T, timeout = 20_000) => expect.poll(fn, { timeout });
const suffix = Date.now().toString(36).slice(-6);
const code = `e2e_${suffix}`;
const modelName = `端到端模型${suffix}`;
let modelId = "";

const drawer = () => page.getByTestId("model-drawer");
const fieldDialog = () => page.getByTestId("field-dialog");
const rows = () => page.getByTestId("record-row");
const recordDialog = () => page.getByTestId("record-dialog");
const importDialog = () => page.getByTestId("import-dialog");
const modelRow = () => page.locator(`[data-testid="model-row"][data-model-code="${code}"]`);

/** Picks an option of a Mantine select whose visible input is `input`. */
async function choose(input: Locator, option: string | RegExp) {
  await input.click();
  await page.getByRole("option", typeof option === "string" ? { name: option, exact: true } : { name: option }).first().click();
}

/** Adds one field through the field dialog of the model drawer. */
async function addField(field: { title: string; name: string; type?: string | RegExp; dictType?: string; required?: boolean; defaultValue?: string }) {
  await drawer().getByTestId("field-add").click();
  const dialog = fieldDialog();
  await dialog.waitFor();
  await dialog.locator('input[name="title"]').fill(field.title);
  await dialog.locator('input[name="name"]').fill(field.name);
  if (field.type) await choose(dialog.locator('input[name="type"]'), field.type);
  if (field.dictType) await choose(dialog.locator('input[name="dictType"]'), new RegExp(`^${field.dictType}`));
  if (field.required) await dialog.locator('input[name="required"]').check();
  if (field.defaultValue !== undefined) await dialog.locator('input[name="defaultValue"]').fill(field.defaultValue);
  await dialog.getByTestId("field-ok").click();
  await dialog.waitFor({ state: "hidden" });
}

/** Waits until the list has answered and answers its row count. */
async function settledRows(): Promise<number> {
  const body = page.getByTestId("list-body");
  await body.waitFor();
  await poll(() => body.getAttribute("aria-busy")).toBe("false");
  return rows().count();
}

/**
 * Opens a screen by its URL and waits for it. Other work on this machine may rebuild web/dist while the test
 * server runs, which leaves a page loaded in between blank; one reload then serves the new build.
 */
async function visit(path: string, testId: string) {
  await page.goto(path);
  try {
    await page.getByTestId(testId).waitFor({ timeout: 15_000 });
  } catch {
    await page.reload();
    await page.getByTestId(testId).waitFor();
  }
}

async function openEditor() {
  await modelRow().getByTestId("model-edit").click();
  await drawer().waitFor();
  await poll(() => drawer().getByTestId("field-row").count()).toBeGreaterThan(0);
}

/** The 1,000-row workbook: header row 1, data rows 2…1001; rows 101, 201, 301 and 401 are bad. */
function workbook(): Buffer {
  const data: unknown[][] = [["标题", "数量", "日期", "状态", "启用"]];
  for (let i = 1; i <= 1000; i++) data.push([`导入${i}`, i, "2024-03-15", "可用", i % 2 === 0 ? "是" : "否"]);
  data[100]![1] = "很多"; // row 101: not a number
  data[200]![0] = ""; // row 201: the required title missing
  data[300]![2] = "2024-13-45"; // row 301: no such date
  data[400]![3] = "没有这个状态"; // row 401: not in the dictionary
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(data), "数据");
  return Buffer.from(XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Uint8Array);
}

describe("data models (数据模型)", () => {
  it("defines a model with five fields in the browser", async () => {
    await visit("/datamodel/model", "model-screen");
    await page.getByTestId("model-add").click();
    await drawer().waitFor();
    await drawer().locator('input[name="name"]').fill(modelName);
    await drawer().locator('input[name="code"]').fill(code);
    await addField({ title: "标题", name: "title", required: true });
    await addField({ title: "数量", name: "qty", type: "整数" });
    await addField({ title: "日期", name: "day", type: "日期" });
    await addField({ title: "状态", name: "status", type: "字典（单选）", dictType: "dictStatus" });
    await addField({ title: "启用", name: "active", type: "是/否" });
    expect(await drawer().getByTestId("field-row").evaluateAll((r) => r.map((x) => x.getAttribute("data-field-name")))).toEqual(["title", "qty", "day", "status", "active"]);
    // keyboard-usable order: move "数量" down and back up
    await drawer().locator('[data-field-name="qty"] [data-testid="field-down"]').click();
    expect(await drawer().getByTestId("field-row").nth(2).getAttribute("data-field-name")).toBe("qty");
    await drawer().locator('[data-field-name="qty"] [data-testid="field-up"]').click();
    await page.screenshot({ path: "test-artifacts/datamodel-define.png" });
    await drawer().getByTestId("model-save").click();
    await drawer().waitFor({ state: "hidden" });
    await modelRow().waitFor();
    modelId = (await modelRow().getAttribute("data-model-id"))!;
    expect(modelId).toBeTruthy();
    await expect(modelRow().textContent()).resolves.toContain(`dm_${code}`);
  });

  it("enters two records on the model's generic list", async () => {
    await modelRow().getByTestId("model-records").click();
    await page.waitForURL((url) => url.pathname === "/datamodel/data" && url.searchParams.get("dataModelId") === modelId);
    expect(await settledRows()).toBe(0);
    for (const [title, qty, active] of [["手工一", 11, true], ["手工二", 22, false]] as const) {
      await page.getByTestId("add-record").click();
      const form = recordDialog();
      await form.locator('input[name="title"]').waitFor();
      await form.locator('input[name="title"]').fill(title);
      await form.locator('input[name="qty"]').fill(String(qty));
      await form.locator('input[name="status"]:not([type="hidden"]), input[role="combobox"][data-field="status"]').first().click();
      await page.getByRole("option", { name: "可用", exact: true }).click();
      if (active) await form.locator('input[name="active"]').check();
      await page.getByTestId("save-record").click();
      await form.waitFor({ state: "hidden" });
    }
    await poll(() => settledRows()).toBe(2);
    // a required field is checked in the browser before anything is sent
    await page.getByTestId("add-record").click();
    await page.getByTestId("save-record").click();
    await poll(() => recordDialog().textContent()).toMatch(/标题.*不能为空|不能为空/);
    await page.keyboard.press("Escape");
    await recordDialog().waitFor({ state: "hidden" });
  });

  it("imports 1,000 rows with four bad ones and explains them", { timeout: 240_000 }, async () => {
    await page.getByTestId("import").click();
    await importDialog().waitFor();
    await importDialog().getByTestId("import-file").setInputFiles({ name: "模型数据.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: workbook() });
    await importDialog().getByTestId("import-preview").waitFor();
    const mapped = await importDialog().getByTestId("import-map").evaluateAll((inputs) => inputs.map((i) => i.getAttribute("data-field")));
    expect(mapped).toEqual(["title", "qty", "day", "status", "active"]);
    await importDialog().getByTestId("import-start").click();
    await importDialog().getByTestId("import-result").waitFor({ timeout: 180_000 });
    const count = (key: string) => importDialog().getByTestId(`import-count-${key}`).getAttribute("data-value");
    expect(await count("read")).toBe("1000");
    expect(await count("stored")).toBe("996");
    expect(await count("refused")).toBe("4");
    const errors = importDialog().getByTestId("import-error");
    expect(await errors.evaluateAll((list) => list.map((e) => [e.getAttribute("data-row"), e.getAttribute("data-field")]))).toEqual([
      ["101", "qty"],
      ["201", "title"],
      ["301", "day"],
      ["401", "status"],
    ]);
    const texts = await errors.allTextContents();
    expect(texts[0]).toContain("数量");
    expect(texts[1]).toMatch(/标题.*不能为空|不能为空/);
    expect(texts[2]).toContain("日期");
    expect(texts[3]).toContain("状态");
    await page.screenshot({ path: "test-artifacts/datamodel-import.png" });
    await importDialog().getByTestId("import-close").click();
    await importDialog().waitFor({ state: "hidden" });
    await poll(() => page.getByTestId("total").textContent(), 30_000).toContain("998");
  });

  it("filters the list by an arbitrary field", async () => {
    const form = page.getByTestId("search-form");
    await form.locator('input[name="qty"]').fill("500");
    await page.getByTestId("search").click();
    await poll(() => settledRows()).toBe(1);
    await expect(rows().first().locator('[data-column="title"]').textContent()).resolves.toBe("导入500");
    expect(new URL(page.url()).searchParams.get("qty")).toBe("500");
    expect(new URL(page.url()).searchParams.get("dataModelId")).toBe(modelId);
    await page.getByTestId("reset").click();
    await poll(() => settledRows()).toBe(10);
  });

  it("shows a refused change on the field that caused it: a type change that existing records would not fit", async () => {
    await visit("/datamodel/model", "model-screen");
    await openEditor();
    await drawer().locator('[data-field-name="title"] [data-testid="field-edit"]').click();
    await fieldDialog().waitFor();
    await choose(fieldDialog().locator('input[name="type"]'), "整数");
    await fieldDialog().getByTestId("field-ok").click();
    await fieldDialog().waitFor({ state: "hidden" });
    await drawer().getByTestId("model-save").click();
    const refusal = drawer().locator('[data-field-name="title"] [data-testid="field-row-error"]');
    await refusal.waitFor();
    // the count of records whose title is not a number
    expect(await refusal.textContent()).toContain("998");
    await drawer().locator('[data-field-name="title"] [data-testid="field-edit"]').click();
    // the dialog opens with the refusal on its field (it renders after the dialog's transition)
    await fieldDialog().getByText(/998/).first().waitFor();
    await page.keyboard.press("Escape");
    await fieldDialog().waitFor({ state: "hidden" });
    // the refused change is still in the draft: closing asks before throwing it away
    await page.keyboard.press("Escape");
    await page.getByTestId("discard-ok").click();
    await drawer().waitFor({ state: "hidden" });
  });

  it("adds a field (a required one needs a default) and the old records keep their values", async () => {
    await openEditor();
    await addField({ title: "备注", name: "note", required: true });
    await drawer().getByTestId("model-save").click();
    const refusal = drawer().locator('[data-field-name="note"] [data-testid="field-row-error"]');
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/默认值/);
    await drawer().locator('[data-field-name="note"] [data-testid="field-edit"]').click();
    await fieldDialog().locator('input[name="defaultValue"]').fill("无");
    await fieldDialog().getByTestId("field-ok").click();
    await fieldDialog().waitFor({ state: "hidden" });
    await drawer().getByTestId("model-save").click();
    await drawer().waitFor({ state: "hidden" });

    await modelRow().getByTestId("model-records").click();
    await page.waitForURL((url) => url.pathname === "/datamodel/data" && url.searchParams.get("dataModelId") === modelId);
    await page.getByTestId("search-form").locator('input[name="title"]').fill("手工一");
    await page.getByTestId("search").click();
    await poll(() => settledRows()).toBe(1);
    const row = rows().first();
    await expect(row.locator('[data-column="title"]').textContent()).resolves.toBe("手工一");
    await expect(row.locator('[data-column="note"]').textContent()).resolves.toBe("无");
    await row.getByTestId("edit-record").click();
    await recordDialog().locator('input[name="note"]').waitFor();
    // the stored record loads into the form: the old values, and the new field's default for it
    await poll(() => recordDialog().locator('input[name="title"]').inputValue()).toBe("手工一");
    await poll(() => recordDialog().locator('input[name="qty"]').inputValue()).toBe("11");
    await poll(() => recordDialog().locator('input[name="note"]').inputValue()).toBe("无");
    await page.keyboard.press("Escape");
    await recordDialog().waitFor({ state: "hidden" });
  });

  it("refuses deleting the model while it has records, after the confirmation", async () => {
    await visit("/datamodel/model", "model-screen");
    await modelRow().getByTestId("model-delete").click();
    await page.getByTestId("delete-confirm-text").waitFor();
    await page.getByTestId("confirm-ok").click();
    await page.getByText(/还有 \d+ 条数据，不能删除/).first().waitFor();
    await expect(modelRow().count()).resolves.toBe(1);
  });

  it("shows the model's versions in its history", async () => {
    await modelRow().getByTestId("model-history").click();
    await poll(() => page.getByTestId("history-entry").count()).toBeGreaterThanOrEqual(2);
    expect(await page.getByTestId("history-entry").evaluateAll((list) => list.map((e) => e.getAttribute("data-action")))).toContain("created");
    await page.keyboard.press("Escape");
  });

  it("creates the model's menu entry in one click and opens it from the side menu", async () => {
    await modelRow().getByTestId("model-create-menu").click();
    await page.getByTestId("confirm-ok").click();
    await modelRow().getByTestId("model-has-menu").waitFor();
    // the side menu is reloaded at once: the entry is there without signing in again
    const entry = page.getByTestId("side-menu").getByText(modelName, { exact: true });
    await entry.waitFor({ state: "attached" });
    await poll(() => page.locator(".mantine-Modal-overlay").count()).toBe(0);
    if (!(await entry.isVisible())) await page.getByTestId("side-menu").getByText("数据模型", { exact: true }).first().click();
    await entry.click();
    await page.waitForURL((url) => url.pathname === `/datamodel/data/${code}` && url.searchParams.get("dataModelId") === modelId);
    await poll(() => settledRows()).toBe(10);
    await poll(() => page.getByTestId("total").textContent()).toContain("998");
    // the entry is the model's own: no picker
    expect(await page.getByTestId("model-picker").count()).toBe(0);
  });

  it("edits one field on the fields screen, shows a refusal on its input, and the table's columns and indexes", async () => {
    await visit("/datamodel/field", "field-screen");
    await choose(page.getByTestId("model-picker"), `${modelName} (${code})`);
    await poll(() => page.getByTestId("field-list-row").count()).toBe(6);
    // the same field editor: an English title for 数量
    await page.locator('[data-testid="field-list-row"][data-field-name="qty"] [data-testid="field-list-edit"]').click();
    await fieldDialog().waitFor();
    await expect(fieldDialog().locator('input[name="name"]').getAttribute("readonly")).resolves.not.toBeNull();
    await fieldDialog().locator('input[name="titleEn"]').fill("Quantity");
    await fieldDialog().getByTestId("field-ok").click();
    await fieldDialog().waitFor({ state: "hidden" });
    // a type change the records would not fit: refused on the type input, with their count
    await page.locator('[data-testid="field-list-row"][data-field-name="title"] [data-testid="field-list-edit"]').click();
    await choose(fieldDialog().locator('input[name="type"]'), "日期");
    await fieldDialog().getByTestId("field-ok").click();
    await poll(() => fieldDialog().locator('input[name="type"]').getAttribute("aria-invalid")).toBe("true");
    await expect(fieldDialog().textContent()).resolves.toContain("998");
    // the refused type change is still typed in: closing asks before throwing it away
    await page.keyboard.press("Escape");
    await page.getByTestId("discard-ok").click();
    await fieldDialog().waitFor({ state: "hidden" });
    await page.getByTestId("tab-metadata").click();
    await poll(() => page.getByTestId("metadata-columns").locator("tbody tr").count()).toBeGreaterThanOrEqual(7);
    expect(await page.getByTestId("metadata-columns").textContent()).toMatch(/qty/);
    expect(await page.getByTestId("metadata-indexes").locator("tbody tr").count()).toBeGreaterThanOrEqual(6);
  });

  it("defines a view model over the model (a filter, two columns) whose list is read-only", async () => {
    await visit("/datamodel/model", "model-screen");
    await page.getByTestId("model-add").click();
    await drawer().waitFor();
    await drawer().locator('input[name="name"]').fill(`视图${suffix}`);
    await drawer().locator('input[name="code"]').fill(`v_${suffix}`);
    await drawer().getByText("视图", { exact: true }).click();
    await choose(drawer().getByTestId("view-base-source"), `${modelName} (${code})`);
    await drawer().getByTestId("view-column-add").click();
    await drawer().getByTestId("view-column-add").click();
    await choose(drawer().getByTestId("view-column-field").nth(0), /\(title\)$/);
    await choose(drawer().getByTestId("view-column-field").nth(1), /\(qty\)$/);
    await drawer().getByTestId("view-filter-add").click();
    await choose(drawer().getByTestId("view-filter-field"), /\(qty\)$/);
    await choose(drawer().getByTestId("view-filter-op"), "大于");
    await drawer().getByTestId("view-filter-value").fill("990");
    await drawer().getByTestId("model-save").click();
    await drawer().waitFor({ state: "hidden" });
    const view = page.locator(`[data-testid="model-row"][data-model-code="v_${suffix}"]`);
    await view.waitFor();
    await view.getByTestId("model-records").click();
    await poll(() => page.getByTestId("total").textContent()).toMatch(/\b10\b/);
    expect(await page.getByTestId("record-table").locator("thead").textContent()).toMatch(/标题[\s\S]*数量/);
    expect(await page.getByTestId("add-record").count()).toBe(0);
  });

  it("checks the model drawer before sending, puts the server's refusal on its input, saves with Ctrl+S and asks before discarding", async () => {
    const other = `k_${suffix}`;
    await visit("/datamodel/model", "model-screen");
    await page.getByTestId("model-add").click();
    await drawer().waitFor();
    const codeInput = drawer().locator('input[name="code"]');
    await drawer().locator('input[name="name"]').fill(`快捷${suffix}`);
    await codeInput.fill("1bad");
    await page.keyboard.press("Control+s");
    // refused before sending: the code's rule on the code, the missing field on the table
    await poll(() => codeInput.getAttribute("aria-invalid")).toBe("true");
    await expect(drawer().textContent()).resolves.toContain("模型编码须以小写字母开头");
    await expect(drawer().textContent()).resolves.toContain("请至少添加一个字段");

    // the server's refusal (the code is taken) sits on the code input, the drawer stays open as typed
    await codeInput.fill(code);
    await addField({ title: "名称", name: "title" });
    await page.keyboard.press("Control+s");
    await poll(() => codeInput.getAttribute("aria-invalid")).toBe("true");
    await expect(drawer().textContent()).resolves.toMatch(/已存在/);
    expect(await drawer().locator('input[name="name"]').inputValue()).toBe(`快捷${suffix}`);

    await codeInput.fill(other);
    await poll(() => codeInput.getAttribute("aria-invalid")).not.toBe("true");
    await page.keyboard.press("Control+s");
    await drawer().waitFor({ state: "hidden" });
    const row = page.locator(`[data-testid="model-row"][data-model-code="${other}"]`);
    await row.waitFor();

    // a changed draft asks before it closes: keep editing keeps it, discard closes it unsaved
    await row.getByTestId("model-edit").click();
    await poll(() => drawer().locator('input[name="name"]').inputValue()).toBe(`快捷${suffix}`);
    await drawer().locator('textarea[name="remark"]').fill("改了但不保存");
    await page.keyboard.press("Escape");
    await page.getByTestId("discard-text").waitFor();
    await page.getByTestId("discard-cancel").click();
    await expect(drawer().isVisible()).resolves.toBe(true);
    await page.keyboard.press("Escape");
    await page.getByTestId("discard-ok").click();
    await drawer().waitFor({ state: "hidden" });
    const saved = await api<{ data: { name: string; remark: string | null } }>(page, `/datamodel/info/${await row.getAttribute("data-model-id")}`);
    expect(saved.data).toMatchObject({ name: `快捷${suffix}` });
    expect(saved.data.remark ?? "").toBe("");
  });

  it("shows the screens in English", async () => {
    await page.getByTestId("language-switch").click();
    await Promise.all([page.waitForEvent("load"), page.getByTestId("lang-en-US").click()]);
    await poll(() => page.getAttribute("html", "lang")).toBe("en-US");
    await visit("/datamodel/model", "model-screen");
    const header = await page.getByTestId("model-table").locator("thead").textContent();
    for (const text of ["Model name", "Model code", "Model type", "Menu"]) expect(header).toContain(text);
    await expect(modelRow().textContent()).resolves.toContain("Entity table");
    await openEditor();
    const fields = await drawer().getByTestId("fields-table").locator("thead").textContent();
    for (const text of ["Field title", "Field name", "Field type", "Required", "Dictionary type"]) expect(fields).toContain(text);
    await expect(drawer().locator('[data-field-name="qty"]').textContent()).resolves.toContain("Integer");
    await page.keyboard.press("Escape");
    await visit("/datamodel/field", "field-screen");
    await expect(page.getByTestId("field-screen").textContent()).resolves.toContain("Choose a data model first");
    await visit(`/datamodel/data?dataModelId=${modelId}`, "list-body");
    await poll(() => settledRows()).toBe(10);
    await expect(page.getByTestId("list-toolbar").textContent()).resolves.toContain("Add");
    await page.screenshot({ path: "test-artifacts/datamodel-english.png" });
    await page.getByTestId("language-switch").click();
    await Promise.all([page.waitForEvent("load"), page.getByTestId("lang-zh-CN").click()]);
  });
});
