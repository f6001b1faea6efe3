/**
 * The form designer and filled forms in a real browser, as the administrator: on a data model with five
 * fields, add a process form, design it by dragging fields from the palette into rows (and adding the rest
 * with the keyboard), set a conditional required rule and a section title, watch the desktop and phone
 * previews, save and release it; bind it to a published approval flow; fill two records (a missing
 * conditionally required field is marked first); submit a third for approval from the form; approve it on
 * the to-do screen, where the node's field permissions hide one field and let the approver change another;
 * and see the filled form approved with the change, rendered with the release it was filled with.
 */
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { api, cookie, signedInBrowser } from "./browser.ts";

const session = signedInBrowser(inject("baseUrl"));
let page: Page;
beforeAll(() => {
  page = session.page;
});

const poll = <T>(fn: () => Promise<T> | T, timeout = 20_000) => expect.poll(fn, { timeout });
const suffix = Date.now().toString(36).slice(-6);
const modelCode = `e2f_${suffix}`;
const formCode = `form_${suffix}`;
const flowKey = `flow_${suffix}`;
const formName = `出差申请${suffix}`;
let formId = "";

async function postApi<T>(path: string, body: unknown): Promise<T> {
  const token = await cookie(page, "x-tr-token");
  const response = await page.context().request.post(`/api${path}`, { headers: { "content-type": "application/json", ...(token ? { "x-hbi-token": token } : {}) }, data: body });
  const answer = (await response.json()) as T & { code: number };
  expect(answer.code, JSON.stringify(answer)).toBe(0);
  return answer;
}

/** Picks an option of a Mantine select whose visible input is `input`. */
async function choose(input: Locator, option: string | RegExp) {
  await input.click();
  await page.getByRole("option", typeof option === "string" ? { name: option, exact: true } : { name: option }).first().click();
}

/** A pointer drag the way dnd-kit's PointerSensor sees one: press, move past its threshold, move, release. */
async function drag(source: Locator, target: Locator, at: { x: number; y: number } = { x: 0.5, y: 0.5 }) {
  const from = (await source.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 12, from.y + from.height / 2 + 12, { steps: 4 });
  await page.mouse.move(to.x + to.width * at.x, to.y + to.height * at.y, { steps: 20 });
  await page.waitForTimeout(150);
  await page.mouse.up();
}

const formRow = () => page.locator(`[data-testid="form-row"][data-form-code="${formCode}"]`);
const designer = () => page.getByTestId("designer-modal");
const filledRows = () => page.getByTestId("formdata-row");

