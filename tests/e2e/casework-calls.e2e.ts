/**
 * Every call of the visits, task-plan, work-report and schedule areas answers, as the spec names it, with data of
 * the demo region the browser tests run on (the seed as `npm start` makes it): each answer is parsed by its verb's
 * response schema, and the lists and counts a reader of the demo expects to be filled are not empty.
 */
import { beforeAll, describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import type { z } from "zod";
import { apiCall, signedInBrowser } from "./browser.ts";
import { visits } from "../../events/api/visits.ts";
import { tasks } from "../../events/api/tasks.ts";
import { workreports } from "../../events/api/workreports.ts";
import { gantt } from "../../events/api/gantt.ts";
import type { Verb } from "../../events/api/verb.ts";

const session = signedInBrowser(inject("baseUrl"));
let page: Page;
type Row = Record<string, unknown>;

/** Calls a verb (its path's `:id` filled, a GET's input as its query) and parses its data by the response schema. */
async function answer<T = any>(verb: Verb, input: { id?: string; query?: Record<string, string | number>; body?: unknown } = {}): Promise<{ data: T; total?: number }> {
  const path = verb.path.replace(":id", encodeURIComponent(input.id ?? ""));
  const query = input.query ? `?${new URLSearchParams(Object.entries(input.query).map(([k, v]) => [k, String(v)]))}` : "";
  const envelope = await apiCall<unknown>(page, path + query, verb.method === "POST" ? (input.body ?? {}) : undefined);
  expect(envelope.code, `${verb.method} ${verb.path}: ${JSON.stringify(envelope).slice(0, 300)}`).toBe(0);
  const parsed = (verb.response as z.ZodType).safeParse(envelope.data);
  expect(parsed.success, `${verb.path}: ${parsed.error?.message.slice(0, 400)}`).toBe(true);
  return { data: parsed.data as T, total: envelope.total };
}

const firstOf = async (path: string, query = "") => {
  const list = await apiCall<Row[]>(page, `${path}/list?page=1&limit=1${query}`);
  expect(list.data.length, `${path}/list${query}: the demo region has one`).toBe(1);
  return list.data[0]!;
};

let visit: Row, task: Row, doneTask: Row, plan: Row, archive: Row, allocation: Row, checkIn: Row;
const wide = { from: "2020-01-01", to: "2030-12-31" };

beforeAll(async () => {
  page = session.page;
  visit = await firstOf("/common/encompanyvisit");
  plan = await firstOf("/common/entaskplan", "&status=inProgress");
  task = await firstOf("/common/entaskmsg", `&taskPlanId=${String(plan.id)}`);
  archive = await firstOf("/common/envisithistory");
  allocation = await firstOf("/common/envisituserallocation");
  doneTask = await firstOf("/common/entaskmsg", "&status=done");
  // a check-in made during a visit (the demo's in-progress tasks also have check-ins with no visit yet)
  const checkIns = await apiCall<Row[]>(page, "/common/encheckinrecord/list?page=1&limit=100");
  checkIn = checkIns.data.find((c) => c.visitId)!;
  expect(checkIn, "the demo region has a check-in of a visit").toBeTruthy();
});

describe("the demo region answers every call of the visits area", () => {
  it("visits: enterprises visited, an enterprise's history and counts, one visit with its archives, the demand lists", async () => {
    expect((await answer(visits.enList, { query: { page: 1, limit: 10 } })).data.length).toBeGreaterThan(0);
    expect((await answer(visits.visitHistory, { query: { creditCode: String(visit.creditCode), page: 1, limit: 10 } })).data.length).toBeGreaterThan(0);
    expect((await answer(visits.visitCount, { query: { creditCode: String(visit.creditCode) } })).data.total).toBeGreaterThan(0);
    expect((await answer(visits.visitCount)).data.enterprises).toBeGreaterThan(1);
    await answer(visits.getWzf, { id: String(visit.id) });
    const mine = (await answer(visits.getDemandList, { query: { page: 1, limit: 10 } })).total ?? 0;
    const others = (await answer(visits.getOtherDemandList, { query: { page: 1, limit: 10 } })).total ?? 0;
    expect(mine + others).toBeGreaterThan(0);
  });

  it("archives: each kind's list and fields, one archive, an enterprise's history, the dictionary table", async () => {
    expect((await answer(visits.zfdalist, { query: { page: 1, limit: 10 } })).data.length).toBeGreaterThan(0);
    expect((await answer(visits.fwdalist, { query: { page: 1, limit: 10 } })).data.length).toBeGreaterThan(0);
    await answer(visits.fwdaSelectlist, { query: { creditCode: String(archive.creditCode) } });
    expect((await answer(visits.zfdaFields)).data.length).toBeGreaterThan(0);
    await answer(visits.pcHistoryInfo, { id: String(archive.id) });
    expect((await answer(visits.getHistoryList, { query: { creditCode: String(archive.creditCode), page: 1, limit: 10 } })).data.length).toBeGreaterThan(0);
    await answer(visits.dictVisitTable);
  });

  it("a done demo task answers the archive of the visit recorded against it, by its assignee", async () => {
    const archives = (await answer<Row[]>(visits.getInfoByTaskId, { id: String(doneTask.id) })).data;
    expect(archives.length).toBe(1);
    expect(archives[0]).toMatchObject({ taskId: doneTask.id, visitorId: doneTask.receiverId, archiveType: { zf: "zfda", fw: "fwda", xq: "xqda" }[String(doneTask.visitKind)] });
  });

  it("allocation and check-ins: the allocation list, fields and one allocation; a visit's check-ins", async () => {
    expect((await answer(visits.allocationList, { query: { page: 1, limit: 10 } })).data.length).toBeGreaterThan(0);
    await answer(visits.allocationFields);
    await answer(visits.allocationInfo, { id: String(allocation.id) });
    const ofVisit = (await answer<Row[]>(visits.checkInsOfVisit, { id: String(checkIn.visitId) })).data;
    expect(ofVisit.map((r) => r.id)).toContain(checkIn.id);
  });
});

describe("the demo region answers every call of the task plans", () => {
  it("plans: others' plans, one plan with its assignees, tasks and progress, the enterprises to pick", async () => {
    await answer(tasks.otherList, { query: { page: 1, limit: 10 } });
    expect((await answer(tasks.newInfo, { id: String(plan.id) })).data.assignees.length).toBeGreaterThan(0);
    expect((await answer(tasks.getPlanById, { id: String(plan.id) })).data.tasks.length).toBeGreaterThan(0);
    await answer(tasks.getPlanInfo, { query: { id: String(plan.id) } });
    await answer(tasks.messageGetById, { query: { id: String(task.id) } });
    await answer(tasks.getFilesInputInfo, { query: { taskId: String(task.id) } });
    expect((await answer(tasks.getCominfoList, { body: { limit: 5 } })).data.length).toBeGreaterThan(0);
  });

  it("tasks: the pages (all, mine, others'), the state counts, one task in detail, the reminders", async () => {
    expect((await answer(tasks.taskMsgQueryPage, { body: { page: 1, limit: 10 } })).data.length).toBeGreaterThan(0);
    await answer(tasks.getMyList, { body: { page: 1, limit: 10 } });
    expect((await answer(tasks.getOtherList, { body: { page: 1, limit: 10 } })).data.length).toBeGreaterThan(0);
    expect((await answer(tasks.queryDataStatus, { body: { planId: String(plan.id) } })).data).toBeTruthy();
    expect((await answer(tasks.getList, { query: { taskPlanId: String(plan.id) } })).data.length).toBeGreaterThan(0);
    await answer(tasks.getInfo, { id: String(task.id) });
    await answer(tasks.getDetailInfo, { query: { id: String(task.id) } });
    await answer(tasks.getZfDetailInfo, { query: { id: String(task.id) } });
    await answer(tasks.warnList, { query: { page: 1, limit: 10 } });
  });

  it("the board: proportions by state over the demo's tasks, the timeline, per staff, the home proportion", async () => {
    const board = (await answer(tasks.boardProportion)).data;
    expect(board.states.filter((s: { count: number }) => s.count > 0).length).toBeGreaterThan(1);
    const day = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    await answer(tasks.boardTimeline, { body: { from: "2026-01-01", to: day } });
    expect((await answer(tasks.queryTaskSt, { body: {} })).data.length).toBeGreaterThan(1);
    await answer(tasks.homeProportion);
  });
});

describe("the demo region answers the statistics and schedule calls", () => {
  it("work-report statistics over the demo's visits, trainings and roadshows", async () => {
    expect((await answer(workreports.statCount, { query: wide })).data.visits).toBeGreaterThan(0);
    expect((await answer(workreports.jgStatCount, { query: wide })).data.length).toBeGreaterThan(0);
    expect((await answer(workreports.visitList, { query: { ...wide, page: 1, limit: 10 } })).data.length).toBeGreaterThan(0);
    await answer(workreports.trainingList, { query: { ...wide, page: 1, limit: 10 } });
    await answer(workreports.roadshowList, { query: { ...wide, page: 1, limit: 10 } });
  });

  it("a demo project's schedule and picture settings", async () => {
    const projects = (await answer<{ id: string; tasks: number }[]>(gantt.projects)).data;
    const planned = projects.find((p) => p.tasks > 0);
    expect(planned, "a demo project has a schedule").toBeTruthy();
    expect((await answer(gantt.plan, { query: { projectId: planned!.id } })).data.tasks.length).toBe(planned!.tasks);
    await answer(gantt.selectConf, { query: { projectId: planned!.id } });
  });
});
