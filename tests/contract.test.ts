/**
 * The API contract against the running Worker: every verb of events/api/ is called over HTTP with valid
 * inputs on the seeded database and its answer's `data` must parse with the verb's response schema (strict
 * objects refuse keys they do not name), a paged verb's envelope carrying its total. A verb of the contract
 * that no scenario calls fails the last test, so a new verb comes with its call here.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { contract, type Verb } from "../events/api/index.ts";
import { call, login } from "./helpers.ts";
import { demoUserPassword } from "../worker/seed/index.ts";

/** One call of a scenario: the verb and its inputs; the scenario receives the answer's `data` back. */
interface Step {
  verb: Verb;
  params?: Record<string, string | undefined>;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
}
type Scenario = () => AsyncGenerator<Step, void, any>;

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
  },
};

describe("every verb answers what its response schema allows", () => {
  for (const [name, scenario] of Object.entries(scenarios)) it(name, () => run(scenario));

  it("every verb of the contract was called", () => {
    const all = Object.entries(contract).flatMap(([module, verbs]) => Object.entries(verbs as Record<string, Verb>).map(([name, verb]) => ({ name: `${module}.${name}`, verb })));
    expect(all.filter(({ verb }) => !called.has(verb)).map(({ name }) => name)).toEqual([]);
  });
});
