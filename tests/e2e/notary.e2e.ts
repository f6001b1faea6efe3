/**
 * Notarisation in a real browser at 1440×900, signed in as a person does: on 存证公证 the administrator
 * uploads a file and applies for its notarisation, handles it, and the row shows its transaction hash; the
 * public verify page, opened in a fresh browser that never signed in, says the record and its chain are
 * unchanged and shows the path of hashes. Then in English on Rights confirmation: apply, handle, verify
 * signed out in English.
 */
import { beforeAll, describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { openBrowser, openFromMenu, signedInBrowser, switchLanguage } from "./browser.ts";

const baseUrl = inject("baseUrl");
const session = signedInBrowser(baseUrl);
let page: Page;
beforeAll(() => {
  page = session.page;
});

const poll = <T>(fn: () => Promise<T> | T, timeout = 15_000) => expect.poll(fn, { timeout });
const suffix = Date.now().toString(36).toUpperCase();


/** Applies for the file through the dialog and handles it from its row; answers the application number. */
async function applyAndHandle(listName: "notary" | "confirm", fileName: string, reason: string, texts: { waiting: string; done: string }) {
  await page.getByTestId("notary-apply").click();
  const dialog = page.locator(".mantine-Modal-content");
  await dialog.locator('input[type="file"]').setInputFiles({ name: fileName, mimeType: "text/plain", buffer: Buffer.from(`bytes of ${fileName}`) });
  await dialog.getByTestId("notary-reason").fill(reason);
  await dialog.getByTestId("notary-apply-save").click();
  const row = page.getByTestId(`${listName}-row`).filter({ hasText: reason });
  await poll(() => row.count()).toBe(1);
  await poll(() => row.getByTestId("notary-status").textContent()).toBe(texts.waiting);
  const no = (await row.getAttribute("data-no"))!;
  expect(no).toMatch(listName === "notary" ? /^NT\d{12}$/ : /^QQ\d{12}$/);
  await row.getByTestId("notary-handle").click();
  await page.getByTestId("notary-handle-ok").click();
  await poll(() => row.getByTestId("notary-status").textContent()).toBe(texts.done);
  const hash = await row.getByTestId("notary-txhash").getAttribute("data-hash");
  expect(hash).toMatch(/^[0-9a-f]{64}$/);
  // the chain summary above the list follows: the notarisation streams verified, this one among them
  await poll(async () => Number(await page.getByTestId("notary-chain").getAttribute("data-streams"))).toBeGreaterThan(0);
  expect(await page.getByTestId("notary-chain-valid").getAttribute("data-valid")).toBe("true");
  expect(await row.getByTestId("notary-verify").getAttribute("href")).toBe(`/api/notary/verify/${no}`);
  return { no, hash: hash! };
}

/** The public page in a browser that never signed in (the language by its cookie, as the app keeps it). */
async function verifySignedOut(no: string, lang: "zh-CN" | "en-US", screenshot?: string) {
  const fresh = await openBrowser(baseUrl);
  try {
    if (lang === "en-US") await fresh.context.addCookies([{ name: "language", value: "en-US", url: baseUrl }]);
    await fresh.page.goto(`/api/notary/verify/${no}`);
    const verdict = fresh.page.getByTestId("verify-verdict");
    if (screenshot) await fresh.page.screenshot({ path: screenshot, fullPage: true });
    return {
      valid: await verdict.getAttribute("data-valid"),
      verdict: await verdict.textContent(),
      txHash: await fresh.page.getByTestId("verify-txhash").textContent(),
      links: await fresh.page.getByTestId("verify-path-notary").locator("tr[data-version]").count(),
      subjectLinks: await fresh.page.getByTestId("verify-path-subject").locator("tr[data-version]").count(),
    };
  } finally {
    await fresh.close();
  }
}

describe("a notarisation applied for, handled and verified on the public page", () => {
  let notarised: { no: string; hash: string };

  it("applies for a file's notarisation on 存证公证 and handles it", async () => {
    await openFromMenu(page, ["政策与存证", "存证公证"]);
    await page.getByTestId("notary-screen").waitFor();
    await poll(() => page.getByTestId("notary-chain-valid").count()).toBe(1);
    notarised = await applyAndHandle("notary", `合同${suffix}.txt`, `购销合同存证${suffix}`, { waiting: "待办理", done: "已存证" });
    await page.screenshot({ path: "test-artifacts/notary-zh-CN.png" });
  });

  it("the public verify page, signed out, says the record and its chain are unchanged, with the path of hashes", async () => {
    const shown = await verifySignedOut(notarised.no, "zh-CN", "test-artifacts/notary-verify-zh-CN.png");
    expect(shown).toMatchObject({ valid: "true", verdict: "核验通过：记录与事件链均未被改动", txHash: notarised.hash, links: 2 });
    expect(shown.subjectLinks).toBeGreaterThanOrEqual(1);
  });

  it("in English: a rights confirmation applied for, handled and verified signed out", async () => {
    await switchLanguage(page, "en-US");
    await openFromMenu(page, ["Policy and credentials", "Rights confirmation"]);
    await page.getByTestId("confirm-screen").waitFor();
    await poll(() => page.getByTestId("notary-apply").textContent()).toBe("Apply for rights confirmation");
    const confirmed = await applyAndHandle("confirm", `patent-${suffix}.txt`, `Patent ownership ${suffix}`, { waiting: "Waiting", done: "Notarised" });
    const shown = await verifySignedOut(confirmed.no, "en-US");
    expect(shown).toMatchObject({ valid: "true", verdict: "Verified: the record and its chain are unchanged", txHash: confirmed.hash, links: 2 });
    await switchLanguage(page, "zh-CN");
  });
});
