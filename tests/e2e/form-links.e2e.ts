/**
 * Fill-in links in real browsers, in both languages: the administrator signs in (captcha typed), shares a
 * released form with an enterprise picked by name for 3 days and copies the link; a fresh browser without a
 * session opens it (no shell), is told about a missing field, submits, and is thanked; opening the link again
 * says it was used, an altered token says the link is invalid; the staff's filled-forms list shows the entry
 * attributed to the enterprise.
 */
import type { Page } from "playwright-core";
import { afterEach, describe, expect, inject, it } from "vitest";
import { cookie, openBrowser, signIn, type Browser } from "./browser.ts";
import { usccCheck } from "../../worker/seed/enterprise-demo/uscc.ts";

const baseUrl = inject("baseUrl");
const poll = <T>(fn: () => Promise<T> | T, timeout = 20_000) => expect.poll(fn, { timeout });
const suffix = Date.now().toString(36).slice(-6);
const opened: Browser[] = [];

afterEach(async (context) => {
  if (context.task.result?.state === "fail") for (const [i, b] of opened.entries()) await b.page.screenshot({ path: `test-artifacts/form-links-failed-${i}.png`, fullPage: true }).catch(() => {});
  while (opened.length) await opened.pop()!.close();
});

async function browserIn(lang: string) {
  const browser = await openBrowser(baseUrl);
  opened.push(browser);
  await browser.context.addCookies([{ name: "language", value: lang, url: baseUrl }]);
  return browser;
}

async function postApi<T>(page: Page, path: string, body: unknown): Promise<T> {
  const token = await cookie(page, "x-tr-token");
  const response = await page.context().request.post(`/api${path}`, { headers: { "content-type": "application/json", "x-hbi-token": token ?? "" }, data: body });
  const answer = (await response.json()) as T & { code: number };
  expect(answer.code, JSON.stringify(answer)).toBe(0);
  return answer;
}

const texts = {
  "zh-CN": { share: "发送填写链接", required: "名称不能为空", done: "提交成功", used: /^该链接的表单已于 .+ 提交，每个链接只能提交一次$/, invalid: "填写链接无效：链接不完整或已被篡改，请向发送方索取新的链接", yes: "是" },
  "en-US": { share: "Share fill-in link", required: "名称 cannot be empty", done: "Submitted", used: /^The form of this link was submitted on .+: a link can be submitted once only$/, invalid: "This fill-in link is invalid: it is incomplete or was altered. Ask the sender for a new link", yes: "Yes" },
} as const;

describe("a form shared with an enterprise through a fill-in link", () => {
  for (const lang of ["zh-CN", "en-US"] as const) {
    it(`is filled once without a session and lands attributed to the enterprise (${lang})`, async () => {
      const text = texts[lang];
      const tag = `${suffix}${lang === "zh-CN" ? "z" : "e"}`;
      const staff = await browserIn(lang);
      await signIn(staff.page);
      const page = staff.page;

      // a model, a released questionnaire on it and an enterprise to send it to
      const model = await postApi<{ data: { id: string } }>(page, "/datamodel/save", {
        name: `问卷${tag}`,
        code: `lq_${tag}`,
        type: "table",
        fields: [
          { name: "title", title: "名称", type: "text", length: 64 },
          { name: "score", title: "评分", type: "int" },
          { name: "agree", title: "是否同意", type: "dict", dictType: "yesNo" },
        ],
      });
      const col = (field: string, widget: string, extra: Record<string, unknown> = {}) => ({ field, widget, span: 8, ...extra });
      const layout = { sections: [{ rows: [{ cols: [col("title", "input", { required: true }), col("score", "number"), col("agree", "radio")] }] }] };
      const formCode = `lf_${tag}`;
      const form = await postApi<{ data: { id: string } }>(page, "/datamodel/form/save", { name: `满意度问卷${tag}`, code: formCode, dataModelId: model.data.id, layout });
      await postApi(page, `/datamodel/form/release/${form.data.id}`, {});
      const body = `91610100MA${String(Date.now()).slice(-6)}${lang === "zh-CN" ? "1" : "2"}`;
      const enterprise = { creditCode: body + usccCheck(body), entName: `链接企业${tag}有限公司` };
      await postApi(page, "/common/enenterprisebasicinfo/save", { ...enterprise, areaCode: "610100" });

      // the staff share it from the forms list: enterprise picked by name, 3 days
      await page.goto(`/datamodel/form?name=${encodeURIComponent(`满意度问卷${tag}`)}`);
      const row = page.locator(`[data-testid="form-row"][data-form-code="${formCode}"]`);
      await row.getByTestId("form-share").click();
      const dialog = page.getByTestId("share-link-modal");
      await dialog.getByTestId("enterprise-picker").click();
      await dialog.getByTestId("enterprise-picker").pressSequentially(`链接企业${tag}`, { delay: 20 });
      await page.getByRole("option", { name: new RegExp(enterprise.creditCode) }).click();
      await poll(() => dialog.getByTestId("share-enterprise").textContent()).toContain(enterprise.entName);
      await dialog.locator('input[name="days"]').fill("3");
      await dialog.getByTestId("share-create").click();
      const url = await (async () => {
        await dialog.getByTestId("share-url").waitFor();
        return dialog.getByTestId("share-url").inputValue();
      })();
      expect(url).toMatch(new RegExp(`^${baseUrl}/vueedit\\?token=`));
      await page.screenshot({ path: `test-artifacts/form-link-share-${lang}.png` });

      // a fresh browser without any session opens the link: the form alone, no shell
      const visitor = await browserIn(lang);
      const fill = visitor.page;
      await fill.goto(url.slice(baseUrl.length));
      await poll(() => fill.getByTestId("link-form-name").textContent()).toBe(`满意度问卷${tag}`);
      expect(await fill.getByTestId("link-enterprise").textContent()).toContain(enterprise.entName);
      expect(await fill.getByTestId("side-menu").count()).toBe(0);
      expect(await cookie(fill, "x-tr-token")).toBeUndefined();
      // the required field is named before anything is sent
      await fill.getByTestId("link-submit").click();
      await poll(() => fill.getByText(text.required).count()).toBe(1);
      await fill.locator('input[name="title"]').fill(`企业回答${tag}`);
      await fill.locator('input[name="score"]').fill("8");
      await fill.getByRole("radio", { name: text.yes }).check();
      await fill.screenshot({ path: `test-artifacts/form-link-fill-${lang}.png` });
      await fill.getByTestId("link-submit").click();
      await poll(() => fill.getByTestId("link-done").isVisible()).toBe(true);
      expect(await fill.getByTestId("link-done").textContent()).toContain(text.done);

      // the link is used now; an altered token is refused, each with its message
      await fill.reload();
      await poll(() => fill.getByTestId("link-error-message").textContent()).toMatch(text.used);
      const token = new URL(url).searchParams.get("token")!;
      await fill.goto(`/vueedit?token=${encodeURIComponent(`${token.slice(0, -3)}${token.endsWith("AAA") ? "BBB" : "AAA"}`)}`);
      await poll(() => fill.getByTestId("link-error-message").textContent()).toBe(text.invalid);
      expect(fill.url()).toContain("/vueedit");

      // the staff's filled forms show the entry attributed to the enterprise
      await page.goto("/flowable/formdata");
      const entry = page.getByTestId("formdata-row").filter({ hasText: `满意度问卷${tag}` });
      await poll(() => entry.count()).toBe(1);
      expect(await entry.locator('[data-column="enterprise"]').textContent()).toBe(enterprise.entName);
      await page.screenshot({ path: `test-artifacts/form-link-filled-${lang}.png` });
    });
  }
});
