/**
 * Lists people can come back to, in a real browser on the dictionary family: keyword search by a fragment of
 * a Chinese name, the list's state in the URL (reload, back/forward), revert from the history drawer, restore
 * from the recycle bin, the column chooser kept on the server, saved views, and `?new=1`.
 */
import { beforeAll, describe, expect, inject, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { signedInBrowser, openFromMenu } from "./browser.ts";

// one signed-in browser for the whole file: each step builds on the one before
const session = signedInBrowser(inject("baseUrl"));
let page: Page;
beforeAll(() => {
  page = session.page;
});

const type = `e2elist_${Date.now().toString(36)}`;
const names = { a: "琥珀星辰甲", b: "琥珀星辰乙", c: "青松流水丙" };

const rows = () => page.getByTestId("record-row");
const dialog = () => page.getByTestId("record-dialog");
const cell = (row: Locator, column: string) => row.locator(`[data-column="${column}"]`);
const names$ = () => rows().locator('[data-column="name"]').allTextContents();
const search = () => new URL(page.url()).searchParams;
const rowNamed = (name: string) => rows().filter({ has: page.locator('[data-column="name"]', { hasText: new RegExp(`^${name}$`) }) });
/** A confirmation modal (Mantine's confirm modal) showing `text`. */
const confirmation = (text: string | RegExp) => page.getByRole("dialog").filter({ hasText: text });

/** Polls for a while: the app answers within seconds even on a busy machine. */
const poll = <T,>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });

/** Waits until the list has its answer (not the previous page shown meanwhile). */
const settled = () => poll(() => page.getByTestId("list-body").getAttribute("aria-busy")).toBe("false");

async function expectRows(n: number) {
  await poll(() => rows().count()).toBe(n);
}

async function pickDict(scope: Locator, field: string, label: string) {
  await scope.locator(`input[name="${field}"]:not([type="hidden"]), input[role="combobox"][data-field="${field}"]`).first().click();
  await page.getByRole("option", { name: label, exact: true }).click();
}

async function addEntry(value: string, name: string, number: number) {
  await page.getByTestId("add-record").click();
  const form = dialog();
  await form.locator('input[name="type"]').waitFor();
  await form.locator('input[name="type"]').fill(type);
  await form.locator('input[name="value"]').fill(value);
  await form.locator('input[name="name"]').fill(name);
  await form.locator('input[name="number"]').fill(String(number));
  await pickDict(form, "status", "可用");
  await page.getByTestId("save-record").click();
  await dialog().waitFor({ state: "hidden" });
}

/** Types into the search box and presses Enter. */
async function searchKeyword(keyword: string) {
  const box = page.getByTestId("keyword");
  await box.fill(keyword);
  await box.press("Enter");
}

async function searchByType() {
  await page.getByTestId("search-form").locator('input[name="type"]').fill(type);
  await page.getByTestId("search").click();
  await poll(() => search().get("type")).toBe(type);
}

