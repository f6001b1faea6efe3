/**
 * The interactive API reference in a real browser: a signed-in administrator opens /api/docs (the session
 * travels in the web app's cookie), which loads the first module's document only; picks the system module,
 * whose operations render from /api/openapi/sys.json with assets from our own origin and no CSP violation;
 * and tries one call with the session's token. The first view draws the tags collapsed and no schema
 * section (a module's document may hold hundreds of operations): a click on a tag opens its operations.
 */
import { mkdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { openBrowser, signIn, type Browser } from "./browser.ts";

const poll = <T>(fn: () => Promise<T> | T, timeout = 20_000) => expect.poll(fn, { timeout });

const baseUrl = inject("baseUrl");
mkdirSync("test-artifacts", { recursive: true });
let browser: Browser;
let page: Page;
const problems: string[] = [];
const requests: string[] = [];
beforeAll(async () => {
  browser = await openBrowser(baseUrl);
  page = browser.page;
  page.on("console", (m) => {
    if (m.type() === "error" || /Content Security Policy|Refused to/.test(m.text())) problems.push(m.text());
  });
  page.on("pageerror", (e) => problems.push(String(e)));
  page.on("request", (r) => requests.push(r.url()));
});
afterAll(async () => {
  await browser?.close();
});

/** Types into the tag filter and waits until the page lists only the tags it matches (the filter applies after a pause). */
async function filterTags(text: string) {
  await page.locator("input.operation-filter-input").fill(text);
  const others = page.locator(".opblock-tag").filter({ hasNotText: text });
  await poll(() => others.count()).toBe(0);
}

/** Opens a tag the page drew collapsed. */
async function openTag(tag: string) {
  const heading = page.locator(`.opblock-tag[data-tag="${tag}"]`);
  await heading.waitFor({ timeout: 45_000 });
  expect(await heading.getAttribute("data-is-open")).toBe("false");
  await heading.locator("button.expand-operation").click();
  await page.locator(`.opblock-tag[data-tag="${tag}"][data-is-open="true"]`).waitFor();
}

describe("/api/docs", () => {
  it("answers a signed-out visitor with the not-signed-in envelope", async () => {
    const response = await page.goto("/api/docs");
    expect(await response!.json()).toMatchObject({ code: 401 });
  });

  it("shows a signed-in administrator the first module, then the one picked, from our own origin, without CSP violations", async () => {
    await signIn(page);
    requests.length = 0;
    problems.length = 0;
    const response = await page.goto("/api/docs");
    expect(response!.headers()["content-type"]).toMatch(/^text\/html/);
    await page.locator(".opblock-tag").first().waitFor({ timeout: 45_000 });
    await expect(page.locator(".info .title").textContent()).resolves.toContain("OAS 3.1");
    // collapsed: tags, no operation rows, no schema section
    expect(await page.locator(".opblock").count()).toBe(0);
    expect(await page.locator("section.models").count()).toBe(0);
    // only the first module's document was fetched, not the whole one nor the others
    const documents = () => requests.filter((url) => url.includes("/api/openapi"));
    expect(documents().map((url) => new URL(url).pathname)).toEqual(["/api/openapi/auth.json"]);
    await page.getByTestId("api-module").selectOption("/api/openapi/sys.json");
    await page.locator(".info .title", { hasText: "系统管理" }).waitFor({ timeout: 45_000 });
    expect(documents().map((url) => new URL(url).pathname)).toEqual(["/api/openapi/auth.json", "/api/openapi/sys.json"]);
    expect(new URL(page.url()).searchParams.get("module")).toBe("sys");
    // the tag filter brings a family to the top, a click opens its operations
    await filterTags("sys/sysdict");
    await openTag("sys/sysdict");
    const list = page.locator('.opblock-summary-path[data-path="/sys/sysdict/list"]');
    await list.waitFor();
    await expect(list.textContent()).resolves.toBe("/sys/sysdict/list");
    // summaries in the request's language (Chinese by default)
    await expect(page.locator(".opblock-summary-description", { hasText: "字典：分页列表" }).first().isVisible()).resolves.toBe(true);
    expect(await page.locator(".opblock").count()).toBeGreaterThan(5);
    expect(await page.locator(".errors-wrapper").count()).toBe(0);
    await page.screenshot({ path: "test-artifacts/api-docs.png" });
    expect(requests.every((url) => url.startsWith(baseUrl)), requests.join("\n")).toBe(true);
    expect(requests.some((url) => url.includes("/docs-assets/swagger-ui-bundle.js"))).toBe(true);
    expect(problems, problems.join("\n")).toEqual([]);
  });

  it("opens the module ?module= names, and another when the reader picks it", async () => {
    requests.length = 0;
    await page.goto("/api/docs?module=jobs");
    await openTag("job/schedule");
    await page.locator('.opblock-summary-path[data-path="/job/schedule/list"]').first().waitFor({ timeout: 45_000 });
    expect(requests.filter((url) => url.includes("/api/openapi")).map((url) => new URL(url).pathname)).toEqual(["/api/openapi/jobs.json"]);
    await expect(page.getByTestId("api-module").inputValue()).resolves.toBe("/api/openapi/jobs.json");
    await page.getByTestId("api-module").selectOption("/api/openapi/sys.json");
    await page.locator(".info .title", { hasText: "系统管理" }).waitFor({ timeout: 45_000 });
  });

  it("tries a call with the session's token", async () => {
    await filterTags("sys/role");
    await openTag("sys/role");
    const block = page.locator(".opblock").filter({ has: page.locator('.opblock-summary-path[data-path="/sys/role/select"]') });
    await block.locator(".opblock-summary-control").click();
    await block.getByRole("button", { name: "Try it out" }).click();
    await block.getByRole("button", { name: "Execute" }).click();
    const body = block.locator(".responses-wrapper .live-responses-table .response-col_description pre").first();
    await body.waitFor();
    const text = (await body.textContent()) ?? "";
    expect(JSON.parse(text)).toMatchObject({ code: 0, data: expect.any(Array) });
    expect(problems, problems.join("\n")).toEqual([]);
  });
});
