/**
 * What /todoCheck is given to decide on: the task's answer carries the business record the instance is
 * about (here a financing application) from its family's declaration — enterprise with its credit code,
 * the product by name, amounts with their declared unit, attachments by file name — and a field the task's
 * node hides is absent from every part of the answer (the record, the form fields, the variables), while
 * the next node, which hides nothing, sees it.
 */
import { SELF, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { call, login } from "./helpers.ts";
import { demoUserPassword } from "../worker/seed/index.ts";
import { withCheckCharacter } from "./credit-code.ts";

let admin: string;
let staff: string;
let applicant: string;

const creditCode = (org: string) => withCheckCharacter(`91610131${org}`);
const hiddenPhone = "13912345678";

async function upload(token: string, name: string, text: string): Promise<string> {
  const form = new FormData();
  form.append("file", new File([new TextEncoder().encode(text)], name));
  const response = await SELF.fetch("http://qifu.test/api/file/upload", { method: "POST", body: form, headers: { "x-hbi-token": token } });
  const body = (await response.json()) as { code: number; data: { id: string } };
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.data.id;
}

/** Republishes the financing flow with the staff's review hiding these fields. */
async function hideAtStaffReview(fields: string[]) {
  const models = (await call("/flowable/definition/models?name=融资申请审批", { token: admin })).body.data as { id: string; key: string }[];
  const model = models.find((m) => m.key === "financApply")!;
  const tree = (await call(`/flowable/definition/getModel/${model.id}`, { token: admin })).body.data.tree;
  const review = tree.children;
  expect(review.id).toBe("staff_review");
  review.props.formPerms = Object.fromEntries(fields.map((f) => [f, "hidden"]));
  const saved = await call("/flowable/definition/model/save", { token: admin, body: { id: model.id, tree } });
  expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
  const published = await call("/flowable/definition/publish", { token: admin, body: { id: model.id } });
  expect(published.body.code, JSON.stringify(published.body)).toBe(0);
}

const taskOf = async (token: string, procInsId: string) => {
  const rows = (await call("/flowable/task/todoList?limit=100", { token })).body.data as { taskId: string; procInsId: string }[];
  return rows.find((r) => r.procInsId === procInsId)?.taskId;
};

type Field = { key: string; label: string; kind: string; value: unknown; unit?: string; name?: string; creditCode?: string; files?: { id: string; name: string }[] };

beforeAll(async () => {
  admin = await login();
  staff = await login("wangfang", demoUserPassword);
  applicant = await login("liuyang", demoUserPassword);
});

describe("the check page's answer", () => {
  it("carries the application as declared, and leaves out what the task's node hides", async () => {
    await hideAtStaffReview(["contactPhone", "acceptableRate"]);
    const product = await call("/common/tbfinanc/save", { token: admin, body: { productName: "秦创贷", institutionName: "长安银行", productType: "creditLoan" } });
    expect(product.body.code, JSON.stringify(product.body)).toBe(0);
    const productId = product.body.data.id as string;
    const fileId = await upload(admin, "营业执照.txt", "business licence");
    const code = creditCode("100000201");
    const submitted = await call("/common/tbfinancapplication/pcSave", {
      token: applicant,
      body: { creditCode: code, entName: "测试企业100000201有限公司", demandAmount: 1025.8, purpose: "购置检测设备", contactName: "刘洋", contactPhone: hiddenPhone, acceptableRate: 4.5, attachments: [fileId], productId, submit: true },
    });
    expect(submitted.body.code, JSON.stringify(submitted.body)).toBe(0);
    const { procInsId } = submitted.body.data as { procInsId: string };

    const taskId = await taskOf(staff, procInsId);
    expect(taskId, "the staff have the first review").toBeTruthy();
    const answer = await call(`/flowable/task/taskAttributes/${taskId}`, { token: staff });
    expect(answer.body.code).toBe(0);
    const data = answer.body.data as { business: { kind: string; title: string; status: string; fields: Field[] }; formFields: { key: string }[]; variables: Record<string, unknown> };
    const field = (key: string) => data.business.fields.find((f) => f.key === key);

    expect(data.business).toMatchObject({ kind: "family", title: "融资申请", status: "reviewing" });
    expect(field("demandAmount")).toMatchObject({ label: "融资需求金额(万元)", kind: "number", value: 1025.8, unit: "万元" });
    expect(field("entName")).toMatchObject({ kind: "enterprise", value: "测试企业100000201有限公司", creditCode: code });
    expect(field("purpose")).toMatchObject({ value: "购置检测设备" });
    expect(field("attachments")?.files).toEqual([expect.objectContaining({ id: fileId, name: "营业执照.txt" })]);
    expect(field("productId")).toMatchObject({ kind: "ref", value: productId, name: "秦创贷" });
    const liuyang = await env.DB.prepare("SELECT name FROM sys_user WHERE user_no = 'liuyang'").first<{ name: string }>();
    expect(field("applicantId")?.name).toBe(liuyang!.name);
    // the status is the view's own (its header), not one more field
    expect(field("status")).toBeUndefined();

    // hidden at this node: absent from the record, the form and the variables, nowhere in the answer
    expect(field("contactPhone")).toBeUndefined();
    expect(field("acceptableRate")).toBeUndefined();
    expect(data.formFields.map((f) => f.key)).not.toContain("contactPhone");
    expect(data.variables).not.toHaveProperty("contactPhone");
    expect(JSON.stringify(answer.body)).not.toContain(hiddenPhone);
    // what is not hidden is there
    expect(field("contactName")).toMatchObject({ value: "刘洋" });

    // in English, the labels and the unit follow the reader
    const en = await call(`/flowable/task/taskAttributes/${taskId}`, { token: staff, lang: "en-US" });
    expect(en.body.data.business.fields.find((f: Field) => f.key === "demandAmount")).toMatchObject({ label: "Amount sought (10k CNY)", unit: "10k CNY" });
    expect(en.body.data.business.title).toBe("Financing application");

    // read on its own (the instance view): by the task as its node shows it; by the instance, the initiator sees
    // the start form's fields, another reader only what no node hides
    const phoneIn = async (id: string, token: string) => {
      const view = await call(`/flowable/task/business/${id}`, { token });
      expect(view.body.code, JSON.stringify(view.body)).toBe(0);
      expect(view.body.data.kind).toBe("family");
      return JSON.stringify(view.body.data).includes(hiddenPhone);
    };
    expect(await phoneIn(taskId!, staff)).toBe(false);
    expect(await phoneIn(procInsId, applicant)).toBe(true);
    expect(await phoneIn(procInsId, staff)).toBe(false);

    // the next node hides nothing: its reader sees the phone
    expect((await call("/flowable/task/complete", { token: staff, body: { taskId, comment: "材料齐全" } })).body.code).toBe(0);
    const second = await taskOf(admin, procInsId);
    const next = await call(`/flowable/task/taskAttributes/${second}`, { token: admin });
    expect(next.body.data.business.fields.find((f: Field) => f.key === "contactPhone")).toMatchObject({ value: hiddenPhone });
  });

  it("gives a process started from its model's own form the model's fields, money in its declared unit", async () => {
    const started = await call("/flowable/definition/dynamicStart", { token: admin, body: { code: "expense", data: { amount: 3200, reason: "差旅" } } });
    expect(started.body.code, JSON.stringify(started.body)).toBe(0);
    const procInsId = started.body.data.procInsId as string;
    const rows = (await call("/flowable/task/todoList?limit=100", { token: admin })).body.data as { taskId: string; procInsId: string }[];
    const mine = rows.find((r) => r.procInsId === procInsId);
    // the expense's first approver is the initiator's leader: read the task through the monitor's rights
    const taskId = mine?.taskId ?? (await env.DB.prepare("SELECT task_id AS id FROM flow_task WHERE proc_ins_id = ? LIMIT 1").bind(procInsId).first<{ id: string }>())?.id;
    expect(taskId).toBeTruthy();
    const answer = await call(`/flowable/task/taskAttributes/${taskId}`, { token: admin });
    expect(answer.body.data.business).toMatchObject({ kind: "process", fields: [{ key: "amount", kind: "number", value: 3200, unit: "元" }, { key: "reason", kind: "longText", value: "差旅" }] });
  });
});
