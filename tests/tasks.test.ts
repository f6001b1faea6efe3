/**
 * Task plans over HTTP and the reminders' handler: a plan distributed to three staff makes exactly their
 * tasks; a second distribution is refused and writes nothing; the state rules (pure, and the same as the
 * SQL the board counts with); an overdue task reminds its assignee once however often the handler runs; a
 * task not followed up warns the plan's owner; the board moves by exactly one when a task's state changes;
 * routes refuse callers without their permission.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { call, creditCode, login, userWithPermissions } from "./helpers.ts";
import { jobHandlers, store } from "../worker/modules.ts";
import { seedId } from "../worker/seed/index.ts";
import { addDays, chinaDate, nextStatus, stateSql, taskState } from "../worker/tasks/state.ts";
import { runReminders } from "../worker/tasks/reminders.ts";
import { plannedTasks } from "../worker/tasks/distribute.ts";

let admin: string;
let staff: string[];
const today = chinaDate(Date.now());
const eventCount = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM events").first<{ n: number }>())!.n;
const enterprises = (n: number) => Array.from({ length: n }, (_, i) => ({ creditCode: creditCode(), entName: `任务测试企业${i}有限公司` }));

async function makePlan(token: string, fields: Record<string, unknown>) {
  const saved = await call("/common/entaskplan/save", {
    token,
    body: { title: "重点企业走访计划", planType: "visit", startDate: today, endDate: addDays(today, 7), ownerId: await seedId("user:admin"), status: "notStarted", visitKind: "zf", ...fields },
  });
  expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
  return saved.body.data.id as string;
}

async function tasksOf(planId: string) {
  const { results } = await env.DB.prepare("SELECT id, credit_code AS creditCode, receiver_id AS receiverId, status, deadline, start_date AS startDate FROM en_task_msg WHERE task_plan_id = ?").bind(planId).all<Record<string, string>>();
  return results;
}

beforeAll(async () => {
  admin = await login();
  staff = await Promise.all(["user:user-zhangwei", "user:user-wangfang", "user:user-liuyang"].map(seedId));
});

describe("state rules", () => {
  const cases: [string | null, string | null, string][] = [
    ["notStarted", addDays(today, 3), "notStarted"],
    ["inProgress", addDays(today, 3), "inProgress"],
    ["notStarted", today, "notStarted"],
    ["notStarted", addDays(today, -1), "overdue"],
    ["inProgress", addDays(today, -1), "overdue"],
    ["done", addDays(today, -10), "done"],
    ["cancelled", addDays(today, -10), "cancelled"],
    [null, null, "notStarted"],
  ];
  it.each(cases)("status %s, deadline %s → %s (the rule and its SQL agree)", async (status, deadline, expected) => {
    expect(taskState({ status, deadline }, today)).toBe(expected);
    const row = await env.DB.prepare(`SELECT ${stateSql("t")} AS s FROM (SELECT ?2 AS status, ?3 AS deadline) t`).bind(today, status, deadline).first<{ s: string }>();
    expect(row!.s).toBe(expected);
  });
  it("a follow-up moves forward only", () => {
    expect(nextStatus("notStarted", "inProgress")).toBe("inProgress");
    expect(nextStatus("inProgress", "done")).toBe("done");
    expect(nextStatus("done", "inProgress")).toBeNull();
    expect(nextStatus("cancelled", "done")).toBeNull();
  });
  it("a plan gives every target × assignee once, and refuses what cannot be distributed", () => {
    const targets = enterprises(2);
    expect(plannedTasks({ targets: [...targets, targets[0]], assignees: ["a", "b", "b"] })).toHaveLength(4);
    expect(() => plannedTasks({ targets, assignees: [] })).toThrow("planNotDistributable");
    expect(() => plannedTasks({ targets: [], assignees: ["a"] })).toThrow("planNotDistributable");
    expect(() => plannedTasks({ targets, assignees: ["a"], distributedAt: "2026-01-01 00:00:00" })).toThrow("planAlreadyDistributed");
    expect(() => plannedTasks({ targets: enterprises(41), assignees: Array.from({ length: 50 }, (_, i) => `u${i}`) })).toThrow("planTooManyTasks");
  });
});

describe("distribution", () => {
  it("makes one task per enterprise and assignee, exactly; a second distribution is refused and writes nothing", async () => {
    const targets = enterprises(4);
    const planId = await makePlan(admin, { targets, targetCount: targets.length, assignees: staff });
    const first = await call(`/common/entaskplan/distribute/${planId}`, { token: admin, method: "POST" });
    expect(first.body.code, JSON.stringify(first.body)).toBe(0);
    expect(first.body.data.taskCount).toBe(12);
    const tasks = await tasksOf(planId);
    expect(tasks).toHaveLength(12);
    const pairs = new Set(tasks.map((t) => `${t.creditCode}/${t.receiverId}`));
    expect(pairs.size).toBe(12);
    for (const t of targets) for (const s of staff) expect(pairs.has(`${t.creditCode}/${s}`)).toBe(true);
    expect(tasks.every((t) => t.status === "notStarted" && t.deadline === addDays(today, 7) && t.startDate === today)).toBe(true);
    const plan = (await call(`/common/entaskplan/info/${planId}`, { token: admin })).body.data;
    expect(plan).toMatchObject({ taskCount: 12, status: "inProgress" });
    expect(plan.distributedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const before = await eventCount();
    const again = await call(`/common/entaskplan/distribute/${planId}`, { token: admin, method: "POST" });
    expect(again.body.code).toBe(422);
    expect(again.body.msg).toContain("不能重复分发");
    expect(await eventCount()).toBe(before);
    expect(await tasksOf(planId)).toHaveLength(12);

    // each assignee sees their own four in "my tasks"
    const mine = await call("/common/entaskplan/getMyList", { token: await login("wangfang", "Demo@123456"), body: { planId, limit: 50 } });
    expect(mine.body.total).toBe(4);
    expect(mine.body.data.every((r: { receiverId: string }) => r.receiverId === staff[1])).toBe(true);
  });

  it("two distributions at once make one set of tasks", async () => {
    const planId = await makePlan(admin, { targets: enterprises(2), assignees: staff.slice(0, 2) });
    const answers = await Promise.all([1, 2].map(() => call(`/common/entaskplan/distribute/${planId}`, { token: admin, method: "POST" })));
    expect(answers.map((a) => a.body.code).sort()).toEqual([0, 422]);
    expect(await tasksOf(planId)).toHaveLength(4);
  });

  it("a plan without assignees is refused, naming what is missing, in both languages", async () => {
    const planId = await makePlan(admin, { targets: enterprises(1), assignees: [] });
    const before = await eventCount();
    expect((await call(`/common/entaskplan/distribute/${planId}`, { token: admin, method: "POST" })).body).toMatchObject({ code: 422, msg: "计划缺少执行人员 / assignees，无法分发" });
    expect((await call(`/common/entaskplan/distribute/${planId}`, { token: admin, method: "POST", lang: "en-US" })).body.msg).toBe("The plan has no 执行人员 / assignees; it cannot be distributed");
    expect(await eventCount()).toBe(before);
  });
});

describe("board", () => {
  it("moves by exactly one when a task is followed up and done", async () => {
    const planId = await makePlan(admin, { targets: enterprises(3), assignees: [staff[0]] });
    await call(`/common/entaskplan/distribute/${planId}`, { token: admin, method: "POST" });
    const board = async () => (await call("/common/encompanyvisit/taskbBoardIntEnterpriseProportion", { token: admin, body: { planId } })).body.data;
    const start = await board();
    expect(start).toMatchObject({ total: 3, notStarted: 3, inProgress: 0, done: 0, overdue: 0, enterprises: 3, enterprisesDone: 0 });
    const [task] = await tasksOf(planId);
    const zhangwei = await login("zhangwei", "Demo@123456");
    const followed = await call("/common/entaskmsg/updateById", { token: zhangwei, body: { id: task!.id, status: "inProgress", handleResult: "已电话联系" } });
    expect(followed.body.data).toMatchObject({ state: "inProgress" });
    expect(await board()).toMatchObject({ total: 3, notStarted: 2, inProgress: 1, done: 0 });
    await call("/common/entaskmsg/updateById", { token: zhangwei, body: { id: task!.id, status: "done" } });
    const after = await board();
    expect(after).toMatchObject({ total: 3, notStarted: 2, inProgress: 0, done: 1, enterprisesDone: 1 });
    expect(after.states.find((s: { state: string }) => s.state === "done").ratio).toBeCloseTo(1 / 3, 3);
    // the board's summary and the tasks themselves agree state by state
    for (const state of ["notStarted", "inProgress", "done", "overdue"]) {
      expect((await call("/common/entaskplan/taskMsgQueryPage", { token: admin, body: { planId, state } })).body.total, state).toBe(after[state]);
    }
    // done stays done
    expect((await call("/common/entaskmsg/updateById", { token: zhangwei, body: { id: task!.id, status: "inProgress" } })).body.code).toBe(422);
    // the timeline counts it on today, the team view under its assignee
    const days = (await call("/common/encompanyvisit/taskbBoardTimeline", { token: admin, body: { planId, from: addDays(today, -1), to: addDays(today, 8) } })).body.data;
    expect(days.find((d: { date: string }) => d.date === today)).toMatchObject({ done: 1 });
    expect(days.find((d: { date: string }) => d.date === addDays(today, 7))).toMatchObject({ due: 3 });
    const team = (await call("/common/encompanyvisit/queryTaskSt", { token: admin, body: { planId, day: today } })).body.data;
    expect(team).toEqual([expect.objectContaining({ userId: staff[0], total: 3, done: 1, notStarted: 2 })]);
  });

  it("someone else's task is not theirs to follow up", async () => {
    const planId = await makePlan(admin, { targets: enterprises(1), assignees: [staff[0]] });
    await call(`/common/entaskplan/distribute/${planId}`, { token: admin, method: "POST" });
    const [task] = await tasksOf(planId);
    const stranger = await userWithPermissions(admin, ["common:entaskmsg:list"]);
    const before = await eventCount();
    expect((await call("/common/entaskmsg/updateById", { token: stranger.token, body: { id: task!.id, status: "done" } })).body.code).toBe(403);
    expect(await eventCount()).toBe(before);
  });
});

describe("reminders", () => {
  it("an overdue task reminds its assignee once, however often the handler runs; a stale one warns the owner", async () => {
    const owner = await userWithPermissions(admin, ["common:entaskplan:list", "msg:detail:list"]);
    const planId = await makePlan(admin, { targets: enterprises(1), assignees: [staff[2]], startDate: addDays(today, -20), endDate: addDays(today, -2), ownerId: owner.userId });
    await call(`/common/entaskplan/distribute/${planId}`, { token: admin, method: "POST" });
    const stalePlan = await makePlan(admin, { targets: enterprises(1), assignees: [staff[2]], startDate: addDays(today, -10), endDate: addDays(today, 10), ownerId: owner.userId });
    await call(`/common/entaskplan/distribute/${stalePlan}`, { token: admin, method: "POST" });
    const [overdue] = await tasksOf(planId);
    const [stale] = await tasksOf(stalePlan);
    const liuyang = await login("liuyang", "Demo@123456");
    const messages = async (token: string) => (await call("/msg/detail/list?limit=100", { token })).body.data as { title: string; type: string }[];
    const before = (await messages(liuyang)).length;

    const first = await runReminders(env.DB, store, Date.now(), { chunk: 50 });
    expect(first.overdue).toBeGreaterThanOrEqual(1);
    const again = await runReminders(env.DB, store, Date.now(), { chunk: 50 });
    expect(again).toMatchObject({ overdue: 0, due: 0, stale: 0, messages: 0 });

    const ledger = await env.DB.prepare("SELECT kind, user_id AS userId FROM task_reminder WHERE task_id IN (?, ?)").bind(overdue!.id, stale!.id).all<{ kind: string; userId: string }>();
    expect(ledger.results.sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([
      { kind: "overdue", userId: staff[2] },
      { kind: "stale", userId: owner.userId },
    ]);
    const received = await messages(liuyang);
    expect(received.length).toBe(before + 1);
    expect(received[0]!.title).toMatch(/^【任务逾期】您有 \d+ 个任务已逾期$/);
    expect((await messages(owner.token)).map((m) => [m.type, m.title])).toEqual([["task-stale", expect.stringMatching(/超过 3 天未跟进/)]]);

    const warned = await call("/common/entaskmsg/warnList?kind=overdue&limit=100", { token: liuyang });
    expect(warned.body.data.find((w: { taskId: string }) => w.taskId === overdue!.id)).toMatchObject({ kind: "overdue", dueDate: addDays(today, -2), state: "overdue" });
    expect((await call("/common/entaskmsg/warnList", { token: owner.token })).body.total).toBe(1);
  });

  it("names each kind of reminder apart in the message centre, in both languages", async () => {
    const duePlan = await makePlan(admin, { targets: enterprises(1), assignees: [staff[1]], startDate: addDays(today, -3), endDate: today });
    await call(`/common/entaskplan/distribute/${duePlan}`, { token: admin, method: "POST" });
    const overduePlan = await makePlan(admin, { targets: enterprises(1), assignees: [staff[1]], startDate: addDays(today, -9), endDate: addDays(today, -1) });
    await call(`/common/entaskplan/distribute/${overduePlan}`, { token: admin, method: "POST" });
    await runReminders(env.DB, store, Date.now(), { chunk: 50 });
    const wangfang = await login("wangfang", "Demo@123456");
    type Row = { title: string; type: string; typeName: string; templateCode: string };
    const list = async (lang: "zh-CN" | "en-US") => (await call("/msg/detail/list?limit=100", { token: wangfang, lang })).body.data as Row[];
    const zh = await list("zh-CN");
    const due = zh.find((m) => m.templateCode === "taskDue");
    const overdue = zh.find((m) => m.templateCode === "taskOverdue");
    expect(due).toMatchObject({ type: "task-due", typeName: "任务到期提醒", title: expect.stringMatching(/即将到期/) });
    expect(overdue).toMatchObject({ type: "task-overdue", typeName: "任务逾期提醒", title: expect.stringMatching(/已逾期/) });
    const en = await list("en-US");
    expect(en.find((m) => m.templateCode === "taskDue")).toMatchObject({ type: "task-due", typeName: "Task due soon" });
    expect(en.find((m) => m.templateCode === "taskOverdue")).toMatchObject({ type: "task-overdue", typeName: "Task overdue" });
    // the message centre filters by the kind's own type
    const onlyDue = (await call("/msg/detail/list?limit=100&type=task-due", { token: wangfang })).body.data as Row[];
    expect(onlyDue.length).toBeGreaterThan(0);
    expect(new Set(onlyDue.map((m) => m.templateCode))).toEqual(new Set(["taskDue"]));
  });

  it("runs on the cron tick and is offered to scheduled jobs", async () => {
    expect(Object.keys(jobHandlers)).toContain("taskReminders");
    const sources = (await call("/job/schedule/getDataSource", { token: admin })).body.data as { beanName: string; methodName: string }[];
    expect(sources.some((h) => h.beanName === "taskReminder" && h.methodName === "run")).toBe(true);
  });
});

describe("permissions", () => {
  it("refuses each verb without its permission and writes nothing", async () => {
    const planId = await makePlan(admin, { targets: enterprises(1), assignees: [staff[0]] });
    const reader = await userWithPermissions(admin, ["common:entaskplan:list", "common:entaskplan:info"]);
    const before = await eventCount();
    expect((await call(`/common/entaskplan/distribute/${planId}`, { token: reader.token, method: "POST" })).body.code).toBe(403);
    expect(await eventCount()).toBe(before);
    expect((await call("/common/encompanyvisit/taskbBoardIntEnterpriseProportion", { token: reader.token, body: {} })).body.code).toBe(403);
    expect((await call("/common/encompanyvisit/homeIntEnterpriseProportion", { token: reader.token })).body.code).toBe(403);
    expect((await call("/common/entaskmsg/getList", { token: reader.token })).body.code).toBe(403);
    expect((await call(`/common/entaskplan/newInfo/${planId}`, { token: reader.token })).body.code).toBe(0);
    expect((await call("/common/entaskplan/getMyList", { body: {} })).body.code).toBe(401);
  });

  it("names the broken field of a bad filter", async () => {
    const bad = await call("/common/entaskplan/taskMsgQueryPage", { token: admin, body: { visitKind: "nope" } });
    expect(bad.body.code).toBe(422);
    expect(JSON.stringify(bad.body)).toContain("visitKind");
  });
});

describe("demo tasks", () => {
  it("distributes the demo plans across the staff, with tasks in every state", async () => {
    const { seedDemoTasks } = await import("../worker/seed/enterprise-demo/tasks.ts");
    for (let i = 0; i < 12; i++) {
      const saved = await call("/common/enenterprisebasicinfo/save", { token: admin, body: { creditCode: creditCode(), entName: `演示任务企业${i}有限公司`, areaCode: "610100" } });
      expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
    }
    const at = new Date().toISOString();
    const made = await seedDemoTasks(env.DB, store, seedId, at);
    expect(made).toBeGreaterThan(20);
    const ids = await Promise.all([0, 1, 2, 3, 4].map((n) => seedId(`demo-taskplan:${n}`)));
    const board = (await call("/common/encompanyvisit/taskbBoardIntEnterpriseProportion", { token: admin, body: {} })).body.data;
    // every list and count without a filter answers too
    expect((await call("/common/entaskplan/taskMsgQueryPage", { token: admin, body: {} })).body.total).toBe(board.total);
    for (const state of ["notStarted", "inProgress", "done", "overdue", "cancelled"]) expect(board[state], state).toBeGreaterThan(0);
    const { results } = await env.DB.prepare("SELECT DISTINCT receiver_id AS r FROM en_task_msg WHERE task_plan_id IN (SELECT value FROM json_each(?))").bind(JSON.stringify(ids)).all<{ r: string }>();
    expect(results.length).toBeGreaterThanOrEqual(4);
    // every done demo task is done by exactly one visit of its assignee, inside its window, with the archive of its kind
    const done = (
      await env.DB.prepare("SELECT id, receiver_id AS receiverId, start_date AS startDate, deadline, visit_kind AS kind FROM en_task_msg WHERE status = 'done' AND task_plan_id IN (SELECT value FROM json_each(?))")
        .bind(JSON.stringify(ids))
        .all<{ id: string; receiverId: string; startDate: string; deadline: string; kind: "zf" | "fw" | "xq" }>()
    ).results;
    expect(done.length).toBeGreaterThanOrEqual(6);
    const archiveOf = { zf: "zfda", fw: "fwda", xq: "xqda" } as const;
    for (const task of done) {
      const visits = (await env.DB.prepare("SELECT visitor_id AS visitorId, visit_date AS visitDate, archive_type AS archiveType FROM en_company_visit WHERE task_id = ?").bind(task.id).all()).results;
      expect(visits, task.id).toEqual([{ visitorId: task.receiverId, visitDate: expect.any(String), archiveType: archiveOf[task.kind] }]);
      const visitDate = visits[0]!.visitDate as string;
      expect(visitDate >= task.startDate && visitDate <= task.deadline && visitDate <= chinaDate(Date.parse(at)), `${visitDate} in ${task.startDate}..${task.deadline}`).toBe(true);
      const archives = (await call(`/common/envisithistory/getInfoByTaskId/${task.id}`, { token: admin })).body.data as { archiveType: string; visitorId: string }[];
      expect(archives.map((a) => [a.archiveType, a.visitorId])).toEqual([[archiveOf[task.kind], task.receiverId]]);
    }
    expect(new Set(done.map((t) => t.kind))).toEqual(new Set(["zf", "fw", "xq"]));
    // some tasks in progress have their assignee's check-in at the enterprise
    const checkIns = (
      await env.DB.prepare("SELECT c.user_id AS userId, t.receiver_id AS receiverId FROM en_check_in_record c JOIN en_task_msg t ON t.credit_code = c.credit_code AND t.receiver_id = c.user_id WHERE t.status = 'inProgress' AND t.task_plan_id IN (SELECT value FROM json_each(?))")
        .bind(JSON.stringify(ids))
        .all()
    ).results;
    expect(checkIns.length).toBeGreaterThan(0);
    // the fifth plan ends tomorrow: its open tasks are due, not overdue
    const soon = (await call("/common/entaskplan/queryDataStatus", { token: admin, body: { planId: ids[4] } })).body.data;
    expect(soon).toMatchObject({ overdue: 0 });
    expect(soon.total).toBe(6);
  });
});

describe("rebuild", () => {
  it("recreates the reminders' ledger and the board's summary from the log", async () => {
    const snapshot = async () => ({
      reminders: (await env.DB.prepare("SELECT task_id, kind, due_date, user_id, plan_id, msg_id FROM task_reminder ORDER BY task_id, kind").all()).results,
      summary: (await env.DB.prepare("SELECT * FROM task_summary ORDER BY task_plan_id, receiver_id, visit_kind, status, deadline, start_date").all()).results,
    });
    const before = await snapshot();
    expect(before.reminders.length).toBeGreaterThan(0);
    expect(before.summary.length).toBeGreaterThan(0);
    await env.DB.batch([env.DB.prepare("DELETE FROM task_reminder"), env.DB.prepare("DELETE FROM task_summary")]);
    await store.rebuild(env.DB);
    expect(await snapshot()).toEqual(before);
  });
});
