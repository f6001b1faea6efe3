/**
 * Scheduled jobs: a job due at noon runs once at noon (and a missed run once after an outage), a paused job
 * not at all, run-now once, two overlapping ticks run it once; save refuses an unregistered handler, an
 * invalid cron expression and params its handler's schema refuses, writing nothing; a failing handler
 * leaves a failed log and an abnormal record; the permission tags guard the verbs. Ticks are called with
 * chosen times through runDueJobs (the cron entry's own function), never by sleeping.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { l } from "../events/family.ts";
import { jobSchedule } from "../events/families/jobs.ts";
import type { RegisteredHandler } from "../worker/jobs/handler.ts";
import { runDueJobs } from "../worker/jobs/run.ts";
import { newCreate } from "../worker/resources/commands.ts";
import { registeredJobHandlers, store } from "../worker/modules.ts";
import { call, login, userWithPermissions } from "./helpers.ts";

let admin: string;
beforeAll(async () => {
  admin = await login();
});

const noon = "0 0 12 * * ?";
const day = 24 * 60 * 60 * 1000;
const eventCount = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM events").first<{ n: number }>())!.n;
const logsOf = async (jobId: string) =>
  (await env.DB.prepare("SELECT * FROM job_log WHERE job_id = ? ORDER BY start_time").bind(jobId).all<Record<string, unknown>>()).results;
const triggerOf = async (jobId: string) => env.DB.prepare("SELECT * FROM job_trigger WHERE job_id = ?").bind(jobId).first<{ next_run_at: number | null; paused: number }>();

/** The next noon in China after now (the expression's zone). */
function nextChinaNoon(after = Date.now()): number {
  const offset = 8 * 3_600_000;
  const startOfDay = Math.floor((after + offset) / day) * day - offset;
  const noonToday = startOfDay + 12 * 3_600_000;
  return noonToday > after ? noonToday : noonToday + day;
}

/** A handler counting its calls, registered only for the tick that receives it. */
function counting(bean: string, method: string) {
  const calls: number[] = [];
  const handler: RegisteredHandler = {
    bean,
    method,
    label: l("计数", "Counting"),
    params: z.object({}),
    async run(ctx) {
      calls.push(ctx.now);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { read: 2, written: 1, message: "counted" };
    },
  };
  return { calls, handler };
}

async function saveJob(body: Record<string, unknown>) {
  const answer = await call("/job/schedule/save", { token: admin, body: { jobName: "测试任务", beanName: "systemTask", methodName: "cleanImportResults", cronExpression: noon, ...body } });
  return answer;
}

/** A job on a test-only handler, written as the event the save would write (save itself only knows registered handlers). */
async function jobOnTestHandler(bean: string, method: string, cron = noon): Promise<string> {
  const id = crypto.randomUUID();
  await store.append(env.DB, [newCreate(jobSchedule, { jobName: `test ${method}`, beanName: bean, methodName: method, cronExpression: cron, params: {}, status: "0" }, id)], {
    actorId: null,
    actorName: "test",
    requestId: crypto.randomUUID(),
    ip: null,
    at: new Date().toISOString(),
  });
  return id;
}

