/**
 * DID管理 in a real browser at 1440×900, signed in as a person does: the platform's DID document as served
 * publicly at /.well-known/did.json (through wrangler's run_worker_first, not the web app) and on the
 * screen, a demo enterprise's document, a credential pasted and verified, then revoked from the list of
 * credentials issued and verified again (revoked) — and in English a changed credential refused.
 *
 * The credential is issued for the run through the API first (as another module would issue an
 * authorisation's), so the test owns what it reads.
 */
import { beforeAll, describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { api, apiCall, openFromMenu, signedInBrowser, switchLanguage } from "./browser.ts";

const baseUrl = inject("baseUrl");
const session = signedInBrowser(baseUrl);
let page: Page;
beforeAll(() => {
  page = session.page;
});

const poll = <T>(fn: () => Promise<T> | T, timeout = 15_000) => expect.poll(fn, { timeout });
const platform = `did:web:${new URL(baseUrl).host.replace(":", "%3A")}`;
const ref = `auth-e2e-${Date.now().toString(36)}`;
const enterprise = { creditCode: "", entName: "" };
const credential = { id: "", jwt: "" };


async function verifyPasted(jwt: string) {
  await page.getByTestId("did-tab-verify").click();
  await page.getByTestId("did-verify-input").fill(jwt);
  await page.getByTestId("did-verify-run").click();
  await page.getByTestId("did-verification").waitFor();
}

describe("DID documents and a credential verified, revoked and verified again", () => {
  it("issues a credential to a demo enterprise for the run", async () => {
    const list = await api<{ data: { creditCode: string; entName: string }[] }>(page, "/common/enenterprisebasicinfo/list?page=1&limit=1");
    Object.assign(enterprise, list.data[0]);
    const issued = await apiCall<{ id: string; jwt: string }>(page, "/did/issue", {
      kind: "enterprise",
      code: enterprise.creditCode,
      ref,
      claims: { scope: "creditReport", grantee: "长安银行" },
      validFrom: "2026-01-01T00:00:00Z",
      validUntil: "2031-01-01T00:00:00Z",
    });
    expect(issued.code, JSON.stringify(issued)).toBe(0);
    Object.assign(credential, issued.data);
  });

  it("the platform's document is public at /.well-known/did.json and shown on DID管理", async () => {
    const response = await page.context().request.get("/.well-known/did.json", { headers: { cookie: "" } });
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/did+json");
    const doc = (await response.json()) as { id: string; assertionMethod: string[] };
    expect(doc.id).toBe(platform);

    await openFromMenu(page, ["政策与存证", "DID管理"]);
    await page.getByTestId("did-screen").waitFor();
    await poll(() => page.getByTestId("did-document-id").textContent()).toBe(platform);
    expect(await page.getByTestId("did-document-keys").textContent()).toBe(doc.assertionMethod[0]);
    expect(JSON.parse((await page.getByTestId("did-document-json").textContent())!)).toEqual(doc);
    await page.screenshot({ path: "test-artifacts/did-document.png", fullPage: true });
  });

  it("an enterprise's document by its credit code, with its name", async () => {
    await page.getByTestId("did-kind").getByText("企业", { exact: true }).click();
    await page.getByTestId("did-code").fill(enterprise.creditCode);
    await page.getByTestId("did-show").click();
    await poll(() => page.getByTestId("did-document-name").textContent()).toBe(enterprise.entName);
    expect(await page.getByTestId("did-document-id").textContent()).toBe(`${platform}:enterprise:${enterprise.creditCode}`);
  });

  it("a pasted credential verifies, with what it claims", async () => {
    await verifyPasted(credential.jwt);
    expect(await page.getByTestId("did-verification").getAttribute("data-valid")).toBe("true");
    expect(await page.getByTestId("did-verify-outcome").textContent()).toContain("凭证有效");
    const claims = await page.getByTestId("did-verify-claims").textContent();
    expect(claims).toContain(credential.id);
    expect(claims).toContain("长安银行");
    await page.screenshot({ path: "test-artifacts/did-verify.png", fullPage: true });
  });

  it("is revoked from the credentials issued, with a reason, and no longer verifies", async () => {
    await page.getByTestId("did-tab-credentials").click();
    await page.getByTestId("did-credentials-keyword").fill(ref);
    await page.getByTestId("did-credentials-search").click();
    const row = page.locator(`[data-credential-id="${credential.id}"]`);
    await poll(() => page.getByTestId("did-credentials-row").count()).toBe(1);
    expect(await row.getByTestId("did-credential-state").textContent()).toBe("有效");
    await row.getByTestId("did-row-revoke").click();
    await page.getByTestId("did-revoke-reason").fill("授权已撤回");
    await page.getByTestId("did-revoke-ok").click();
    await poll(() => row.getByTestId("did-credential-state").textContent()).toBe("已吊销");
    expect(await row.getByTestId("did-row-revoke").count()).toBe(0);

    await verifyPasted(credential.jwt);
    expect(await page.getByTestId("did-verification").getAttribute("data-reason")).toBe("revoked");
    expect(await page.getByTestId("did-verify-outcome").textContent()).toContain("凭证已被吊销");
  });

  it("in English: the document, the revoked credential, and a changed credential refused", async () => {
    await switchLanguage(page, "en-US");
    await page.goto("/bt/did");
    await poll(() => page.getByTestId("did-tab-document").textContent()).toBe("DID document");
    await poll(() => page.getByTestId("did-document-id").textContent()).toBe(platform);
    await page.getByTestId("did-tab-credentials").click();
    await page.getByTestId("did-credentials-keyword").fill(ref);
    await page.getByTestId("did-credentials-search").click();
    await poll(() => page.locator(`[data-credential-id="${credential.id}"]`).getByTestId("did-credential-state").textContent()).toBe("Revoked");

    // one character of the payload changed: the signature no longer holds
    const [h, p, s] = credential.jwt.split(".");
    const json = Buffer.from(p!, "base64url").toString("utf8").replace("长安银行", "长安信托");
    await verifyPasted(`${h}.${Buffer.from(json).toString("base64url")}.${s}`);
    expect(await page.getByTestId("did-verification").getAttribute("data-reason")).toBe("signature");
    expect(await page.getByTestId("did-verify-outcome").textContent()).toContain("Signature check failed");
    await page.screenshot({ path: "test-artifacts/did-verify-en.png", fullPage: true });
    await switchLanguage(page, "zh-CN");
  });
});
