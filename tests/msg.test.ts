/**
 * The message centre: messages are a projection of the engine's events (appended here straight through
 * the event store, as the engine would), reading is the user's own event, lists filter by status, texts
 * render in both languages, a rebuild brings every message and read mark back, and every verb checks
 * its tag and shows a user only their own messages.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { standardTemplates } from "../events/families/msg.ts";
import { store } from "../worker/modules.ts";
import { headOf, readStream } from "../worker/store/append.ts";
import type { PendingEvent } from "../worker/store/types.ts";
import { postMessage } from "../worker/msg/index.ts";
import { seedId } from "../worker/seed/index.ts";
import { call, login, userWithPermissions, type ApiAnswer } from "./helpers.ts";

const msgTags = ["msg:detail:list", "msg:detail:info", "msg:detail:read", "msg:detail:transmit"];

let admin: string;
let adminId: string;
let alice: { token: string; userId: string };
let bob: { token: string; userId: string };
let nobody: { token: string; userId: string };

const meta = () => ({ actorId: null, actorName: "engine", requestId: crypto.randomUUID(), ip: null, at: new Date().toISOString() });

/** Appends flow events to an instance's stream on top of its head, as the engine's commands do. */
async function flow(procInsId: string, ...events: PendingEvent[]) {
  const stream = `flow:${procInsId}`;
  await store.append(env.DB, [{ stream, head: headOf(await readStream(env.DB, stream)), events }], meta());
}

const person = (id: string, name: string) => ({ id, name });

function started(procInsId: string, name = "费用报销") {
  return { type: "flow.started", data: { procInsId, deployId: `dep-${procInsId}`, key: "expense", version: 1, name, initiator: person(adminId, "系统管理员"), businessKey: null, variables: {} } };
}

function taskCreated(taskId: string, notify: string[], name = "部门审批", state: "open" | "waiting" = "open") {
  return {
    type: "flow.taskCreated",
    data: {
      taskId, node: "dept", name, activation: `a-${taskId}`, assignee: null, candidateUsers: [], candidateGroups: [], loopCounter: null, element: null, resumeAt: null,
      notify, procDefName: "费用报销", startUser: person(adminId, "系统管理员"), state,
    },
  };
}

function expectOk(answer: ApiAnswer) {
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 0 });
  return answer.body.data;
}

const list = (token: string, query = "") => call(`/msg/detail/list?limit=50${query}`, { token });

beforeAll(async () => {
  admin = await login();
  adminId = await seedId("user:admin");
  alice = await userWithPermissions(admin, msgTags, `alice${crypto.randomUUID().slice(0, 6)}`);
  bob = await userWithPermissions(admin, msgTags, `bob${crypto.randomUUID().slice(0, 6)}`);
  nobody = await userWithPermissions(admin, []);
});