describe("running by the cron expression", () => {
  it("runs a job due at noon once at noon, not before, not twice, and a missed run once", async () => {
    const { calls, handler } = counting("testTask", "noon");
    const handlers = [...registeredJobHandlers, handler];
    const jobId = await jobOnTestHandler("testTask", "noon");
    const noonAt = nextChinaNoon();
    await runDueJobs(env, store, noonAt - 60_000, handlers); // schedules it from that tick's now
    expect(calls).toEqual([]);
    expect((await triggerOf(jobId))!.next_run_at).toBe(noonAt);

    await runDueJobs(env, store, noonAt, handlers);
    await runDueJobs(env, store, noonAt + 60_000, handlers);
    expect(calls).toEqual([noonAt]);
    const [log] = await logsOf(jobId);
    expect(log).toMatchObject({ trigger: "cron", status: "success", read: 2, written: 1, message: "counted" });
    expect((await triggerOf(jobId))!.next_run_at).toBe(noonAt + day);

    // an outage of three days: the missed noons run once, then the next noon after that tick
    const late = noonAt + 3 * day + 3_600_000;
    await runDueJobs(env, store, late, handlers);
    await runDueJobs(env, store, late + 60_000, handlers);
    expect(calls).toEqual([noonAt, late]);
    expect((await triggerOf(jobId))!.next_run_at).toBe(noonAt + 4 * day);
  });

  it("runs a job once when two ticks overlap", async () => {
    const { calls, handler } = counting("testTask", "overlap");
    const handlers = [...registeredJobHandlers, handler];
    const jobId = await jobOnTestHandler("testTask", "overlap");
    const noonAt = nextChinaNoon();
    await runDueJobs(env, store, noonAt - 60_000, handlers);
    await Promise.all([runDueJobs(env, store, noonAt, handlers), runDueJobs(env, store, noonAt, handlers), runDueJobs(env, store, noonAt + 1_000, handlers)]);
    expect(calls.length).toBe(1);
    expect((await logsOf(jobId)).length).toBe(1);
  });

  it("does not run a paused job; resuming schedules it from now", async () => {
    const { calls, handler } = counting("testTask", "paused");
    const handlers = [...registeredJobHandlers, handler];
    const jobId = await jobOnTestHandler("testTask", "paused");
    const paused = await call("/job/schedule/pause", { token: admin, body: { ids: [jobId] } });
    expect(paused.body).toMatchObject({ code: 0, data: { changed: 1 } });
    const info = await call(`/job/schedule/info/${jobId}`, { token: admin });
    expect(info.body.data).toMatchObject({ status: "1", nextRunTime: null });
    expect(await triggerOf(jobId)).toMatchObject({ paused: 1, next_run_at: null });

    const noonAt = nextChinaNoon();
    await runDueJobs(env, store, noonAt, handlers);
    await runDueJobs(env, store, noonAt + 2 * day, handlers);
    expect(calls).toEqual([]);
    expect(await logsOf(jobId)).toEqual([]);

    const resumed = await call("/job/schedule/resume", { token: admin, body: [jobId] });
    expect(resumed.body.code).toBe(0);
    const after = await call(`/job/schedule/info/${jobId}`, { token: admin });
    expect(after.body.data.status).toBe("0");
    expect(after.body.data.nextRunTime).toMatch(/^\d{4}-\d{2}-\d{2} 12:00:00$/);
    expect((await triggerOf(jobId))!.next_run_at).toBe(nextChinaNoon());
    // history names the commands
    const history = await call(`/job/schedule/history/${jobId}`, { token: admin });
    expect(history.body.data.map((e: { action: string }) => e.action)).toEqual(["created", "pause", "resume"]);
  });

  it("a failing handler leaves a failed log and an abnormal record", async () => {
    const failing: RegisteredHandler = { bean: "testTask", method: "explode", label: l("失败", "Fails"), params: z.object({}), run: async () => { throw new Error("source unreachable"); } };
    const jobId = await jobOnTestHandler("testTask", "explode");
    const noonAt = nextChinaNoon();
    await runDueJobs(env, store, noonAt - 60_000, [...registeredJobHandlers, failing]);
    await runDueJobs(env, store, noonAt, [...registeredJobHandlers, failing]);
    const [log] = await logsOf(jobId);
    expect(log).toMatchObject({ status: "failure", error: "source unreachable" });
    expect(log!.end_time).not.toBeNull();
    const records = await call(`/job/abnormalrecord/list?jobId=${jobId}`, { token: admin });
    expect(records.body.total).toBe(1);
    expect(records.body.data[0]).toMatchObject({ jobId, logId: log!.log_id, beanName: "testTask", methodName: "explode", errorMessage: "source unreachable", handleStatus: "unhandled" });
    // the log reads through the API too
    const viaApi = await call(`/job/scheduleLog/list?jobId=${jobId}&status=failure`, { token: admin });
    expect(viaApi.body.total).toBe(1);
    expect(viaApi.body.data[0]).toMatchObject({ logId: log!.log_id, status: "failure", error: "source unreachable", trigger: "cron" });
    const one = await call(`/job/scheduleLog/info/${log!.log_id}`, { token: admin });
    expect(one.body.data.startTime).toMatch(/^\d{4}-\d{2}-\d{2} 12:00:00$/);
  });
});

