/**
 * The generic list page in a real browser, on the dictionary family: the server's menu opens it, then add,
 * search, edit, history, delete (with the spec's confirmation text and serial number), bulk delete and
 * page size.
 */
import { beforeAll, describe, expect, inject, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { signedInBrowser, openFromMenu, pathOf } from "./browser.ts";

// one signed-in browser for the whole file: each step builds on the one before
const session = signedInBrowser(inject("baseUrl"));
let page: Page;
beforeAll(() => {
  page = session.page;
});

const rows = () => page.getByTestId("record-row");
const dialog = () => page.getByTestId("record-dialog");
const cell = (row: Locator, column: string) => row.locator(`[data-column="${column}"]`);
const type = `e2e_${Date.now().toString(36)}`;

async function attributes(list: Locator, name: string) {
  return Promise.all((await list.all()).map((item) => item.getAttribute(name)));
}

/** Waits until the list shows exactly `n` rows and has settled. */
async function expectRows(n: number) {
  await expect.poll(() => rows().count(), { timeout: 20_000 }).toBe(n);
}

async function pickDict(scope: Locator, field: string, label: string) {
  // inputs carry name=<field>; dictionary selects also carry data-field (see the report: their name is missing)
  await scope.locator(`input[name="${field}"]:not([type="hidden"]), input[role="combobox"][data-field="${field}"]`).first().click();
  await page.getByRole("option", { name: label, exact: true }).click();
}

async function searchByType(value: string) {
  const form = page.getByTestId("search-form");
  await form.locator('input[name="type"]').fill(value);
  await page.getByTestId("search").click();
}

async function addEntry(fields: { value: string; name: string; enName: string; number: number }) {
  await page.getByTestId("add-record").click();
  const form = dialog();
  await form.locator('input[name="type"]').waitFor();
  await form.locator('input[name="type"]').fill(type);
  await form.locator('input[name="value"]').fill(fields.value);
  await form.locator('input[name="name"]').fill(fields.name);
  await form.locator('input[name="enName"]').fill(fields.enName);
  await form.locator('input[name="number"]').fill(String(fields.number));
  await pickDict(form, "status", "可用");
  await page.getByTestId("save-record").click();
  await dialog().waitFor({ state: "hidden" });
}

describe("generic list page (字典管理)", () => {
  it("is opened by the server's menu and shows a page of rows with serial numbers", async () => {
    await openFromMenu(page, ["系统管理", "字典管理"]);
    await page.waitForURL((url) => url.pathname === "/sys/dict");
    await page.getByTestId("record-table").waitFor();
    await expectRows(10);
    expect(await attributes(rows(), "data-serial")).toEqual(["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]);
    // columns come from the declaration, values from the seed
    expect(await cell(rows().first(), "type").textContent()).toMatch(/\S/);
    expect(await page.title()).toContain("字典管理");
    await page.screenshot({ path: "test-artifacts/list-sys-dict.png", fullPage: true });
  });

  it("creates two entries through the dialog and finds them by search", async () => {
    await addEntry({ value: "a", name: "端到端甲", enName: "E2E A", number: 1 });
    await addEntry({ value: "b", name: "端到端乙", enName: "E2E B", number: 2 });
    await searchByType(type);
    await expectRows(2);
    expect(await page.getByTestId("record-row").locator('[data-column="name"]').allTextContents()).toEqual(["端到端甲", "端到端乙"]);
    expect(await cell(rows().first(), "status").textContent()).toBe("可用");
    await expect(page.getByTestId("total").textContent()).resolves.toContain("2");
  });

  it("refuses a duplicate type + value with the server's message on the fields", async () => {
    await page.getByTestId("add-record").click();
    const form = dialog();
    await form.locator('input[name="type"]').fill(type);
    await form.locator('input[name="value"]').fill("a");
    await form.locator('input[name="name"]').fill("重复");
    await pickDict(form, "status", "可用");
    await page.getByTestId("save-record").click();
    // the dialog stays open with the server's message on the offending fields, and nothing new is listed
    await expect.poll(() => form.locator(".mantine-InputWrapper-error").allTextContents()).toContain("字典类型、字典值已存在");
    expect(await dialog().isVisible()).toBe(true);
    // the message sits on the field the server named
    expect(await form.locator('input[name="value"]').getAttribute("aria-invalid")).toBe("true");
    // the typed values are not thrown away unasked: Escape asks, 继续编辑 keeps the dialog as it was
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByTestId("discard-text").textContent()).toContain("未保存的修改");
    await page.getByTestId("discard-cancel").click();
    await page.getByTestId("discard-text").waitFor({ state: "hidden" });
    expect(await form.locator('input[name="name"]').inputValue()).toBe("重复");
    // 取消 asks too; 放弃修改 closes
    await dialog().getByRole("button", { name: "取消" }).click();
    await page.getByTestId("discard-ok").click();
    await dialog().waitFor({ state: "hidden" });
    await expectRows(2);
  });

  it("edits an entry: the dialog loads it and the list shows the change", async () => {
    const second = rows().nth(1);
    await second.getByTestId("edit-record").click();
    const name = dialog().locator('input[name="name"]');
    await expect.poll(() => name.inputValue()).toBe("端到端乙");
    await name.fill("端到端乙（改）");
    // Ctrl+S saves from the input
    await page.keyboard.press("Control+s");
    await dialog().waitFor({ state: "hidden" });
    await expect.poll(() => cell(rows().nth(1), "name").textContent()).toBe("端到端乙（改）");
  });

  it("shows the entry's history: created, then updated from the old name to the new one", async () => {
    await rows().nth(1).getByTestId("history-record").click();
    const drawer = page.getByTestId("history-drawer");
    await drawer.waitFor();
    await expect.poll(() => drawer.getByTestId("history-entry").count()).toBe(2);
    const changes = drawer.locator('[data-testid="history-change"][data-field="name"]');
    await expect.poll(() => changes.count()).toBe(2);
    const texts = await changes.allTextContents();
    expect(texts.some((t) => /端到端乙\s*→\s*端到端乙（改）/.test(t))).toBe(true);
    expect(texts.some((t) => /—\s*→\s*端到端乙$/.test(t))).toBe(true);
    expect((await drawer.getByTestId("history-entry").allTextContents()).join(" ")).toMatch(/修改[\s\S]*新增/);
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "hidden" });
  });

  it("in English: an unchanged form closes unasked, a changed one asks Discard changes?, Ctrl+S saves", async () => {
    await page.getByTestId("language-switch").click();
    await Promise.all([page.waitForEvent("load"), page.getByTestId("lang-en-US").click()]);
    await expectRows(2);
    const first = rows().first();
    await first.getByTestId("edit-record").click();
    const enName = dialog().locator('input[name="enName"]');
    await expect.poll(() => enName.inputValue()).toBe("E2E A");
    await page.keyboard.press("Escape");
    await dialog().waitFor({ state: "hidden" });
    await first.getByTestId("edit-record").click();
    await expect.poll(() => enName.inputValue()).toBe("E2E A");
    await enName.fill("E2E A (saved with Ctrl+S)");
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByTestId("discard-text").textContent()).toContain("unsaved changes");
    expect(await page.getByTestId("discard-cancel").textContent()).toBe("Keep editing");
    await page.getByTestId("discard-cancel").click();
    await page.getByTestId("discard-text").waitFor({ state: "hidden" });
    await page.keyboard.press("Control+s");
    await dialog().waitFor({ state: "hidden" });
    await expect.poll(() => cell(rows().first(), "enName").textContent()).toBe("E2E A (saved with Ctrl+S)");
    // back to Chinese for the steps that follow
    await page.getByTestId("language-switch").click();
    await Promise.all([page.waitForEvent("load"), page.getByTestId("lang-zh-CN").click()]);
    await expectRows(2);
  });

  it("asks 此操作将永久删除序号【n】的数据, 是否继续? with the row's serial number; 取消 keeps, 确定 deletes", async () => {
    const second = rows().nth(1);
    expect(await second.getAttribute("data-serial")).toBe("2");
    await second.getByTestId("delete-record").click();
    const modal = page.getByRole("dialog").filter({ hasText: "此操作将永久删除" });
    await modal.waitFor();
    expect(await modal.getByTestId("delete-confirm-text").textContent()).toBe("此操作将永久删除序号【2】的数据, 是否继续?");
    const buttons = (await modal.getByRole("button").allTextContents()).map((t) => t.trim()).filter(Boolean);
    expect(buttons).toEqual(expect.arrayContaining(["确定", "取消"]));
    await modal.getByRole("button", { name: "取消", exact: true }).click();
    await modal.waitFor({ state: "hidden" });
    await expectRows(2);

    await rows().nth(1).getByTestId("delete-record").click();
    await modal.waitFor();
    await modal.getByRole("button", { name: "确定", exact: true }).click();
    await expectRows(1);
    expect(await cell(rows().first(), "name").textContent()).toBe("端到端甲");

    // gone from the server too, not only from the page
    await page.reload();
    await searchByType(type);
    await expectRows(1);
  });

  it("bulk delete asks with the selected serial numbers and removes them", async () => {
    await rows().first().getByRole("checkbox").check();
    await page.getByTestId("bulk-delete").click();
    const modal = page.getByRole("dialog").filter({ hasText: "此操作将永久删除" });
    await modal.waitFor();
    expect(await modal.getByTestId("delete-confirm-text").textContent()).toBe("此操作将永久删除序号【1】的数据, 是否继续?");
    await modal.getByRole("button", { name: "确定", exact: true }).click();
    await expectRows(0);
    await expect(page.getByTestId("record-table").textContent()).resolves.toContain("暂无数据");
  });

  it("changes the page size and the serial numbers follow across pages", async () => {
    await page.getByTestId("reset").click();
    await expectRows(10);
    await page.getByTestId("page-size").selectOption("20");
    await expectRows(20);
    await page.getByTestId("pagination").getByRole("button", { name: "2", exact: true }).click();
    await expect.poll(() => rows().first().getAttribute("data-serial")).toBe("21");
    expect(pathOf(page)).toBe("/sys/dict");
  });
});