describe("messages from the engine's events", () => {
  const p1 = crypto.randomUUID();
  let messageId: string;

  it("gives the assignee a to-do message when a task is created", async () => {
    await flow(p1, started(p1), taskCreated("t1", [alice.userId]));
    const answer = await list(alice.token);
    expect(answer.body.total).toBe(1);
    const [m] = answer.body.data;
    messageId = m.id;
    expect(m).toMatchObject({ type: "new-task", procInsId: p1, taskId: "t1", todo: true, read: false, title: "【费用报销】待您审批：部门审批" });
    expect(m.content).toContain("系统管理员");
    expect(m.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // nobody else is told
    expect((await list(bob.token)).body.total).toBe(0);
  });

  it("renders the text in the request's language", async () => {
    const en = await call(`/msg/detail/info/${messageId}`, { token: alice.token, lang: "en-US" });
    expect(expectOk(en)).toMatchObject({ title: "[费用报销] awaits your approval: 部门审批", typeName: "New task" });
    const zh = await call(`/msg/detail/info/${messageId}`, { token: alice.token, lang: "zh-CN" });
    expect(expectOk(zh)).toMatchObject({ typeName: "新待办" });
  });

  it("filters by status: all, todo, unread, read", async () => {
    expect((await list(alice.token, "&status=all")).body.total).toBe(1);
    expect((await list(alice.token, "&status=todo")).body.total).toBe(1);
    expect((await list(alice.token, "&status=unread")).body.total).toBe(1);
    expect((await list(alice.token, "&status=read")).body.total).toBe(0);
    expect((await list(alice.token, "&type=copied")).body.total).toBe(0);
    expect((await list(alice.token, "&type=new-task")).body.total).toBe(1);
  });

  it("records a read as the user's own event and shows it read", async () => {
    expectOk(await call("/msg/detail/read", { token: alice.token, body: { ids: [messageId] } }));
    const events = await readStream(env.DB, `msg:${alice.userId}`);
    expect(events.map((e) => e.type)).toEqual(["msg.read"]);
    expect(events[0]!.data).toEqual({ userId: alice.userId, ids: [messageId] });
    expect((await list(alice.token, "&status=unread")).body.total).toBe(0);
    const [m] = (await list(alice.token, "&status=read")).body.data;
    expect(m).toMatchObject({ id: messageId, read: true });
    expect(m.readTime).toBeTruthy();
    // reading it again records nothing
    expectOk(await call("/msg/detail/read", { token: alice.token, body: { ids: [messageId] } }));
    expect(await readStream(env.DB, `msg:${alice.userId}`)).toHaveLength(1);
  });

  it("leaves the to-do filter when the task is done, and tells the initiator at the end", async () => {
    await flow(p1, { type: "flow.taskCompleted", data: { taskId: "t1", node: "dept", by: person(alice.userId, "Alice"), comment: "ok", variables: {}, auto: null } });
    expect((await list(alice.token, "&status=todo")).body.total).toBe(0);
    await flow(p1, { type: "flow.ended", data: { status: "finished", endNode: "end", by: null, comment: "", notify: [adminId] } });
    const mine = await call("/msg/detail/list?type=finished", { token: admin });
    expect(mine.body.data.find((m: { procInsId: string }) => m.procInsId === p1)).toMatchObject({ title: "【费用报销】已审批完成", todo: false });
  });

  it("tells of returns, copies, urges, timers and rejections", async () => {
    const p2 = crypto.randomUUID();
    await flow(p2, started(p2, "请假"), taskCreated("t2", [alice.userId], "经理审批"));
    await flow(p2, { type: "flow.returned", data: { taskId: "t2", from: "mgr", fromName: "经理审批", to: "start", toName: "发起人", by: person(alice.userId, "Alice"), comment: "补材料", notify: [bob.userId] } });
    await flow(p2, { type: "flow.copied", data: { users: [person(bob.userId, "Bob")], by: person(alice.userId, "Alice"), node: null, comment: "" } });
    await flow(p2, { type: "flow.urged", data: { by: person(bob.userId, "Bob"), comment: "快", notify: [alice.userId], taskIds: ["t2"] } });
    await flow(p2, { type: "flow.timerFired", data: { timerId: "tm", taskId: "t2", node: "mgr", notify: [alice.userId], escalated: false } });
    await flow(p2, { type: "flow.ended", data: { status: "rejected", endNode: null, by: person(alice.userId, "Alice"), comment: "不同意", notify: [bob.userId] } });
    const bobs = (await list(bob.token)).body.data as { type: string; title: string; content: string }[];
    expect(bobs.map((m) => m.type).sort()).toEqual(["copied", "rejected", "returned"]);
    expect(bobs.find((m) => m.type === "returned")).toMatchObject({ title: "【请假】被 Alice 退回到「发起人」", content: "退回意见：补材料" });
    const alices = (await list(alice.token, "&status=unread")).body.data as { type: string; title: string; taskId: string; todo: boolean }[];
    expect(alices.find((m) => m.type === "timer")).toMatchObject({ title: "【请假】「经理审批」已超时，请尽快处理", taskId: "t2" });
    expect(alices.find((m) => m.type === "urged")).toMatchObject({ taskId: "t2" });
    // the rejection ended every to-do of the instance
    expect(alices.filter((m) => m.todo)).toHaveLength(0);
  });

  it("moves the to-do with a transfer and opens a waiting task's message", async () => {
    const p3 = crypto.randomUUID();
    await flow(p3, started(p3), taskCreated("t3", [alice.userId]), taskCreated("t4", [alice.userId], "会签", "waiting"));
    expect((await list(alice.token, `&status=todo`)).body.data.filter((m: { procInsId: string }) => m.procInsId === p3)).toHaveLength(1);
    await flow(p3, { type: "flow.taskTransferred", data: { taskId: "t3", from: person(alice.userId, "Alice"), to: person(bob.userId, "Bob"), by: person(alice.userId, "Alice"), comment: "请代办" } });
    const bobTodo = (await list(bob.token, "&status=todo")).body.data.filter((m: { procInsId: string }) => m.procInsId === p3);
    expect(bobTodo).toHaveLength(1);
    expect(bobTodo[0]).toMatchObject({ taskId: "t3", title: "【费用报销】Alice 将「部门审批」转交给您" });
    await flow(p3, { type: "flow.taskOpened", data: { taskId: "t4" } });
    const aliceTodo = (await list(alice.token, "&status=todo")).body.data.filter((m: { procInsId: string }) => m.procInsId === p3);
    expect(aliceTodo.map((m: { taskId: string }) => m.taskId)).toEqual(["t4"]);
  });

  it("marks all read as one event, and counts in getMsg", async () => {
    const before = expectOk(await call("/msg/detail/getMsg", { token: alice.token }));
    expect(before.unread).toBeGreaterThan(0);
    expect(before.latest.length).toBeLessThanOrEqual(5);
    expectOk(await call("/msg/detail/readAll", { token: alice.token }));
    const after = expectOk(await call("/msg/detail/getMsg", { token: alice.token }));
    expect(after).toMatchObject({ unread: 0, latest: [] });
    expect((await readStream(env.DB, `msg:${alice.userId}`)).map((e) => e.type)).toEqual(["msg.read", "msg.readAll"]);
  });

  it("finds the instance and deployment of a message or task", async () => {
    const answer = await call("/msg/detail/getProcInsIdAndDeployIdByWorkId", { token: alice.token, body: { taskId: "t1" } });
    expect(expectOk(answer)).toEqual({ procInsId: p1, deployId: `dep-${p1}`, taskId: "t1" });
    const byMessage = await call("/msg/detail/getProcInsIdAndDeployIdByWorkId", { token: alice.token, body: { workId: messageId } });
    expect(expectOk(byMessage)).toMatchObject({ procInsId: p1 });
    expect((await call("/msg/detail/getProcInsIdAndDeployIdByWorkId", { token: bob.token, body: { taskId: "t1" } })).body.code).toBe(404);
  });

  it("forwards a message to other users", async () => {
    const answer = await call("/msg/detail/taskTransmit", { token: alice.token, body: { msgId: messageId, userIds: [nobody.userId] } });
    expect(expectOk(answer)).toEqual({ sent: 1 });
    const row = await env.DB.prepare("SELECT * FROM msg_detail WHERE user_id = ?").bind(nobody.userId).first<{ params: string; template_code: string }>();
    expect(row?.template_code).toBe("newTask");
    expect(JSON.parse(row!.params).forwardedBy).toBeTruthy();
    const bad = await call("/msg/detail/taskTransmit", { token: alice.token, body: { msgId: messageId, userIds: ["no-such-user"] } });
    expect(bad.body.code).toBe(422);
  });

  it("takes posts from other modules with postMessage", async () => {
    await store.append(env.DB, [postMessage({ userIds: [bob.userId], params: { title: "系统维护", content: "今晚 22 点" } })], meta());
    const [m] = (await list(bob.token, "&type=system")).body.data;
    expect(m).toMatchObject({ title: "系统维护", content: "今晚 22 点", todo: false, read: false });
  });

  it("uses an edited template record, in both languages", async () => {
    const id = await seedId("msgTemplate:newTask");
    expectOk(await call("/msg/template/update", { token: admin, body: { id, titleTemplate: "请审批：{taskName}", enTitleTemplate: "Please approve: {taskName}" } }));
    expect(expectOk(await call(`/msg/detail/info/${messageId}`, { token: alice.token })).title).toBe("请审批：部门审批");
    expect(expectOk(await call(`/msg/detail/info/${messageId}`, { token: alice.token, lang: "en-US" })).title).toBe("Please approve: 部门审批");
    const standard = standardTemplates.find((t) => t.code === "newTask")!;
    expectOk(await call("/msg/template/update", { token: admin, body: { id, titleTemplate: standard.title["zh-CN"], enTitleTemplate: standard.title["en-US"] } }));
  });

  it("recreates every message and read mark on rebuild", async () => {
    const snapshot = async () => (await env.DB.prepare("SELECT * FROM msg_detail ORDER BY id").all()).results;
    const before = await snapshot();
    expect(before.length).toBeGreaterThan(5);
    await store.rebuild(env.DB);
    expect(await snapshot()).toEqual(before);
  });

  it("forgets a deleted instance's messages", async () => {
    const p4 = crypto.randomUUID();
    await flow(p4, started(p4), taskCreated("t5", [bob.userId]));
    expect((await list(bob.token, "&status=todo")).body.data.some((m: { procInsId: string }) => m.procInsId === p4)).toBe(true);
    await flow(p4, { type: "flow.deleted", data: { by: person(adminId, "系统管理员"), reason: "test" } });
    expect((await list(bob.token)).body.data.some((m: { procInsId: string }) => m.procInsId === p4)).toBe(false);
  });
});

describe("messages from the real engine over HTTP", () => {
  const taskTags = ["flowable:task:list", "flowable:task:info", "flowable:task:complete", "flowable:task:reject"];
  const approval = (id: string, user: { userId: string; name: string }) => ({ id, name: `审批 ${id}`, type: "APPROVAL", props: { assignedType: "user", assignedUser: [{ id: user.userId, name: user.name }], mode: "all" } });

  it("tells each assignee in turn, clears the to-do when they act, and tells the initiator of the rejection", async () => {
    const [first, second, starter] = await Promise.all(
      ["mfirst", "msecond", "mstarter"].map(async (n) => ({ ...(await userWithPermissions(admin, [...msgTags, ...taskTags], n)), name: n })),
    );
    const tree = { id: "root", name: "发起人", type: "ROOT", props: { formFields: [] }, children: { ...approval("one", first), children: approval("two", second) } };
    const created = await call("/flowable/definition/model/create", { token: admin, body: { key: "msg_flow", name: "消息流程", tree } });
    expectOk(created);
    expectOk(await call("/flowable/definition/publish", { token: admin, body: { id: created.body.data.id } }));
    const procInsId = expectOk(await call("/flowable/definition/dynamicStart", { token: starter.token, body: { code: "msg_flow", data: {} } })).procInsId as string;

    const [toFirst] = (await list(first.token, "&status=todo")).body.data;
    expect(toFirst).toMatchObject({ procInsId, type: "new-task", title: "【消息流程】待您审批：审批 one", todo: true });
    expectOk(await call("/flowable/task/complete", { token: first.token, body: { taskId: toFirst.taskId, comment: "同意" } }));
    expect((await list(first.token, "&status=todo")).body.total).toBe(0);

    const [toSecond] = (await list(second.token, "&status=todo")).body.data;
    expect(toSecond).toMatchObject({ procInsId, title: "【消息流程】待您审批：审批 two" });
    expectOk(await call("/flowable/task/reject", { token: second.token, body: { taskId: toSecond.taskId, comment: "不同意" } }));
    expect((await list(second.token, "&status=todo")).body.total).toBe(0);
    const told = (await list(starter.token, "&type=rejected")).body.data;
    expect(told[0]).toMatchObject({ procInsId, title: "【消息流程】已被 msecond 驳回", content: "驳回意见：不同意" });
  });
});

describe("message types and points", () => {
  it("answers the message points in both languages", async () => {
    const zh = expectOk(await call("/msg/type/messagePointOptions", { token: nobody.token }));
    expect(zh.find((p: { value: string }) => p.value === "new-task")).toMatchObject({ label: "新待办", todo: true });
    const en = expectOk(await call("/msg/type/messagePointOptions", { token: nobody.token, lang: "en-US" }));
    expect(en.find((p: { value: string }) => p.value === "copied").label).toBe("Copied");
  });

  it("lists the seeded to-do types and my to-do count per type", async () => {
    const options = expectOk(await call("/msg/type/getTodoMessageTypeOptions", { token: alice.token, lang: "en-US" }));
    expect(options).toEqual([{ value: "0101", label: "Approval to do", point: "new-task" }]);
    const todo = expectOk(await call("/msg/type/todoList", { token: bob.token }));
    expect(todo[0]).toMatchObject({ id: "0101", point: "new-task" });
    expect(todo[0].count).toBeGreaterThanOrEqual(1);
  });

  it("gives a new type the next id of 2 characters per level", async () => {
    const top = expectOk(await call("/msg/type/save", { token: admin, body: { name: "业务消息", todo: false } }));
    expect(top.id).toBe("04"); // after the seeded groups 01 workflow, 02 system, 03 task reminders
    const child = expectOk(await call("/msg/type/save", { token: admin, body: { name: "退回提醒", parentId: "01", point: "returned" } }));
    expect(child.id).toBe("0108");
    const edited = expectOk(await call("/msg/type/save", { token: admin, body: { id: "0108", name: "退回提醒2" } }));
    expect(edited).toEqual({ id: "0108", version: 2 });
    expect((await call("/msg/type/save", { token: admin, body: { name: "x", parentId: "99" } })).body.code).toBe(422);
  });
});

describe("permissions", () => {
  it("refuses the message verbs without their tags", async () => {
    for (const [path, body] of [["/msg/detail/list", undefined], ["/msg/detail/getMsg", undefined], ["/msg/detail/read", { ids: ["x"] }], ["/msg/detail/taskTransmit", { msgId: "x", userIds: ["y"] }]] as const) {
      expect((await call(path, { token: nobody.token, body })).body.code, path).toBe(403);
    }
    expect((await call("/msg/type/save", { token: alice.token, body: { name: "x" } })).body.code).toBe(403);
  });

  it("shows a user only their own messages", async () => {
    const [m] = (await list(alice.token)).body.data;
    expect((await call(`/msg/detail/info/${encodeURIComponent(m.id)}`, { token: bob.token })).body.code).toBe(404);
    expectOk(await call("/msg/detail/read", { token: bob.token, body: { ids: [m.id] } }));
    expect(await readStream(env.DB, `msg:${bob.userId}`)).toHaveLength(0);
  });
});
