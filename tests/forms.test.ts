/**
 * Forms over a run-time data model, through the real app: a form released as v1, a record filled with it,
 * the layout changed and released as v2 while the old record still answers v1's layout; revoke; a field
 * required on a condition refused by name with nothing written; a process form started by dynamicStart
 * (record + form data + instance in one append) whose status follows the approval; and the approval
 * node's field permissions (hidden absent, read unchangeable, edit saved on complete).
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { call, login, userWithPermissions } from "./helpers.ts";

let admin: string;
let modelId: string;
const code = `fm${crypto.randomUUID().replace(/-/g, "").slice(0, 10)}`;

const eventCount = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM events").first<{ n: number }>())!.n;
/** The request that appended each event of a stream: one append = one request id. */
const appends = async (stream: string) =>
  (await env.DB.prepare("SELECT json_extract(meta, '$.requestId') AS r FROM events WHERE stream = ? ORDER BY version").bind(stream).all<{ r: string }>()).results.map((row) => row.r);

const col = (field: string, widget: string, extra: Record<string, unknown> = {}) => ({ field, widget, span: 12, ...extra });
const layoutV1 = {
  sections: [
    {
      title: { zh: "基本信息", en: "Basics" },
      rows: [
        { cols: [col("title", "input", { required: true }), col("amount", "number")] },
        // the reason is required once the kind is "other"
        { cols: [col("kind", "input"), col("reason", "textarea", { required: { field: "kind", op: "eq", value: "other" } })] },
      ],
    },
  ],
};

async function form(body: Record<string, unknown>) {
  const saved = await call("/datamodel/form/save", { token: admin, body });
  expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
  return saved.body.data.id as string;
}

async function release(id: string) {
  const answer = await call(`/datamodel/form/release/${id}`, { token: admin, method: "POST", body: {} });
  expect(answer.body.code, JSON.stringify(answer.body)).toBe(0);
  return answer.body.data.version as number;
}

beforeAll(async () => {
  admin = await login();
  const model = await call("/datamodel/save", {
    token: admin,
    body: {
      name: "报销单",
      code,
      type: "table",
      fields: [
        { name: "title", title: "标题", type: "text", length: 64 },
        { name: "amount", title: "金额", type: "decimal" },
        { name: "kind", title: "类别", type: "text", length: 16 },
        { name: "reason", title: "原因", type: "longText" },
        { name: "secret", title: "内部备注", type: "text", length: 64 },
      ],
    },
  });
  expect(model.body.code, JSON.stringify(model.body)).toBe(0);
  modelId = model.body.data.id;
});

