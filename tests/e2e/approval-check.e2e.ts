/**
 * /todoCheck shows an approver the business record they decide on, in both languages, for two kinds of
 * application (financing, matters): the record's fields from its declaration (the amount in 万元, not ¥),
 * the enterprise linked to its profile, the product by name, the attachments as downloads, the earlier
 * approval with its opinion — and a field the node hides (the contact phone, hidden at the platform's
 * review) is neither shown nor anywhere on the page. The first approval is typed in the approve dialog as a
 * two-line opinion: Enter writes the new line, Ctrl+Enter sends it.
 *
 * The staff reviewer is a seeded demo user signing in with the seed's documented demo password.
 */
import { beforeAll, describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { cookie, signedInBrowser, switchUser } from "./browser.ts";
import { withCheckCharacter } from "../credit-code.ts";

const baseUrl = inject("baseUrl");
const session = signedInBrowser(baseUrl);
let page: Page;
beforeAll(() => {
  page = session.page;
});

const poll = <T>(fn: () => Promise<T> | T, timeout = 15_000) => expect.poll(fn, { timeout });
const suffix = Date.now().toString(36).toUpperCase();
const wangfang = { userNo: "wangfang", password: "Demo@123456" };
const admin = { userNo: "admin", password: "Admin@123456" };
const phone = "13987654321";

const creditCode = (seed: number) => withCheckCharacter("91610113MA6" + String((Date.now() + seed) % 1_000_000).padStart(6, "0"));

async function headers(): Promise<Record<string, string>> {
  const token = await cookie(page, "x-tr-token");
  return token ? { "x-hbi-token": token } : {};
}
async function get<T = any>(path: string): Promise<T> {
  return (await (await page.context().request.get(`/api${path}`, { headers: await headers() })).json()) as T;
}
async function post<T = any>(path: string, body: unknown): Promise<T> {
  const answer = (await (await page.context().request.post(`/api${path}`, { headers: await headers(), data: body })).json()) as { code: number } & T;
  expect(answer.code, `${path}: ${JSON.stringify(answer)}`).toBe(0);
  return answer;
}

/** Republishes a kind's flow with the platform's review (the second node) hiding these fields. */
async function hideAtPlatformReview(flowName: string, fields: string[]) {
  const models = (await get(`/flowable/definition/models?name=${encodeURIComponent(flowName)}`)).data as { id: string; name: string }[];
  const id = models.find((m) => m.name === flowName)!.id;
  const tree = (await get(`/flowable/definition/getModel/${id}`)).data.tree;
  const review = tree.children.children;
  expect(review.id).toBe("admin_review");
  review.props.formPerms = Object.fromEntries(fields.map((f) => [f, "hidden"]));
  await post("/flowable/definition/model/save", { id, tree });
  await post("/flowable/definition/publish", { id });
}

interface Kind {
  name: string;
  flow: string;
  path: string;
  entName: string;
  creditCode: string;
  procInsId: string;
  /** field → text the record shows, per language */
  shows: Record<string, { zh: string; en: string }>;
  title: { zh: string; en: string };
}

const financing: Kind = {
  name: "financing",
  flow: "融资申请审批",
  path: "/common/tbfinancapplication",
  entName: `秦岭融资测试${suffix}有限公司`,
  creditCode: creditCode(1),
  procInsId: "",
  shows: {
    demandAmount: { zh: "1,025.8 万元", en: "1,025.8 10k CNY" },
    productId: { zh: `秦创贷${suffix}`, en: `秦创贷${suffix}` },
    purpose: { zh: "购置检测设备", en: "购置检测设备" },
    termMonths: { zh: "12", en: "12" },
  },
  title: { zh: "融资申请", en: "Financing application" },
};
const matters: Kind = {
  name: "matters",
  flow: "事项申请审批",
  path: "/common/mattersrequestform",
  entName: `秦岭事项测试${suffix}有限公司`,
  creditCode: creditCode(2),
  procInsId: "",
  shows: {
    title: { zh: `政策兑现申请${suffix}`, en: `政策兑现申请${suffix}` },
    matterType: { zh: "政策兑现", en: "Policy benefit claim" },
    content: { zh: "申请研发费用补贴", en: "申请研发费用补贴" },
  },
  title: { zh: "事项申请", en: "Matter request" },
};
const kinds = [financing, matters];
let fileName = "";

async function taskOf(procInsId: string): Promise<string> {
  const rows = (await get("/flowable/task/todoList?limit=100")).data as { taskId: string; procInsId: string }[];
  const task = rows.find((r) => r.procInsId === procInsId);
  expect(task, "the signed-in user has the task").toBeTruthy();
  return task!.taskId;
}

async function setLanguage(lang: "zh-CN" | "en-US") {
  await page.context().addCookies([{ name: "language", value: lang, url: baseUrl }]);
}

const record = () => page.getByTestId("business-record");
const fieldOf = (key: string) => record().locator(`[data-field="${key}"]`);

describe("the approval check page shows the business record", () => {
  it("sets up: the platform's review hides the contact phone; a financing application and a matters request are submitted with an attachment", async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    for (const kind of kinds) await hideAtPlatformReview(kind.flow, ["contactPhone"]);
    const product = await post<{ data: { id: string } }>("/common/tbfinanc/save", { productName: `秦创贷${suffix}`, institutionName: "长安银行", productType: "creditLoan" });
    fileName = `营业执照${suffix}.txt`;
    const uploaded = (await (await page.context().request.post("/api/file/upload", { headers: await headers(), multipart: { file: { name: fileName, mimeType: "text/plain", buffer: Buffer.from("business licence") } } })).json()) as { code: number; data: { id: string } };
    expect(uploaded.code, JSON.stringify(uploaded)).toBe(0);
    const common = (kind: Kind) => ({ creditCode: kind.creditCode, entName: kind.entName, contactName: "刘洋", contactPhone: phone, attachments: [uploaded.data.id], submit: true });
    financing.procInsId = (await post<{ data: { procInsId: string } }>(`${financing.path}/pcSave`, { ...common(financing), demandAmount: 1025.8, termMonths: 12, purpose: "购置检测设备", productId: product.data.id })).data.procInsId;
    matters.procInsId = (await post<{ data: { procInsId: string } }>(`${matters.path}/pcSave`, { ...common(matters), title: `政策兑现申请${suffix}`, matterType: "policy", content: "申请研发费用补贴" })).data.procInsId;
  });

  it("the staff review shows the whole record, and Enter writes a new line in the opinion while Ctrl+Enter approves", async () => {
    await switchUser(page, wangfang);
    for (const kind of kinds) {
      await page.goto(`/todoCheck?taskId=${await taskOf(kind.procInsId)}`);
      await record().waitFor();
      // this node hides nothing: the phone is there
      await poll(() => fieldOf("contactPhone").textContent()).toContain(phone);
      await page.getByTestId("task-actions").getByRole("button", { name: "同意", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "同意" });
      const box = dialog.getByLabel("审批意见");
      await box.click();
      await box.pressSequentially("材料齐全");
      await page.keyboard.press("Enter");
      await box.pressSequentially(`同意${kind.name}进入复核`);
      // Enter wrote a line, it did not send
      expect(await dialog.count()).toBe(1);
      expect(await box.inputValue()).toBe(`材料齐全\n同意${kind.name}进入复核`);
      await page.keyboard.press("Control+Enter");
      await poll(() => dialog.count()).toBe(0);
      await poll(() => page.getByTestId("task-actions").getByRole("button", { name: "同意", exact: true }).count()).toBe(0);
      const flow = (await get(`/flowable/task/flowRecord?procInsId=${kind.procInsId}`)).data as { action: string; comment: string | null }[];
      expect(flow.find((r) => r.action === "complete")?.comment).toBe(`材料齐全\n同意${kind.name}进入复核`);
    }
  });

  for (const lang of ["zh-CN", "en-US"] as const) {
    it(`the platform's review (${lang}) shows the record, its enterprise, attachment and earlier approval, without the hidden phone`, async () => {
      if (lang === "zh-CN") await switchUser(page, admin);
      await setLanguage(lang);
      const l = lang === "zh-CN" ? "zh" : "en";
      for (const kind of kinds) {
        await page.goto(`/todoCheck?taskId=${await taskOf(kind.procInsId)}`);
        await record().waitFor();
        await poll(() => record().getByTestId("business-title").textContent()).toBe(kind.title[l]);
        for (const [key, text] of Object.entries(kind.shows)) await poll(() => fieldOf(key).textContent(), 20_000).toContain(text[l]);
        // the enterprise opens its profile
        const enterprise = fieldOf("entName").getByTestId("business-enterprise");
        expect(await enterprise.textContent()).toBe(kind.entName);
        expect(await enterprise.getAttribute("href")).toBe(`/common/enterprisebasicinfo/index?creditCode=${kind.creditCode}`);
        // the attachment downloads
        const file = fieldOf("attachments").getByTestId("business-file");
        expect(await file.textContent()).toBe(fileName);
        const href = (await file.getAttribute("href"))!;
        expect(href).toContain("/api/file/fileDown?uuid=");
        const download = await page.context().request.get(href);
        expect(download.status()).toBe(200);
        expect(await download.text()).toBe("business licence");
        // the earlier approval, with its two-line opinion
        const earlier = page.getByTestId("flow-record").locator('[data-action="complete"]');
        await poll(() => earlier.textContent()).toContain("材料齐全");
        expect(await earlier.textContent()).toContain(`同意${kind.name}进入复核`);
        // hidden at this node: no field, no value anywhere on the page
        expect(await fieldOf("contactPhone").count()).toBe(0);
        expect(await fieldOf("contactName").count()).toBe(1);
        expect(await page.locator("body").textContent()).not.toContain(phone);
        expect(await page.locator("body").textContent()).not.toContain("¥");
      }
      await page.screenshot({ path: `test-artifacts/approval-check-${lang}.png`, fullPage: true });
      if (lang === "en-US") await setLanguage("zh-CN");
    });
  }
});