describe("lists people can come back to (字典管理)", () => {
  it("opens the dictionary list and adds three entries with distinctive Chinese names", async () => {
    await openFromMenu(page, ["系统管理", "字典管理"]);
    await page.waitForURL((url) => url.pathname === "/sys/dict");
    await page.getByTestId("record-table").waitFor();
    await addEntry("a", names.a, 1);
    await addEntry("b", names.b, 2);
    await addEntry("c", names.c, 3);
    await searchByType();
    await expectRows(3);
  });

  it("finds records by a fragment of their Chinese name, the keyword kept in the URL", async () => {
    await page.getByTestId("reset").click();
    await poll(() => search().get("type")).toBeNull();
    await searchKeyword("星辰");
    await poll(() => search().get("keyword")).toBe("星辰");
    await expectRows(2);
    expect((await names$()).sort()).toEqual([names.a, names.b].sort());
    await searchKeyword("流水");
    await expectRows(1);
    expect(await names$()).toEqual([names.c]);
    await page.screenshot({ path: "test-artifacts/list-keyword.png", fullPage: true });
    // a pasted link shows the same list
    await page.goto(`/sys/dict?keyword=${encodeURIComponent("星辰")}`);
    await expectRows(2);
    expect(await page.getByTestId("keyword").inputValue()).toBe("星辰");
  });

  it("keeps filters and page through a reload, and walks them with back and forward", async () => {
    await page.getByTestId("reset").click();
    await poll(() => search().get("keyword")).toBeNull();
    await pickDict(page.getByTestId("search-form"), "status", "可用");
    await page.getByTestId("search").click();
    await poll(() => search().get("status")).toBe("1");
    await poll(() => rows().first().getAttribute("data-serial")).toBe("1");
    await settled();
    const firstPage = await names$();
    await page.getByTestId("pagination").getByRole("button", { name: "2", exact: true }).click();
    await poll(() => search().get("page")).toBe("2");
    await poll(() => rows().first().getAttribute("data-serial")).toBe("11");
    await settled();
    const secondPage = await names$();

    await page.reload();
    await page.getByTestId("record-table").waitFor();
    await poll(() => rows().first().getAttribute("data-serial")).toBe("11");
    await settled();
    expect(await names$()).toEqual(secondPage);
    expect(search().get("status")).toBe("1");
    // the search form shows the filter the list applies
    expect(await page.getByTestId("search-form").locator('input[name="status"]:not([type="hidden"]), input[data-field="status"]').first().inputValue()).toBe("可用");

    await page.goBack();
    await poll(() => search().get("page")).toBeNull();
    await poll(() => rows().first().getAttribute("data-serial")).toBe("1");
    await settled();
    expect(await names$()).toEqual(firstPage);
    expect(search().get("status")).toBe("1");
    await page.goForward();
    await poll(() => search().get("page")).toBe("2");
    await poll(() => rows().first().getAttribute("data-serial")).toBe("11");
    await settled();
    expect(await names$()).toEqual(secondPage);

    // nonsense in the URL falls back to the defaults
    await page.goto("/sys/dict?page=abc&size=7&sort=nope&order=sideways");
    await page.getByTestId("record-table").waitFor();
    await expectRows(10);
    expect(await rows().first().getAttribute("data-serial")).toBe("1");
  });

  it("reverts a record from the history drawer after a confirmation", async () => {
    await searchByType();
    await expectRows(3);
    await rowNamed(names.a).getByTestId("edit-record").click();
    const name = dialog().locator('input[name="name"]');
    await poll(() => name.inputValue()).toBe(names.a);
    await name.fill(`${names.a}改`);
    await page.getByTestId("save-record").click();
    await dialog().waitFor({ state: "hidden" });
    await poll(() => cell(rows().first(), "name").textContent()).toBe(`${names.a}改`);

    await rows().first().getByTestId("history-record").click();
    const drawer = page.getByTestId("history-drawer");
    await poll(() => drawer.getByTestId("history-entry").count()).toBe(2);

    // any version, read-only
    await drawer.locator('[data-testid="history-entry"][data-version="1"]').getByTestId("history-view").click();
    const shown = drawer.getByTestId("history-version");
    await shown.waitFor();
    expect(await shown.locator('[data-field="name"] [data-testid="version-value"]').textContent()).toBe(names.a);
    await drawer.getByTestId("history-back").click();

    // two versions side by side, the differences marked
    await drawer.locator('[data-testid="history-entry"][data-version="1"]').getByTestId("history-pick").check();
    await drawer.locator('[data-testid="history-entry"][data-version="2"]').getByTestId("history-pick").check();
    await drawer.getByTestId("history-compare").click();
    const diff = drawer.getByTestId("history-diff");
    await diff.waitFor();
    expect(await diff.locator('[data-field="name"]').getAttribute("data-diff")).toBe("true");
    expect(await diff.locator('[data-field="type"]').getAttribute("data-diff")).toBe("false");
    expect(await diff.locator('[data-field="name"]').textContent()).toContain(`${names.a}改`);
    await page.screenshot({ path: "test-artifacts/list-history-compare.png" });
    await drawer.getByTestId("history-back").click();

    // revert: cancel keeps, confirm writes a new version
    await drawer.locator('[data-testid="history-entry"][data-version="1"]').getByTestId("history-revert").click();
    const modal = confirmation("确定将该记录还原到 v1");
    await modal.waitFor();
    expect(await modal.getByTestId("revert-confirm-text").textContent()).toContain("v1");
    await modal.getByRole("button", { name: "取消", exact: true }).click();
    await modal.waitFor({ state: "hidden" });
    expect(await drawer.getByTestId("history-entry").count()).toBe(2);

    await drawer.locator('[data-testid="history-entry"][data-version="1"]').getByTestId("history-revert").click();
    await modal.waitFor();
    await modal.getByRole("button", { name: "确定", exact: true }).click();
    await poll(() => drawer.getByTestId("history-entry").count()).toBe(3);
    const newest = drawer.getByTestId("history-entry").first();
    expect(await newest.getAttribute("data-action")).toBe("reverted");
    expect(await newest.textContent()).toContain("还原到 v1");
    await page.screenshot({ path: "test-artifacts/list-history-revert.png", fullPage: true });
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "hidden" });
    await poll(() => rowNamed(names.a).count()).toBe(1);
  });

  it("restores a deleted record from the recycle bin after a confirmation", async () => {
    await rowNamed(names.c).getByTestId("delete-record").click();
    const remove = confirmation("此操作将永久删除");
    await remove.waitFor();
    await remove.getByRole("button", { name: "确定", exact: true }).click();
    await expectRows(2);

    await page.getByTestId("recycle-bin").click();
    const bin = page.getByTestId("recycle-bin-dialog");
    await bin.waitFor();
    const deleted = bin.getByTestId("deleted-row").filter({ hasText: names.c });
    await poll(() => deleted.count()).toBe(1);
    await page.screenshot({ path: "test-artifacts/list-recycle-bin.png" });
    expect(await deleted.locator('[data-column="deletedBy"]').textContent()).toMatch(/\S/);
    expect(await deleted.locator('[data-column="deletedAt"]').textContent()).toMatch(/\d{4}-\d{2}-\d{2}/);
    await deleted.getByTestId("restore-record").click();
    const ask = confirmation("确定恢复");
    await ask.waitFor();
    await ask.getByRole("button", { name: "确定", exact: true }).click();
    await poll(() => bin.getByTestId("deleted-row").filter({ hasText: names.c }).count()).toBe(0);
    await page.keyboard.press("Escape");
    await bin.waitFor({ state: "hidden" });
    await expectRows(3);
    expect(await rowNamed(names.c).count()).toBe(1);

    // its history ends with the restore
    await rowNamed(names.c).getByTestId("history-record").click();
    const drawer = page.getByTestId("history-drawer");
    await poll(() => drawer.getByTestId("history-entry").count()).toBe(3);
    expect(await drawer.getByTestId("history-entry").evaluateAll((entries) => entries.map((e) => e.getAttribute("data-action")))).toEqual(["restored", "deleted", "created"]);
    expect(await drawer.getByTestId("history-entry").first().textContent()).toContain("恢复");
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "hidden" });
  });

  it("hides a column with the column chooser, and the choice survives a reload", async () => {
    const header = () => page.getByTestId("record-table").locator('thead [data-column="enName"]');
    expect(await header().count()).toBe(1);
    await page.getByTestId("column-chooser").click();
    const chooser = page.getByTestId("column-dialog");
    await chooser.waitFor();
    await chooser.locator('[data-testid="column-toggle"][data-column="enName"]').uncheck();
    await page.screenshot({ path: "test-artifacts/list-column-chooser.png" });
    // and move the name column to the front from the keyboard
    const up = chooser.locator('[data-testid="column-move-up"][data-column="name"]');
    await up.focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await chooser.locator('[data-testid="column-width"][data-column="name"]').fill("240");
    await chooser.getByTestId("columns-save").click();
    await chooser.waitFor({ state: "hidden" });
    await poll(() => header().count()).toBe(0);
    expect(await cell(rows().first(), "enName").count()).toBe(0);
    const order = async () => page.getByTestId("record-table").locator("thead th[data-column]").evaluateAll((ths) => ths.map((th) => th.getAttribute("data-column")));
    expect((await order())[0]).toBe("name");
    expect((await page.getByTestId("record-table").locator('thead [data-column="name"]').boundingBox())!.width).toBeGreaterThanOrEqual(235);

    await page.reload();
    await page.getByTestId("record-table").waitFor();
    await expectRows(3);
    await poll(() => order().then((o) => o[0])).toBe("name");
    expect(await header().count()).toBe(0);

    // reset brings the declared columns back
    await page.getByTestId("column-chooser").click();
    await chooser.getByTestId("columns-reset").click();
    await chooser.waitFor({ state: "hidden" });
    await poll(() => header().count()).toBe(1);
    expect((await order())[0]).toBe("type");
  });

  it("saves the current filters as a view and re-applies them from the list's menu", async () => {
    await page.getByTestId("search-form").locator('input[name="type"]').fill(type);
    await page.getByTestId("keyword").fill("星辰");
    await page.getByTestId("search").click();
    await expectRows(2);

    await page.getByTestId("views-menu").click();
    await page.getByTestId("save-view").click();
    const save = page.getByTestId("view-dialog");
    await save.waitFor();
    await save.getByTestId("view-name").fill("星辰视图");
    await page.screenshot({ path: "test-artifacts/list-save-view.png" });
    await save.getByTestId("view-save").click();
    await save.waitFor({ state: "hidden" });
    await poll(() => search().get("view")).toMatch(/\S/);
    await poll(() => page.getByTestId("views-menu").textContent()).toContain("星辰视图");

    await page.getByTestId("reset").click();
    await poll(() => search().get("keyword")).toBeNull();
    await expectRows(10);

    await page.getByTestId("views-menu").click();
    await page.getByTestId("view-item").filter({ hasText: "星辰视图" }).click();
    await poll(() => search().get("keyword")).toBe("星辰");
    expect(search().get("type")).toBe(type);
    await expectRows(2);
    expect(await page.getByTestId("keyword").inputValue()).toBe("星辰");
    expect(await page.getByTestId("search-form").locator('input[name="type"]').inputValue()).toBe(type);
  });

  it("opens the add dialog from ?new=1 and takes it out of the URL when it closes", async () => {
    await page.goto("/sys/dict?new=1");
    await dialog().waitFor();
    await dialog().getByRole("button", { name: "取消" }).click();
    await dialog().waitFor({ state: "hidden" });
    await poll(() => search().get("new")).toBeNull();
    expect(new URL(page.url()).pathname).toBe("/sys/dict");
  });

  it("opens a record's edit dialog from ?edit=<id> (the command palette's recent records)", async () => {
    await searchByType();
    await expectRows(3);
    const id = await rowNamed(names.b).getAttribute("data-id");
    await page.goto(`/sys/dict?edit=${id}`);
    await dialog().waitFor();
    await poll(() => dialog().locator('input[name="name"]').inputValue()).toBe(names.b);
    await dialog().getByRole("button", { name: "取消" }).click();
    await dialog().waitFor({ state: "hidden" });
    await poll(() => search().get("edit")).toBeNull();
    // records opened for edit or history are remembered for the palette, newest first
    const recent = JSON.parse((await page.evaluate<string | null>("localStorage.getItem('qifu.recentRecords')")) ?? "[]") as { path: string; familyPath: string; label: string }[];
    expect(recent[0]).toMatchObject({ path: "/sys/dict", familyPath: "/sys/sysdict", label: names.c });
    expect(recent.map((r) => r.label)).toContain(`${names.a}改`);
  });

  it("keeps a list's filters and page when the user leaves its tab and comes back", async () => {
    await page.goto(`/sys/dict?type=${type}&size=20`);
    await settled();
    await page.getByTestId("content-tabs").locator('[data-tab-path="/home"]').click();
    await page.waitForURL((url) => url.pathname === "/home");
    await page.getByTestId("content-tabs").locator('[data-tab-path="/sys/dict"]').click();
    await page.waitForURL((url) => url.pathname === "/sys/dict");
    expect(search().get("type")).toBe(type);
    expect(search().get("size")).toBe("20");
    await expectRows(3);
  });
});