describe("saving and commanding jobs", () => {
  it("saves a job on a registered handler with its next run, and runs it now once", async () => {
    const saved = await saveJob({ jobName: "清理导入结果", params: { olderThanHours: 48 } });
    expect(saved.body.code).toBe(0);
    const jobId = saved.body.data.jobId as string;
    const info = await call(`/job/schedule/info/${jobId}`, { token: admin });
    expect(info.body.data).toMatchObject({ jobId, status: "0", params: { olderThanHours: 48 }, cronExpression: noon });
    expect(info.body.data.nextRunTime).toMatch(/ 12:00:00$/);
    const list = await call("/job/schedule/list?jobName=清理导入结果", { token: admin });
    expect(list.body.data.find((r: { jobId: string }) => r.jobId === jobId).nextRunTime).toBe(info.body.data.nextRunTime);

    const before = (await triggerOf(jobId))!.next_run_at;
    const run = await call("/job/schedule/run", { token: admin, body: { ids: [jobId] } });
    expect(run.body).toMatchObject({ code: 0, data: [{ jobId, status: "success" }] });
    const logs = await logsOf(jobId);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ trigger: "manual", status: "success", params: JSON.stringify({ olderThanHours: 48 }) });
    expect((await triggerOf(jobId))!.next_run_at).toBe(before); // run-now leaves the schedule alone
    const all = await call(`/job/scheduleLog/allList?jobId=${jobId}`, { token: admin });
    expect(all.body.data).toHaveLength(1);
  });

  it("refuses a handler outside the registered list, naming the field, and writes nothing", async () => {
    const before = await eventCount();
    const answer = await saveJob({ beanName: "runtime", methodName: "exec", params: { cmd: "rm -rf /" } });
    expect(answer.body.code).toBe(422);
    expect(answer.body.errors?.beanName).toContain("runtime.exec");
    // nor can a spreadsheet import slip one in
    const imported = await call("/job/schedule/excel/import", { token: admin, body: { importId: crypto.randomUUID(), chunk: 0, mode: "all", rows: [{ jobName: "x", beanName: "runtime", methodName: "exec", cronExpression: noon }] } });
    expect(imported.body.code).toBe(422);
    expect(await eventCount()).toBe(before);
  });

  it("refuses params the handler's schema refuses and invalid cron expressions, and requires bean, method and cron", async () => {
    const before = await eventCount();
    const params = await saveJob({ params: { olderThanHours: "soon" } });
    expect(params.body.code).toBe(422);
    expect(Object.keys(params.body.errors ?? {})).toEqual(["params.olderThanHours"]);
    const cron = await saveJob({ cronExpression: "0 0 25 * * ?" });
    expect(cron.body.code).toBe(422);
    expect(cron.body.errors?.cronExpression).toContain("cron表达式");
    const fields = await saveJob({ cronExpression: "every day" });
    expect(fields.body.errors?.cronExpression).toBeTruthy();
    const empty = await call("/job/schedule/save", { token: admin, body: { jobName: "x" } });
    expect(empty.body.code).toBe(422);
    expect(empty.body.errors).toMatchObject({ beanName: "bean名称不能为空", methodName: "方法名称不能为空", cronExpression: "cron表达式不能为空" });
    expect(await eventCount()).toBe(before);
  });

  it("updating the cron expression reschedules; status is changed only by pause and resume", async () => {
    const saved = await saveJob({ jobName: "改时间" });
    const jobId = saved.body.data.jobId as string;
    const updated = await call("/job/schedule/update", { token: admin, body: { jobId, cronExpression: "0 30 8 * * ?", status: "1" } });
    expect(updated.body.code).toBe(0);
    const info = await call(`/job/schedule/info/${jobId}`, { token: admin });
    expect(info.body.data).toMatchObject({ status: "0", cronExpression: "0 30 8 * * ?" });
    expect(info.body.data.nextRunTime).toMatch(/ 08:30:00$/);
    const deleted = await call("/job/schedule/delete", { token: admin, body: { ids: [jobId] } });
    expect(deleted.body.code).toBe(0);
    expect(await triggerOf(jobId)).toBeNull();
  });

  it("previews a cron expression in both languages with its next runs", async () => {
    const good = await call(`/job/schedule/nextRuns?cron=${encodeURIComponent(noon)}&count=3`, { token: admin });
    expect(good.body.data.valid).toBe(true);
    expect(good.body.data.reading["zh-CN"]).toContain("12:00");
    expect(good.body.data.reading["en-US"]).toContain("12:00");
    expect(good.body.data.next).toHaveLength(3);
    for (const at of good.body.data.next) expect(at).toMatch(/ 12:00:00$/);
    const bad = await call(`/job/schedule/nextRuns?cron=${encodeURIComponent("61 * * * *")}`, { token: admin, lang: "en-US" });
    expect(bad.body.data).toMatchObject({ valid: false, next: [] });
    expect(bad.body.data.error).toContain("Cron expression");
  });

  it("reads Quartz's start/step as croner's range step, and every seeded job has a next run", async () => {
    const quarter = await call(`/job/schedule/nextRuns?cron=${encodeURIComponent("0 0/15 * * * ?")}&count=4`, { token: admin });
    expect(quarter.body.data.valid).toBe(true);
    expect(quarter.body.data.next.map((at: string) => at.slice(14))).toEqual(expect.arrayContaining([expect.stringMatching(/^(00|15|30|45):00$/)]));
    for (const at of quarter.body.data.next) expect(at.slice(14)).toMatch(/^(00|15|30|45):00$/);
    const seeded = await call("/job/schedule/list?page=1&limit=50", { token: admin });
    const names = ["每天中午清理过期导入结果", "同步外部数据（全部同步列表）", "每天凌晨清理 90 天前的任务日志"];
    for (const name of names) {
      const job = seeded.body.data.find((j: { jobName: string }) => j.jobName === name);
      expect(job?.nextRunTime, name).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    }
  });

  it("lists the registered handlers with their params schemas, runs in progress and counts", async () => {
    const sources = await call("/job/schedule/getDataSource", { token: admin });
    const clean = sources.body.data.find((h: { beanName: string; methodName: string }) => h.beanName === "systemTask" && h.methodName === "cleanImportResults");
    expect(clean.paramsSchema.properties.olderThanHours.type).toBe("integer");
    const counts = await call("/job/schedule/countTaskStatus", { token: admin });
    expect(counts.body.data.total).toBe(counts.body.data.normal + counts.body.data.paused);
    expect(counts.body.data.total).toBeGreaterThanOrEqual(2); // the seed's jobs at least
    const running = await call("/job/schedule/runSource", { token: admin });
    expect(Array.isArray(running.body.data)).toBe(true);
  });

  it("refuses the commands and logs without their permission tags", async () => {
    const saved = await saveJob({ jobName: "权限" });
    const jobId = saved.body.data.jobId as string;
    const viewer = await userWithPermissions(admin, ["job:schedule:list", "job:schedule:info"]);
    const before = await eventCount();
    for (const verb of ["run", "pause", "resume", "delete"]) {
      const answer = await call(`/job/schedule/${verb}`, { token: viewer.token, body: { ids: [jobId] } });
      expect(answer.body.code).toBe(403);
    }
    expect((await call("/job/schedule/save", { token: viewer.token, body: { jobName: "x", beanName: "systemTask", methodName: "purgeJobLogs", cronExpression: noon } })).body.code).toBe(403);
    expect((await call("/job/scheduleLog/list", { token: viewer.token })).body.code).toBe(403);
    expect(await eventCount()).toBe(before);
    expect(await logsOf(jobId)).toEqual([]);
    expect((await call("/job/schedule/list", { token: viewer.token })).body.code).toBe(0);
  });
});

