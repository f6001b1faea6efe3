/**
 * Project schedules: the plan's rules (a cycle refused naming its tasks, nothing written), saving a plan as
 * a replacement of the stored one, the MS Project XML and xlsx round trips, a hand-written MS Project file,
 * the xlsx template, the picture settings, refused uploads and permissions.
 */
import { SELF, env } from "cloudflare:test";
import * as XLSX from "@e965/xlsx";
import { beforeAll, describe, expect, it } from "vitest";
import { planProblems, planTask, type PlanTaskInput } from "../events/gantt/plan.ts";
import { importAnswer } from "../events/api/gantt.ts";
import { call, creditCode, login, userWithPermissions } from "./helpers.ts";
import factoryXml from "./gantt/factory.xml?raw";
import { store } from "../worker/modules.ts";
import { seedId } from "../worker/seed/index.ts";
import { seedDemoSchedules } from "../worker/seed/enterprise-demo/schedules.ts";
import { chartData, planOf } from "../web/gantt/convert.ts";

let admin: string;
let zhangwei: string;
let wangfang: string;

beforeAll(async () => {
  admin = await login();
  zhangwei = (await env.DB.prepare("SELECT id FROM sys_user WHERE user_no = 'zhangwei'").first<{ id: string }>())!.id;
  wangfang = (await env.DB.prepare("SELECT id FROM sys_user WHERE user_no = 'wangfang'").first<{ id: string }>())!.id;
});

async function project(name = "光伏组件智能制造项目"): Promise<string> {
  const code = creditCode();
  const saved = await call("/common/projectShow/save", { token: admin, body: { creditCode: code, entName: `排期企业${code.slice(-6)}`, projectName: name, projectType: "financing" } });
  expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
  return saved.body.data.id as string;
}

const parse = (tasks: PlanTaskInput[]) => tasks.map((t) => planTask.parse(t));

/** A plan with a summary task, children, every link type, a lag and a lead, owners and a milestone. */
const samplePlan = (): PlanTaskInput[] => [
  { id: "p", name: "土建工程", start: "2026-03-02", end: "2026-04-10", progress: 45, wbs: "1" },
  { id: "a", name: "场地平整", start: "2026-03-02", end: "2026-03-06", progress: 100, parent: "p", owner: null, wbs: "1.1" },
  { id: "b", name: "主体结构施工", start: "2026-03-11", end: "2026-04-10", progress: 30, parent: "p", predecessors: [{ id: "a", type: "FS", lag: 2 }], wbs: "1.2" },
  { id: "c", name: "设备采购", start: "2026-03-09", end: "2026-04-20", progress: 10, predecessors: [{ id: "a", type: "SS", lag: 5 }] },
  { id: "d", name: "设备安装调试", start: "2026-04-13", end: "2026-05-08", progress: 0, predecessors: [{ id: "b", type: "FS", lag: 0 }, { id: "c", type: "FF", lag: -3 }] },
  { id: "m", name: "竣工验收", start: "2026-05-11", end: "2026-05-11", progress: 0, milestone: true, predecessors: [{ id: "d", type: "FS", lag: 0 }] },
];

interface Stored {
  id: string;
  name: string;
  wbs: string | null;
  start: string;
  end: string;
  progress: number;
  parent: string | null;
  owner: string | null;
  ownerName: string | null;
  milestone: boolean;
  status: string;
  durationDays: number;
  predecessors: { id: string; type: "FS" | "SS" | "FF" | "SF"; lag: number }[];
}

/** A plan by names (ids differ between projects): what makes two plans the same plan. */
function shape(tasks: Stored[]) {
  const nameOf = new Map(tasks.map((t) => [t.id, t.name]));
  return tasks.map((t) => ({
    name: t.name,
    wbs: t.wbs,
    start: t.start,
    end: t.end,
    progress: t.progress,
    parent: t.parent ? nameOf.get(t.parent) : null,
    owner: t.owner,
    milestone: t.milestone,
    predecessors: t.predecessors.map((l) => ({ task: nameOf.get(l.id), type: l.type, lag: l.lag })),
  }));
}

