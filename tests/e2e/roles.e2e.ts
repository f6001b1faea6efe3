/**
 * The roles screen in a real browser: the role family's generic list and form, with menus assigned on the
 * checkbox tree and the holders' warning when deleting a role that users hold.
 */
import { beforeAll, describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { signedInBrowser, api, openFromMenu, pathOf } from "./browser.ts";

// one signed-in browser for the whole file: each step builds on the one before
const session = signedInBrowser(inject("baseUrl"));
let page: Page;
beforeAll(() => {
  page = session.page;
});

const rows = () => page.getByTestId("record-row");
const dialog = () => page.getByTestId("record-dialog");
const name = `角色${Date.now().toString(36)}`;

describe("roles", () => {
  it("creates a role whose menus are checked on the tree: a button grant keeps its menu and directory", async () => {
    await openFromMenu(page, ["系统管理", "角色管理"]);
    await page.waitForURL((url) => url.pathname === "/sys/role");
    await rows().first().waitFor();
    await page.getByTestId("add-record").click();
    const form = dialog();
    await form.locator('input[name="name"]').fill(name);
    await form.locator('input[name="type"]:not([type="hidden"]), input[role="combobox"][data-field="type"]').first().click();
    await page.getByRole("option", { name: "部门角色", exact: true }).click();
    const tree = form.getByTestId("menu-check-tree");
    await tree.getByText("系统管理", { exact: true }).waitFor();
    await tree.getByText("系统管理", { exact: true }).click();
    await page.screenshot({ path: "test-artifacts/role-form.png" });
    await form.getByTestId("save-record").click();
    await expect.poll(() => form.isVisible(), { timeout: 20_000 }).toBe(false);

    const list = await api<{ data: { roleId: string; name: string }[] }>(page, `/sys/role/list?name=${encodeURIComponent(name)}`);
    expect(list.data.map((r) => r.name)).toEqual([name]);
    const saved = await api<{ data: { menuIdList: string[]; type: string } }>(page, `/sys/role/info/${list.data[0]!.roleId}`);
    expect(saved.data.type).toBe("department");
    // the whole 系统管理 directory: itself, its screens and their buttons
    expect(saved.data.menuIdList.length).toBeGreaterThan(20);
  });

  it("warns before deleting a role that users hold, and keeps it on 取消", async () => {
    expect(pathOf(page)).toBe("/sys/role");
    const held = rows().filter({ hasText: "部门人员" }).first();
    await held.getByTestId("delete-record").click();
    const modal = page.locator(".mantine-Modal-content").filter({ has: page.getByTestId("delete-confirm-text") });
    await expect.poll(() => modal.textContent(), { timeout: 10_000 }).toMatch(/该角色已分配给 \d+ 个用户，删除后这些用户可能无法登录，是否继续？/);
    await modal.getByRole("button", { name: "取消" }).click();
    await expect.poll(() => rows().filter({ hasText: "部门人员" }).count()).toBe(1);
  });
});