describe("form versions", () => {
  it("refuses a layout naming a field the model lacks, by name", async () => {
    const bad = await call("/datamodel/form/save", { token: admin, lang: "en-US", body: { name: "坏表单", code: `${code}_bad`, dataModelId: modelId, layout: { sections: [{ rows: [{ cols: [col("nosuch", "input")] }] }] } } });
    expect(bad.body.code).toBe(422);
    expect(bad.body.msg).toContain('"nosuch"');
  });

  it("releases v1, fills a record, releases v2; the old record keeps v1's layout; revoke stops filling", async () => {
    const id = await form({ name: "报销", code: `${code}_a`, dataModelId: modelId, layout: layoutV1 });
    expect((await call(`/datamodel/form/info/${id}`, { token: admin })).body.data).toMatchObject({ status: "0", version: 0 });
    // a draft cannot be filled
    expect((await call("/form/data/save", { token: admin, body: { formId: id, data: { title: "x" } } })).body.code).toBe(422);

    expect(await release(id)).toBe(1);
    expect((await call(`/datamodel/form/info/${id}`, { token: admin })).body.data).toMatchObject({ status: "1", version: 1 });
    const filled = await call("/form/data/save", { token: admin, body: { formCode: `${code}_a`, data: { title: "差旅", amount: 120.5, kind: "travel", secret: "not on the form" } } });
    expect(filled.body.code, JSON.stringify(filled.body)).toBe(0);
    const { id: dataId, recordId } = filled.body.data;
    // the record and the form data went in one append
    expect(await appends(`dm.${code}:${recordId}`)).toEqual(await appends(`form.data:${dataId}`));
    const record = (await call(`/datamodel/data/${modelId}/info/${recordId}`, { token: admin })).body.data;
    expect(record).toMatchObject({ title: "差旅", amount: 120.5, kind: "travel", secret: null });

    // v2 drops the amount and adds the remark; saving is a draft, the live release stays v1 until released
    const layoutV2 = { sections: [{ rows: [{ cols: [col("title", "input"), col("secret", "input")] }] }] };
    expect((await call("/datamodel/form/update", { token: admin, body: { id, layout: layoutV2 } })).body.code).toBe(0);
    expect((await call(`/datamodel/form/info/${id}`, { token: admin })).body.data.version).toBe(1);
    expect(await release(id)).toBe(2);
    const old = (await call(`/form/data/info/${code}_a/${dataId}`, { token: admin })).body;
    expect(old.code, JSON.stringify(old)).toBe(0);
    expect(old.data).toMatchObject({ formVersion: 1, status: "draft", values: { title: "差旅", amount: 120.5 }, layout: layoutV1 });
    expect((await call(`/datamodel/form/release/${id}/1`, { token: admin })).body.data.layout).toEqual(layoutV1);
    expect((await call(`/datamodel/form/release/${id}/2`, { token: admin })).body.data.layout.sections[0].rows[0].cols.map((c: { field: string }) => c.field)).toEqual(["title", "secret"]);
    const versions = await call(`/datamodel/formrelease/list?formId=${id}`, { token: admin });
    expect(versions.body.data.map((r: { version: number }) => r.version)).toEqual([2, 1]);
    // releases are immutable
    expect((await call("/datamodel/formrelease/delete", { token: admin, body: [versions.body.data[0].id] })).body.code).toBe(422);

    // a new record is filled with v2
    const next = await call("/form/data/save", { token: admin, body: { formId: id, data: { title: "新", secret: "备注" } } });
    expect((await call(`/form/data/info/${id}/${next.body.data.id}`, { token: admin })).body.data).toMatchObject({ formVersion: 2, values: { title: "新", secret: "备注" } });

    expect((await call(`/datamodel/form/revoke/${id}`, { token: admin, method: "POST", body: {} })).body.code).toBe(0);
    expect((await call(`/datamodel/form/info/${id}`, { token: admin })).body.data.status).toBe("2");
    expect((await call(`/datamodel/form/revoke/${id}`, { token: admin, method: "POST", body: {} })).body.code).toBe(422);
    const refused = await call("/form/data/save", { token: admin, body: { formId: id, data: { title: "迟到" } } });
    expect(refused.body.code).toBe(422);
  });

  it("refuses a conditionally required field left empty, naming it, and writes nothing", async () => {
    const id = await form({ name: "条件", code: `${code}_b`, dataModelId: modelId, layout: layoutV1 });
    await release(id);
    const before = await eventCount();
    const refused = await call("/form/data/save", { token: admin, lang: "en-US", body: { formId: id, data: { title: "其他费用", kind: "other" } } });
    expect(refused.body.code).toBe(422);
    expect(refused.body.errors).toHaveProperty("reason");
    expect(refused.body.msg).toBe("原因 cannot be empty");
    expect(await eventCount()).toBe(before);
    // the same without the condition, or with the reason, is saved
    expect((await call("/form/data/save", { token: admin, body: { formId: id, data: { title: "交通", kind: "travel" } } })).body.code).toBe(0);
    const ok = await call("/form/data/save", { token: admin, body: { formId: id, data: { title: "其他费用", kind: "other", reason: "会议" } } });
    expect(ok.body.code).toBe(0);
    // an update is checked the same way against the release it was filled with
    const cleared = await call("/form/data/update", { token: admin, body: { id: ok.body.data.id, data: { reason: "" } } });
    expect(cleared.body.code).toBe(422);
    expect(cleared.body.errors).toHaveProperty("reason");
    const list = await call(`/form/data/list?formId=${id}`, { token: admin });
    expect(list.body.total).toBe(2);

    // deleting takes the record with it; restoring brings both back
    const { id: dataId, recordId } = ok.body.data;
    expect((await call("/form/data/delete", { token: admin, body: [dataId] })).body.code).toBe(0);
    expect((await call(`/datamodel/data/${modelId}/info/${recordId}`, { token: admin })).body.code).toBe(404);
    expect((await call(`/form/data/restore/${dataId}`, { token: admin, method: "POST", body: {} })).body.code).toBe(0);
    expect((await call(`/form/data/info/${id}/${dataId}`, { token: admin })).body.data.values).toMatchObject({ title: "其他费用", reason: "会议" });
    expect((await call(`/form/data/revert/${dataId}`, { token: admin, method: "POST", body: { version: 1 } })).body.code).toBe(422);
  });
});

