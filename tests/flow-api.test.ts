/**
 * The workflow over HTTP: models from a designer tree and from BPMN XML, published versions and pinned
 * instances, starting, per-user todo lists, completing (two concurrent completions: exactly one wins),
 * suspend, stop, revoke, return across a parallel block, transfer by a process administrator, a reminder
 * timer fired by the cron handler, refusals that write nothing, permissions, and a rebuild that reproduces
 * every read model.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { call, login, userWithPermissions } from "./helpers.ts";
import { flowTimers } from "../worker/flow/timers.ts";
import { store } from "../worker/modules.ts";

const taskTags = [
  "flowable:task:list", "flowable:task:info", "flowable:task:complete", "flowable:task:delegate", "flowable:task:transfer", "flowable:task:return",
  "flowable:task:reject", "flowable:task:sign", "flowable:task:recall", "flowable:task:cc", "flowable:task:urge", "flowable:task:stop", "flowable:task:revoke",
];

interface User { token: string; userId: string; roleId: string; name: string }
let admin: string;
let starter: User, a: User, b: User, c: User, d: User;

async function makeUser(name: string): Promise<User> {
  const u = await userWithPermissions(admin, taskTags, name);
  return { ...u, name };
}

const approval = (id: string, user: User, extra: Record<string, unknown> = {}) => ({
  id, name: `审批 ${id}`, type: "APPROVAL",
  props: { assignedType: "user", assignedUser: [{ id: user.userId, name: user.name }], mode: "all", ...extra },
});

/** ROOT → nodes in a chain. */
function chainTree(...nodes: Record<string, unknown>[]) {
  const root: Record<string, unknown> = { id: "root", name: "发起人", type: "ROOT", props: { formFields: [{ key: "amount", label: "金额", type: "number", required: true }] } };
  let at = root;
  for (const n of nodes) {
    at.children = n;
    at = n;
  }
  return root;
}

async function createModel(key: string, tree: Record<string, unknown>) {
  const created = await call("/flowable/definition/model/create", { token: admin, body: { key, name: `模型 ${key}`, tree } });
  expect(created.body, JSON.stringify(created.body)).toMatchObject({ code: 0, data: { key } });
  return created.body.data.id as string;
}

async function publish(id: string) {
  const answer = await call("/flowable/definition/publish", { token: admin, body: { id } });
  expect(answer.body.code, JSON.stringify(answer.body)).toBe(0);
  return answer.body.data as { deployId: string; version: number };
}

async function start(user: User, code: string, data: Record<string, unknown> = { amount: 100 }) {
  const answer = await call("/flowable/definition/dynamicStart", { token: user.token, body: { code, data } });
  expect(answer.body.code, JSON.stringify(answer.body)).toBe(0);
  return answer.body.data.procInsId as string;
}

async function todo(user: User, query = "") {
  const answer = await call(`/flowable/task/todoList${query}`, { token: user.token });
  expect(answer.body.code, JSON.stringify(answer.body)).toBe(0);
  return answer.body.data as { taskId: string; taskDefKey: string; procInsId: string; procDefName: string; batchable: boolean }[];
}

async function taskOf(user: User, procInsId: string, node?: string) {
  const rows = (await todo(user)).filter((r) => r.procInsId === procInsId && (!node || r.taskDefKey === node));
  expect(rows, `${user.name} has a task of ${procInsId}`).toHaveLength(1);
  return rows[0]!.taskId;
}

const complete = (user: User, taskId: string, comment = "同意", variables?: Record<string, unknown>) => call("/flowable/task/complete", { token: user.token, body: { taskId, comment, variables } });
const info = async (procInsId: string) => (await call(`/flowable/instance/info/${procInsId}`, { token: admin })).body.data;
const eventCount = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM events").first<{ n: number }>())!.n;

beforeAll(async () => {
  admin = await login();
  [starter, a, b, c, d] = await Promise.all(["fstarter", "fa", "fb", "fc", "fd"].map((n) => makeUser(n)));
});