describe("a form designed, released, filled and approved", () => {
  it("starts from a data model with five fields and a published approval flow", async () => {
    await postApi<{ data: { id: string } }>("/datamodel/save", {
      name: `出差${suffix}`,
      code: modelCode,
      type: "table",
      fields: [
        { name: "title", title: "事由", type: "text", length: 64 },
        { name: "amount", title: "预算", type: "decimal" },
        { name: "city", title: "城市", type: "text", length: 32 },
        { name: "startDate", title: "出发日期", type: "date" },
        { name: "urgent", title: "加急", type: "bool" },
      ],
    });
    const fields = ["title", "amount", "city", "startDate", "urgent"].map((key) => ({ key, label: key, type: "text" }));
    const created = await postApi<{ data: { id: string } }>("/flowable/definition/model/create", {
      key: flowKey,
      name: `出差审批${suffix}`,
      tree: {
        id: "root", name: "发起人", type: "ROOT", props: { formFields: fields },
        children: { id: "a1", name: "主管审批", type: "APPROVAL", props: { assignedType: "self", formPerms: { title: "read", amount: "edit", city: "read", startDate: "hidden", urgent: "read" } } },
      },
    });
    await postApi("/flowable/definition/publish", { id: created.data.id });
  });

  it("adds a process form on the model", async () => {
    await page.goto("/datamodel/form");
    await page.getByTestId("forms-table").waitFor();
    await page.getByTestId("form-add").click();
    const dialog = page.getByTestId("form-dialog");
    await dialog.locator('input[name="name"]').fill(formName);
    await dialog.locator('input[name="code"]').fill(formCode);
    await choose(dialog.getByTestId("model-picker"), new RegExp(modelCode));
    await dialog.locator('input[name="processForm"]').check({ force: true });
    await dialog.getByTestId("form-dialog-save").click();
    await dialog.waitFor({ state: "hidden" });
    await poll(() => formRow().count()).toBe(1);
    formId = (await formRow().getAttribute("data-form-id"))!;
    await poll(() => formRow().locator('[data-column="status"]').textContent()).toBe("暂存");
  });

  it("is designed by dragging and with the keyboard, previewed on desktop and phone, and released", async () => {
    await formRow().getByTestId("form-design").click();
    await designer().getByTestId("designer-palette").waitFor();
    // drag: the first field into a new row, the second beside it
    await drag(page.getByLabel("拖动字段 事由"), page.getByTestId("designer-newrow-0"));
    await poll(() => page.getByTestId("designer-col-title").count()).toBe(1);
    await drag(page.getByLabel("拖动字段 预算"), page.getByTestId("designer-row-0-0"), { x: 0.85, y: 0.5 });
    await poll(() => page.getByTestId("designer-row-0-0").getByTestId("designer-col-amount").count()).toBe(1);
    // keyboard: the + buttons are reached and pressed without a mouse
    for (const field of ["city", "startDate", "urgent"]) {
      await page.getByTestId(`palette-add-${field}`).focus();
      await page.keyboard.press("Enter");
      await poll(() => page.getByTestId(`designer-col-${field}`).count()).toBe(1);
    }
    await poll(() => page.locator('[data-testid^="palette-"][data-placed="1"]').count()).toBe(5);
    // the last field sits alone in a third row; lifted with Space, moved up with an arrow and dropped with Space, it joins the row above
    await poll(() => page.getByTestId("designer-row-0-2").getByTestId("designer-col-urgent").count()).toBe(1);
    await page.getByLabel("移动 加急").focus();
    await page.keyboard.press("Space");
    await page.waitForTimeout(200);
    await page.keyboard.press("ArrowUp");
    await page.waitForTimeout(300);
    await page.keyboard.press("Space");
    await poll(() => page.getByTestId("designer-row-0-2").count()).toBe(0);
    await poll(() => page.getByTestId("designer-row-0-1").getByTestId("designer-col-urgent").count()).toBe(1);

    // a section title, a help text, and the city required once a budget is given
    await page.getByTestId("section-title-zh-0").fill("行程信息");
    await page.getByTestId("designer-col-city").click();
    await page.getByTestId("inspect-help-zh").fill("到达城市");
    await page.getByTestId("rule-required-mode").getByText("条件").click();
    await choose(page.getByTestId("rule-required-field"), "预算");
    await choose(page.getByTestId("rule-required-op"), "不为空");

    // both previews show the fields; typing a budget makes the city required in the preview
    const desktop = page.getByTestId("preview-desktop");
    const phone = page.getByTestId("preview-phone");
    await poll(() => desktop.locator('[data-field="title"]').count()).toBeGreaterThan(0);
    await poll(() => phone.locator('[data-field="startDate"]').count()).toBeGreaterThan(0);
    expect((await phone.boundingBox())!.width).toBeLessThanOrEqual(376);
    await expect.poll(() => desktop.getByText("行程信息").count()).toBe(1);
    const cityRequired = () => desktop.locator("label", { hasText: "城市" }).locator(".mantine-InputWrapper-required").count();
    expect(await cityRequired()).toBe(0);
    await desktop.locator('input[name="amount"]').fill("500");
    await poll(cityRequired).toBe(1);

    await designer().getByTestId("designer-release").click();
    await page.getByTestId("confirm-ok").click();
    await designer().waitFor({ state: "hidden" });
    await poll(() => formRow().locator('[data-column="status"]').textContent()).toBe("已发布");
    await poll(() => formRow().locator('[data-column="version"]').textContent()).toBe("v1");
    const release = await api<{ data: { layout: { sections: { title?: { zh?: string }; rows: { cols: { field: string; required?: unknown }[] }[] }[] } } }>(page, `/datamodel/form/release/${formId}/1`);
    const cols = release.data.layout.sections[0]!.rows.flatMap((r) => r.cols);
    expect(cols.map((c) => c.field).sort()).toEqual(["amount", "city", "startDate", "title", "urgent"]);
    expect(cols.find((c) => c.field === "city")!.required).toEqual({ field: "amount", op: "notEmpty" });
    expect(release.data.layout.sections[0]!.title?.zh).toBe("行程信息");
  });

  it("is bound to the published flow on the process forms screen", async () => {
    await page.goto("/flowable/form");
    const row = page.locator(`[data-testid="process-form-row"][data-form-code="${formCode}"]`);
    await row.waitFor();
    await choose(row.getByTestId(`bind-flow-${formCode}`), new RegExp(flowKey));
    await row.getByTestId(`bind-save-${formCode}`).click();
    await poll(async () => (await api<{ data: { key: string; formCode: string | null }[] }>(page, `/flowable/definition/models?name=${flowKey}`)).data[0]?.formCode).toBe(formCode);
  });

  const openFill = async () => {
    await page.getByTestId("fill-add").click();
    const modal = page.getByTestId("fill-modal");
    await choose(modal.getByTestId("fill-form-picker"), new RegExp(formCode));
    await modal.getByTestId("fill-body").waitFor();
    return modal;
  };

  it("fills two records; a missing conditionally required field is marked first", async () => {
    await page.goto("/flowable/formdata");
    await page.getByTestId("formdata-table").waitFor();
    for (const [title, amount, city] of [["北京调研", "1200", "北京"], ["西安会议", "", ""]] as const) {
      const modal = await openFill();
      await modal.locator('input[name="title"]').last().fill(title);
      if (amount) {
        await modal.locator('input[name="amount"]').fill(amount);
        await modal.getByTestId("fill-save").click();
        await poll(() => modal.getByText("城市不能为空").count()).toBe(1);
        await modal.locator('input[name="city"]').fill(city);
      }
      await modal.getByTestId("fill-save").click();
      await modal.waitFor({ state: "hidden" });
    }
    const list = await api<{ total: number; data: { status: string; formVersion: number }[] }>(page, `/form/data/list?formId=${formId}`);
    expect(list.total).toBe(2);
    expect(list.data.every((r) => r.status === "draft" && r.formVersion === 1)).toBe(true);
  });

  it("submits a third for approval from the form; the approver sees the node's fields and changes the budget", async () => {
    const modal = await openFill();
    await modal.locator('input[name="title"]').last().fill("上海培训");
    await modal.locator('input[name="amount"]').fill("3000");
    await modal.locator('input[name="city"]').fill("上海");
    await modal.getByTestId("fill-submit").click();
    await modal.waitFor({ state: "hidden" });
    let filled: { id: string; procInsId: string; status: string } | undefined;
    await poll(async () => {
      const list = await api<{ data: { id: string; procInsId: string; status: string }[] }>(page, `/form/data/list?formId=${formId}&status=reviewing`);
      filled = list.data[0];
      return !!filled;
    }).toBe(true);

    const todo = await api<{ data: { taskId: string; procInsId: string }[] }>(page, "/flowable/task/todoList?limit=100");
    const task = todo.data.find((t) => t.procInsId === filled!.procInsId);
    expect(task, "the initiator approves (assignedType self)").toBeTruthy();
    await page.goto(`/todoCheck?taskId=${task!.taskId}`);
    const record = page.getByTestId("business-record");
    const form = page.getByTestId("task-form");
    await form.waitFor();
    // the node hides the start date (anywhere on the page), shows the title read-only in the record, and lets
    // the budget be changed in the form below it, which holds only what this node may edit
    await poll(() => record.locator('[data-field="title"]').textContent()).toContain("上海培训");
    expect(await page.locator('[data-field="startDate"]').count()).toBe(0);
    expect(await form.locator('input[name="title"]').count()).toBe(0);
    await form.locator('input[name="amount"]').fill("2800");
    await page.getByTestId("task-actions").getByRole("button", { name: "同意", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "同意" });
    await dialog.getByLabel("审批意见").fill("预算调整后同意");
    await dialog.getByRole("button", { name: "同意", exact: true }).click();
    await poll(() => dialog.count()).toBe(0);

    await poll(async () => (await api<{ data: { status: string; values: Record<string, unknown> } }>(page, `/form/data/info/${formCode}/${filled!.id}`)).data.status).toBe("approved");
    const info = await api<{ data: { values: Record<string, unknown>; formVersion: number } }>(page, `/form/data/info/${formId}/${filled!.id}`);
    expect(info.data.values).toMatchObject({ title: "上海培训", amount: 2800, city: "上海" });

    // the filled forms list shows it approved, and its viewer renders the release it was filled with
    await page.goto("/flowable/formdata");
    const row = page.locator(`[data-testid="formdata-row"][data-id="${filled!.id}"]`);
    await poll(() => row.locator('[data-column="status"]').textContent()).toBe("已通过");
    await row.getByTestId("formdata-view").click();
    const viewer = page.getByTestId("formdata-viewer");
    await poll(() => viewer.getByTestId("viewer-version").textContent()).toBe("填写版本 v1");
    await poll(async () => viewer.locator('input[name="amount"]').inputValue()).toBe("2800");
    expect(await filledRows().count()).toBeGreaterThanOrEqual(3);
  });
});