describe("process forms", () => {
  it("dynamicStart stores record, form data and instance in one append; the status follows the approval; node permissions apply", async () => {
    const approver = await userWithPermissions(admin, ["flowable:task:list", "flowable:task:info", "flowable:task:complete"], `fa${crypto.randomUUID().slice(0, 6)}`);
    const id = await form({ name: "流程表单", code: `${code}_p`, dataModelId: modelId, processForm: true, layout: layoutV1 });
    await release(id);
    const key = `${code}_flow`;
    const fields = ["title", "amount", "kind", "reason"].map((k) => ({ key: k, label: k, type: "text" }));
    const tree = {
      id: "root", name: "发起人", type: "ROOT", props: { formFields: fields },
      children: { id: "a1", name: "审批", type: "APPROVAL", props: { assignedType: "user", assignedUser: [{ id: approver.userId, name: "审批人" }], mode: "all", formPerms: { title: "read", amount: "edit", kind: "read", reason: "hidden" } } },
    };
    const created = await call("/flowable/definition/model/create", { token: admin, body: { key, name: "报销审批", tree } });
    expect(created.body.code, JSON.stringify(created.body)).toBe(0);
    // the binding is checked: unbound, the start is refused
    expect((await call("/flowable/definition/publish", { token: admin, body: { id: created.body.data.id } })).body.code).toBe(0);
    const unbound = await call("/flowable/definition/dynamicStart", { token: admin, body: { code: key, proc_form_id: id, dataModelId: modelId, data: { title: "未绑定" } } });
    expect(unbound.body.code).toBe(422);
    expect((await call("/flowable/form/saveOrUpdate", { token: admin, body: { modelKey: key, formCode: `${code}_p` } })).body.code).toBe(0);

    const before = await eventCount();
    const refused = await call("/flowable/definition/dynamicStart", { token: admin, body: { code: key, proc_form_id: id, dataModelId: modelId, data: { title: "缺原因", kind: "other" } } });
    expect(refused.body.code).toBe(422);
    expect(refused.body.errors).toHaveProperty("reason");
    expect(await eventCount()).toBe(before);

    const started = await call("/flowable/definition/dynamicStart", { token: admin, body: { code: key, proc_form_id: id, dataModelId: modelId, data: { title: "设备采购", amount: 3000, kind: "other", reason: "项目需要" } } });
    expect(started.body.code, JSON.stringify(started.body)).toBe(0);
    const { procInsId, formDataId, recordId } = started.body.data;
    const [request] = await appends(`dm.${code}:${recordId}`);
    expect(request).toBeTruthy();
    expect(await appends(`form.data:${formDataId}`)).toEqual([request]);
    expect((await appends(`flow:${procInsId}`))[0]).toBe(request);
    const info = async () => (await call(`/form/data/info/${id}/${formDataId}`, { token: admin })).body.data;
    expect(await info()).toMatchObject({ status: "reviewing", procInsId });
    expect((await call(`/flowable/instance/info/${procInsId}`, { token: admin })).body.data.businessKey).toBe(`form.data:${formDataId}`);

    const todo = (await call("/flowable/task/todoList?limit=100", { token: approver.token })).body.data as { taskId: string; procInsId: string }[];
    const taskId = todo.find((r) => r.procInsId === procInsId)!.taskId;
    const taskForm = await call(`/form/data/task/${taskId}`, { token: approver.token });
    expect(taskForm.body.code, JSON.stringify(taskForm.body)).toBe(0);
    expect(taskForm.body.data.values).toEqual({ title: "设备采购", amount: 3000, kind: "other" });
    expect(JSON.stringify(taskForm.body.data.layout)).not.toContain("reason");
    expect(taskForm.body.data.perms).toMatchObject({ title: "read", amount: "edit", kind: "read", reason: "hidden" });

    // a read field cannot be changed; nothing is written
    const mark = await eventCount();
    const readOnly = await call("/form/data/task/complete", { token: approver.token, body: { taskId, comment: "同意", data: { title: "改标题" } } });
    expect(readOnly.body.code).toBe(422);
    expect(readOnly.body.errors).toHaveProperty("title");
    expect(await eventCount()).toBe(mark);

    const done = await call("/form/data/task/complete", { token: approver.token, body: { taskId, comment: "同意，金额调整", data: { amount: 2800, title: "设备采购" } } });
    expect(done.body.code, JSON.stringify(done.body)).toBe(0);
    expect(done.body.data.changed).toEqual(["amount"]);
    expect(await info()).toMatchObject({ status: "approved", values: { amount: 2800, title: "设备采购", reason: "项目需要" } });
    // an approved form is no longer editable or deletable
    expect((await call("/form/data/update", { token: admin, body: { id: formDataId, data: { title: "x" } } })).body.code).toBe(422);
    expect((await call("/form/data/delete", { token: admin, body: [formDataId] })).body.code).toBe(422);
  });

  it("a field hidden at the reader's node is in no answer: variables, task detail, monitor lists, before and after the task is done", async () => {
    const user = (perms: string[], prefix: string) => userWithPermissions(admin, ["flowable:task:list", "flowable:task:info", ...perms], `${prefix}${crypto.randomUUID().slice(0, 6)}`);
    const [initiator, first, second, reader] = await Promise.all([user([], "hi"), user(["flowable:task:complete", "flowable:task:cc"], "h1"), user(["flowable:task:complete"], "h2"), user([], "hr")]);
    const id = await form({ name: "隐藏字段表单", code: `${code}_h`, dataModelId: modelId, processForm: true, layout: layoutV1 });
    await release(id);
    const key = `${code}_hidden`;
    const fields = ["title", "amount", "kind", "reason"].map((k) => ({ key: k, label: k, type: "text" }));
    const step = (nodeId: string, who: { userId: string }, formPerms: Record<string, string>, children?: unknown) => ({
      id: nodeId, name: nodeId, type: "APPROVAL", props: { assignedType: "user", assignedUser: [{ id: who.userId, name: nodeId }], mode: "all", formPerms }, ...(children ? { children } : {}),
    });
    // the first step may not see the reason, the second sees everything
    const tree = { id: "root", name: "发起人", type: "ROOT", props: { formFields: fields }, children: step("h1", first, { title: "read", amount: "edit", kind: "read", reason: "hidden" }, step("h2", second, {})) };
    const created = await call("/flowable/definition/model/create", { token: admin, body: { key, name: "隐藏字段审批", tree } });
    expect(created.body.code, JSON.stringify(created.body)).toBe(0);
    expect((await call("/flowable/definition/publish", { token: admin, body: { id: created.body.data.id } })).body.code).toBe(0);
    expect((await call("/flowable/form/saveOrUpdate", { token: admin, body: { modelKey: key, formCode: `${code}_h` } })).body.code).toBe(0);
    const secret = "只给发起人和复核人看的原因";
    const started = await call("/flowable/definition/dynamicStart", { token: initiator.token, body: { code: key, proc_form_id: id, dataModelId: modelId, data: { title: "差旅", amount: 1200, kind: "other", reason: secret } } });
    expect(started.body.code, JSON.stringify(started.body)).toBe(0);
    const { procInsId } = started.body.data;
    const taskOf = async (who: { token: string }) => ((await call("/flowable/task/todoList?limit=100", { token: who.token })).body.data as { taskId: string; procInsId: string }[]).find((r) => r.procInsId === procInsId)!.taskId;
    const firstTask = await taskOf(first);
    expect((await call("/flowable/task/cc", { token: first.token, body: { procInsId, userIds: [reader.userId] } })).body.code).toBe(0);

    /**
     * The answer's data, checked to carry no trace of the hidden field's value, and not the field itself where
     * values and fields are given (`values` picks them; a permission map may still say the field is hidden).
     */
    const hiddenFrom = async (path: string, token: string, values = (d: any): unknown => d) => {
      const answer = await call(path, { token });
      expect(answer.body.code, `${path} ${JSON.stringify(answer.body)}`).toBe(0);
      expect(JSON.stringify(answer.body.data), path).not.toContain(secret);
      expect(JSON.stringify(values(answer.body.data)), path).not.toMatch(/"reason"/);
      return answer.body.data;
    };
    // the business record the check page draws is the filled form, as the node shows it
    const attributes = (d: any) => [d.variables, d.formFields, d.business];
    const readsFirstNode = async (amount: number) => {
      expect(await hiddenFrom(`/flowable/task/processVariables/${firstTask}`, first.token)).toMatchObject({ title: "差旅", amount, kind: "other" });
      const seen = await hiddenFrom(`/flowable/task/taskAttributes/${firstTask}`, first.token, attributes);
      expect(seen.variables).toMatchObject({ title: "差旅", amount });
      expect(seen.business).toMatchObject({ kind: "form", status: "reviewing" });
      expect(Object.fromEntries(seen.business.fields.map((f: { key: string; value: unknown }) => [f.key, f.value]))).toEqual({ title: "差旅", amount, kind: "other" });
      // the same task read by an administrator: its node decides, not who reads
      await hiddenFrom(`/flowable/monitor/taskVariableList?taskId=${firstTask}`, admin);
      await hiddenFrom(`/flowable/task/taskAttributes/${firstTask}`, admin, attributes);
      // without a task, someone who is neither the initiator nor an administrator sees only what no node hides
      await hiddenFrom(`/flowable/task/processVariables/${procInsId}`, first.token);
      await hiddenFrom(`/flowable/task/processVariables/${procInsId}`, reader.token);
      const form = await hiddenFrom(`/form/data/task/${firstTask}`, first.token, (d) => [d.values, d.layout]);
      expect(form.values).toEqual({ title: "差旅", amount, kind: "other" });
    };
    await readsFirstNode(1200);
    // the generic approval route cannot change what the node shows read-only or hides: refused by name, nothing written
    const eventsBefore = await env.DB.prepare("SELECT COUNT(*) AS n FROM events WHERE stream = ?").bind(`flow:${procInsId}`).first<{ n: number }>();
    for (const variables of [{ reason: "改掉原因" }, { title: "改掉标题", amount: 1300 }]) {
      const refused = await call("/flowable/task/complete", { token: first.token, body: { taskId: firstTask, comment: "同意", variables } });
      expect(refused.body.code, JSON.stringify(refused.body)).toBe(422);
      expect(refused.body.msg).toContain(Object.keys(variables)[0]);
      expect(refused.body.msg).toContain("在此审批节点不可修改");
    }
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM events WHERE stream = ?").bind(`flow:${procInsId}`).first<{ n: number }>()).toEqual(eventsBefore);
    expect((await call(`/flowable/task/processVariables/${procInsId}`, { token: initiator.token })).body.data).toMatchObject({ reason: secret, title: "差旅", amount: 1200 });
    // the initiator (who filled it in) and the administrators read the instance as the start node shows it
    expect((await call(`/flowable/task/processVariables/${procInsId}`, { token: initiator.token })).body.data).toMatchObject({ reason: secret });
    const monitorVariables = (await call(`/flowable/monitor/variableList?procInsId=${procInsId}`, { token: admin })).body.data as { name: string }[];
    expect(monitorVariables.map((v) => v.name)).toContain("reason");

    expect((await call("/form/data/task/complete", { token: first.token, body: { taskId: firstTask, comment: "同意", data: { amount: 1100 } } })).body.code).toBe(0);
    // the finished task is still read as its node showed it
    await readsFirstNode(1100);
    // the next node shows the field: its approver reads it by their task
    const secondTask = await taskOf(second);
    expect((await call(`/flowable/task/processVariables/${secondTask}`, { token: second.token })).body.data).toMatchObject({ reason: secret, amount: 1100 });
    expect((await call(`/flowable/task/taskAttributes/${secondTask}`, { token: second.token })).body.data.variables).toMatchObject({ reason: secret });
  });
});