describe("models", () => {
  it("creates a model from a designer tree, publishes versions, and reads it back", async () => {
    const id = await createModel("seq_model", chainTree(approval("first", a), approval("second", b)));
    const model = await call(`/flowable/definition/getModel/${id}`, { token: admin });
    expect(model.body.data).toMatchObject({ id, key: "seq_model", tree: { type: "ROOT" } });
    expect(model.body.data.xml).toContain("bpmn");
    expect((await publish(id)).version).toBe(1);
    expect((await publish(id)).version).toBe(2);
    const list = await call("/flowable/definition/models?name=seq_model", { token: admin });
    expect(list.body.data).toEqual([expect.objectContaining({ id, key: "seq_model", version: 2 })]);
    const xml = await call(`/flowable/definition/readXml/${id}`, { token: admin });
    expect(xml.body.data.xml).toContain("first");
  });

  it("imports a BPMN document drawn elsewhere (key from the process id) and runs it", async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t">
  <process id="imported_proc" name="Imported" isExecutable="true">
    <startEvent id="s"/>
    <sequenceFlow id="f1" sourceRef="s" targetRef="approve"/>
    <userTask id="approve" name="Approve" flowable:assignee="${a.userId}"/>
    <sequenceFlow id="f2" sourceRef="approve" targetRef="e"/>
    <endEvent id="e"/>
  </process>
</definitions>`;
    const created = await call("/flowable/definition/model/create", { token: admin, body: { xml } });
    expect(created.body).toMatchObject({ code: 0, data: { key: "imported_proc" } });
    await publish(created.body.data.id);
    const procInsId = await start(starter, "imported_proc");
    const taskId = await taskOf(a, procInsId, "approve");
    expect((await complete(a, taskId)).body.code).toBe(0);
    expect(await info(procInsId)).toMatchObject({ status: "finished", endNodes: ["e"] });
  });

  it("refuses a model outside the subset, naming the element, and writes nothing", async () => {
    const before = await eventCount();
    const xml = `<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" targetNamespace="t"><process id="bad"><startEvent id="s"/><sequenceFlow id="f" sourceRef="s" targetRef="sp"/><subProcess id="sp"/></process></definitions>`;
    const answer = await call("/flowable/definition/model/create", { token: admin, body: { xml } });
    expect(answer.body.code).toBe(422);
    expect(answer.body.msg).toContain("sp");
    expect(await eventCount()).toBe(before);
  });
});

