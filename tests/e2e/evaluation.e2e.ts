/**
 * A staff member scores an enterprise and reads why, in Chinese and then in English at 1440×900, on an
 * enterprise and a model made for this file (the model: an entry condition on registered capital, invention
 * patents scored by bands 0 / 30 / 60 and trademarks 0 / 40, pass at 60). The designer shows each level's
 * weight remainder and refuses to save an unbalanced level; "try on an enterprise" scores the draft without
 * saving. On the enterprise page's evaluation tab, "score now" opens the explanation: the total, the bar of
 * points per metric, each metric's points, the entry trace, and what would raise the score ("需再获得 1 项
 * 发明专利"). An invention patent added on the patent tab moves the score from 0 to 30, and only the patent
 * metric moves.
 */
import { beforeAll, describe, expect, inject, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { apiCall, runCreditCode, signedInBrowser, switchLanguage } from "./browser.ts";

const session = signedInBrowser(inject("baseUrl"));
let page: Page;
const poll = <T>(fn: () => Promise<T> | T, timeout = 30_000) => expect.poll(fn, { timeout });
const call = <T = unknown>(path: string, body?: unknown) => apiCall<T>(page, path, body);

const suffix = Date.now().toString(36);
const enterprise = { creditCode: runCreditCode(23), entName: `评价说明科技有限公司${suffix}` };
const modelName = `端到端评价模型${suffix}`;
let modelId = "";

const t2 = (zh: string, en: string) => ({ "zh-CN": zh, "en-US": en });
const definition = {
  totalScore: 100,
  entry: { all: [{ fact: "regCapital", op: "gte", value: 100 }] },
  directPass: [{ label: t2("有效期内高新技术企业", "High-tech enterprise in force"), when: { fact: "hitechValid", op: "eq", value: true } }],
  metrics: [
    { key: "ip", name: t2("发明专利", "Invention patents"), weight: 60, scoring: { kind: "bands", measure: { fact: "inventionPatents" }, bands: [{ min: null, max: 1, points: 0 }, { min: 1, max: 2, points: 30 }, { min: 2, max: null, points: 60 }] } },
    { key: "tm", name: t2("注册商标", "Trademarks"), weight: 40, scoring: { kind: "bands", measure: { fact: "trademarks" }, bands: [{ min: null, max: 1, points: 0 }, { min: 1, max: null, points: 40 }] } },
  ],
  passLine: 60,
  passRequires: [],
  grades: [{ code: "A", label: t2("良好", "Good"), min: 60 }],
};

beforeAll(async () => {
  page = session.page;
  const saved = await call("/common/enenterprisebasicinfo/save", { ...enterprise, regCapital: 500, estDate: "2018-05-01", areaCode: "610113" });
  expect(saved.code, JSON.stringify(saved)).toBe(0);
  const model = await call<{ id: string }>("/common/tbevaluationmodel/save", { name: modelName, code: `E2E${suffix}`.slice(0, 32), modelType: "innovation", status: "1", totalScore: 100, definition, starThreshold: 20, starList: "star" });
  expect(model.code, JSON.stringify(model)).toBe(0);
  modelId = model.data.id;
});


const profile = `/common/enterprisebasicinfo/index?creditCode=${enterprise.creditCode}`;

async function openEvaluationTab() {
  await page.goto(profile);
  await page.getByTestId("profile-tab-evaluation").click();
  await page.getByTestId("evaluation-tab").waitFor();
}

/** Scores the enterprise under the test's model from its evaluation tab; the explanation drawer opens. */
async function scoreNow(): Promise<Locator> {
  const select = page.getByTestId("evaluation-model");
  await select.click();
  await select.fill(modelName.slice(-8));
  await page.getByRole("option", { name: new RegExp(suffix) }).click();
  await page.getByTestId("evaluation-score").click();
  const drawer = page.getByTestId("result-drawer");
  await drawer.getByTestId("explain-total").waitFor();
  return drawer;
}

const metricPoints = (scope: Locator, key: string) => scope.locator(`[data-testid="explain-metric"][data-key="${key}"]`).getAttribute("data-points");

describe("evaluation: score an enterprise and read why", () => {
  it("the designer shows each level's remainder, refuses an unbalanced level and tries the draft on an enterprise", async () => {
    await page.goto(`/evaluation/model?name=${encodeURIComponent(modelName)}`);
    const row = page.getByTestId("record-row").filter({ hasText: modelName });
    // the record dialog summarises the definition instead of showing it as text
    await row.getByTestId("edit-record").click();
    const summary = page.getByTestId("record-dialog").getByTestId("model-definition-summary");
    await poll(() => summary.textContent()).toContain("2 个一级指标，满分 100，及格线 60");
    expect(await page.getByTestId("record-dialog").locator('textarea[name="definition"]').count()).toBe(0);
    await page.keyboard.press("Escape");
    await page.getByTestId("record-dialog").waitFor({ state: "hidden" });
    await row.getByTestId("design-model").click();
    const designer = page.getByTestId("designer");
    const sum = designer.locator('[data-testid="metrics-level"][data-path="root"] >> [data-testid="metrics-level-sum"]').first();
    await poll(() => sum.getAttribute("data-remainder")).toBe("0");
    const weight = designer.locator('[data-testid="metric"][data-key="ip"] [data-testid="metric-weight"]').first();
    await weight.fill("50");
    await poll(() => sum.getAttribute("data-remainder")).toBe("10");
    await expect(sum.textContent()).resolves.toContain("还差 10%");
    // the full points follow the weight
    await expect(designer.locator('[data-testid="metric"][data-key="ip"] [data-testid="metric-full"]').first().textContent()).resolves.toBe("50");
    await designer.getByTestId("designer-save").click();
    await expect(designer.getByTestId("designer-problems").textContent()).resolves.toContain("一级指标");
    await weight.fill("60");
    await poll(() => sum.getAttribute("data-remainder")).toBe("0");
    // balanced again: nothing stops the save any more
    await designer.getByTestId("designer-problems").waitFor({ state: "detached" });
    await page.screenshot({ path: "test-artifacts/evaluation-designer-metrics.png", fullPage: true });

    // the entry condition is shown in the builder, never as text
    await designer.getByTestId("designer-tab-conditions").click();
    const entryLeaf = designer.locator('[data-testid="entry-node"][data-kind="leaf"]').first();
    await expect(entryLeaf.getAttribute("data-fact")).resolves.toBe("regCapital");
    await expect(entryLeaf.getByTestId("entry-value").inputValue()).resolves.toBe("100");
    await page.screenshot({ path: "test-artifacts/evaluation-designer-conditions.png", fullPage: true });

    // a second entry condition, chosen with the keyboard: at least one invention patent in force
    await designer.locator('[data-testid="entry-node"][data-path="root"]').getByTestId("entry-add-condition").first().click();
    const added = designer.locator('[data-testid="entry-node"][data-path="1"]');
    await expect(added.getByTestId("entry-problem").textContent()).resolves.toBe("请选择指标项");
    await added.getByTestId("entry-fact").click();
    await page.keyboard.type("有效发明");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await poll(() => added.getAttribute("data-fact")).toBe("inventionPatents");
    await expect(added.textContent()).resolves.toContain("来源：专利信息");
    await expect(added.getByTestId("entry-op").inputValue()).resolves.toBe("大于等于");
    await expect(added.getByTestId("entry-problem").textContent()).resolves.toContain("请填写有效发明专利的判断值");
    await added.getByTestId("entry-value").fill("1");
    await poll(() => added.getByTestId("entry-problem").count()).toBe(0);

    // try on an enterprise: the draft as it stands, nothing saved — not eligible, and why
    await designer.getByTestId("designer-tab-try").click();
    await designer.getByTestId("enterprise-picker").fill(enterprise.entName.slice(0, 8));
    await page.getByRole("option", { name: new RegExp(suffix) }).click();
    const preview = designer.getByTestId("designer-try");
    await poll(() => preview.getByTestId("preview-status").getAttribute("data-status")).toBe("notEligible");
    await expect(preview.getByTestId("preview-entry-missing").textContent()).resolves.toContain("需再获得 1 项发明专利");
    await page.screenshot({ path: "test-artifacts/evaluation-designer-try.png", fullPage: true });

    // the condition removed again, the same enterprise is tried on the new draft: eligible, scored 0
    await designer.getByTestId("designer-tab-conditions").click();
    await designer.locator('[data-testid="entry-node"][data-path="1"]').getByTestId("entry-remove").click();
    await designer.getByTestId("designer-tab-try").click();
    await poll(() => preview.getByTestId("preview-status").getAttribute("data-status")).toBe("failed");
    await expect(preview.getByTestId("preview-total").getAttribute("data-total")).resolves.toBe("0");
    await expect(preview.locator('[data-testid="preview-entry-node"][data-fact="regCapital"]').getAttribute("data-pass")).resolves.toBe("true");
    await page.screenshot({ path: "test-artifacts/evaluation-designer.png", fullPage: true });
    await designer.getByTestId("designer-close").click();
    await designer.waitFor({ state: "detached" });
    const results = await call<unknown[]>(`/common/enterprise/tbevaluationinformanion/results?creditCode=${enterprise.creditCode}`);
    expect(results.data).toEqual([]);
  });

  it("scores the enterprise from its page and explains the score: points per metric, traces, what would raise it", async () => {
    await openEvaluationTab();
    const drawer = await scoreNow();
    await expect(drawer.getByTestId("explain-total").getAttribute("data-total")).resolves.toBe("0");
    await expect(drawer.getByTestId("explain-status").getAttribute("data-status")).resolves.toBe("failed");
    await expect(metricPoints(drawer, "ip")).resolves.toBe("0");
    await expect(metricPoints(drawer, "tm")).resolves.toBe("0");
    await drawer.getByTestId("explain-chart").waitFor();
    // the entry trace: registered capital 500 ≥ 100, met
    const entry = drawer.locator('[data-testid="explain-entry-node"][data-fact="regCapital"]');
    await expect(entry.getAttribute("data-pass")).resolves.toBe("true");
    await expect(entry.textContent()).resolves.toMatch(/注册资本[\s\S]*500/);
    // the direct-pass route's trace, not met
    await expect(drawer.locator('[data-testid="explain-direct-node"][data-fact="hitechValid"]').getAttribute("data-pass")).resolves.toBe("false");
    // what would raise the score: one more invention patent adds 30
    const raise = drawer.locator('[data-testid="explain-raise-item"][data-metric="ip"]');
    await expect(raise.textContent()).resolves.toContain("需再获得 1 项发明专利");
    await expect(raise.textContent()).resolves.toContain("+30 分");
    await page.screenshot({ path: "test-artifacts/evaluation-explain-zh.png", fullPage: true });
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "hidden" });
    await poll(() => page.getByTestId("evaluation-result").first().getAttribute("data-score")).toBe("0");
  });

  it("an invention patent added on the patent tab moves the patent metric, and only it", async () => {
    await page.goto(profile);
    await page.getByTestId("profile-group-ip").click();
    await page.locator('[data-testid="profile-family-tab"][data-family="common.enpatentinfo"]').click();
    // the hand-entered list (its synchronised mirror is listed under it)
    await page.locator('[data-family="common.enpatentinfo"]').getByTestId("add-record").click();
    const dialog = page.getByTestId("record-dialog");
    await dialog.waitFor();
    await dialog.locator('input[name="title"]').fill(`一种评价说明方法${suffix}`);
    await dialog.locator('input[name="appNo"]').fill(`CN2024${suffix}`.slice(0, 32));
    for (const [field, label] of [["patentType", "发明"], ["legalStatus", "授权"]] as const) {
      await dialog.locator(`input[name="${field}"]:not([type="hidden"]), input[role="combobox"][data-field="${field}"]`).first().click();
      await page.getByRole("option", { name: label, exact: true }).click();
    }
    await page.getByTestId("save-record").click();
    await dialog.waitFor({ state: "hidden" });

    await page.getByTestId("profile-tab-evaluation").click();
    const drawer = await scoreNow();
    await poll(() => drawer.getByTestId("explain-total").getAttribute("data-total")).toBe("30");
    await expect(metricPoints(drawer, "ip")).resolves.toBe("30");
    await expect(metricPoints(drawer, "tm")).resolves.toBe("0");
    await expect(drawer.locator('[data-testid="explain-fact"][data-fact="inventionPatents"]').textContent()).resolves.toMatch(/1\s*项/);
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "hidden" });
    await poll(() => page.getByTestId("evaluation-result").first().getAttribute("data-score")).toBe("30");
  });

  it("the star list and the results list explain the result that put the enterprise there", async () => {
    // 30 reaches the model's star threshold of 20
    await page.goto(`/enterprise/star?entName=${encodeURIComponent(suffix)}`);
    const star = page.getByTestId("star-evaluated-row").filter({ hasText: enterprise.entName });
    await poll(() => star.getAttribute("data-score")).toBe("30");
    await star.getByTestId("star-explain").click();
    const drawer = page.getByTestId("result-drawer");
    await poll(() => drawer.getByTestId("explain-total").getAttribute("data-total")).toBe("30");
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "hidden" });
    // the registered list beside it is the family's own
    await page.getByTestId("star-tab-records").click();
    await page.locator('[data-family="common.enstarenterprise"]').waitFor();

    await page.goto(`/evaluation/result?creditCode=${enterprise.creditCode}`);
    const rows = page.getByTestId("record-row");
    await poll(() => rows.count()).toBe(2);
    // the result after the patent: 30
    await rows.filter({ has: page.locator('[data-column="totalScore"]', { hasText: /^30$/ }) }).getByTestId("explain-result").click();
    await poll(() => drawer.getByTestId("explain-total").getAttribute("data-total")).toBe("30");
    await expect(metricPoints(drawer, "ip")).resolves.toBe("30");
    await page.keyboard.press("Escape");
  });

  it("reads the same explanation in English", async () => {
    await switchLanguage(page, "en-US");
    await openEvaluationTab();
    await expect(page.getByTestId("evaluation-score").textContent()).resolves.toBe("Score now");
    await page.getByTestId("evaluation-explain").first().click();
    const drawer = page.getByTestId("result-drawer");
    await poll(() => drawer.getByTestId("explain-total").getAttribute("data-total")).toBe("30");
    const text = await drawer.textContent();
    for (const words of ["Why this score", "Points per metric", "What would raise the score", "Entry conditions", "Invention patents in force", "Registered capital"]) expect(text).toContain(words);
    await expect(drawer.locator('[data-testid="explain-raise-item"][data-metric="ip"]').textContent()).resolves.toContain("needs 1 more invention patent(s)");
    await page.screenshot({ path: "test-artifacts/evaluation-explain-en.png", fullPage: true });
    await page.keyboard.press("Escape");
    await switchLanguage(page, "zh-CN");
    expect(modelId).not.toBe("");
  });
});
