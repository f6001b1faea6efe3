/**
 * The API contract against the running Worker: every verb of events/api/ is called over HTTP with valid
 * inputs on the seeded database and its answer's `data` must parse with the verb's response schema (strict
 * objects refuse keys they do not name), a paged verb's envelope carrying its total. A verb of the contract
 * that no scenario calls fails the last test, so a new verb comes with its call here.
 */
import { SELF, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { contract, type Verb } from "../events/api/index.ts";
import { approvalHistoryOf } from "../events/api/flow.ts";
import { recordVerbs } from "../events/api/records.ts";
import { store } from "../worker/modules.ts";
import { headOf, readStream } from "../worker/store/append.ts";
import { call, creditCode, login, userWithPermissions } from "./helpers.ts";
import { demoUserPassword, seedId } from "../worker/seed/index.ts";
import { startRun } from "../worker/sync/run.ts";
import { synLists } from "../events/families/syn-lists.ts";

/** One call of a scenario: the verb and its inputs; the scenario receives the answer's `data` back. */
interface Step {
  verb: Verb;
  params?: Record<string, string | undefined>;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
}
type Scenario = () => AsyncGenerator<Step, void, any>;

/** A delivery the test portal signs (vitest.config.ts: PORTAL_OA_SECRET), answering its id. */
async function deliver(body: unknown): Promise<string> {
  const raw = JSON.stringify(body);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode("test-oa-portal-secret"), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${timestamp}.${raw}`)));
  const deliveryId = crypto.randomUUID();
  const headers = { "content-type": "application/json", "X-Qifu-Timestamp": timestamp, "X-Qifu-Signature": `sha256=${[...mac].map((b) => b.toString(16).padStart(2, "0")).join("")}`, "X-Qifu-Delivery": deliveryId };
  await (await SELF.fetch("http://qifu.test/api/webhooks/oa", { method: "POST", headers, body: raw })).arrayBuffer();
  return deliveryId;
}

/** A process started and a task created for the administrator, as the engine appends them: two messages. */
async function flowMessages(procInsId: string) {
  const adminId = await seedId("user:admin");
  const admin = { id: adminId, name: "系统管理员" };
  const stream = `flow:${procInsId}`;
  const events = [
    { type: "flow.started", data: { procInsId, deployId: `dep-${procInsId}`, key: "contract", version: 1, name: "契约流程", initiator: admin, businessKey: null, variables: {} } },
    {
      type: "flow.taskCreated",
      data: { taskId: `task-${procInsId}`, node: "dept", name: "部门审批", activation: `a-${procInsId}`, assignee: null, candidateUsers: [], candidateGroups: [], loopCounter: null, element: null, resumeAt: null, notify: [adminId], procDefName: "契约流程", startUser: admin, state: "open" },
    },
  ];
  await store.append(env.DB, [{ stream, head: headOf(await readStream(env.DB, stream)), events }], { actorId: null, actorName: "engine", requestId: crypto.randomUUID(), ip: null, at: new Date().toISOString() });
  return adminId;
}

/** A designer tree: the start form's fields, then one approval by the given user. */
function approvalTree(userId: string, formFields: unknown[]) {
  return {
    id: "root", name: "发起人", type: "ROOT", props: { formFields },
    children: { id: "a1", name: "审批", type: "APPROVAL", props: { assignedType: "user", assignedUser: [{ id: userId, name: "管理员" }], mode: "all" } },
  };
}

let admin: string;
beforeAll(async () => {
  admin = await login();
});

const called = new Set<Verb>();

function urlOf(step: Step): string {
  const path = step.verb.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(step.params?.[name] ?? ""));
  const query = new URLSearchParams(Object.entries(step.query ?? {}).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])).toString();
  return query ? `${path}?${query}` : path;
}

/** Calls the step's verb and holds its answer to the verb's schema; answers the parsed data. */
async function check(step: Step): Promise<unknown> {
  const answer = await call(urlOf(step), { token: admin, method: step.verb.method, body: step.body ?? (step.verb.method === "POST" ? {} : undefined) });
  const where = `${step.verb.method} ${urlOf(step)}`;
  expect(answer.body.code, `${where}: ${JSON.stringify(answer.body)}`).toBe(0);
  if (step.verb.paged) expect(answer.body.total, where).toEqual(expect.any(Number));
  const parsed = step.verb.response.safeParse(answer.body.data);
  if (!parsed.success) throw new Error(`${where} answers what its response schema does not allow:\n${parsed.error.message}\n${JSON.stringify(answer.body.data).slice(0, 2000)}`);
  called.add(step.verb);
  return parsed.data;
}

async function run(scenario: Scenario) {
  const steps = scenario();
  let next = await steps.next();
  while (!next.done) next = await steps.next(await check(next.value));
}

const scenarios: Record<keyof typeof contract, Scenario> = {
  async *jobs() {
    const { jobs } = contract;
    const saved = yield { verb: jobs.save, body: { jobName: "契约任务", beanName: "systemTask", methodName: "cleanImportResults", cronExpression: "0 0 12 * * ?", params: {} } };
    const id = saved.jobId as string;
    yield { verb: jobs.update, body: { jobId: id, remark: "契约" } };
    yield { verb: jobs.list, query: { page: 1, limit: 20 } };
    yield { verb: jobs.info, params: { id } };
    yield { verb: jobs.handlers };
    yield { verb: jobs.counts };
    yield { verb: jobs.nextRuns, query: { cron: "0 0 12 * * ?", count: 3 } };
    yield { verb: jobs.nextRuns, query: { cron: "not a cron" } };
    const runs = yield { verb: jobs.run, body: { ids: [id] } };
    yield { verb: jobs.running };
    yield { verb: jobs.logList, query: { page: 1, limit: 20 } };
    yield { verb: jobs.logDataList, query: { page: 1, limit: 20 } };
    yield { verb: jobs.logAll, query: { jobId: id } };
    yield { verb: jobs.logInfo, params: { id: runs[0].logId } };
    yield { verb: jobs.pause, body: { ids: [id] } };
    yield { verb: jobs.resume, body: [id] };
    yield { verb: jobs.delete, body: { ids: [id] } };
  },

  async *reports() {
    const { reports } = contract;
    const source = { kind: "family", id: "common.enfinancialinfo" } as const;
    const grouped = { groupBy: [{ field: "periodType" }], aggregates: [{ fn: "count" }, { fn: "sum", field: "operatingIncome" }], chart: { type: "bar", x: "periodType", y: ["sum_operatingIncome"] } };
    const listing = { columns: ["entName", "period", "operatingIncome"], filters: [{ field: "period", op: "eq", value: "2023", exposed: true }] };
    yield { verb: reports.sources };
    yield { verb: reports.sourceFields, query: source };
    yield { verb: reports.preview, body: { source, definition: grouped } };
    yield { verb: reports.preview, body: { source, definition: listing, page: 1 } };
    const created = yield { verb: reports.create, body: { name: "契约报表", code: "contract-report", source, definition: listing } };
    const saved = yield { verb: reports.save, body: { name: "契约报表二", code: "contract-report-2", source, definition: grouped } };
    yield { verb: reports.update, body: { id: created.id, remark: "契约" } };
    yield { verb: reports.models, query: { page: 1, limit: 20 } };
    yield { verb: reports.model, params: { id: created.id } };
    const published = yield { verb: reports.publish, query: { id: created.id } };
    yield { verb: reports.publishFile, query: { id: published.fileId } };
    yield { verb: reports.fileByCode, params: { code: published.code } };
    yield { verb: reports.files, query: { code: published.code } };
    yield { verb: reports.run, params: { code: published.code }, query: { filters: JSON.stringify({ period: "2023" }), page: 1 } };
    const copy = yield { verb: reports.copy, params: { id: created.id, id2: "0" }, body: {} };
    yield { verb: reports.delete, params: { id: copy.id } };
    yield { verb: reports.delete, params: { id: saved.id } };
  },

  async *flow() {
    const { flow } = contract;
    // a financing application in approval: the staff's first review done, the administrator's next
    const staff = await login("wangfang", demoUserPassword);
    const submitted = await call("/common/tbfinancapplication/pcSave", { token: admin, body: { creditCode: "91610131100000099J", entName: "契约企业有限公司", demandAmount: 300, submit: true } });
    expect(submitted.body.code, JSON.stringify(submitted.body)).toBe(0);
    const procInsId = submitted.body.data.procInsId as string;
    const staffTodo = (await call(`/flowable/task/todoList?procInsId=${procInsId}`, { token: staff })).body.data as { taskId: string }[];
    expect((await call("/flowable/task/complete", { token: staff, body: { taskId: staffTodo[0]!.taskId, comment: "材料齐全" } })).body.code).toBe(0);
    const todo = yield { verb: flow.todo, query: { page: 1, limit: 10, procInsId } };
    expect(todo).toHaveLength(1);
    expect((await call("/flowable/task/complete", { token: admin, body: { taskId: todo[0].taskId, comment: "同意" } })).body.code).toBe(0);
    expect(yield { verb: flow.done, query: { page: 1, limit: 10, name: todo[0].taskName } }).not.toHaveLength(0);
    expect(yield { verb: flow.myProcess, query: { page: 1, limit: 10 } }).not.toHaveLength(0);
    expect(yield { verb: flow.instances, query: { page: 1, limit: 10, status: "finished" } }).not.toHaveLength(0);
    yield { verb: flow.running, query: { page: 1, limit: 10 } };
    yield { verb: flow.monitorTasks, query: { page: 1, limit: 10 } };
    const record = yield { verb: flow.record, query: { procInsId } };
    expect(record.map((r: { action: string }) => r.action)).toContain("complete");
    const application = yield { verb: approvalHistoryOf("/common/tbfinancapplication"), query: { id: submitted.body.data.id } };
    expect(application).toMatchObject({ procInsId, flow: record });
    expect(application.events.map((e: { action: string }) => e.action)).toEqual(["created", "flow"]);
    expect(yield { verb: flow.startable, query: { page: 1, limit: 10 } }).not.toHaveLength(0);
    const counts = yield { verb: flow.counts };
    expect(counts.done).toBeGreaterThan(0);
    expect(yield { verb: flow.models, query: { page: 1, limit: 10 } }).not.toHaveLength(0);
    yield { verb: flow.models, query: { name: "no such model" } };
  },

  async *datamodel() {
    const { datamodel } = contract;
    const code = `contract_${Date.now().toString(36)}`;
    const fields = [
      { name: "title", title: "标题", titleEn: "Title", type: "text", length: 64, required: true },
      { name: "qty", title: "数量", type: "int" },
    ];
    const created = yield { verb: datamodel.save, body: { name: "契约模型", code, type: "table", fields } };
    const id = created.id as string;
    const other = yield { verb: datamodel.save, body: { name: "契约模型二", code: `${code}_b`, fields } };
    yield { verb: datamodel.update, body: { id, remark: "契约" } };
    expect(yield { verb: datamodel.list, query: { code } }).toHaveLength(1);
    yield { verb: datamodel.listAll };
    yield { verb: datamodel.info, params: { id } };
    yield { verb: datamodel.fieldSave, body: { dataModelId: id, name: "day", title: "日期", type: "date" } };
    yield { verb: datamodel.fieldUpdate, body: { dataModelId: id, name: "day", title: "日子", titleEn: "Day", type: "date" } };
    yield { verb: datamodel.fieldList, query: { dataModelId: id, page: 1, limit: 20 } };
    yield { verb: datamodel.fieldList, query: { dataModelId: id, fieldTitle: "标题" } };
    yield { verb: datamodel.fieldAll, query: { dataModelId: id } };
    yield { verb: datamodel.fieldInfo, params: { id: `${id}:title` } };
    yield { verb: datamodel.tableMetadata, query: { dataModelId: id } };
    yield { verb: datamodel.columnTypes };
    yield { verb: datamodel.exportFields, query: { dataModelId: id } };
    yield { verb: datamodel.modelFields, query: { code } };
    yield { verb: datamodel.definition, query: { dataModelId: id } };
    yield { verb: datamodel.fieldDelete, body: { dataModelId: id, name: "day" } };
    yield { verb: datamodel.modelFields, query: { dataModelId: id } };
    yield { verb: datamodel.revert, params: { id }, body: { version: 1 } };
    yield { verb: datamodel.select };
    yield { verb: datamodel.noMenu };
    yield { verb: datamodel.menu, params: { id } };
    yield { verb: datamodel.delete, body: [other.id] };
  },

  async *webhooks() {
    const { webhooks } = contract;
    // a delivery that fails its family's rules, so it may be replayed (and fails again)
    const deliveryId = await deliver({ type: "enterprise.registered", data: { creditCode: "91610131BAD", entName: "" } });
    const [row] = yield { verb: webhooks.list, query: { deliveryId } };
    expect(row.error.errors).toBeTruthy();
    yield { verb: webhooks.info, params: { id: row.id } };
    yield { verb: webhooks.replay, params: { id: row.id } };
  },

  async *msg() {
    const { msg } = contract;
    const procInsId = `contract-${crypto.randomUUID()}`;
    const adminId = await flowMessages(procInsId);
    const page = yield { verb: msg.list, query: { status: "unread", page: 1, limit: 20 } };
    const mine = page.find((m: { procInsId: string | null }) => m.procInsId === procInsId);
    expect(mine, "the task's message").toBeTruthy();
    yield { verb: msg.list, query: { status: "todo" } };
    yield { verb: msg.info, params: { id: mine.id } };
    yield { verb: msg.summary };
    yield { verb: msg.work, body: { workId: mine.id } };
    yield { verb: msg.transmit, body: { msgId: mine.id, userIds: [adminId] } };
    yield { verb: msg.points };
    yield { verb: msg.todoTypes };
    yield { verb: msg.todoCounts };
    yield { verb: msg.read, body: { ids: [mine.id] } };
    yield { verb: msg.readAll };
  },

  async *forms() {
    const { forms, datamodel, flowModels } = contract;
    const code = `cf${Date.now().toString(36)}`;
    const fields = [{ name: "title", title: "标题", type: "text", length: 64 }, { name: "amount", title: "金额", type: "decimal" }, { name: "agree", title: "同意", type: "dict", dictType: "yesNo" }, { name: "note", title: "内部备注", type: "text" }];
    const model = yield { verb: datamodel.save, body: { name: "契约表单模型", code, type: "table", fields } };
    const cols = [{ field: "title", widget: "input", span: 12, required: true }, { field: "amount", widget: "number", span: 12 }, { field: "agree", widget: "select", span: 12 }];
    const layout = { sections: [{ title: { zh: "基本", en: "Basics" }, rows: [{ cols: cols.slice(0, 2) }, { cols: cols.slice(2) }] }] };
    const form = yield { verb: forms.save, body: { name: "契约表单", code, dataModelId: model.id, processForm: true, layout } };
    yield { verb: forms.update, body: { id: form.id, remark: "契约" } };
    yield { verb: forms.list, query: { code } };
    yield { verb: forms.info, params: { id: form.id } };
    yield { verb: forms.release, params: { id: form.id }, body: {} };
    yield { verb: forms.select, query: { status: "1" } };
    yield { verb: forms.select, query: { processForm: "true", dataModelId: model.id } };
    const filled = yield { verb: forms.fill, body: { formId: form.id, title: "契约", data: { title: "一", amount: 1 } } };
    yield { verb: forms.fillUpdate, body: { id: filled.id, data: { title: "二", amount: 2 } } };
    yield { verb: forms.filledInfo, params: { type: form.id, id: filled.id } };
    // a fill-in link for an enterprise: the public page reads the form (its fields and dictionaries) and submits it once
    const enterprise = { creditCode: creditCode(), entName: "契约链接企业" };
    expect((await call("/common/enenterprisebasicinfo/save", { token: admin, body: { ...enterprise, areaCode: "610100" } })).body.code).toBe(0);
    const link = yield { verb: forms.linkIssue, params: { id: form.id }, body: { enterpriseCode: enterprise.creditCode, days: 3 } };
    const opened = yield { verb: forms.linkRead, query: { token: link.token } };
    expect(opened.model.model.fields.map((f: { name: string }) => f.name)).toEqual(["title", "amount", "agree"]);
    expect(opened.dicts.yesNo).not.toHaveLength(0);
    yield { verb: forms.linkSubmit, body: { token: link.token, data: { title: "链接", amount: 5, agree: "1" } } };
    // a process form started and approved: the task's form and the approval that saves the amount
    const adminId = await seedId("user:admin");
    const key = `${code}_flow`;
    const tree = {
      id: "root", name: "发起人", type: "ROOT", props: { formFields: ["title", "amount"].map((k) => ({ key: k, label: k, type: "text" })) },
      children: { id: "a1", name: "审批", type: "APPROVAL", props: { assignedType: "user", assignedUser: [{ id: adminId, name: "管理员" }], mode: "all", formPerms: { title: "read", amount: "edit" } } },
    };
    const flow = yield { verb: flowModels.create, body: { key, name: "契约审批", tree } };
    yield { verb: flowModels.publish, body: { id: flow.id } };
    yield { verb: flowModels.bindForm, body: { modelKey: key, formCode: code } };
    const started = yield { verb: flowModels.start, body: { code: key, proc_form_id: form.id, dataModelId: model.id, data: { title: "三", amount: 3 } } };
    expect(started.formDataId).toEqual(expect.any(String));
    const todo = (await call("/flowable/task/todoList?limit=100", { token: admin })).body.data as { taskId: string; procInsId: string }[];
    const taskId = todo.find((r) => r.procInsId === started.procInsId)!.taskId;
    yield { verb: forms.taskForm, params: { taskId } };
    yield { verb: forms.taskComplete, body: { taskId, comment: "同意", data: { amount: 4 } } };
    yield { verb: forms.taskForm, params: { taskId } };
    yield { verb: forms.revoke, params: { id: form.id }, body: {} };
  },

  async *flowModels() {
    const { flowModels } = contract;
    const key = `contract_${Date.now().toString(36)}`;
    const created = yield { verb: flowModels.create, body: { key, name: "契约模型", tree: approvalTree(await seedId("user:admin"), [{ key: "amount", label: "金额", type: "money", unit: "万元", required: true }]) } };
    yield { verb: flowModels.update, body: { id: created.id, description: "契约" } };
    yield { verb: flowModels.save, body: { id: created.id, category: "契约" } };
    const model = yield { verb: flowModels.model, params: { id: created.id } };
    expect(model.tree.type).toBe("ROOT");
    const published = yield { verb: flowModels.publish, body: { id: created.id } };
    expect((yield { verb: flowModels.xml, params: { id: created.id } }).xml).toContain("bpmn");
    yield { verb: flowModels.xml, params: { id: published.deployId }, query: { isDeploy: "1" } };
    yield { verb: flowModels.bindForm, body: { modelKey: key, formCode: null } };
    const started = yield { verb: flowModels.start, body: { code: key, data: { amount: 5 } } };
    expect(Object.keys(started)).toEqual(["procInsId"]);
  },

  async *flowTask() {
    const { flowTask } = contract;
    const adminId = await seedId("user:admin");
    const key = `contract_task_${Date.now().toString(36)}`;
    const fields = [{ key: "amount", label: "金额", type: "money", unit: "万元", required: true }, { key: "kind", label: "类别", type: "select", options: [{ value: "a", label: "甲" }] }];
    const created = await call("/flowable/definition/model/create", { token: admin, body: { key, name: "契约审批流程", tree: approvalTree(adminId, fields) } });
    expect((await call("/flowable/definition/publish", { token: admin, body: { id: created.body.data.id } })).body.code).toBe(0);
    const started = await call("/flowable/definition/dynamicStart", { token: admin, body: { code: key, data: { amount: 5, kind: "a" } } });
    const procInsId = started.body.data.procInsId as string;
    const todo = (await call(`/flowable/task/todoList?procInsId=${procInsId}`, { token: admin })).body.data as { taskId: string }[];
    const taskId = todo[0]!.taskId;
    const view = yield { verb: flowTask.attributes, params: { id: taskId } };
    expect(view.task.open).toBe(true);
    expect(view.formFields.map((f: { key: string }) => f.key)).toEqual(["amount", "kind"]);
    expect(view.business.fields).not.toHaveLength(0);
    yield { verb: flowTask.instance, params: { id: procInsId } };
    yield { verb: flowTask.variables, params: { id: procInsId } };
    yield { verb: flowTask.variables, params: { id: taskId } };
    yield { verb: flowTask.monitorVariables, query: { procInsId } };
    yield { verb: flowTask.business, params: { id: procInsId } };
    yield { verb: flowTask.viewer, params: { id: procInsId } };
    yield { verb: flowTask.returnList, body: { taskId } };
    expect(yield { verb: flowTask.next, body: { taskId, variables: { amount: 6 } } }).not.toHaveLength(0);
    const form = yield { verb: flowTask.startForm, params: { id: key } };
    expect(form.formFields[0]).toMatchObject({ key: "amount", unit: "万元", required: true });
    yield { verb: flowTask.opinions };
    // a task once done: its view from the flow record
    expect(yield { verb: flowTask.batch, body: { taskIds: [taskId, "no-such-task"], comment: "同意" } }).toMatchObject({ done: [taskId], refused: [{ taskId: "no-such-task" }] });
    expect((yield { verb: flowTask.attributes, params: { id: taskId } }).task).toMatchObject({ open: false, action: "complete" });
  },

  async *sync() {
    const { sync } = contract;
    const list = synLists[0]!;
    const { runId } = await startRun(env.DB, list);
    const runs = yield { verb: sync.runs, query: { list: list.family.path.replace(/^\/syn\//, "") } };
    expect(runs.map((r: { runId: string }) => r.runId)).toContain(runId);
    expect(yield { verb: sync.run, params: { runId } }).toMatchObject({ runId, status: "running" });
  },

  async *sys() {
    const { sys } = contract;
    expect(yield { verb: sys.userInfo }).toMatchObject({ userNo: "admin", admin: true });
    const [root] = yield { verb: sys.orgLevel };
    expect(root.parentId).toBeNull();
    yield { verb: sys.orgLevel, query: { id: root.id } };
    expect((yield { verb: sys.orgParents, query: { orgCode: root.code } }).map((o: { id: string }) => o.id)).toEqual([root.id]);
    expect(yield { verb: sys.menuList, query: { page: 1, limit: 5 } }).toHaveLength(5);
    const menus = yield { verb: sys.menus };
    const navigation = yield { verb: sys.nav };
    const picker = yield { verb: sys.menuSelect, query: { maxLevel: 3, withButtons: "true" } };
    expect(picker.length).toBeGreaterThan(0);
    expect(picker.some((n: { children: unknown[] }) => n.children.length > 0)).toBe(true);
    expect(menus.length).toBeGreaterThan(navigation.menuList.length);
    expect(navigation.menuList.flatMap((m: { children: unknown[] }) => m.children)).not.toHaveLength(0);
    expect(navigation.permissions).toContain("sys:menu:list");
    // the engine's history and recycle bin, on a dictionary entry revised, reverted and deleted
    const dictionary = recordVerbs("/sys/sysdict");
    const entry = (await call("/sys/sysdict/save", { token: admin, body: { type: "contractTest", value: "v1", name: "契约", status: "1" } })).body.data.id as string;
    expect((await call("/sys/sysdict/update", { token: admin, body: { id: entry, name: "契约二" } })).body.code).toBe(0);
    expect((await call(`/sys/sysdict/revert/${entry}`, { token: admin, body: { version: 1 } })).body.code).toBe(0);
    expect((await call("/sys/sysdict/delete", { token: admin, body: [entry] })).body.code).toBe(0);
    const history = yield { verb: dictionary.history, params: { id: entry } };
    expect(history.map((h: { action: string }) => h.action)).toEqual(["created", "updated", "reverted", "deleted"]);
    expect((yield { verb: dictionary.deleted, query: { page: 1, limit: 100 } }).map((d: { id: string }) => d.id)).toContain(entry);
    const rows = [{ __row: 2, type: "contractTest", value: "i1", name: "导入", status: "1" }, { __row: 3, type: "contractTest", value: "i2", status: "1" }];
    const imported = yield { verb: dictionary.import, body: { importId: crypto.randomUUID(), chunk: 0, dryRun: true, rows } };
    expect(imported).toMatchObject({ read: 2, stored: 0, refused: 1, errors: [{ row: 3, field: "name" }] });
    expect(yield { verb: sys.log, query: { page: 1, limit: 5 } }).not.toHaveLength(0);
    yield { verb: sys.log, query: { module: "sys.user", from: "2020-01-01" } };
    const tree = yield { verb: sys.userTree };
    expect(tree.flatMap((d: { children: unknown[] }) => d.children)).not.toHaveLength(0);
    const roles = yield { verb: sys.roleList };
    expect(roles).not.toHaveLength(0);
    expect(yield { verb: sys.roles }).toEqual(roles);
    const held = yield { verb: sys.roleHolders, query: { ids: roles.map((r: { roleId: string }) => r.roleId).join(",") } };
    expect(held.holders).toBeGreaterThan(0);
  },

  async *enterprise() {
    const { enterprise } = contract;
    const code = creditCode();
    const saved = await call("/common/enenterprisebasicinfo/save", { token: admin, body: { creditCode: code, entName: `契约企业${code.slice(-6)}`, areaCode: "610100" } });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
    const patent = await call("/common/enpatentinfo/save", { token: admin, body: { creditCode: code, entName: `契约企业${code.slice(-6)}`, title: "一种契约装置", appNo: `CN${code.slice(-9)}` } });
    expect(patent.body.code, JSON.stringify(patent.body)).toBe(0);
    const rows = yield { verb: enterprise.timeline, query: { creditCode: code, page: 1, limit: 10 } };
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const counts = yield { verb: enterprise.tabCounts, query: { creditCode: code } };
    expect(counts["common.enpatentinfo"]).toBe(1);
  },

  async *workreports() {
    const { workreports } = contract;
    // a member of staff in a department the administrator leads writes a weekly report notifying them
    const adminId = await seedId("user:admin");
    const dept = await call("/sys/department/save", { token: admin, body: { name: `契约报告部${Date.now()}`, creditCode: creditCode(), orgId: "610100", leaderId: adminId } });
    expect(dept.body.code, JSON.stringify(dept.body)).toBe(0);
    const staff = await userWithPermissions(admin, ["common:enworkreport:list", "common:enworkreport:info", "common:enworkreport:save", "common:enworkreport:update"]);
    expect((await call("/sys/user/update", { token: admin, body: { id: staff.userId, deptId: dept.body.data.id } })).body.code).toBe(0);
    const written = await call("/common/enworkreport/save", { token: staff.token, body: { title: "契约周报", reportType: "weekly", period: "2026-W10", content: "走访企业三家", notifyUserIds: [adminId], submit: true } });
    expect(written.body.code, JSON.stringify(written.body)).toBe(0);
    const visit = { creditCode: creditCode(), entName: "契约走访企业有限公司", visitDate: "2026-03-03", visitorId: staff.userId, visitType: "onsite", status: "visited" };
    expect((await call("/common/encompanyvisit/save", { token: admin, body: visit })).body.code).toBe(0);

    const own = yield { verb: workreports.save, body: { title: "契约月报", reportType: "monthly", period: "2026-03", content: "本月工作" } };
    expect(own.status).toBe("draft");
    expect((yield { verb: workreports.update, body: { id: own.id, title: "契约月报", reportType: "monthly", period: "2026-03", content: "本月工作（改）", submit: true } }).status).toBe("submitted");
    expect((yield { verb: workreports.mine, query: { page: 1, limit: 10 } }).map((r: { id: string }) => r.id)).toContain(own.id);
    const toReview = yield { verb: workreports.reviewList, query: { page: 1, limit: 10, scope: "review" } };
    expect(toReview.map((r: { id: string }) => r.id)).toContain(written.body.data.id);
    const detail = yield { verb: workreports.info, params: { id: written.body.data.id } };
    expect(detail.readers).toEqual([{ userId: adminId, name: "系统管理员", readTime: expect.any(String) }]);
    expect(detail.mayReview).toBe(true);
    const notified = yield { verb: workreports.reviewList, query: { scope: "notified" } };
    expect(notified.find((r: { id: string }) => r.id === written.body.data.id)).toMatchObject({ notifiedCount: 1, readCount: 1, myReadTime: expect.any(String) });
    expect((yield { verb: workreports.review, body: { id: written.body.data.id, verdict: "approve", opinion: "很好" } }).status).toBe("reviewed");

    const period = { from: "2026-03-01", to: "2026-03-31", staffId: staff.userId };
    const totals = yield { verb: workreports.statCount, query: period };
    expect(totals).toMatchObject({ visits: 1, visitedEnterprises: 1, reports: 1, reviewedReports: 1 });
    expect(totals.months).toEqual([{ month: "2026-03", visits: 1, services: 0, demands: 0, trainings: 0, roadshows: 0, reports: 1 }]);
    const byDept = yield { verb: workreports.jgStatCount, query: { ...period, staffId: undefined, deptId: dept.body.data.id } };
    expect(byDept).toEqual([expect.objectContaining({ deptId: dept.body.data.id, staff: 1, visits: 1, visitedEnterprises: 1, reports: 1 })]);
    expect(yield { verb: workreports.visitList, query: { ...period, page: 1, limit: 10 } }).toEqual([expect.objectContaining({ staffId: staff.userId, visits: 1, enterprises: 1, byType: { onsite: 1 } })]);
    yield { verb: workreports.trainingList, query: { ...period, page: 1, limit: 10 } };
    yield { verb: workreports.roadshowList, query: { from: "2026-01-01", to: "2026-12-31", page: 1, limit: 10 } };
  },

  async *tasks() {
    const { tasks } = contract;
    const day = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const code = creditCode();
    const ownerId = await seedId("user:admin");
    const plan = await call("/common/entaskplan/save", {
      token: admin,
      body: { title: "契约走访计划", planType: "visit", startDate: day, endDate: day, ownerId, status: "notStarted", visitKind: "zf", targets: [{ creditCode: code, entName: "契约任务企业" }], assignees: [ownerId] },
    });
    expect(plan.body.code, JSON.stringify(plan.body)).toBe(0);
    const planId = plan.body.data.id as string;
    const distributed = yield { verb: tasks.distribute, params: { id: planId } };
    const taskId = distributed.taskIds[0] as string;
    yield { verb: tasks.otherList, query: { page: 1, limit: 10 } };
    yield { verb: tasks.newInfo, params: { id: planId } };
    expect((yield { verb: tasks.list, query: { page: 1, limit: 10, title: "契约" } }).map((p: { id: string }) => p.id)).toContain(planId);
    yield { verb: tasks.getPlanById, params: { id: planId } };
    yield { verb: tasks.messageGetById, query: { id: taskId } };
    yield { verb: tasks.getPlanInfo, query: { id: planId } };
    yield { verb: tasks.getFilesInputInfo, query: { taskId } };
    yield { verb: tasks.taskMsgQueryPage, body: { planId, state: "notStarted" } };
    yield { verb: tasks.getMyList, body: { page: 1, limit: 10 } };
    yield { verb: tasks.getOtherList, body: { visitKind: "zf" } };
    yield { verb: tasks.queryDataStatus, body: { planId } };
    yield { verb: tasks.getCominfoList, body: { keyword: "有限", limit: 5 } };
    yield { verb: tasks.getList, query: { taskPlanId: planId } };
    yield { verb: tasks.getInfo, params: { id: taskId } };
    yield { verb: tasks.getDetailInfo, query: { id: taskId } };
    yield { verb: tasks.getZfDetailInfo, query: { id: taskId } };
    yield { verb: tasks.updateById, body: { id: taskId, status: "done", handleResult: "已走访" } };
    yield { verb: tasks.warnList, query: { page: 1 } };
    yield { verb: tasks.boardProportion, body: { planId } };
    yield { verb: tasks.homeProportion, query: { visitKind: "zf" } };
    yield { verb: tasks.boardTimeline, body: { from: day, to: day } };
    yield { verb: tasks.queryTaskSt, body: { day } };
  },

  async *visits() {
    const { visits } = contract;
    const code = creditCode();
    const entName = `契约走访企业${code.slice(-6)}`;
    const saved = await call("/common/enenterprisebasicinfo/save", { token: admin, body: { creditCode: code, entName, areaCode: "610100", longitude: 108.94, latitude: 34.26 } });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
    const adminId = await seedId("user:admin");
    // a visit finishes its task: each of the three is recorded against a task of its own
    const newTask = async () => {
      const task = await call("/common/entaskmsg/save", { token: admin, body: { creditCode: code, entName, title: "契约走访任务", msgType: "visit", receiverId: adminId, deadline: "2026-12-31", status: "notStarted" } });
      expect(task.body.code, JSON.stringify(task.body)).toBe(0);
      return task.body.data.id as string;
    };
    const taskId = await newTask();
    const base = { visitDate: "2026-03-02", visitType: "onsite", content: "了解企业经营情况" };
    const zf = yield { verb: visits.record, body: { ...base, taskId, archiveType: "zfda", details: { purpose: "日常走访" } } };
    const fw = yield { verb: visits.record, body: { ...base, taskId: await newTask(), archiveType: "fwda", details: { serviceItem: "政策辅导", serviceType: "policy" } } };
    const xq = yield { verb: visits.record, body: { ...base, taskId: await newTask(), archiveType: "xqda", demands: "需要流动资金贷款", details: { demandType: "financing", demandTitle: "流动资金贷款" }, demand: { title: "流动资金贷款", demandType: "financing", toPortal: true, serviceType: "financeTax" }, nextFollowDate: "2026-04-01" } };
    expect(xq.portalDemandId).toEqual(expect.any(String));
    expect(xq.nextTaskId).toEqual(expect.any(String));
    const enterprises = yield { verb: visits.enList, query: { page: 1, limit: 100 } };
    expect(enterprises.find((e: { creditCode: string }) => e.creditCode === code)?.visitCount).toBe(3);
    const history = yield { verb: visits.visitHistory, query: { creditCode: code } };
    expect(history).toHaveLength(3);
    const counts = yield { verb: visits.visitCount, query: { creditCode: code } };
    expect(counts).toMatchObject({ total: 3, enterprises: 1, byArchiveType: { zfda: 1, fwda: 1, xqda: 1 } });
    const one = yield { verb: visits.getWzf, params: { id: zf.visitId } };
    expect(one.archives.map((a: { id: string }) => a.id)).toEqual([zf.archiveId]);
    const mine = yield { verb: visits.getDemandList, query: { creditCode: code } };
    expect(mine.map((a: { id: string }) => a.id)).toEqual([xq.archiveId]);
    yield { verb: visits.getOtherDemandList, query: { creditCode: code } };
    expect((yield { verb: visits.zfdalist, query: { creditCode: code } }).map((a: { id: string }) => a.id)).toEqual([zf.archiveId]);
    expect((yield { verb: visits.fwdalist, query: { creditCode: code } }).map((a: { id: string }) => a.id)).toEqual([fw.archiveId]);
    expect(yield { verb: visits.fwdaSelectlist, query: { creditCode: code } }).toHaveLength(1);
    const kinds = yield { verb: visits.zfdaFields };
    expect(kinds.map((k: { archiveType: string }) => k.archiveType)).toEqual(["zfda", "fwda", "xqda"]);
    expect((yield { verb: visits.getInfoByTaskId, params: { id: taskId } }).map((a: { id: string }) => a.id)).toEqual([zf.archiveId]);
    const info = yield { verb: visits.pcHistoryInfo, params: { id: zf.archiveId } };
    expect(info.enterprise.creditCode).toBe(code);
    expect(yield { verb: visits.getHistoryList, query: { creditCode: code } }).toHaveLength(3);
    yield { verb: visits.zfdaUpdate, body: { id: zf.archiveId, solution: "已解答" } };
    yield { verb: visits.fwdaUpdate, body: { id: fw.archiveId, details: { serviceItem: "政策辅导", serviceType: "policy", serviceHours: 2 } } };
    yield { verb: visits.xqdaUpdate, body: { id: xq.archiveId, solution: "对接银行" } };
    const dicts = yield { verb: visits.dictVisitTable };
    expect(dicts.visitArchiveType.map((e: { value: string }) => e.value)).toEqual(["zfda", "fwda", "xqda"]);
    yield { verb: visits.xqdaCheck, body: { id: xq.archiveId, status: "done", checkOpinion: "已办结" } };
    const allocation = await call("/common/envisituserallocation/save", { token: admin, body: { creditCode: code, entName, userId: adminId, allocateDate: "2026-03-01", status: "pending", taskPlanId: "contract-plan" } });
    expect(allocation.body.code, JSON.stringify(allocation.body)).toBe(0);
    const allocationId = allocation.body.data.id as string;
    expect(yield { verb: visits.allocationList, query: { creditCode: code } }).toHaveLength(1);
    yield { verb: visits.allocationFields };
    expect(yield { verb: visits.allocationByTask, params: { id: "contract-plan" } }).toHaveLength(1);
    yield { verb: visits.allocationInfo, params: { id: allocationId } };
    yield { verb: visits.batchUpdateService, body: { ids: [allocationId], userId: adminId } };
    expect(yield { verb: visits.confirm, body: { ids: [allocationId] } }).toEqual({ ids: [allocationId], status: "confirmed" });
    yield { verb: visits.commit, body: { ids: [allocationId] } };
    const checkIn = yield { verb: visits.checkIn, body: { creditCode: code, entName, visitId: zf.visitId, checkInType: "in", longitude: 108.95, latitude: 34.26 } };
    expect(checkIn.distanceMeters).toBeGreaterThan(800);
    expect(checkIn.distanceMeters).toBeLessThan(1000);
    expect((yield { verb: visits.checkInsOfVisit, params: { id: zf.visitId } }).map((r: { id: string }) => r.id)).toEqual([checkIn.id]);
  },

  async *listSettings() {
    const { listSettings } = contract;
    const family = "/sys/sysdict";
    yield { verb: listSettings.savePref, body: { family, columns: [{ key: "name", width: 120 }, { key: "type", hidden: true }] } };
    expect(yield { verb: listSettings.pref, query: { family } }).toMatchObject({ columns: [{ key: "name", width: 120 }, { key: "type", hidden: true }] });
    const view = yield { verb: listSettings.saveView, body: { name: "契约视图", familyPath: family, filters: { status: "1" }, keyword: "契约", sort: { field: "number", order: "asc" }, columns: [{ key: "name" }] } };
    const views = yield { verb: listSettings.views, query: { family } };
    expect(views.find((v: { id: string }) => v.id === view.id)).toMatchObject({ name: "契约视图", mine: true, filters: { status: "1" } });
    yield { verb: listSettings.deleteView, body: { id: view.id } };
  },

  async *files() {
    const form = new FormData();
    form.append("file", new File(["契约,1\n"], "契约.csv", { type: "text/csv" }));
    form.append("businessType", "contract");
    const stored = yield { verb: contract.files.upload, body: form };
    expect(stored).toMatchObject({ name: "契约.csv", ext: "csv", size: 9, businessType: "contract", url: `/api/file/fileDown?uuid=${stored.id}` });
  },

  async *dictionary() {
    const { dictionary } = contract;
    const types = yield { verb: dictionary.types };
    expect(types.find((t: { type: string }) => t.type === "dictStatus")?.count).toBeGreaterThan(0);
    const all = yield { verb: dictionary.all, query: { types: "dictStatus,sex" } };
    expect(all.dictStatus.map((e: { value: string }) => e.value)).toContain("1");
  },

  async *policy() {
    const { policy } = contract;
    const code = creditCode();
    const saved = await call("/common/enenterprisebasicinfo/save", { token: admin, body: { creditCode: code, entName: `契约政策企业${code.slice(-6)}`, areaCode: "610100", regCapital: 500 } });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
    const conditions = [
      { code: "capital", label: { "zh-CN": "注册资本不低于 100 万元", "en-US": "Registered capital at least 1m CNY" }, condition: { fact: "regCapital", op: "gte", value: 100 } },
      { code: "ip", label: { "zh-CN": "拥有发明专利", "en-US": "Holds an invention patent" }, condition: { fact: "inventionPatents", op: "gte", value: 1 } },
    ];
    const created = await call("/common/paclist/save", { token: admin, body: { policyName: "契约政策", policyLevel: "provincial", policyType: "technology", conditions } });
    expect(created.body.code, JSON.stringify(created.body)).toBe(0);
    const policyId = created.body.data.id as string;
    const published = yield { verb: policy.publish, params: { id: policyId } };
    expect(published.status).toBe("published");
    const near = yield { verb: policy.enterpriseMatch, query: { creditCode: code, kind: "near", page: 1, size: 10 } };
    expect(near.map((r: { policyId: string }) => r.policyId)).toContain(policyId);
    yield { verb: policy.policyMatch, query: { policyId, page: 1, size: 10, firmName: "契约" } };
    yield { verb: policy.trial, query: { policyId, creditCode: code } };
    yield { verb: policy.expire, params: { id: policyId } };
  },

  async *did() {
    const { did } = contract;
    const code = creditCode();
    const saved = await call("/common/enenterprisebasicinfo/save", { token: admin, body: { creditCode: code, entName: `契约DID企业${code.slice(-6)}`, areaCode: "610100" } });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
    yield { verb: did.document, query: { kind: "platform" } };
    yield { verb: did.document, query: { kind: "enterprise", code } };
    const issued = yield { verb: did.issue, body: { kind: "enterprise", code, claims: { scope: "creditReport" }, ref: `contract-${code}`, validFrom: "2026-01-01T00:00:00Z", validUntil: "2036-01-01T00:00:00Z" } };
    yield { verb: did.credentials, query: { page: 1, limit: 10, keyword: code } };
    yield { verb: did.verify, body: { jwt: issued.jwt } };
    yield { verb: did.revoke, body: { id: issued.id, reason: "契约" } };
  },

  async *gantt() {
    const { gantt } = contract;
    const code = creditCode();
    const project = await call("/common/projectShow/save", { token: admin, body: { creditCode: code, entName: `契约企业${code.slice(-6)}`, projectName: "契约排期项目", projectType: "financing" } });
    expect(project.body.code, JSON.stringify(project.body)).toBe(0);
    const projectId = project.body.data.id as string;
    const tasks = [
      { id: "a", name: "设计", start: "2026-03-02", end: "2026-03-06", progress: 100 },
      { id: "b", name: "施工", start: "2026-03-09", end: "2026-03-20", progress: 40, predecessors: [{ id: "a", type: "FS", lag: 2 }] },
    ];
    const saved = yield { verb: gantt.savePlan, body: { projectId, tasks } };
    expect(saved.tasks).toHaveLength(2);
    yield { verb: gantt.plan, query: { projectId } };
    const projects = yield { verb: gantt.projects, query: { keyword: "契约排期" } };
    expect(projects.find((p: { id: string }) => p.id === projectId)?.tasks).toBe(2);
    yield { verb: gantt.selectConf, query: { projectId } };
    yield { verb: gantt.saveConf, body: { projectId, settings: { zoom: "month", barColor: "#112233" } } };
    yield { verb: gantt.deleteConf, body: { projectId } };
  },

  async *evaluation() {
    const { evaluation } = contract;
    const text = (zh: string) => ({ "zh-CN": zh, "en-US": zh });
    const definition = {
      totalScore: 100,
      entry: { fact: "regStatus", op: "in", values: ["existing"] },
      directPass: [{ label: text("有效发明专利5项以上"), when: { fact: "inventionPatents", op: "gte", value: 5 } }],
      metrics: [
        { key: "capital", name: text("注册资本"), weight: 50, scoring: { kind: "bands", measure: { fact: "regCapital" }, bands: [{ min: null, max: 100, points: 0 }, { min: 100, max: null, points: 50 }] } },
        { key: "ip", name: text("知识产权"), weight: 50, scoring: { kind: "best", alternatives: [{ label: text("发明专利"), measure: { fact: "inventionPatents" }, bands: [{ min: 1, max: null, points: 50 }] }, { label: text("软件著作权"), measure: { fact: "softwareCopyrights" }, bands: [{ min: 2, max: null, points: 30 }] }] } },
      ],
      passLine: 60,
      passRequires: [{ metric: "capital", above: 0 }],
      grades: [{ code: "C", label: text("一般"), min: 0 }, { code: "A", label: text("优秀"), min: 80 }],
    };
    const code = creditCode();
    const ent = await call("/common/enenterprisebasicinfo/save", { token: admin, body: { creditCode: code, entName: `契约评价${code.slice(-6)}有限公司`, regStatus: "existing", regCapital: 500 } });
    expect(ent.body.code, JSON.stringify(ent.body)).toBe(0);
    const model = await call("/common/tbevaluationmodel/save", { token: admin, body: { name: "契约评价模型", code: `CT${code.slice(-6)}`, modelType: "comprehensive", status: "1", totalScore: 100, definition, starThreshold: 40, starList: "star" } });
    expect(model.body.code, JSON.stringify(model.body)).toBe(0);
    const modelId = model.body.data.id as string;
    const scored = yield { verb: evaluation.evaluate, body: { modelId, creditCode: code } };
    yield { verb: evaluation.preview, body: { definition, creditCode: code, facts: { inventionPatents: 2 }, answers: { plan: "A" } } };
    yield { verb: evaluation.check, body: { definition } };
    yield { verb: evaluation.explain, params: { id: scored.results[0].id } };
    yield { verb: evaluation.enterpriseResults, query: { creditCode: code } };
    const stars = yield { verb: evaluation.stars, query: { modelId } };
    expect(stars).toHaveLength(1);
    yield { verb: evaluation.hitech, query: {} };
    const started = yield { verb: evaluation.evaluate, body: { modelId, all: true } };
    yield { verb: evaluation.run, params: { runId: started.run.runId } };
    yield { verb: evaluation.runs, query: { modelId } };
  },
};

describe("every verb answers what its response schema allows", () => {
  for (const [name, scenario] of Object.entries(scenarios)) it(name, () => run(scenario));

  it("every verb of the contract was called", () => {
    const all = Object.entries(contract).flatMap(([module, verbs]) => Object.entries(verbs as Record<string, Verb>).map(([name, verb]) => ({ name: `${module}.${name}`, verb })));
    expect(all.filter(({ verb }) => !called.has(verb)).map(({ name }) => name)).toEqual([]);
  });
});
