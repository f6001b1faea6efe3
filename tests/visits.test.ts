/**
 * The visits module through the real worker: a visit recorded with a demand against its task changes the
 * counts and the enterprise's history by exactly that (and searches by what was written), the allocation is
 * confirmed before it is committed and committed once (a second commit writes nothing), a check-in's
 * distance, the permission refusals, and bad input named by its field.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { call, creditCode, login, userWithPermissions } from "./helpers.ts";
import { readStream } from "../worker/store/read.ts";
import { seedId } from "../worker/seed/index.ts";
import { addDays, chinaDate } from "../worker/tasks/state.ts";

let admin: string;
let adminId: string;
const eventCount = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM events").first<{ n: number }>())!.n;
const ok = async (path: string, body?: unknown, token = admin) => {
  const answer = await call(path, { token, body });
  if (answer.body.code !== 0) throw new Error(`${path}: ${JSON.stringify(answer.body)}`);
  return answer.body;
};

async function enterprise(extra: Record<string, unknown> = {}) {
  const code = creditCode();
  const entName = `走访测试企业${code.slice(-6)}`;
  const { data } = await ok("/common/enenterprisebasicinfo/save", { creditCode: code, entName, areaCode: "610100", ...extra });
  return { id: data.id as string, creditCode: code, entName };
}
async function task(e: { creditCode: string; entName: string }, receiverId = adminId) {
  const { data } = await ok("/common/entaskmsg/save", { creditCode: e.creditCode, entName: e.entName, title: `走访${e.entName}`, msgType: "visit", receiverId, deadline: "2026-12-31", status: "notStarted" });
  return data.id as string;
}

beforeAll(async () => {
  admin = await login();
  adminId = (await env.DB.prepare("SELECT id FROM sys_user WHERE user_no = 'admin'").first<{ id: string }>())!.id;
});

describe("recording a visit", () => {
  it("records a visit with a demand against its task: counts and history change by exactly that", async () => {
    const e = await enterprise();
    const taskId = await task(e);
    const before = (await ok(`/common/encompanyvisit/visitCount?visitorId=${adminId}`)).data;
    const historyBefore = (await ok(`/common/envisithistory/getHistoryList?creditCode=${e.creditCode}`)).total!;
    const demandsBefore = (await ok("/common/encompanyvisit/getDemandList?limit=1")).total!;

    const { data } = await ok("/common/encompanyvisit/record", {
      taskId,
      visitDate: "2026-03-10",
      visitType: "onsite",
      archiveType: "xqda",
      content: "企业反映扩产缺少标准化厂房",
      demands: "希望协调三千平方米标准化厂房",
      details: { demandType: "land", demandTitle: "标准化厂房" },
      demand: { title: "标准化厂房需求", demandType: "land", content: "三千平方米", toPortal: true, serviceType: "consulting" },
      nextFollowDate: "2026-04-10",
    });

    const after = (await ok(`/common/encompanyvisit/visitCount?visitorId=${adminId}`)).data;
    expect(after.total - before.total).toBe(1);
    expect(after.byArchiveType.xqda - before.byArchiveType.xqda).toBe(1);
    expect(after.byArchiveType.zfda).toBe(before.byArchiveType.zfda);
    expect((await ok(`/common/encompanyvisit/visitCount?creditCode=${e.creditCode}`)).data).toMatchObject({ total: 1, enterprises: 1 });
    expect((await ok(`/common/envisithistory/getHistoryList?creditCode=${e.creditCode}`)).total! - historyBefore).toBe(1);
    expect((await ok("/common/encompanyvisit/getDemandList?limit=1")).total! - demandsBefore).toBe(1);

    const visit = (await ok(`/common/encompanyvisit/getWzf/${data.visitId}`)).data;
    expect(visit.visit).toMatchObject({ taskId, creditCode: e.creditCode, visitorId: adminId, archiveType: "xqda", nextFollowDate: "2026-04-10", status: "visited" });
    expect(visit.archives).toHaveLength(1);
    expect(visit.archives[0]).toMatchObject({ id: data.archiveId, archiveType: "xqda", status: "pending", details: { demandType: "land", demandTitle: "标准化厂房" } });

    // the demand became a portal demand awaiting review and a draft service application
    const demand = (await ok(`/common/portalDemand/info/${data.portalDemandId}`)).data;
    expect(demand).toMatchObject({ creditCode: e.creditCode, title: "标准化厂房需求", demandType: "land", examStatus: "0" });
    const application = (await ok(`/common/tbserviceapplication/info/${data.serviceApplicationId}`)).data;
    expect(application).toMatchObject({ creditCode: e.creditCode, serviceType: "consulting", status: "draft" });
    // the next follow-up is a new task for the same visitor
    const next = (await ok(`/common/entaskmsg/info/${data.nextTaskId}`)).data;
    expect(next).toMatchObject({ creditCode: e.creditCode, receiverId: adminId, deadline: "2026-04-10", status: "notStarted" });
    // the task's archives
    expect((await ok(`/common/envisithistory/getInfoByTaskId/${taskId}`)).data.map((a: { id: string }) => a.id)).toEqual([data.archiveId]);
  });

  it("moves its task to done in the same append: the board and my tasks change by exactly that; a closed task refuses a visit", async () => {
    const zhangweiId = await seedId("user:user-zhangwei");
    const zhangwei = await login("zhangwei", "Demo@123456");
    const [a, b, c] = [await enterprise(), await enterprise(), await enterprise()];
    const today = chinaDate(Date.now());
    const plan = await ok("/common/entaskplan/save", { title: "走访推进任务", planType: "visit", startDate: today, endDate: addDays(today, 5), ownerId: adminId, status: "notStarted", visitKind: "zf", targets: [a, b, c].map(({ creditCode, entName }) => ({ creditCode, entName })), assignees: [zhangweiId] });
    const planId = plan.data.id as string;
    expect((await call(`/common/entaskplan/distribute/${planId}`, { token: admin, method: "POST" })).body.code).toBe(0);
    const { results } = await env.DB.prepare("SELECT id, credit_code AS creditCode FROM en_task_msg WHERE task_plan_id = ?").bind(planId).all<{ id: string; creditCode: string }>();
    const taskOf = (e: { creditCode: string }) => results.find((t) => t.creditCode === e.creditCode)!.id;
    const board = async () => (await ok("/common/encompanyvisit/taskbBoardIntEnterpriseProportion", { planId })).data;
    const mine = async (state: string) => (await ok("/common/entaskplan/getMyList", { planId, state }, zhangwei)).total;
    const visitOn = (taskId: string, content: string) => call("/common/encompanyvisit/record", { token: zhangwei, body: { taskId, visitDate: today, visitType: "onsite", archiveType: "zfda", content, details: { purpose: "p" } } });

    await ok("/common/entaskmsg/updateById", { id: taskOf(a), status: "inProgress" }, zhangwei);
    const start = await board();
    expect(start).toMatchObject({ total: 3, notStarted: 2, inProgress: 1, done: 0 });
    expect([await mine("notStarted"), await mine("inProgress"), await mine("done")]).toEqual([2, 1, 0]);

    // in progress → done
    expect((await visitOn(taskOf(a), "走访了解产能情况")).body.code).toBe(0);
    expect(await board()).toMatchObject({ total: 3, notStarted: 2, inProgress: 0, done: 1, overdue: 0 });
    // not started → done
    const events = await eventCount();
    const second = await visitOn(taskOf(b), "走访了解用工情况");
    expect(second.body.code).toBe(0);
    expect(await board()).toMatchObject({ total: 3, notStarted: 1, inProgress: 0, done: 2, overdue: 0 });
    expect([await mine("notStarted"), await mine("inProgress"), await mine("done")]).toEqual([1, 0, 2]);
    // the task's follow-up, the visit and its archive were one append (one request)
    const appended = (await env.DB.prepare("SELECT stream, meta FROM events WHERE position > (SELECT MAX(position) - 3 FROM events) ORDER BY position").all<{ stream: string; meta: string }>()).results;
    expect(await eventCount()).toBe(events + 3);
    expect(appended.map((e) => e.stream.split(":")[0])).toEqual(["common.entaskmsg", "common.encompanyvisit", "common.envisithistory"]);
    expect(new Set(appended.map((e) => JSON.parse(e.meta).requestId)).size).toBe(1);
    const task = (await ok(`/common/entaskmsg/info/${taskOf(b)}`)).data;
    expect(task).toMatchObject({ status: "done", handleResult: "走访了解用工情况", readFlag: true });
    expect(task.doneAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(task.followUpAt).toBe(task.doneAt);

    // a done task and a cancelled one refuse a visit, in both languages, and nothing is written
    await ok("/common/entaskmsg/updateById", { id: taskOf(c), status: "cancelled" }, zhangwei);
    const before = await eventCount();
    const again = await visitOn(taskOf(b), "再次走访");
    expect(again.body).toMatchObject({ code: 422, msg: "任务已完成或已取消，不能再登记走访（请在未完成的任务上登记）" });
    const cancelled = await call("/common/encompanyvisit/record", { token: zhangwei, lang: "en-US", body: { taskId: taskOf(c), visitDate: today, visitType: "onsite", archiveType: "zfda", content: "x", details: { purpose: "p" } } });
    expect(cancelled.body.msg).toBe("The task is done or cancelled; a visit cannot be recorded against it (record it on an open task)");
    expect(await eventCount()).toBe(before);
    expect(await board()).toMatchObject({ total: 3, notStarted: 0, inProgress: 0, done: 2 });
  });

  it("a refused visit leaves its task as it was", async () => {
    const e = await enterprise();
    const taskId = await task(e);
    const before = await eventCount();
    const refused = await call("/common/encompanyvisit/record", { token: admin, body: { taskId, visitDate: "2026-03-10", visitType: "onsite", archiveType: "fwda", content: "x", details: {} } });
    expect(refused.body.code).toBe(422);
    expect(await eventCount()).toBe(before);
    expect((await ok(`/common/entaskmsg/info/${taskId}`)).data.status).toBe("notStarted");
  });

  it("two visits at once on one task: one is recorded, the other is refused", async () => {
    const e = await enterprise();
    const taskId = await task(e);
    const body = { taskId, visitDate: "2026-03-10", visitType: "onsite", archiveType: "zfda", content: "同时登记", details: { purpose: "p" } };
    const answers = await Promise.all([1, 2].map(() => call("/common/encompanyvisit/record", { token: admin, body })));
    expect(answers.map((a) => a.body.code).sort()).toEqual([0, 422]);
    expect((await ok(`/common/encompanyvisit/visitCount?creditCode=${e.creditCode}`)).data.total).toBe(1);
  });

  it("finds a visit by what was written in it", async () => {
    const e = await enterprise();
    const { data } = await ok("/common/encompanyvisit/record", { taskId: await task(e), visitDate: "2026-03-11", visitType: "phone", archiveType: "zfda", content: "讨论了氢能储运示范项目的进展", details: { purpose: "回访" } });
    const found = await ok(`/common/encompanyvisit/list?keyword=${encodeURIComponent("氢能储运")}`);
    expect(found.data.map((r: { id: string }) => r.id)).toContain(data.visitId);
    const archives = await ok(`/common/envisithistory/list?keyword=${encodeURIComponent("氢能储运")}`);
    expect(archives.data.map((r: { id: string }) => r.id)).toContain(data.archiveId);
  });

  it("names the field of bad input and writes nothing", async () => {
    const e = await enterprise();
    const taskId = await task(e);
    const missing = await call("/common/encompanyvisit/record", { token: admin, body: { taskId, visitDate: "2026-03-10", visitType: "onsite", archiveType: "zfda", content: "" } });
    expect(missing.body.code).toBe(422);
    expect(Object.keys(missing.body.errors ?? {})).toContain("content");
    const badDate = await call("/common/encompanyvisit/record", { token: admin, body: { taskId, visitDate: "10/03/2026", visitType: "onsite", archiveType: "zfda", content: "x", details: { purpose: "p" } } });
    expect(Object.keys(badDate.body.errors ?? {})).toEqual(["visitDate"]);
    const details = await call("/common/encompanyvisit/record", { token: admin, lang: "en-US", body: { taskId, visitDate: "2026-03-10", visitType: "onsite", archiveType: "fwda", content: "x", details: { serviceType: "legal" } } });
    expect(details.body.code).toBe(422);
    expect(Object.keys(details.body.errors ?? {})).toEqual(["details.serviceItem"]);
    expect(details.body.msg).toContain("Service item");
    const follow = await call("/common/encompanyvisit/record", { token: admin, body: { taskId, visitDate: "2026-03-10", visitType: "onsite", archiveType: "zfda", content: "x", details: { purpose: "p" }, nextFollowDate: "2026-03-01" } });
    expect(Object.keys(follow.body.errors ?? {})).toEqual(["nextFollowDate"]);
    const noTask = await call("/common/encompanyvisit/record", { token: admin, body: { taskId: "no-such-task", visitDate: "2026-03-10", visitType: "onsite", archiveType: "zfda", content: "x", details: { purpose: "p" } } });
    expect(noTask.body.code).toBe(404);
    expect((await ok(`/common/encompanyvisit/visitCount?creditCode=${e.creditCode}`)).data.total).toBe(0);
  });

  it("exports an enterprise's archives as a download named in content-disposition", async () => {
    const e = await enterprise();
    await ok("/common/encompanyvisit/record", { taskId: await task(e), visitDate: "2026-03-14", visitType: "onsite", archiveType: "zfda", content: "导出用走访", details: { purpose: "p" } });
    const file = await call("/common/envisithistory/export", { token: admin, body: { filters: { creditCode: e.creditCode } } });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toContain("spreadsheetml");
    expect(decodeURIComponent(file.headers.get("content-disposition") ?? "")).toMatch(/attachment; filename=.*走访历史-\d{8}\.xlsx/);
    const refused = await call("/common/envisithistory/export", { token: (await userWithPermissions(admin, ["common:envisithistory:list"])).token, body: {} });
    expect(refused.body.code).toBe(403);
  });

  it("refuses an update of an archive through another kind's verb", async () => {
    const e = await enterprise();
    const { data } = await ok("/common/encompanyvisit/record", { taskId: await task(e), visitDate: "2026-03-12", visitType: "onsite", archiveType: "zfda", content: "走访", details: { purpose: "p" } });
    const wrong = await call("/common/envisithistory/xqdaUpdate", { token: admin, body: { id: data.archiveId, solution: "x" } });
    expect(wrong.body.code).toBe(422);
    expect(wrong.body.msg).toContain("需求档案");
    const right = await ok("/common/envisithistory/zfdaUpdate", { id: data.archiveId, solution: "已答复" });
    expect(right.data.version).toBe(2);
    expect((await ok(`/common/envisithistory/info/${data.archiveId}`)).data.solution).toBe("已答复");
  });
});

describe("allocation", () => {
  it("commits only after confirming, once: a second commit is refused and writes nothing; the service staff follow", async () => {
    const e = await enterprise();
    const staff = await userWithPermissions(admin, ["common:encheckinrecord:list"]);
    const { data } = await ok("/common/envisituserallocation/save", { creditCode: e.creditCode, entName: e.entName, userId: staff.userId, allocateDate: "2026-03-01", status: "pending" });
    const id = data.id as string;

    const early = await call("/common/envisituserallocation/commit", { token: admin, body: { ids: [id] } });
    expect(early.body.code).toBe(422);
    expect(early.body.msg).toBe("请先确认分配，再提交");
    expect((await ok(`/common/enenterprisebasicinfo/info/${e.id}`)).data.serviceUserId ?? null).toBeNull();

    await ok("/common/envisituserallocation/confirm", { ids: [id] });
    const committed = await ok("/common/envisituserallocation/commit", { ids: [id] });
    expect(committed.data).toEqual({ ids: [id], status: "committed" });
    expect((await ok(`/common/enenterprisebasicinfo/info/${e.id}`)).data.serviceUserId).toBe(staff.userId);

    const allocationStream = (await readStream(env.DB, `common.envisituserallocation:${id}`)).length;
    const masterStream = (await readStream(env.DB, `common.enenterprisebasicinfo:${e.id}`)).length;
    const again = await call("/common/envisituserallocation/commit", { token: admin, lang: "en-US", body: { ids: [id] } });
    expect(again.body.code).toBe(422);
    expect(again.body.msg).toContain("already been committed");
    expect((await readStream(env.DB, `common.envisituserallocation:${id}`)).length).toBe(allocationStream);
    expect((await readStream(env.DB, `common.enenterprisebasicinfo:${e.id}`)).length).toBe(masterStream);
  });

  it("refuses a batch whole when one allocation cannot take the step", async () => {
    const e = await enterprise();
    const save = async () => (await ok("/common/envisituserallocation/save", { creditCode: e.creditCode, entName: e.entName, userId: adminId, allocateDate: "2026-03-01", status: "pending" })).data.id as string;
    const [a, b] = [await save(), await save()];
    await ok("/common/envisituserallocation/confirm", { ids: [a] });
    const mixed = await call("/common/envisituserallocation/commit", { token: admin, body: { ids: [a, b] } });
    expect(mixed.body.code).toBe(422);
    expect((await ok(`/common/envisituserallocation/info/${a}`)).data.status).toBe("confirmed");
    const unknownUser = await call("/common/envisituserallocation/batchUpdateService", { token: admin, body: { ids: [a, b], userId: "nobody" } });
    expect(Object.keys(unknownUser.body.errors ?? {})).toEqual(["userId"]);
  });

  it("checks the permission on the server", async () => {
    const reader = await userWithPermissions(admin, ["common:envisituserallocation:list", "common:envisituserallocation:info"]);
    const e = await enterprise();
    const { data } = await ok("/common/envisituserallocation/save", { creditCode: e.creditCode, entName: e.entName, userId: adminId, allocateDate: "2026-03-01", status: "pending" });
    expect((await call("/common/envisituserallocation/confirm", { token: reader.token, body: { ids: [data.id] } })).body.code).toBe(403);
    expect((await call("/common/encompanyvisit/record", { token: reader.token, body: {} })).body.code).toBe(403);
    // a visitor records their own tasks, not another staff member's
    const visitor = await userWithPermissions(admin, ["common:encompanyvisit:save"]);
    const e2 = await enterprise();
    const body = (taskId: string) => ({ taskId, visitDate: "2026-03-15", visitType: "onsite", archiveType: "zfda", content: "走访", details: { purpose: "p" } });
    expect((await call("/common/encompanyvisit/record", { token: visitor.token, body: body(await task(e2)) })).body.code).toBe(403);
    const own = await call("/common/encompanyvisit/record", { token: visitor.token, body: body(await task(e2, visitor.userId)) });
    expect(own.body.code, JSON.stringify(own.body)).toBe(0);
    expect((await ok(`/common/encompanyvisit/visitCount?creditCode=${e2.creditCode}`)).data.total).toBe(1);
    expect((await call("/common/encheckinrecord/checkIn", { token: reader.token, body: {} })).body.code).toBe(403);
    expect((await ok(`/common/envisituserallocation/info/${data.id}`)).data.status).toBe("pending");
  });
});

describe("check-ins", () => {
  it("records the time, the location and the distance to the enterprise; several per visit", async () => {
    const e = await enterprise({ longitude: 108.9402, latitude: 34.2583 });
    const { data: visit } = await ok("/common/encompanyvisit/record", { taskId: await task(e), visitDate: "2026-03-13", visitType: "onsite", archiveType: "zfda", content: "走访", details: { purpose: "p" } });
    const first = (await ok("/common/encheckinrecord/checkIn", { creditCode: e.creditCode, entName: e.entName, visitId: visit.visitId, checkInType: "in", longitude: 108.9402, latitude: 34.2673, address: "西安市" })).data;
    // 0.009° of latitude ≈ 1,001 m
    expect(first.distanceMeters).toBe(1001);
    expect(first.checkInTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // location refused by the browser: no coordinates, no distance
    const second = (await ok("/common/encheckinrecord/checkIn", { creditCode: e.creditCode, entName: e.entName, visitId: visit.visitId, checkInType: "out" })).data;
    expect(second.distanceMeters).toBeNull();
    const rows = (await ok(`/common/encheckinrecord/getInfoByVisitTableId/${visit.visitId}`)).data;
    // both made within one second: their order is the time's, ties in any order
    expect(rows.map((r: { id: string }) => r.id).sort()).toEqual([first.id, second.id].sort());
    expect(rows.find((r: { id: string }) => r.id === first.id)).toMatchObject({ userId: adminId, distanceMeters: 1001, latitude: 34.2673, checkInType: "in" });
  });

  it("has no distance when the enterprise has no coordinates, and refuses half a location or a file that is not a photo", async () => {
    const e = await enterprise();
    const none = (await ok("/common/encheckinrecord/checkIn", { creditCode: e.creditCode, entName: e.entName, checkInType: "in", longitude: 108.94, latitude: 34.26 })).data;
    expect(none.distanceMeters).toBeNull();
    const half = await call("/common/encheckinrecord/checkIn", { token: admin, body: { creditCode: e.creditCode, entName: e.entName, checkInType: "in", longitude: 108.94 } });
    expect(Object.keys(half.body.errors ?? {})).toEqual(["latitude"]);
    const notPhoto = await call("/common/encheckinrecord/checkIn", { token: admin, body: { creditCode: e.creditCode, entName: e.entName, checkInType: "in", photos: ["no-such-file"] } });
    expect(notPhoto.body.code).toBe(422);
    expect(notPhoto.body.msg).toContain("jpg");
  });
});