describe("rebuild", () => {
  it("recreates every live job's trigger, scheduled afresh from the next tick's now (no replayed past runs)", async () => {
    const { calls, handler } = counting("testTask", "rebuilt");
    const handlers = [...registeredJobHandlers, handler];
    const live = await jobOnTestHandler("testTask", "rebuilt");
    const pausedAnswer = await saveJob({ jobName: "重建后仍暂停" });
    const pausedId = pausedAnswer.body.data.jobId as string;
    await call("/job/schedule/pause", { token: admin, body: { ids: [pausedId] } });
    await env.DB.prepare("UPDATE job_trigger SET next_run_at = 1 WHERE job_id = ?").bind(live).run(); // long overdue before the rebuild

    const progress = await store.rebuild(env.DB);
    expect(progress.done).toBe(true);
    expect(await triggerOf(live)).toMatchObject({ paused: 0, next_run_at: null });
    expect(await triggerOf(pausedId)).toMatchObject({ paused: 1, next_run_at: null });

    const noonAt = nextChinaNoon();
    await runDueJobs(env, store, noonAt - 60_000, handlers);
    expect(calls).toEqual([]);
    expect((await triggerOf(live))!.next_run_at).toBe(noonAt);
    expect((await triggerOf(pausedId))!.next_run_at).toBeNull();
  });
});

