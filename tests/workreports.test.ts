/**
 * Work reports (worker/workreports): writing one per reporter, kind and period, read receipts left by the
 * notified, the department leader's review, and the statistics moving by exactly what is added, filtered
 * by period, department and staff. Seeded people: 陈静 (chenjing) works in 西安市工业和信息化局, led by
 * 王芳 (wangfang); 刘洋 (liuyang) leads another department.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { call, creditCode, login, userWithPermissions } from "./helpers.ts";
import { demoUserPassword, seedId } from "../worker/seed/index.ts";
import { isoWeekOf, periodRange } from "../worker/workreports/rules.ts";
import { spanOf } from "../worker/workreports/span.ts";
import { store } from "../worker/modules.ts";

let admin: string;
let chenjing: string;
let wangfang: string;
let liuyang: string;
let ids: { chenjing: string; wangfang: string; liuyang: string; deptXa: string };

const eventCount = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM events").first<{ n: number }>())!.n;
const report = (over: Record<string, unknown> = {}) => ({ title: "本周工作", reportType: "weekly", period: "2026-W20", content: "走访企业两家，协调融资需求一项", nextPlan: "继续走访", problems: "无", ...over });

beforeAll(async () => {
  admin = await login();
  [chenjing, wangfang, liuyang] = await Promise.all(["chenjing", "wangfang", "liuyang"].map((u) => login(u, demoUserPassword)));
  ids = { chenjing: await seedId("user:user-chenjing"), wangfang: await seedId("user:user-wangfang"), liuyang: await seedId("user:user-liuyang"), deptXa: await seedId("dept:dept-xa-miit") };
});

describe("periods", () => {
  it("name their first and last days, and refuse what is not a period of the kind", () => {
    expect(periodRange("weekly", "2026-W01")).toEqual({ start: "2025-12-29", end: "2026-01-04" });
    expect(periodRange("weekly", "2025-W53")).toBeNull();
    expect(periodRange("weekly", "2026-W53")).toEqual({ start: "2026-12-28", end: "2027-01-03" });
    expect(periodRange("weekly", "2020-W53")).toEqual({ start: "2020-12-28", end: "2021-01-03" });
    expect(periodRange("monthly", "2024-02")).toEqual({ start: "2024-02-01", end: "2024-02-29" });
    expect(periodRange("daily", "2026-02-30")).toBeNull();
    expect(periodRange("quarterly", "2026-Q4")).toEqual({ start: "2026-10-01", end: "2026-12-31" });
    expect(isoWeekOf("2026-11-27")).toBe("2026-W48");
    expect(isoWeekOf("2027-01-01")).toBe("2026-W53");
  });
});

describe("writing", () => {
  it("makes the report the writer's, in their department, and refuses a second one of the same period with nothing written", async () => {
    const saved = await call("/common/enworkreport/save", { token: chenjing, body: report({ reporterId: ids.wangfang, status: "reviewed" }) });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
    expect(saved.body.data.status).toBe("draft");
    const info = await call(`/common/enworkreport/info/${saved.body.data.id}`, { token: chenjing });
    expect(info.body.data).toMatchObject({ reporterId: ids.chenjing, deptId: ids.deptXa, status: "draft", periodStart: "2026-05-11", periodEnd: "2026-05-17", reporterName: "陈静", mayEdit: true, mayReview: false });

    const before = await eventCount();
    const again = await call("/common/enworkreport/save", { token: chenjing, body: report({ title: "又一份" }) });
    expect(again.body.code).toBe(422);
    expect(again.body.msg).toBe("陈静已有报告期 2026-W20 的周报，不能重复填写，请编辑原报告");
    const english = await call("/common/enworkreport/save", { token: chenjing, lang: "en-US", body: report({ title: "又一份" }) });
    expect(english.body.msg).toBe("陈静 already has a weekly report for 2026-W20; edit that report instead of writing another");
    expect(await eventCount()).toBe(before);
    // another kind of the same days is another report
    const monthly = await call("/common/enworkreport/save", { token: chenjing, body: report({ reportType: "monthly", period: "2026-05" }) });
    expect(monthly.body.code).toBe(0);
  });

  it("names the field and the rule of a bad period or an unknown person, and writes nothing", async () => {
    const before = await eventCount();
    const bad = await call("/common/enworkreport/save", { token: chenjing, body: report({ period: "2026-W60" }) });
    expect(bad.body.code).toBe(422);
    expect(bad.body.errors!.period).toBe("报告期应为 YYYY-Www，例如 2026-W48");
    const nobody = await call("/common/enworkreport/save", { token: chenjing, body: report({ period: "2026-W21", notifyUserIds: ["no-such-user"] }) });
    expect(nobody.body.errors!.notifyUserIds).toContain("no-such-user");
    const empty = await call("/common/enworkreport/save", { token: chenjing, body: report({ period: "2026-W21", content: "" }) });
    expect(empty.body.errors!.content).toBe("报告内容不能为空");
    expect(await eventCount()).toBe(before);
  });

  it("lets only the reporter change a report, and nobody once it is reviewed", async () => {
    const saved = await call("/common/enworkreport/save", { token: chenjing, body: report({ period: "2026-W22", submit: true }) });
    const id = saved.body.data.id;
    const other = await call("/common/enworkreport/update", { token: wangfang, body: report({ id, period: "2026-W22", content: "改写" }) });
    expect(other.body.code).toBe(403);
    expect((await call("/common/enworkreport/review", { token: wangfang, body: { id, verdict: "approve" } })).body.code).toBe(0);
    const locked = await call("/common/enworkreport/update", { token: chenjing, body: report({ id, period: "2026-W22", content: "改写" }) });
    expect(locked.body.msg).toBe("已审阅的工作报告不能修改");
    expect((await call("/common/enworkreport/delete", { token: chenjing, body: [id] })).body.code).toBe(422);
    // the history's revert brings back what the reporter wrote, never the state before the review
    const reverted = await call(`/common/enworkreport/revert/${id}`, { token: admin, body: { version: 1 } });
    expect([0, 422]).toContain(reverted.body.code);
    const after = (await call(`/common/enworkreport/info/${id}`, { token: admin })).body.data;
    expect(after).toMatchObject({ status: "reviewed", reviewerId: expect.any(String), reviewTime: expect.any(String) });
  });
});

describe("read receipts", () => {
  it("are left when a notified person opens the report, once, and shown to the reporter", async () => {
    const saved = await call("/common/enworkreport/save", { token: chenjing, body: report({ period: "2026-W23", notifyUserIds: [ids.liuyang, ids.wangfang], submit: true }) });
    const id = saved.body.data.id;
    const unread = (await call(`/common/enworkreport/info/${id}`, { token: chenjing })).body.data;
    expect(unread.readers.map((r: { readTime: string | null }) => r.readTime)).toEqual([null, null]);
    const before = await eventCount();
    await call(`/common/enworkreport/info/${id}`, { token: liuyang });
    await call(`/common/enworkreport/info/${id}`, { token: liuyang });
    expect(await eventCount()).toBe(before + 1);
    // the reporter opening it leaves nothing: they are not notified
    await call(`/common/enworkreport/info/${id}`, { token: chenjing });
    expect(await eventCount()).toBe(before + 1);
    const read = (await call(`/common/enworkreport/info/${id}`, { token: chenjing })).body.data.readers;
    expect(read).toEqual([
      { userId: ids.liuyang, name: "刘洋", readTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) },
      { userId: ids.wangfang, name: "王芳", readTime: null },
    ]);
    const mine = (await call("/common/enworkreport/mine?reportType=weekly&from=2026-06-01&to=2026-06-07", { token: chenjing })).body;
    expect(mine.data.map((r: { id: string }) => r.id)).toEqual([id]);
    expect(mine.data[0]).toMatchObject({ notifiedCount: 2, readCount: 1 });
  });
});

describe("review", () => {
  it("is the leader's: approve, or return with an opinion; others and the reporter are refused with nothing written", async () => {
    const saved = await call("/common/enworkreport/save", { token: chenjing, body: report({ period: "2026-W24", submit: true }) });
    const id = saved.body.data.id;
    const before = await eventCount();
    const stranger = await call("/common/enworkreport/review", { token: liuyang, body: { id, verdict: "approve" } });
    expect(stranger.body.code).toBe(403);
    expect(stranger.body.msg).toBe("只有报告人所在部门的负责人（王芳）可以审阅该报告");
    expect((await call("/common/enworkreport/review", { token: chenjing, body: { id, verdict: "approve" } })).body.code).toBe(403);
    expect((await call("/common/enworkreport/review", { token: admin, body: { id, verdict: "approve" } })).body.code).toBe(403);
    const noOpinion = await call("/common/enworkreport/review", { token: wangfang, body: { id, verdict: "return" } });
    expect(noOpinion.body.errors!.opinion).toBe("审阅意见不能为空");
    expect(await eventCount()).toBe(before);

    const waiting = (await call("/common/enworkreport/reviewList?status=submitted&limit=100", { token: wangfang })).body.data;
    expect(waiting.map((r: { id: string }) => r.id)).toContain(id);
    expect((await call(`/common/enworkreport/info/${id}`, { token: wangfang })).body.data.mayReview).toBe(true);
    const returned = await call("/common/enworkreport/review", { token: wangfang, body: { id, verdict: "return", opinion: "请补充走访企业名单" } });
    expect(returned.body.data.status).toBe("returned");
    expect((await call("/common/enworkreport/review", { token: wangfang, body: { id, verdict: "approve" } })).body.msg).toBe("只有已提交、待审阅的工作报告可以审阅");
    // edited and submitted again, the earlier review is cleared, and the leader approves it
    const resubmitted = await call("/common/enworkreport/update", { token: chenjing, body: report({ id, period: "2026-W24", content: "补充了名单", submit: true }) });
    expect(resubmitted.body.data.status).toBe("submitted");
    const cleared = (await call(`/common/enworkreport/info/${id}`, { token: chenjing })).body.data;
    expect(cleared).toMatchObject({ reviewerId: null, reviewOpinion: null });
    expect((await call("/common/enworkreport/review", { token: wangfang, body: { id, verdict: "approve", opinion: "同意" } })).body.data.status).toBe("reviewed");
    const done = (await call(`/common/enworkreport/info/${id}`, { token: chenjing })).body.data;
    expect(done).toMatchObject({ status: "reviewed", reviewerId: ids.wangfang, reviewerName: "王芳", reviewOpinion: "同意" });
  });

  it("has nobody for a leader's own report", async () => {
    const saved = await call("/common/enworkreport/save", { token: wangfang, body: report({ period: "2026-W25", submit: true }) });
    const answer = await call("/common/enworkreport/review", { token: wangfang, body: { id: saved.body.data.id, verdict: "approve" } });
    expect(answer.body.msg).toBe("报告人所在部门没有其他负责人，该报告无人可以审阅");
  });
});

describe("statistics", () => {
  const visit = (visitorId: string, visitDate: string, visitType = "onsite", code = creditCode()) => ({ creditCode: code, entName: "统计走访企业有限公司", visitDate, visitorId, visitType, status: "visited" });
  const training = (recorderUserId: string, trainingDate: string) => ({ creditCode: creditCode(), entName: "统计培训企业有限公司", title: "政策宣讲", trainingType: "policy", trainingDate, participantCount: 12, recorderUserId });
  const stat = async (path: string, query: string) => {
    const answer = await call(`/common/enworkreport/${path}?${query}`, { token: admin });
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(0);
    return answer.body;
  };

  it("move by exactly one when a visit or a training is added, in its month, department and staff", async () => {
    const q = `from=2025-01-01&to=2025-01-31&deptId=${ids.deptXa}`;
    const before = (await stat("statCount", q)).data;
    const staffBefore = (await stat("visitList", `${q}&staffId=${ids.chenjing}`)).data;
    const deptBefore = (await stat("jgStatCount", q)).data;
    expect((await call("/common/encompanyvisit/save", { token: admin, body: visit(ids.chenjing, "2025-01-15", "phone") })).body.code).toBe(0);
    expect((await call("/common/encompanytraining/save", { token: admin, body: training(ids.chenjing, "2025-01-20") })).body.code).toBe(0);
    const after = (await stat("statCount", q)).data;
    expect(after.visits).toBe(before.visits + 1);
    expect(after.visitedEnterprises).toBe(before.visitedEnterprises + 1);
    expect(after.trainings).toBe(before.trainings + 1);
    expect(after.trainingParticipants).toBe(before.trainingParticipants + 12);
    expect(after.months.find((m: { month: string }) => m.month === "2025-01")).toMatchObject({ visits: (before.months[0]?.visits ?? 0) + 1, trainings: (before.months[0]?.trainings ?? 0) + 1 });
    const staffAfter = (await stat("visitList", `${q}&staffId=${ids.chenjing}`)).data;
    expect(staffAfter).toEqual([expect.objectContaining({ staffId: ids.chenjing, staffName: "陈静", deptId: ids.deptXa, visits: (staffBefore[0]?.visits ?? 0) + 1 })]);
    expect(staffAfter[0].byType.phone).toBe((staffBefore[0]?.byType.phone ?? 0) + 1);
    const deptAfter = (await stat("jgStatCount", q)).data;
    expect(deptAfter).toHaveLength(1);
    expect(deptAfter[0].visits).toBe((deptBefore[0]?.visits ?? 0) + 1);
    expect(deptAfter[0].trainings).toBe((deptBefore[0]?.trainings ?? 0) + 1);
    const trainers = (await stat("trainingList", `${q}&staffId=${ids.chenjing}`)).data;
    expect(trainers[0]).toMatchObject({ staffId: ids.chenjing, byType: { policy: expect.any(Number) } });
  });

  it("filter by period, department and staff", async () => {
    const code = creditCode();
    for (const v of [visit(ids.chenjing, "2024-03-01", "onsite", code), visit(ids.chenjing, "2024-03-31", "onsite", code), visit(ids.chenjing, "2024-04-01"), visit(ids.liuyang, "2024-03-10"), visit(ids.wangfang, "2024-03-11", "video")]) {
      expect((await call("/common/encompanyvisit/save", { token: admin, body: v })).body.code).toBe(0);
    }
    const march = (await stat("statCount", "from=2024-03-01&to=2024-03-31")).data;
    expect(march).toMatchObject({ visits: 4, visitedEnterprises: 3 });
    expect(march.visitTypes).toEqual([{ value: "onsite", count: 3 }, { value: "video", count: 1 }]);
    expect((await stat("statCount", `from=2024-03-01&to=2024-03-31&deptId=${ids.deptXa}`)).data.visits).toBe(3);
    expect((await stat("statCount", `from=2024-03-01&to=2024-03-31&staffId=${ids.chenjing}`)).data).toMatchObject({ visits: 2, visitedEnterprises: 1 });
    expect((await stat("statCount", `from=2024-03-01&to=2024-04-30&staffId=${ids.chenjing}`)).data.months.map((m: { month: string; visits: number }) => [m.month, m.visits])).toEqual([["2024-03", 2], ["2024-04", 1]]);
    const staff = await stat("visitList", "from=2024-03-01&to=2024-03-31&limit=2");
    expect(staff.total).toBe(3);
    expect(staff.data.map((r: { staffName: string }) => r.staffName)).toEqual(["陈静", "刘洋"]);
    const depts = (await stat("jgStatCount", "from=2024-03-01&to=2024-03-31")).data;
    expect(depts.find((d: { deptId: string }) => d.deptId === ids.deptXa)).toMatchObject({ visits: 3, visitedEnterprises: 2 });
    const bad = await call("/common/enworkreport/statCount?from=2024-04-01&to=2024-03-01", { token: admin });
    expect(bad.body.code).toBe(422);
    expect(bad.body.errors!.to).toBeDefined();
    expect((await call("/common/enworkreport/statCount?from=2024-4-1", { token: admin })).body.errors!.from).toBeDefined();
  });
});

describe("visit rollup", () => {
  const rollup = async () => (await env.DB.prepare("SELECT month, visitor_id, visit_type, n FROM visit_rollup ORDER BY 1, 2, 3").all()).results;
  // the same figures counted directly from the visits
  const recount = async () => (await env.DB.prepare("SELECT substr(visit_date, 1, 7) AS month, visitor_id, visit_type, COUNT(*) AS n FROM en_company_visit GROUP BY 1, 2, 3 ORDER BY 1, 2, 3").all()).results;
  const ok = async (path: string, body: unknown) => {
    const answer = await call(path, { token: admin, body });
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(0);
    return answer.body;
  };

  it("split a period into its whole months and the days at either end", () => {
    expect(spanOf({ from: "2025-01-01", to: "2025-12-31" })).toEqual({ months: { from: "2025-01", to: "2025-12" }, edges: [] });
    expect(spanOf({})).toEqual({ months: {}, edges: [] });
    expect(spanOf({ from: "2024-02-15", to: "2024-05-10" })).toEqual({ months: { from: "2024-03", to: "2024-04" }, edges: [{ from: "2024-02-15", before: "2024-03-01" }, { from: "2024-05-01", to: "2024-05-10" }] });
    expect(spanOf({ from: "2024-12-02", to: "2025-01-30" })).toEqual({ edges: [{ from: "2024-12-02", to: "2025-01-30" }] });
    expect(spanOf({ to: "2024-02-28" })).toEqual({ months: { to: "2024-01" }, edges: [{ from: "2024-02-01", to: "2024-02-28" }] });
    expect(spanOf({ to: "2024-02-29" })).toEqual({ months: { to: "2024-02" }, edges: [] });
    expect(spanOf({ from: "2025-12-31" })).toEqual({ months: { from: "2026-01" }, edges: [{ from: "2025-12-31", before: "2026-01-01" }] });
  });

  it("equal a direct recount after creates, updates, deletes and restores, and after a rebuild", async () => {
    const code = creditCode();
    const made: string[] = [];
    for (const [visitorId, visitDate, visitType, c] of [
      [ids.chenjing, "2023-05-02", "onsite", code],
      [ids.chenjing, "2023-05-20", "phone", code],
      [ids.liuyang, "2023-05-31", "video", code],
      [ids.wangfang, "2023-06-01", "onsite", creditCode()],
    ] as const) made.push((await ok("/common/encompanyvisit/save", { creditCode: c, entName: "汇总走访企业有限公司", visitDate, visitorId, visitType, status: "visited" })).data.id);
    await ok("/common/encompanyvisit/update", { id: made[0], visitDate: "2023-06-03" });
    await ok("/common/encompanyvisit/update", { id: made[1], visitorId: ids.liuyang, visitType: "onsite" });
    await ok("/common/encompanyvisit/update", { id: made[2], status: "visited", content: "no key changes" });
    await ok("/common/encompanyvisit/delete", [made[3]]);
    await ok("/common/encompanyvisit/delete", [made[2]]);
    await ok(`/common/encompanyvisit/restore/${made[2]}`, {});
    const kept = await rollup();
    expect(kept).toEqual(await recount());
    expect(kept).toContainEqual({ month: "2023-05", visitor_id: ids.liuyang, visit_type: "onsite", n: 1 });
    expect(kept).toContainEqual({ month: "2023-06", visitor_id: ids.chenjing, visit_type: "onsite", n: 1 });
    expect(kept.some((r) => r.month === "2023-06" && r.visitor_id === ids.wangfang)).toBe(false);
    // answers over a period with partial months at both ends match the visits counted directly
    const direct = (await env.DB.prepare("SELECT COUNT(*) AS visits, COUNT(DISTINCT credit_code) AS enterprises FROM en_company_visit WHERE visit_date BETWEEN '2023-05-20' AND '2023-06-15'").first<{ visits: number; enterprises: number }>())!;
    const answer = (await call("/common/enworkreport/statCount?from=2023-05-20&to=2023-06-15", { token: admin })).body.data;
    expect({ visits: answer.visits, enterprises: answer.visitedEnterprises }).toEqual(direct);
    await env.DB.prepare("DELETE FROM visit_rollup").run();
    await store.rebuild(env.DB);
    expect(await rollup()).toEqual(kept);
  });
});

describe("permissions", () => {
  it("refuse writing, reviewing and statistics to those without the tags", async () => {
    const reader = await userWithPermissions(admin, ["common:enworkreport:list", "common:enworkreport:info"]);
    const before = await eventCount();
    expect((await call("/common/enworkreport/save", { token: reader.token, body: report({ period: "2026-W30" }) })).body.code).toBe(403);
    expect((await call("/common/enworkreport/review", { token: reader.token, body: { id: "x", verdict: "approve" } })).body.code).toBe(403);
    expect(await eventCount()).toBe(before);
    expect((await call("/common/enworkreport/statCount", { token: reader.token })).body.code).toBe(0);
    const outsider = await userWithPermissions(admin, ["common:encompanyvisit:list"]);
    for (const path of ["statCount", "jgStatCount", "visitList", "trainingList", "roadshowList", "mine", "reviewList"]) {
      expect((await call(`/common/enworkreport/${path}`, { token: outsider.token })).body.code, path).toBe(403);
    }
    expect((await call("/common/enworkreport/statCount")).body.code).toBe(401);
  });
});

describe("demo region", () => {
  it("gives every demo member of staff reports of past periods, read receipts, reviews by the leader only, the same on every run", async () => {
    const { workReportDemo } = await import("../worker/seed/enterprise-demo/workreports.ts");
    const at = "2026-11-27T08:00:00.000Z";
    const demo = await workReportDemo(seedId, at);
    expect(JSON.stringify((await workReportDemo(seedId, at)).writes)).toBe(JSON.stringify(demo.writes));
    const records = demo.writes.filter((w) => w.stream.startsWith("common.enworkreport:")).map((w) => w.events[0]!.data.record as Record<string, string | null>);
    expect(records).toHaveLength(demo.count);
    expect(new Set(records.map((r) => r.reporterId)).size).toBe(6);
    expect(new Set(records.map((r) => `${r.reporterId}|${r.reportType}|${r.period}`)).size).toBe(records.length);
    expect(new Set(records.map((r) => r.status))).toEqual(new Set(["draft", "submitted", "reviewed", "returned"]));
    // the present week is left to write, and nothing is dated after the seed time
    expect(records.some((r) => r.period === "2026-W48")).toBe(false);
    for (const r of records) expect(r.periodEnd! < "2026-11-27", r.period!).toBe(true);
    // only 陈静 has a leader other than herself (王芳): only her reports are reviewed, by 王芳
    for (const r of records.filter((r) => r.reviewerId)) expect([r.reporterId, r.reviewerId]).toEqual([ids.chenjing, ids.wangfang]);
    expect(demo.writes.filter((w) => w.stream.startsWith("workreport.read:")).length).toBeGreaterThan(20);
  });
});