async function savePlan(projectId: string, tasks: PlanTaskInput[], token = admin) {
  return call("/gantt/savePlan", { token, body: { projectId, tasks } });
}
async function readPlan(projectId: string): Promise<Stored[]> {
  const answer = await call(`/gantt/plan?projectId=${projectId}`, { token: admin });
  expect(answer.body.code, JSON.stringify(answer.body)).toBe(0);
  return answer.body.data.tasks as Stored[];
}
const eventCount = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM events").first<{ n: number }>())!.n;

async function exportFile(projectId: string, format: "xml" | "xlsx", lang: "zh-CN" | "en-US" = "zh-CN") {
  const response = await SELF.fetch(`http://qifu.test/api/gantt/exportProject`, {
    method: "POST",
    headers: { "x-hbi-token": admin, "content-type": "application/json", cookie: `language=${lang}` },
    body: JSON.stringify({ applNum: projectId, format }),
  });
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

async function importFile(projectId: string, name: string, bytes: Uint8Array | string, options: { token?: string; dryRun?: boolean; tokenInQuery?: boolean } = {}) {
  const form = new FormData();
  form.append("file", new File([bytes], name));
  if (options.dryRun) form.append("dryRun", "true");
  const token = options.token ?? admin;
  const query = options.tokenInQuery ? `&token=${token}` : "";
  const response = await SELF.fetch(`http://qifu.test/api/gantt/importProject?applNum=${projectId}${query}`, { method: "POST", headers: options.tokenInQuery ? {} : { "x-hbi-token": token }, body: form });
  const answer = (await response.json()) as { code: number; msg: string; data?: any; errors?: Record<string, string> };
  // an accepted file answers what the contract declares, the web's type included
  if (answer.code === 0) importAnswer.parse(answer.data);
  return answer;
}

describe("the plan's rules (pure)", () => {
  it("accepts a plan that keeps every rule", () => {
    expect(planProblems(parse(samplePlan()))).toEqual([]);
  });

  it("names the tasks of a dependency cycle, once", () => {
    const problems = planProblems(parse([
      { id: "1", name: "设计", start: "2026-03-01", end: "2026-03-02", predecessors: [{ id: "3" }] },
      { id: "2", name: "采购", start: "2026-03-03", end: "2026-03-04", predecessors: [{ id: "1" }] },
      { id: "3", name: "施工", start: "2026-03-05", end: "2026-03-06", predecessors: [{ id: "2" }] },
      { id: "4", name: "验收", start: "2026-03-07", end: "2026-03-07", predecessors: [{ id: "3" }] },
    ]));
    expect(problems).toHaveLength(1);
    expect(problems[0]!.rule).toBe("dependencyCycle");
    expect(new Set(problems[0]!.others)).toEqual(new Set(["设计", "采购", "施工"]));
    expect(problems[0]!.others[0]).toBe(problems[0]!.others.at(-1));
  });

  it("refuses an end before the start, progress outside 0–100, unknown and own predecessors, unknown parents and parent loops", () => {
    const rules = planProblems(parse([
      { id: "1", name: "倒排", start: "2026-03-05", end: "2026-03-01" },
      { id: "2", name: "超额", start: "2026-03-01", end: "2026-03-02", progress: 120 },
      { id: "3", name: "负数", start: "2026-03-01", end: "2026-03-02", progress: -1 },
      { id: "4", name: "悬空", start: "2026-03-01", end: "2026-03-02", predecessors: [{ id: "99" }] },
      { id: "5", name: "自指", start: "2026-03-01", end: "2026-03-02", predecessors: [{ id: "5" }] },
      { id: "6", name: "孤儿", start: "2026-03-01", end: "2026-03-02", parent: "nope" },
      { id: "7", name: "甲", start: "2026-03-01", end: "2026-03-02", parent: "8" },
      { id: "8", name: "乙", start: "2026-03-01", end: "2026-03-02", parent: "7" },
      { id: "9", name: "  ", start: "2026-02-30", end: "2026-03-02" },
    ])).map((p) => `${p.task.id}:${p.rule}`);
    expect(rules).toEqual(expect.arrayContaining(["1:endBeforeStart", "2:progressRange", "3:progressRange", "4:unknownPredecessor", "5:selfDependency", "6:unknownParent", "7:parentCycle", "9:nameRequired", "9:invalidDate"]));
  });
});

describe("the chart's mapping (web/gantt/convert.ts)", () => {
  it("hands the chart exclusive ends, link codes and open summaries, and reads the same plan back", () => {
    const stored = parse(samplePlan()).map((t) => ({ ...t, ownerName: null, status: "notStarted", durationDays: 1 }));
    const { tasks, links } = chartData(stored);
    expect(tasks[1]!.end).toEqual(new Date(2026, 2, 7));
    expect(tasks[0]).toMatchObject({ type: "summary", open: true });
    expect(tasks[1]!.open).toBeUndefined();
    expect(tasks[5]).toMatchObject({ type: "milestone" });
    expect(links.find((l) => l.target === "c")).toMatchObject({ source: "a", type: "s2s", lag: 5 });
    expect(planOf(tasks, links)).toEqual(parse(samplePlan()));
  });
});

describe("saving a plan", () => {
  it("stores the tasks with their links, owners and derived state, and replaces them on the next save", async () => {
    const projectId = await project();
    const tasks = samplePlan();
    tasks[1]!.owner = zhangwei;
    tasks[3]!.owner = wangfang;
    const saved = await savePlan(projectId, tasks);
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
    const stored = await readPlan(projectId);
    expect(stored.map((t) => t.name)).toEqual(tasks.map((t) => t.name));
    expect(stored[1]!.ownerName).toBe("张伟");
    // ended before today (2026-04-10) at 45 %: behind schedule
    expect(stored[0]!.status).toBe("delayed");
    expect(stored[1]!.status).toBe("done");
    expect(stored[5]!.durationDays).toBe(1);
    const b = stored.find((t) => t.name === "主体结构施工")!;
    expect(b.parent).toBe(stored[0]!.id);
    expect(b.predecessors).toEqual([{ id: stored[1]!.id, type: "FS", lag: 2 }]);

    // the generic list shows the same records
    const list = await call(`/common/projectprodscheduleplan/list?projectId=${projectId}&limit=50`, { token: admin });
    expect(list.body.total).toBe(6);

    // replace: keep a and b (renamed), drop the rest, add one
    const next = [
      { ...stored[1]!, name: "场地平整及临建", parent: null },
      { ...stored[2]!, parent: null, predecessors: [{ id: stored[1]!.id, type: "FS" as const, lag: 0 }] },
      { id: "new-1", name: "试生产", start: "2026-04-13", end: "2026-04-30", progress: 0, predecessors: [{ id: stored[2]!.id }] },
    ].map(({ ownerName: _n, status: _s, durationDays: _d, ...t }: any) => t);
    const replaced = await savePlan(projectId, next);
    expect(replaced.body.code, JSON.stringify(replaced.body)).toBe(0);
    const after = await readPlan(projectId);
    expect(after.map((t) => t.name)).toEqual(["场地平整及临建", "主体结构施工", "试生产"]);
    expect(after[0]!.id).toBe(stored[1]!.id);
    expect(after[1]!.id).toBe(stored[2]!.id);
    expect(after[2]!.predecessors[0]!.id).toBe(stored[2]!.id);
    expect((await call(`/common/projectprodscheduleplan/list?projectId=${projectId}`, { token: admin })).body.total).toBe(3);
  });

  it("refuses a plan with a cycle, naming its tasks, and writes nothing", async () => {
    const projectId = await project();
    expect((await savePlan(projectId, samplePlan())).body.code).toBe(0);
    const before = await readPlan(projectId);
    const events = await eventCount();
    const cyclic = samplePlan();
    cyclic[1]!.predecessors = [{ id: "m", type: "FS", lag: 0 }];
    const refused = await savePlan(projectId, cyclic);
    expect(refused.body.code).toBe(422);
    expect(refused.body.msg).toContain("循环依赖");
    for (const name of ["场地平整", "主体结构施工", "设备安装调试", "竣工验收"]) expect(refused.body.msg).toContain(name);
    const english = await call("/gantt/savePlan", { token: admin, lang: "en-US", body: { projectId, tasks: cyclic } });
    expect(english.body.msg).toContain("form a cycle");
    expect(await eventCount()).toBe(events);
    expect(await readPlan(projectId)).toEqual(before);
  });

  it("writes a save repeated under the same Idempotency-Key once", async () => {
    const projectId = await project();
    const key = crypto.randomUUID();
    const first = await call("/gantt/savePlan", { token: admin, headers: { "Idempotency-Key": key }, body: { projectId, tasks: samplePlan() } });
    expect(first.body.code, JSON.stringify(first.body)).toBe(0);
    const events = await eventCount();
    const again = await call("/gantt/savePlan", { token: admin, headers: { "Idempotency-Key": key }, body: { projectId, tasks: samplePlan() } });
    expect(again.body.code).toBe(0);
    expect(await eventCount()).toBe(events);
    expect(await readPlan(projectId)).toHaveLength(6);
  });

  it("refuses an owner who is no user and a project that does not exist, writing nothing", async () => {
    const projectId = await project();
    const events = await eventCount();
    const tasks = samplePlan();
    tasks[0]!.owner = "no-such-user";
    const refused = await savePlan(projectId, tasks);
    expect(refused.body.code).toBe(422);
    expect(refused.body.msg).toContain("土建工程");
    expect((await savePlan("no-such-project", samplePlan())).body.code).toBe(404);
    expect((await call("/gantt/exportProject", { token: admin, body: { applNum: "no-such-project", format: "xml" } })).body.code).toBe(404);
    expect(await eventCount()).toBe(events);
  });
});

describe("MS Project XML and xlsx", () => {
  for (const format of ["xml", "xlsx"] as const) {
    it(`a plan exported as ${format} and imported back is the same plan`, async () => {
      const source = await project("冷链物流园建设项目");
      const tasks = samplePlan();
      tasks[1]!.owner = zhangwei;
      tasks[4]!.owner = wangfang;
      expect((await savePlan(source, tasks)).body.code).toBe(0);
      const { response, bytes } = await exportFile(source, format);
      expect(response.headers.get("content-disposition")).toMatch(new RegExp(`attachment; filename=.*\\.${format}`));
      expect(decodeURIComponent(response.headers.get("content-disposition")!)).toContain("冷链物流园建设项目");
      if (format === "xml") expect(new TextDecoder().decode(bytes)).toContain('<Project xmlns="http://schemas.microsoft.com/project">');
      const target = await project("冷链物流园建设项目（副本）");
      const imported = await importFile(target, `plan.${format}`, bytes);
      expect(imported.code, JSON.stringify(imported)).toBe(0);
      expect(imported.data.unmatchedOwners).toEqual([]);
      expect(shape(await readPlan(target))).toEqual(shape(await readPlan(source)));
      // and imported over itself, the plan stays the same
      expect((await importFile(source, `plan.${format}`, bytes)).code).toBe(0);
      expect(shape(await readPlan(source))).toEqual(shape(await readPlan(target)));
    });
  }

  it("reads a plan saved by MS Project: outline, links with their type and lag, milestone, owners by name", async () => {
    const projectId = await project("年产5000吨钛合金材料项目");
    const answer = await importFile(projectId, "年产5000吨钛合金材料项目.xml", factoryXml);
    expect(answer.code, JSON.stringify(answer)).toBe(0);
    expect(answer.data.unmatchedOwners).toEqual(["外协监理单位"]);
    const plan = shape(await readPlan(projectId));
    expect(plan.map((t) => t.name)).toEqual(["前期准备", "可行性研究报告编制", "环评及能评批复", "厂房主体施工", "设备安装调试", "竣工验收"]);
    expect(plan[1]).toEqual({ name: "可行性研究报告编制", wbs: "1.1", start: "2026-03-02", end: "2026-03-10", progress: 100, parent: "前期准备", owner: zhangwei, milestone: false, predecessors: [] });
    expect(plan[3]!.predecessors).toEqual([{ task: "环评及能评批复", type: "FS", lag: 3 }]);
    expect(plan[3]!.owner).toBe(wangfang);
    expect(plan[4]!.predecessors).toEqual([{ task: "厂房主体施工", type: "SS", lag: 10 }]);
    expect(plan[4]!.owner).toBeNull();
    expect(plan[5]).toMatchObject({ milestone: true, start: "2026-05-29", end: "2026-05-29" });
  });

  it("reads a sheet filled in from the template: Chinese headers, text dates, percentages, predecessors by row", async () => {
    const projectId = await project();
    const template = await SELF.fetch(`http://qifu.test/api/gantt/template?token=${admin}`);
    expect(template.headers.get("content-type")).toContain("spreadsheetml");
    const header = XLSX.utils.sheet_to_json<string[]>(XLSX.read(new Uint8Array(await template.arrayBuffer()), { type: "array" }).Sheets["进度计划"]!, { header: 1 })[0];
    expect(header).toEqual(["序号", "WBS编码", "任务名称", "大纲级别", "开始日期", "结束日期", "进度(%)", "前置任务", "负责人", "里程碑"]);
    const sheet = XLSX.utils.aoa_to_sheet([
      header,
      [1, "", "基础施工", 1, "2026/3/2", "2026/3/13", "50%", "", "张伟", "否"],
      [2, "", "钢结构吊装", 1, "2026-03-16", "2026-03-27", 0, "1FS+2", "", ""],
      [3, "", "封顶", 2, "2026年3月27日", "2026年3月27日", 0, "2", "王芳", "是"],
    ]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, "进度计划");
    const bytes = new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx" }));
    const answer = await importFile(projectId, "计划.xlsx", bytes);
    expect(answer.code, JSON.stringify(answer)).toBe(0);
    const plan = shape(await readPlan(projectId));
    expect(plan).toEqual([
      { name: "基础施工", wbs: null, start: "2026-03-02", end: "2026-03-13", progress: 50, parent: null, owner: zhangwei, milestone: false, predecessors: [] },
      { name: "钢结构吊装", wbs: null, start: "2026-03-16", end: "2026-03-27", progress: 0, parent: null, owner: null, milestone: false, predecessors: [{ task: "基础施工", type: "FS", lag: 2 }] },
      { name: "封顶", wbs: null, start: "2026-03-27", end: "2026-03-27", progress: 0, parent: "钢结构吊装", owner: wangfang, milestone: true, predecessors: [{ task: "钢结构吊装", type: "FS", lag: 0 }] },
    ]);
  });

  it("refuses an imported plan that breaks a rule, naming the task, and writes nothing", async () => {
    const projectId = await project();
    const events = await eventCount();
    const cyclic = factoryXml.replace("<PredecessorUID>2</PredecessorUID>", "<PredecessorUID>6</PredecessorUID>");
    const answer = await importFile(projectId, "cycle.xml", cyclic);
    expect(answer.code).toBe(422);
    expect(answer.msg).toContain("循环依赖");
    expect(answer.msg).toContain("竣工验收");
    expect(await eventCount()).toBe(events);
  });

  it("refuses uploads of the wrong type or size, and files that are not MS Project", async () => {
    const projectId = await project();
    const events = await eventCount();
    const type = await importFile(projectId, "plan.txt", "序号,任务名称");
    expect(type.code).toBe(422);
    expect(type.msg).toContain("xlsx");
    expect((await importFile(projectId, "plan.xlsx", "<Project/>")).code).toBe(422);
    const large = new Uint8Array(5 * 1024 * 1024 + 1).fill(0x20);
    large[0] = 0x3c;
    const tooLarge = await importFile(projectId, "plan.xml", large);
    expect(tooLarge.code).toBe(422);
    expect(tooLarge.msg).toContain("5 MB");
    const bpmn = await importFile(projectId, "plan.xml", '<?xml version="1.0"?><definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"/>');
    expect(bpmn.msg).toContain("MS Project");
    const broken = await importFile(projectId, "plan.xml", "<Project xmlns=\"http://schemas.microsoft.com/project\"><Tasks>");
    expect(broken.code).toBe(422);
    expect((await importFile(projectId, "plan.xml", new Uint8Array(0))).code).toBe(422);
    expect(await eventCount()).toBe(events);
  });

  it("takes the token in the query on the import, and a dry run writes nothing", async () => {
    const projectId = await project();
    const events = await eventCount();
    const answer = await importFile(projectId, "plan.xml", factoryXml, { tokenInQuery: true, dryRun: true });
    expect(answer.code, JSON.stringify(answer)).toBe(0);
    expect(answer.data.saved).toBe(false);
    expect(answer.data.tasks).toHaveLength(6);
    expect(await eventCount()).toBe(events);
  });
});

describe("the demo's schedules", () => {
  it("gives the first listed projects a valid plan in every state, with the same ids on every run", async () => {
    await project("演示排期项目甲");
    const at = "2026-06-01T02:00:00.000Z";
    expect(await seedDemoSchedules(env.DB, store, seedId, at, 1)).toBe(1);
    const listed = await call("/gantt/projects", { token: admin });
    const first = listed.body.data[0] as { id: string; tasks: number };
    expect(first.tasks).toBe(11);
    const tasks = await readPlan(first.id);
    expect(planProblems(parse(tasks.map(({ ownerName: _n, status: _s, durationDays: _d, ...t }) => t)))).toEqual([]);
    expect(new Set(tasks.map((t) => t.status))).toEqual(new Set(["done", "inProgress", "delayed", "notStarted"]));
    expect(tasks[0]!.id).toBe(await seedId(`gantt:${first.id}:prep`));
    expect(tasks.find((t) => t.milestone)?.name).toBe("竣工验收");
  });
});

describe("/project/visualpicconf", () => {
  it("selects the defaults, saves, selects the saved settings, deletes", async () => {
    const projectId = await project();
    const initial = await call(`/project/visualpicconf/selectConfByProjectId?projectId=${projectId}`, { token: admin });
    expect(initial.body.data).toMatchObject({ projectId, id: null, settings: { zoom: "week", barColor: "#4c6ef5" } });
    const saved = await call("/project/visualpicconf/saveConf", { token: admin, body: { projectId, settings: { zoom: "month", barColor: "#112233", columns: ["name", "owner"] } } });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(0);
    const again = await call("/project/visualpicconf/saveConf", { token: admin, body: { projectId, settings: { zoom: "day", barColor: "#112233", columns: ["name", "owner"] } } });
    expect(again.body.data.id).toBe(saved.body.data.id);
    const read = await call(`/project/visualpicconf/selectConfByProjectId?projectId=${projectId}`, { token: admin });
    expect(read.body.data.settings).toMatchObject({ zoom: "day", barColor: "#112233", columns: ["name", "owner"], showLinks: true });
    expect((await call("/project/visualpicconf/deleteConf", { token: admin, body: { projectId } })).body.data).toEqual({ deleted: true });
    expect((await call(`/project/visualpicconf/selectConfByProjectId?projectId=${projectId}`, { token: admin })).body.data.id).toBeNull();
    expect((await call("/project/visualpicconf/deleteConf", { token: admin, body: { projectId } })).body.data).toEqual({ deleted: false });
  });

  it("refuses a colour that is not #rrggbb and a zoom it does not know, naming the field", async () => {
    const projectId = await project();
    const bad = await call("/project/visualpicconf/saveConf", { token: admin, body: { projectId, settings: { barColor: "red" } } });
    expect(bad.body.code).toBe(422);
    expect(Object.keys(bad.body.errors ?? {})).toContain("settings");
    expect((await call("/project/visualpicconf/saveConf", { token: admin, body: { projectId, settings: { zoom: "year" } } })).body.code).toBe(422);
  });
});

describe("permissions", () => {
  it("refuses saving, importing, exporting and the picture settings without their tags", async () => {
    const projectId = await project();
    const reader = await userWithPermissions(admin, ["common:projectprodscheduleplan:list", "project:visualpicconf:info"]);
    expect((await call(`/gantt/plan?projectId=${projectId}`, { token: reader.token })).body.code).toBe(0);
    expect((await savePlan(projectId, samplePlan(), reader.token)).body.code).toBe(403);
    expect((await importFile(projectId, "plan.xml", factoryXml, { token: reader.token })).code).toBe(403);
    expect((await importFile(projectId, "plan.xml", factoryXml, { token: reader.token, tokenInQuery: true })).code).toBe(403);
    const exported = await call("/gantt/exportProject", { token: reader.token, body: { applNum: projectId, format: "xml" } });
    expect(exported.body.code).toBe(403);
    expect((await call("/project/visualpicconf/saveConf", { token: reader.token, body: { projectId, settings: {} } })).body.code).toBe(403);
    expect((await call("/project/visualpicconf/deleteConf", { token: reader.token, body: { projectId } })).body.code).toBe(403);
    const nobody = await userWithPermissions(admin, ["sys:user:list"]);
    expect((await call(`/gantt/plan?projectId=${projectId}`, { token: nobody.token })).body.code).toBe(403);
    expect((await call(`/project/visualpicconf/selectConfByProjectId?projectId=${projectId}`, { token: nobody.token })).body.code).toBe(403);
    expect((await importFile(projectId, "plan.xml", factoryXml, { token: "not-a-token" })).code).toBe(401);
  });
});
