/**
 * 门户推送 in a real browser: a portal posts a signed delivery that fails validation and a good demand
 * (signed with the e2e server's local demo secret from .dev.vars, as a portal would); the administrator
 * sees both in the deliveries list, filters by outcome, opens the failed one (payload and the field
 * errors), replays it — the same payload fails again, recorded as a new attempt — and follows the good
 * one's record link to the portal demand waiting for examination.
 */
import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { signedInBrowser } from "./browser.ts";

const baseUrl = inject("baseUrl");
const session = signedInBrowser(baseUrl);
let page: Page;

const poll = <T>(fn: () => Promise<T> | T, timeout = 20_000) => expect.poll(fn, { timeout });

/** The local demo secret `wrangler dev` runs with (never a deployment's). */
const oaSecret = /^PORTAL_OA_SECRET=(.*)$/m.exec(readFileSync(join(import.meta.dirname, "../../.dev.vars"), "utf8"))![1]!.trim().replace(/^"|"$/g, "");

async function deliver(deliveryId: string, body: unknown) {
  const raw = JSON.stringify(body);
  const ts = String(Math.floor(Date.now() / 1000));
  const signature = `sha256=${createHmac("sha256", oaSecret).update(`${ts}.${raw}`).digest("hex")}`;
  const response = await fetch(`${baseUrl}/api/webhooks/oa`, {
    method: "POST",
    headers: { "content-type": "application/json", "X-Qifu-Timestamp": ts, "X-Qifu-Signature": signature, "X-Qifu-Delivery": deliveryId },
    body: raw,
  });
  return { status: response.status, body: (await response.json()) as { code: number; data: { outcome: string; recordId: string | null } } };
}

/** A valid unified social credit code (GB 32100 check character). */
function creditCode(): string {
  const chars = "0123456789ABCDEFGHJKLMNPQRTUWXY";
  const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  const first17 = `91610131${String(Date.now() % 1_000_000_000).padStart(9, "0")}`;
  const sum = [...first17].reduce((acc, ch, i) => acc + chars.indexOf(ch) * weights[i]!, 0);
  return first17 + chars[(31 - (sum % 31)) % 31];
}

const suffix = Date.now().toString(36);
const failedId = `e2e-bad-${suffix}`;
const goodId = `e2e-good-${suffix}`;
const title = `端到端门户需求${suffix}`;
let recordId: string;

beforeAll(async () => {
  page = session.page;
  // a demand without its title and type: stored as a failed delivery, answered 422
  const bad = await deliver(failedId, { type: "demand.created", data: { externalId: `X-${suffix}`, creditCode: creditCode(), entName: "门户企业有限公司", content: "缺少标题" } });
  expect(bad.status).toBe(422);
  const good = await deliver(goodId, { type: "demand.created", data: { externalId: `G-${suffix}`, creditCode: creditCode(), entName: `门户企业${suffix}有限公司`, title, demandType: "1", content: "需要 500 万元设备贷款", amount: 500 } });
  expect(good.status, JSON.stringify(good.body)).toBe(200);
  expect(good.body.data.outcome).toBe("accepted");
  recordId = good.body.data.recordId!;
});

const row = (deliveryId: string) => page.locator(`[data-testid="delivery-row"][data-delivery-id="${deliveryId}"]`);

describe("portal deliveries (门户推送)", () => {
  it("lists both deliveries with their outcome, and filters by outcome", async () => {
    await page.goto("/sys/webhook");
    await page.getByTestId("delivery-screen").waitFor();
    await row(failedId).waitFor();
    await row(goodId).waitFor();
    expect(await row(failedId).getAttribute("data-outcome")).toBe("failed");
    // the outcome is a dictionary label: it fills in once the dictionary has loaded
    await expect.poll(() => row(failedId).textContent()).toContain("失败");
    await expect.poll(() => row(goodId).textContent()).toContain("已受理");
    await expect(row(goodId).textContent()).resolves.toContain("demand.created");
    expect(await row(failedId).getByTestId("delivery-replay").count()).toBe(1);
    expect(await row(goodId).getByTestId("delivery-replay").count()).toBe(0);

    // only failed ones
    await page.getByTestId("delivery-outcome").click();
    await page.getByRole("option", { name: "失败" }).click();
    await page.getByTestId("delivery-search").click();
    await poll(() => row(goodId).count()).toBe(0);
    await row(failedId).waitFor();
    const outcomes = await page.getByTestId("delivery-row").evaluateAll((nodes) => nodes.map((n) => n.getAttribute("data-outcome")));
    expect(new Set(outcomes)).toEqual(new Set(["failed"]));
    await page.screenshot({ path: "test-artifacts/webhooks-list.png", fullPage: true });
  });

  it("shows the failed delivery's payload and field errors, and replays it as a new attempt", async () => {
    await row(failedId).getByTestId("delivery-open").click();
    const drawer = page.getByTestId("delivery-drawer");
    await poll(() => drawer.getByTestId("delivery-payload").textContent()).toContain("缺少标题");
    await expect(drawer.getByTestId("delivery-error").textContent()).resolves.toContain("title");
    await expect(drawer.getByTestId("delivery-drawer-attempts").textContent()).resolves.toBe("1");
    await page.screenshot({ path: "test-artifacts/webhooks-drawer.png", fullPage: true });
    await page.keyboard.press("Escape");
    await poll(() => drawer.isVisible()).toBe(false);

    // the same payload cannot pass: the replay is recorded as a second attempt, still failed
    await row(failedId).getByTestId("delivery-replay").click();
    await expect(page.getByTestId("confirm-text").textContent()).resolves.toContain(failedId);
    await page.getByTestId("confirm-ok").click();
    await poll(() => page.locator(".mantine-Notification-root").filter({ hasText: "重放结果" }).count()).toBeGreaterThan(0);
    await poll(() => row(failedId).getByTestId("delivery-attempts").textContent()).toBe("2");
    expect(await row(failedId).getAttribute("data-outcome")).toBe("failed");
  });

  it("leads from the accepted delivery to the portal demand it created", async () => {
    await page.getByRole("button", { name: "重置" }).click();
    await row(goodId).waitFor();
    const link = row(goodId).getByTestId("delivery-record");
    await expect(link.textContent()).resolves.toContain(recordId);
    await link.click();
    await page.waitForURL((url) => url.searchParams.get("edit") === recordId);
    // the demand's dialog shows the portal's title, waiting for examination
    await poll(() => page.locator(`[data-testid="record-dialog"] input[name="title"]`).inputValue()).toBe(title);
  });
});