describe("instances", () => {
  it("pins an instance to the version it started with", async () => {
    const id = await createModel("pinned", chainTree(approval("one", a)));
    const v1 = await publish(id);
    const first = await start(starter, "pinned");
    const updated = await call("/flowable/definition/model/update", { token: admin, body: { id, tree: chainTree(approval("one", a), approval("two", b)) } });
    expect(updated.body.code).toBe(0);
    const v2 = await publish(id);
    const second = await start(starter, "pinned");
    expect(await info(first)).toMatchObject({ version: 1, procDefKey: "pinned" });
    expect(await info(second)).toMatchObject({ version: 2 });
    const viewer = await call(`/flowable/task/flowViewer/${first}`, { token: a.token });
    expect(viewer.body.data.xml).not.toContain('id="two"');
    expect(viewer.body.data.activeNodes).toEqual(["one"]);
    expect(v2.deployId).not.toBe(v1.deployId);
    // the first finishes after one step (its version), the second goes on to "two"
    await complete(a, await taskOf(a, first));
    expect((await info(first)).status).toBe("finished");
    await complete(a, await taskOf(a, second));
    expect((await info(second)).status).toBe("running");
    await taskOf(b, second, "two");
  });

  it("gives each user their own todo list, moves the task on completion, and lists it as done", async () => {
    await createModel("todo_flow", chainTree(approval("first", a), approval("second", b)));
    await publish((await call("/flowable/definition/models?name=todo_flow", { token: admin })).body.data[0].id);
    const procInsId = await start(starter, "todo_flow");
    const taskId = await taskOf(a, procInsId, "first");
    expect((await todo(b)).filter((r) => r.procInsId === procInsId)).toEqual([]);
    const attrs = await call(`/flowable/task/taskAttributes/${taskId}`, { token: a.token });
    expect(attrs.body.data.actions).toEqual(expect.arrayContaining(["complete", "reject", "return", "transfer"]));
    expect(attrs.body.data.formFields[0]).toMatchObject({ key: "amount" });
    expect((await complete(a, taskId, "可以")).body.code).toBe(0);
    await taskOf(b, procInsId, "second");
    const done = await call("/flowable/task/finishedList", { token: a.token });
    expect(done.body.data).toEqual(expect.arrayContaining([expect.objectContaining({ taskId, outcome: "complete", comment: "可以" })]));
    const mine = await call("/flowable/task/myProcess", { token: starter.token });
    expect(mine.body.data.find((r: { procInsId: string }) => r.procInsId === procInsId)).toMatchObject({ status: "running", activeNodeNames: ["审批 second"], currentAssignees: ["fb"] });
    const record = await call(`/flowable/task/flowRecord?procInsId=${procInsId}`, { token: starter.token });
    expect(record.body.data.map((r: { action: string }) => r.action)).toEqual(["start", "complete", "pending"]);
    const counts = await call("/flowable/task/counts", { token: b.token });
    expect(counts.body.data.todo).toBeGreaterThanOrEqual(1);
  });

  it("lets exactly one of two concurrent completions win; the other is refused as already handled", async () => {
    const procInsId = await start(starter, "todo_flow");
    const taskId = await taskOf(a, procInsId, "first");
    const answers = await Promise.all([complete(a, taskId), complete(a, taskId)]);
    const codes = answers.map((x) => x.body.code).sort();
    expect(codes).toEqual([0, 409]);
    expect(answers.find((x) => x.body.code === 409)!.body.msg).toContain("已被处理");
    const tasks = await call(`/flowable/monitor/taskList?procInsId=${procInsId}`, { token: admin });
    expect(tasks.body.data.map((t: { taskDefKey: string }) => t.taskDefKey)).toEqual(["second"]);
  });

  it("refuses a task that is not yours and writes nothing", async () => {
    const procInsId = await start(starter, "todo_flow");
    const taskId = await taskOf(a, procInsId, "first");
    const before = await eventCount();
    const answer = await complete(b, taskId);
    expect(answer.body.code).toBe(403);
    expect(await eventCount()).toBe(before);
  });

  it("blocks every task action while suspended, and resumes after activation", async () => {
    const procInsId = await start(starter, "todo_flow");
    const taskId = await taskOf(a, procInsId, "first");
    expect((await call("/flowable/monitor/suspendProcess", { token: admin, body: { procInsId } })).body.code).toBe(0);
    expect((await info(procInsId)).status).toBe("suspended");
    const before = await eventCount();
    const refused = await complete(a, taskId);
    expect(refused.body.code).toBe(409);
    expect(refused.body.msg).toContain("挂起");
    expect(await eventCount()).toBe(before);
    expect((await call("/flowable/monitor/activateProcess", { token: admin, body: { procInsId } })).body.code).toBe(0);
    expect((await complete(a, taskId)).body.code).toBe(0);
  });

  it("stops an instance: no task is left", async () => {
    const procInsId = await start(starter, "todo_flow");
    await taskOf(a, procInsId);
    expect((await call("/flowable/task/stopProcess", { token: starter.token, body: { procInsId, comment: "不需要了" } })).body.code).toBe(0);
    expect(await info(procInsId)).toMatchObject({ status: "stopped", activeNodes: [] });
    expect((await todo(a)).filter((r) => r.procInsId === procInsId)).toEqual([]);
  });

  it("lets the initiator revoke before an approver acted, and refuses it after", async () => {
    const early = await start(starter, "todo_flow");
    expect((await call("/flowable/task/revokeProcess", { token: starter.token, body: { procInsId: early } })).body.code).toBe(0);
    expect((await info(early)).status).toBe("revoked");
    const late = await start(starter, "todo_flow");
    await complete(a, await taskOf(a, late));
    const before = await eventCount();
    const refused = await call("/flowable/task/revokeProcess", { token: starter.token, body: { procInsId: late } });
    expect(refused.body.code).toBe(409);
    expect(await eventCount()).toBe(before);
    const notInitiator = await call("/flowable/task/revokeProcess", { token: a.token, body: { procInsId: late } });
    expect(notInitiator.body.code).toBe(403);
  });

  it("returns from inside a parallel block to a node before it: every branch token goes, and the block runs again", async () => {
    const tree = chainTree(approval("before", a), {
      id: "fork", name: "会审", type: "CONCURRENTS", props: {},
      branches: [
        { id: "br1", name: "分支一", type: "CONCURRENT", props: {}, children: approval("left", b) },
        { id: "br2", name: "分支二", type: "CONCURRENT", props: {}, children: approval("right", c) },
      ],
      children: approval("after", d),
    });
    const id = await createModel("parallel_return", tree);
    await publish(id);
    const procInsId = await start(starter, "parallel_return");
    await complete(a, await taskOf(a, procInsId, "before"));
    await complete(b, await taskOf(b, procInsId, "left"));
    const right = await taskOf(c, procInsId, "right");
    const targets = await call("/flowable/task/returnList", { token: c.token, body: { taskId: right } });
    expect(targets.body.data.map((t: { key: string }) => t.key)).toContain("before");
    const returned = await call("/flowable/task/return", { token: c.token, body: { taskId: right, targetKey: "before", comment: "重新审" } });
    expect(returned.body.code, JSON.stringify(returned.body)).toBe(0);
    const open = await call(`/flowable/monitor/taskList?procInsId=${procInsId}`, { token: admin });
    expect(open.body.data.map((t: { taskDefKey: string }) => t.taskDefKey)).toEqual(["before"]);
    await complete(a, await taskOf(a, procInsId, "before"));
    await complete(b, await taskOf(b, procInsId, "left"));
    // the join waits for the right branch again: nothing at "after" yet
    expect((await todo(d)).filter((r) => r.procInsId === procInsId)).toEqual([]);
    await complete(c, await taskOf(c, procInsId, "right"));
    await complete(d, await taskOf(d, procInsId, "after"));
    expect((await info(procInsId)).status).toBe("finished");
    const record = await call(`/flowable/task/flowRecord?procInsId=${procInsId}`, { token: starter.token });
    expect(record.body.data.some((r: { action: string; comment: string }) => r.action === "return" && r.comment === "重新审")).toBe(true);
  });

  it("lets a process administrator transfer a stuck task", async () => {
    const procInsId = await start(starter, "todo_flow");
    const taskId = await taskOf(a, procInsId, "first");
    const byOther = await call("/flowable/task/transfer", { token: b.token, body: { taskId, userId: c.userId } });
    expect(byOther.body.code).toBe(403);
    const byAdmin = await call("/flowable/task/transfer", { token: admin, body: { taskId, userId: c.userId, comment: "请假" } });
    expect(byAdmin.body.code, JSON.stringify(byAdmin.body)).toBe(0);
    expect((await todo(a)).filter((r) => r.procInsId === procInsId)).toEqual([]);
    expect(await taskOf(c, procInsId)).toBe(taskId);
    expect((await complete(c, taskId)).body.code).toBe(0);
  });

  it("fires a reminder timer from the cron handler", async () => {
    const id = await createModel("timer_flow", chainTree(approval("slow", a, { timeout: { hours: 1, action: "remind" } })));
    await publish(id);
    const procInsId = await start(starter, "timer_flow");
    const armed = await env.DB.prepare("SELECT timer_id, due_at FROM flow_timer WHERE proc_ins_id = ?").bind(procInsId).all<{ timer_id: string; due_at: string }>();
    expect(armed.results).toHaveLength(1);
    await flowTimers(env, Date.now() + 30 * 60_000, store);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM flow_timer WHERE proc_ins_id = ?").bind(procInsId).first<{ n: number }>())!.n).toBe(1);
    await flowTimers(env, Date.now() + 2 * 3600_000, store);
    const fired = await env.DB.prepare("SELECT COUNT(*) AS n FROM events WHERE stream = ? AND type = 'flow.timerFired'").bind(`flow:${procInsId}`).first<{ n: number }>();
    expect(fired!.n).toBe(1);
    const record = await call(`/flowable/task/flowRecord?procInsId=${procInsId}`, { token: starter.token });
    expect(record.body.data.map((r: { action: string }) => r.action)).toContain("remind");
    // the task is still there (a reminder does not interrupt)
    await taskOf(a, procInsId, "slow");
  });

  it("a timeout escalation on a node signed in order interrupts the whole node, timed from its entry", async () => {
    const many = { ...approval("many", a, { mode: "sequential", emptyApprover: "admin", timeout: { hours: 1, action: "escalate" } }) };
    (many.props as Record<string, unknown>).assignedUser = [a, b, c].map((u) => ({ id: u.userId, name: u.name }));
    await publish(await createModel("mi_timer_flow", chainTree(many)));
    const procInsId = await start(starter, "mi_timer_flow");
    const timers = async () => (await env.DB.prepare("SELECT timer_id, due_at FROM flow_timer WHERE proc_ins_id = ?").bind(procInsId).all<{ timer_id: string; due_at: string }>()).results;
    const [armed, ...more] = await timers();
    expect(more).toEqual([]);
    // the first signer approves a moment later: the second signer's task must not restart the node's clock
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await complete(a, await taskOf(a, procInsId, "many"))).body.code).toBe(0);
    await taskOf(b, procInsId, "many");
    expect(await timers()).toEqual([armed]);
    await flowTimers(env, Date.parse(armed!.due_at) + 500, store);
    // every signer's task of the node is gone, the escalation's task is open, nothing stays armed
    for (const u of [a, b, c]) expect((await todo(u)).filter((r) => r.procInsId === procInsId)).toEqual([]);
    const open = (await call(`/flowable/monitor/taskList?procInsId=${procInsId}`, { token: admin })).body.data as { taskDefKey: string }[];
    expect(open.map((t) => t.taskDefKey)).toEqual([expect.stringMatching(/_escalated$/)]);
    expect(await timers()).toEqual([]);
    const record = await call(`/flowable/task/flowRecord?procInsId=${procInsId}`, { token: starter.token });
    expect(record.body.data.filter((r: { action: string }) => r.action === "escalate")).toHaveLength(1);
  });

  it("starts the seeded expense model with the initiator's leader as first approver", async () => {
    const form = await call("/flowable/process/startFlow/expense", { token: starter.token });
    expect(form.body.data).toMatchObject({ key: "expense", version: 1, formFields: [expect.objectContaining({ key: "amount" }), expect.objectContaining({ key: "reason" })] });
  });
});

