/**
 * Workflow figures (`npm run bench:flow`, and at the end of `npm run bench`): three-step approvals started
 * and driven to the end per second through the real app over HTTP, and the todo list's latency with
 * BENCH_OPEN_TASKS (default 100,000) open tasks in the inbox of one user (inside the Worker, next to one
 * bare D1 call, and end to end over HTTP). Its own wrangler dev on its own local D1, seeded like `npm start`.
 */
import { benchApi, benchPort, seededBenchDb, startBenchWorker, waitForBenchWorker } from "./bench-worker.ts";
import { demoAdminPassword } from "../../worker/seed/index.ts";
import { summarise } from "./scenarios.ts";
import { benchPersist, benchSizes, type BenchOptions } from "./sizes.ts";
import { runAlone, type Line } from "./table.ts";

const log = (...args: unknown[]) => console.error("·", ...args);
const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** Three approval steps, each the initiator's own (the bench user approves its own requests). */
export const threeStepXml = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="bench">
  <process id="bench3" name="三级审批" isExecutable="true">
    <startEvent id="start" />
    <sequenceFlow sourceRef="start" targetRef="step1" />
    <userTask id="step1" name="一审" flowable:assignee="\${initiator}" />
    <sequenceFlow sourceRef="step1" targetRef="step2" />
    <userTask id="step2" name="二审" flowable:assignee="\${initiator}" />
    <sequenceFlow sourceRef="step2" targetRef="step3" />
    <userTask id="step3" name="三审" flowable:assignee="\${initiator}" />
    <sequenceFlow sourceRef="step3" targetRef="end" />
    <endEvent id="end" />
  </process>
</definitions>`;

/** One waiting task offered to a role (the inbox the todo figure reads). */
export const oneStepXml = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="bench">
  <process id="benchInbox" name="待办负载" isExecutable="true">
    <startEvent id="start" />
    <sequenceFlow sourceRef="start" targetRef="wait" />
    <userTask id="wait" name="待审批" flowable:candidateGroups="\${group}" />
    <sequenceFlow sourceRef="wait" targetRef="end" />
    <endEvent id="end" />
  </process>
</definitions>`;

export async function flowFigures(options: BenchOptions = {}): Promise<Line[]> {
  const { openTasks, approvals, todoRuns, todoHttpRuns } = benchSizes(options).flow;
  const port = await benchPort("BENCH_FLOW_PORT");
  const persist = benchPersist(".wrangler/bench-flow", options);
  const loader = await seededBenchDb(persist);
  loader.db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  loader.close();

  const { base, stop } = startBenchWorker(persist, port);
  try {
    await waitForBenchWorker(base);
    const { api, signIn } = benchApi(base);
    const token = await signIn("admin", demoAdminPassword);
    const deploy = async (xml: string, name: string) => {
      const created = await api<{ id: string; key: string }>("/flowable/definition/model/create", { name, xml });
      return (await api<{ deployId: string; version: number }>("/flowable/definition/publish", { id: created.data.id })).data;
    };

    // ── approvals driven to the end over HTTP ──
    await deploy(threeStepXml, "三级审批");
    const driveOne = async () => {
      const { procInsId } = (await api<{ procInsId: string }>("/flowable/definition/dynamicStart", { code: "bench3", data: { amount: 1 } })).data;
      for (let step = 0; step < 3; step++) {
        const tasks = await api<{ taskId: string }[]>(`/flowable/monitor/taskList?procInsId=${procInsId}`);
        const taskId = tasks.data[0]!.taskId;
        await api("/flowable/task/complete", { taskId, comment: "同意" });
      }
      const info = (await api<{ status: string }>(`/flowable/instance/info/${procInsId}`)).data;
      if (info.status !== "finished") throw new Error(`approval ${procInsId} ended ${info.status}`);
    };
    const t0 = performance.now();
    for (let i = 0; i < approvals; i++) await driveOne();
    const sequential = approvals / ((performance.now() - t0) / 1000);
    log(`approvals sequential: ${fmt(sequential, 1)}/s`);
    const t1 = performance.now();
    const lanes = 4;
    await Promise.all(Array.from({ length: lanes }, async () => { for (let i = 0; i < approvals / lanes; i++) await driveOne(); }));
    const concurrent = approvals / ((performance.now() - t1) / 1000);
    log(`approvals 4 concurrent: ${fmt(concurrent, 1)}/s`);
    const inWorker = (await (await fetch(`${base}/flow/approvals?count=${approvals}&token=${token}`)).json()) as { perSecond: number };
    log(`approvals in the Worker: ${fmt(inWorker.perSecond, 1)}/s`);

    // ── todo latency with many open tasks ──
    const inbox = await deploy(oneStepXml, "待办负载");
    const started = performance.now();
    for (let done = 0; done < openTasks; done += 2000) {
      const count = Math.min(2000, openTasks - done);
      const response = await fetch(`${base}/flow/load?deployId=${inbox.deployId}&count=${count}&offset=${done}`);
      if (!response.ok) throw new Error(`load: ${await response.text()}`);
      if (done % 20_000 === 0) log(`open tasks loaded ${done} / ${openTasks}`);
    }
    log(`loaded ${fmt(openTasks)} open tasks in ${fmt((performance.now() - started) / 1000, 1)} s`);
    const todoInWorker = (await (await fetch(`${base}/flow/todo?runs=${todoRuns}`)).json()) as { median: number; p95: number; total: number; bare: number };
    const samples: number[] = [];
    for (let i = 0; i < todoHttpRuns; i++) {
      const t = performance.now();
      const page = await api<unknown[]>(`/flowable/task/todoList?page=${1 + (i % 20)}&limit=10`);
      samples.push(performance.now() - t);
      if (page.data.length !== 10) throw new Error("todo page not full");
    }
    const httpMedian = summarise(samples).median;
    return [
      ["three-step approvals started and driven to the end over HTTP (7 requests each), sequential, per s", fmt(sequential, 1), "", "", "", null],
      ["  same, 4 concurrent, per s", fmt(concurrent, 1), "", "", "", null],
      ["  same through the app inside the Worker (app.fetch, no wrangler proxy), sequential, per s", fmt(inWorker.perSecond, 1), "", "", "", null],
      [`todo list page (10 rows, with total) with ${fmt(todoInWorker.total)} open tasks, in the Worker, median ms (p95 ${fmt(todoInWorker.p95, 2)}; ${fmt(todoInWorker.median / todoInWorker.bare, 1)} bare calls of ${fmt(todoInWorker.bare, 2)} ms)`, fmt(todoInWorker.median, 2), "", "", "≤ 10 ms", todoInWorker.median <= 10],
      ["  same over HTTP (session, roles, envelope), median ms", fmt(httpMedian, 2), "", "", "", null],
    ];
  } finally {
    stop();
  }
}

if (import.meta.main) await runAlone("qifu workflow bench", flowFigures);
