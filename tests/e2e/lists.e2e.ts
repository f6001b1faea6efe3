/**
 * Lists built on the list kit (web/crud/ListScreen.tsx), in a real browser: the operation log keeps its
 * filters and page size in the URL — a search, a reload and the reset show the same list as the address;
 * so do the screens converted onto it since (files, parameter config, model forms).
 */
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
async function keepsFilterAndPage(path: string, name: string, filter: string) {
  const page = session.page;
  await page.goto(path);
  await page.getByTestId(`${name}-screen`).waitFor();
  await page.getByTestId(`${name}-table`).waitFor();

  await page.getByTestId("page-size").selectOption("20");
  await page.waitForURL((url) => url.searchParams.get("size") === "20");
  await page.getByTestId(`${name}-${filter}`).fill("nobody-at-all");
  await page.getByTestId(`${name}-search`).click();
  await page.waitForURL((url) => url.searchParams.get(filter) === "nobody-at-all");
  await poll(() => page.getByTestId(`${name}-table`).locator("tbody tr").count()).toBe(1); // the empty row
  await poll(() => page.getByTestId("total").textContent()).toMatch(/\b0\b/);

  await page.reload();
  await page.getByTestId(`${name}-screen`).waitFor();
  await poll(() => page.getByTestId(`${name}-${filter}`).inputValue()).toBe("nobody-at-all");
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
});