describe("more task actions", () => {
  it("rejects: the instance ends as rejected and the rejecter finds it in their finished list", async () => {
    const procInsId = await start(starter, "todo_flow");
    const taskId = await taskOf(a, procInsId, "first");
    expect((await call("/flowable/task/reject", { token: a.token, body: { taskId, comment: "不符合" } })).body.code).toBe(0);
    expect(await info(procInsId)).toMatchObject({ status: "rejected", activeNodes: [] });
    const done = await call("/flowable/task/finishedList", { token: a.token });
    expect(done.body.data).toEqual(expect.arrayContaining([expect.objectContaining({ taskId, outcome: "reject" })]));
    const record = await call(`/flowable/task/flowRecord?procInsId=${procInsId}`, { token: starter.token });
    expect(record.body.data.at(-1)).toMatchObject({ action: "rejected", comment: "不符合" });
  });

  it("delegates and resolves back to the owner", async () => {
    const procInsId = await start(starter, "todo_flow");
    const taskId = await taskOf(a, procInsId, "first");
    expect((await call("/flowable/task/delegate", { token: a.token, body: { taskId, userId: b.userId, comment: "请帮看" } })).body.code).toBe(0);
    expect(await taskOf(b, procInsId, "first")).toBe(taskId);
    const attrs = await call(`/flowable/task/taskAttributes/${taskId}`, { token: b.token });
    expect(attrs.body.data.actions).toContain("resolve");
    expect((await complete(b, taskId, "看过了")).body.code).toBe(0);
    expect(await taskOf(a, procInsId, "first")).toBe(taskId);
    expect((await complete(a, taskId)).body.code).toBe(0);
    await taskOf(b, procInsId, "second");
  });

  it("adds a signer before the current approver", async () => {
    const procInsId = await start(starter, "todo_flow");
    const taskId = await taskOf(a, procInsId, "first");
    const added = await call("/flowable/task/addSigner", { token: a.token, body: { taskId, userIds: [c.userId], position: "before", comment: "先请 c 看" } });
    expect(added.body.code, JSON.stringify(added.body)).toBe(0);
    expect((await todo(a)).filter((r) => r.procInsId === procInsId)).toEqual([]);
    const signerTask = await taskOf(c, procInsId, "first");
    expect((await complete(c, signerTask)).body.code).toBe(0);
    expect(await taskOf(a, procInsId, "first")).toBe(taskId);
  });

  it("copies to people (they can read it and find it in their copies) and urges at most once an hour", async () => {
    const procInsId = await start(starter, "todo_flow");
    expect((await call(`/flowable/task/flowRecord?procInsId=${procInsId}`, { token: d.token })).body.code).toBe(403);
    expect((await call("/flowable/task/cc", { token: starter.token, body: { procInsId, userIds: [d.userId], comment: "知悉" } })).body.code).toBe(0);
    const copies = await call("/flowable/task/ccList", { token: d.token });
    expect(copies.body.data).toEqual(expect.arrayContaining([expect.objectContaining({ procInsId, byName: "fstarter" })]));
    expect((await call(`/flowable/task/flowRecord?procInsId=${procInsId}`, { token: d.token })).body.code).toBe(0);
    expect((await call("/flowable/task/urge", { token: starter.token, body: { procInsId, comment: "请尽快" } })).body.code).toBe(0);
    const again = await call("/flowable/task/urge", { token: starter.token, body: { procInsId } });
    expect(again.body.code).toBe(409);
  });

  it("recalls an approval while the next step is untouched", async () => {
    const procInsId = await start(starter, "todo_flow");
    const taskId = await taskOf(a, procInsId, "first");
    await complete(a, taskId);
    await taskOf(b, procInsId, "second");
    const attrs = await call(`/flowable/task/taskAttributes/${taskId}`, { token: a.token });
    expect(attrs.body.data.actions).toContain("recall");
    expect((await call("/flowable/task/recall", { token: a.token, body: { taskId, comment: "再看看" } })).body.code).toBe(0);
    expect((await todo(b)).filter((r) => r.procInsId === procInsId)).toEqual([]);
    await taskOf(a, procInsId, "first");
  });

  it("returns to the initiator, who resubmits and the flow continues from the returning node", async () => {
    const procInsId = await start(starter, "todo_flow");
    await complete(a, await taskOf(a, procInsId, "first"));
    const second = await taskOf(b, procInsId, "second");
    const targets = (await call("/flowable/task/returnList", { token: b.token, body: { taskId: second } })).body.data as { key: string }[];
    expect(targets.map((t) => t.key)).toEqual(["root", "first"]);
    expect((await call("/flowable/task/return", { token: b.token, body: { taskId: second, targetKey: "root", comment: "补材料" } })).body.code).toBe(0);
    const mine = await taskOf(starter, procInsId);
    const resubmitted = await call("/flowable/task/resubmit", { token: starter.token, body: { taskId: mine, variables: { amount: 200 }, comment: "已补" } });
    expect(resubmitted.body.code, JSON.stringify(resubmitted.body)).toBe(0);
    await taskOf(b, procInsId, "second");
    const vars = await call(`/flowable/task/processVariables/${procInsId}`, { token: starter.token });
    expect(vars.body.data.amount).toBe(200);
  });

  it("batch-approves the tasks it may and refuses those whose node needs a form edit", async () => {
    const tree = chainTree(approval("plain", a), approval("edit", a, { formPerms: { amount: "edit" } }));
    await publish(await createModel("batch_flow", tree));
    const p1 = await start(starter, "batch_flow");
    const p2 = await start(starter, "batch_flow");
    const t1 = await taskOf(a, p1, "plain");
    const t2 = await taskOf(a, p2, "plain");
    expect((await todo(a)).find((r) => r.taskId === t1)!.batchable).toBe(true);
    const first = await call("/flowable/task/batchComplete", { token: a.token, body: { taskIds: [t1, t2], comment: "批量同意" } });
    expect(first.body.data).toMatchObject({ done: [t1, t2], refused: [] });
    const e1 = await taskOf(a, p1, "edit");
    expect((await todo(a)).find((r) => r.taskId === e1)!.batchable).toBe(false);
    const second = await call("/flowable/task/batchComplete", { token: a.token, body: { taskIds: [e1], comment: "批量同意" } });
    expect(second.body.data.done).toEqual([]);
    expect(second.body.data.refused).toEqual([expect.objectContaining({ taskId: e1, reason: expect.stringContaining("表单") })]);
  });

  it("offers a role's task to its holders through their role", async () => {
    const tree = chainTree({ id: "by_role", name: "角色审批", type: "APPROVAL", props: { assignedType: "role", roles: [{ id: a.roleId, name: "role a" }], mode: "any" } });
    await publish(await createModel("role_flow", tree));
    const procInsId = await start(starter, "role_flow");
    const taskId = await taskOf(a, procInsId, "by_role");
    expect((await todo(b)).filter((r) => r.procInsId === procInsId)).toEqual([]);
    expect((await complete(b, taskId)).body.code).toBe(403);
    expect((await complete(a, taskId)).body.code).toBe(0);
    expect((await info(procInsId)).status).toBe("finished");
  });

  it("pages the todo list by cursor", async () => {
    const first = await call("/flowable/task/todoList?limit=2", { token: a.token });
    expect(first.body.data).toHaveLength(2);
    const next = await call(`/flowable/task/todoList?limit=2&cursor=${encodeURIComponent(first.body.cursor)}`, { token: a.token });
    const ids = [...first.body.data, ...next.body.data].map((r: { taskId: string }) => r.taskId);
    expect(new Set(ids).size).toBe(ids.length);
    const all = await todo(a, "?limit=100");
    expect(all.slice(0, ids.length).map((r) => r.taskId)).toEqual(ids);
    // the total (kept per inbox key) matches the rows, and the home page's count
    const listed = await call("/flowable/task/todoList?limit=100", { token: a.token });
    expect(listed.body.total).toBe(all.length);
    expect((await call("/flowable/task/counts", { token: a.token })).body.data.todo).toBe(all.length);
    const byName = await call("/flowable/task/todoList?limit=100&name=batch_flow", { token: a.token });
    expect(byName.body.total).toBe(byName.body.data.length);
    expect(byName.body.data.every((r: { procDefName: string }) => r.procDefName.includes("batch_flow"))).toBe(true);
    expect(byName.body.total).toBeGreaterThan(0);
  });

  it("runs the seeded expense model: above 5000 the finance director approves too", async () => {
    const procInsId = await start(starter, "expense", { amount: 8000, reason: "差旅" });
    // the starter has no department, so no leader: the node's policy gives it to the administrators
    const tasks = await call(`/flowable/monitor/taskList?procInsId=${procInsId}`, { token: admin });
    expect(tasks.body.data).toEqual([expect.objectContaining({ taskDefKey: "leader" })]);
  });
});

