/**
 * The other ways in, walked as a person does: a portal's single sign-on link (/oalogin, /pflogin) and the
 * lock screen's unlock. The portal tickets are minted with the local demo secrets of .dev.vars, as the
 * portal would with its own.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { SignJWT } from "jose";
import { describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { admin, cookie, browserPerTest, pathOf, signIn } from "./browser.ts";

const baseUrl = inject("baseUrl");

/** The demo secret of a portal from .dev.vars (local only, documented in the README). */
function portalSecret(name: "PORTAL_OA_SECRET" | "PORTAL_PF_SECRET"): string {
  const line = readFileSync(join(import.meta.dirname, "../../.dev.vars"), "utf8").split("\n").find((l) => l.startsWith(`${name}=`));
  return line!.slice(name.length + 1).trim();
}

const ticket = (issuer: "oa" | "pf", userNo: string) =>
  new SignJWT({})
    .setProtectedHeader({ alg: "HS256" })
    .setIssuer(issuer)
    .setSubject(userNo)
    .setJti(crypto.randomUUID())
    .setIssuedAt()
    .setExpirationTime("2m")
    .sign(new TextEncoder().encode(portalSecret(issuer === "oa" ? "PORTAL_OA_SECRET" : "PORTAL_PF_SECRET")));

let page: Page;
browserPerTest(baseUrl, (opened) => {
  page = opened.page;
});

describe("portal single sign-on", () => {
  for (const [path, issuer] of [["/oalogin", "oa"], ["/pflogin", "pf"]] as const) {
    it(`${path} redeems the portal's ticket once and enters the product`, async () => {
      const redeems: string[] = [];
      page.on("request", (r) => {
        if (new URL(r.url()).pathname === "/api/auth/account_oa") redeems.push(r.url());
      });
      const once = await ticket(issuer, "admin");
      await page.goto(`${path}?ticket=${once}&userNo=admin`);
      await page.waitForURL((url) => url.pathname === "/home");
      await page.getByTestId("home-welcome").waitFor();
      expect(await cookie(page, "x-tr-token")).toMatch(/.{16,}/);
      expect(redeems).toHaveLength(1);

      // the same ticket a second time is refused: the person lands on /login with the reason, signed in by nobody
      await page.context().clearCookies();
      await page.goto(`${path}?ticket=${once}`);
      await page.waitForURL((url) => url.pathname === "/login");
      await expect.poll(() => page.getByTestId("login-error").textContent()).toBe("单点登录票据已被使用");
      expect(await cookie(page, "x-tr-token")).toBeUndefined();
    });
  }

  it("a ticket signed with another secret is refused", async () => {
    const forged = await new SignJWT({}).setProtectedHeader({ alg: "HS256" }).setIssuer("oa").setSubject("admin").setJti("x").setIssuedAt().setExpirationTime("2m").sign(new TextEncoder().encode("not-the-portal-secret"));
    await page.goto(`/oalogin?ticket=${forged}`);
    await page.waitForURL((url) => url.pathname === "/login");
    await expect.poll(() => page.getByTestId("login-error").textContent()).toBe("单点登录票据无效或已过期");
    expect(await cookie(page, "x-tr-token")).toBeUndefined();
  });
});

describe("lock screen", () => {
  it("locks, refuses a wrong password with its message, unlocks with the right one typed key by key", async () => {
    await signIn(page);
    await page.getByTestId("lock-screen").click();
    await page.waitForURL((url) => url.pathname === "/lock");
    // every screen sends a locked user back here
    await page.goto("/sys/dict");
    await page.waitForURL((url) => url.pathname === "/lock");

    const field = page.getByTestId("unlock-password");
    await field.click();
    await field.pressSequentially("Wrong@123456", { delay: 35 });
    await page.getByTestId("unlock").click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("账号或密码不正确");
    expect(pathOf(page)).toBe("/lock");

    await field.fill("");
    await field.pressSequentially(admin.password, { delay: 35 });
    await field.press("Enter");
    await page.waitForURL((url) => url.pathname === "/home");
    await page.getByTestId("home-welcome").waitFor();
  });
});