describe("what the screens are offered", () => {
  const displayTime = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
  const attributes = async (user: User, taskId: string) => (await call(`/flowable/task/taskAttributes/${taskId}`, { token: user.token })).body.data as { actions: string[]; task: { createTime: string }; instance: { startTime: string; endTime: string | null } };

  it("offers only actions the engine accepts: no recall after approving with a signer added", async () => {
    const procInsId = await start(starter, "todo_flow");
    const first = await taskOf(a, procInsId, "first");
    expect((await attributes(a, first)).actions).toEqual(["complete", "reject", "return", "delegate", "transfer", "addSigner", "cc"]);
    expect((await call("/flowable/task/addSigner", { token: a.token, body: { taskId: first, userIds: [c.userId], position: "after" } })).body.code).toBe(0);
    expect((await attributes(a, first)).actions).toContain("removeSigner");
    expect((await complete(a, first)).body.code).toBe(0);
    const offered = (await attributes(a, first)).actions;
    expect(offered).not.toContain("recall");
    expect((await call("/flowable/task/recall", { token: a.token, body: { taskId: first } })).body.code).toBe(409);
    // every action offered to the signer succeeds: they approve, and the flow moves on
    const signerTask = await taskOf(c, procInsId, "first");
    expect((await attributes(c, signerTask)).actions).toContain("complete");
    expect((await complete(c, signerTask)).body.code).toBe(0);
    await taskOf(b, procInsId, "second");
  });

  it("does not offer an action whose permission tag the user lacks", async () => {
    const limited = { ...(await userWithPermissions(admin, ["flowable:task:list", "flowable:task:info", "flowable:task:complete"], "flimited")), name: "flimited" };
    const id = await createModel("limited_flow", chainTree(approval("only", limited)));
    await publish(id);
    const procInsId = await start(starter, "limited_flow");
    const taskId = await taskOf(limited, procInsId, "only");
    expect((await attributes(limited, taskId)).actions).toEqual(["complete"]);
  });

  it("filters the todo list by instance, and gives my initiations my task there and whether it can be revoked", async () => {
    const one = await start(starter, "todo_flow");
    const two = await start(starter, "todo_flow");
    const rows = await todo(a, `?procInsId=${one}`);
    expect(rows.map((r) => r.procInsId)).toEqual([one]);
    const answer = await call(`/flowable/task/todoList?procInsId=${one}`, { token: a.token });
    expect(answer.body.total).toBe(1);
    const mine = async () => ((await call("/flowable/task/myProcess?limit=100", { token: starter.token })).body.data as { procInsId: string; myTaskId: string | null; resubmit: boolean; revocable: boolean }[]);
    expect((await mine()).find((r) => r.procInsId === one)).toMatchObject({ myTaskId: null, resubmit: false, revocable: true });
    await complete(a, rows[0]!.taskId);
    expect((await mine()).find((r) => r.procInsId === one)).toMatchObject({ myTaskId: null, revocable: false });
    const second = await taskOf(b, one, "second");
    expect((await call("/flowable/task/return", { token: b.token, body: { taskId: second, targetKey: "root", comment: "补材料" } })).body.code).toBe(0);
    const returned = (await mine()).find((r) => r.procInsId === one)!;
    expect(returned).toMatchObject({ resubmit: true, revocable: false });
    expect(returned.myTaskId).toBe(await taskOf(starter, one));
    expect((await mine()).find((r) => r.procInsId === two)).toMatchObject({ myTaskId: null, revocable: true });
    // revocable matches the engine: the first instance refuses, the second allows
    expect((await call("/flowable/task/revokeProcess", { token: starter.token, body: { procInsId: one } })).body.code).toBe(409);
    expect((await call("/flowable/task/revokeProcess", { token: starter.token, body: { procInsId: two } })).body.code).toBe(0);
  });

  it("answers every time as yyyy-MM-dd HH:mm:ss, and the flow record in the order things were done, with readable names", async () => {
    const procInsId = await start(starter, "todo_flow");
    const first = await taskOf(a, procInsId, "first");
    const attrs = await attributes(a, first);
    expect(attrs.task.createTime).toMatch(displayTime);
    expect(attrs.instance.startTime).toMatch(displayTime);
    await complete(a, first);
    const second = await taskOf(b, procInsId, "second");
    expect((await call("/flowable/task/transfer", { token: b.token, body: { taskId: second, userId: d.userId, comment: "请代办" } })).body.code).toBe(0);
    expect((await call("/flowable/task/return", { token: d.token, body: { taskId: second, targetKey: "first", comment: "重审" } })).body.code).toBe(0);
    const info = (await call(`/flowable/instance/info/${procInsId}`, { token: starter.token })).body.data;
    expect(info.startTime).toMatch(displayTime);
    const listed = ((await call("/flowable/task/myProcess?limit=100", { token: starter.token })).body.data as { procInsId: string; startTime: string }[]).find((r) => r.procInsId === procInsId)!;
    expect(listed.startTime).toBe(info.startTime);
    const record = (await call(`/flowable/task/flowRecord?procInsId=${procInsId}`, { token: starter.token })).body.data as { action: string; actionName: string; startTime: string; endTime: string | null }[];
    // the transfer happened before the return: it is listed before it, though the returned task's row was opened earlier
    expect(record.map((r) => r.action)).toEqual(["start", "complete", "transfer", "return", "pending"]);
    expect(record.map((r) => r.actionName)).toEqual(["发起", "同意", "转办", "退回", "处理中"]);
    for (const r of record) {
      expect(r.startTime).toMatch(displayTime);
      if (r.endTime) expect(r.endTime).toMatch(displayTime);
    }
    const english = (await call(`/flowable/task/flowRecord?procInsId=${procInsId}`, { token: starter.token, lang: "en-US" })).body.data as { actionName: string }[];
    expect(english.map((r) => r.actionName)).toEqual(["Started", "Approved", "Transferred", "Returned", "In progress"]);
  });

  it("names cancelled rows by their reason", async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t">
  <process id="any_proc" name="Any" isExecutable="true">
    <startEvent id="s"/>
    <sequenceFlow id="f1" sourceRef="s" targetRef="any"/>
    <userTask id="any" name="Any of two" flowable:assignee="\${who}">
      <multiInstanceLoopCharacteristics isSequential="false" flowable:collection="\${['${a.userId}', '${b.userId}']}" flowable:elementVariable="who">
        <completionCondition>\${nrOfCompletedInstances >= 1}</completionCondition>
      </multiInstanceLoopCharacteristics>
    </userTask>
    <sequenceFlow id="f2" sourceRef="any" targetRef="e"/>
    <endEvent id="e"/>
  </process>
</definitions>`;
    const created = await call("/flowable/definition/model/create", { token: admin, body: { xml } });
    expect(created.body.code, JSON.stringify(created.body)).toBe(0);
    await publish(created.body.data.id);
    const procInsId = await start(starter, "any_proc");
    await complete(a, await taskOf(a, procInsId, "any"));
    const record = (await call(`/flowable/task/flowRecord?procInsId=${procInsId}`, { token: starter.token, lang: "en-US" })).body.data as { action: string; actionName: string }[];
    const cancelled = record.find((r) => r.action === "cancelled:completionCondition")!;
    expect(cancelled.actionName).toBe("Not needed: the node's completion condition was met");
  });

  it("lists the processes any signed-in user may start: the latest version, searchable, paged", async () => {
    const nobody = await userWithPermissions(admin, []);
    expect((await call("/flowable/definition/models", { token: nobody.token })).body.code).toBe(403);
    const all = await call("/flowable/definition/startable?limit=100", { token: nobody.token });
    expect(all.body.code).toBe(0);
    const rows = all.body.data as { key: string; name: string; version: number; deployId: string; category: string | null }[];
    expect(rows.filter((r) => r.key === "seq_model")).toEqual([expect.objectContaining({ key: "seq_model", version: 2, deployId: expect.any(String) })]);
    expect(rows.some((r) => r.key === "expense")).toBe(true);
    expect(all.body.total).toBe(rows.length);
    const searched = await call("/flowable/definition/startable?name=seq_model", { token: nobody.token });
    expect(searched.body.data.map((r: { key: string }) => r.key)).toEqual(["seq_model"]);
    const paged = await call("/flowable/definition/startable?limit=1&page=2", { token: nobody.token });
    expect(paged.body.data).toHaveLength(1);
    expect(paged.body.total).toBe(rows.length);
  });

  it("deletes an instance quickly, leaving no open task, message or count behind", async () => {
    const procInsId = await start(starter, "todo_flow");
    await taskOf(a, procInsId, "first");
    const before = (await call("/flowable/task/counts", { token: a.token })).body.data.todo as number;
    const t0 = Date.now();
    expect((await call(`/flowable/process/delete/${procInsId}`, { token: admin, body: {} })).body.code).toBe(0);
    expect(Date.now() - t0).toBeLessThan(2000);
    expect((await call("/flowable/task/counts", { token: a.token })).body.data.todo).toBe(before - 1);
    expect((await todo(a)).filter((r) => r.procInsId === procInsId)).toEqual([]);
    const left = await env.DB.prepare("SELECT (SELECT COUNT(*) FROM flow_task WHERE proc_ins_id = ?1) + (SELECT COUNT(*) FROM msg_detail WHERE proc_ins_id = ?1) + (SELECT COUNT(*) FROM flow_record WHERE proc_ins_id = ?1) AS n").bind(procInsId).first<{ n: number }>();
    expect(left!.n).toBe(0);
  });
});

describe("permissions", () => {
  it("refuses the task lists and model verbs without their tags", async () => {
    const nobody = await userWithPermissions(admin, []);
    expect((await call("/flowable/task/todoList", { token: nobody.token })).body.code).toBe(403);
    expect((await call("/flowable/definition/models", { token: nobody.token })).body.code).toBe(403);
    expect((await call("/flowable/monitor/suspendProcess", { token: nobody.token, body: { procInsId: "x" } })).body.code).toBe(403);
    // starting needs only a session
    const started = await call("/flowable/definition/dynamicStart", { token: nobody.token, body: { code: "todo_flow", data: { amount: 1 } } });
    expect(started.body.code).toBe(0);
  });

  it("does not show an instance to someone who has nothing to do with it", async () => {
    const procInsId = await start(starter, "todo_flow");
    const stranger = await userWithPermissions(admin, taskTags);
    expect((await call(`/flowable/task/flowRecord?procInsId=${procInsId}`, { token: stranger.token })).body.code).toBe(403);
  });
});

describe("rebuild", () => {
  const tables = ["flow_deployment", "flow_instance", "flow_task", "flow_inbox", "flow_inbox_count", "flow_done", "flow_cc", "flow_record", "flow_timer"];
  const snapshot = async () => {
    const out: Record<string, unknown[]> = {};
    for (const t of tables) out[t] = (await env.DB.prepare(`SELECT * FROM ${t}`).all()).results.map((r) => JSON.stringify(r)).sort();
    return out;
  };

  it("reproduces every workflow read model from the events", async () => {
    const before = await snapshot();
    expect(before.flow_instance!.length).toBeGreaterThan(5);
    const progress = await store.rebuild(env.DB);
    expect(progress.done).toBe(true);
    expect(await snapshot()).toEqual(before);
  });
});

describe("opinion phrases", () => {
  it("keeps one record of phrases per user: saved, replaced, read back only by its owner, deleted", async () => {
    expect((await call("/flowable/opinion/mine", { token: a.token })).body.data).toEqual({ phrases: [], signatureFileId: null });
    expect((await call("/flowable/opinion/saveMine", { token: a.token, body: { phrases: ["同意", "请补充材料"] } })).body.code).toBe(0);
    expect((await call("/flowable/opinion/saveMine", { token: a.token, body: { phrases: ["同意，请尽快办理"] } })).body.code).toBe(0);
    expect((await call("/flowable/opinion/mine", { token: a.token })).body.data).toEqual({ phrases: ["同意，请尽快办理"], signatureFileId: null });
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM flow_opinion WHERE owner_id = ?").bind(a.userId).first<{ n: number }>())!.n).toBe(1);
    expect((await call("/flowable/opinion/mine", { token: b.token })).body.data.phrases).toEqual([]);
    expect((await call("/flowable/opinion/deleteMine", { token: a.token, body: {} })).body.code).toBe(0);
    expect((await call("/flowable/opinion/mine", { token: a.token })).body.data.phrases).toEqual([]);
  });
});
