/**
 * Workflow scenarios inside the bench Worker: open tasks loaded through the engine itself (decide a start,
 * seal, and the store's own statements, so the rows are exactly what commands write), and the todo page
 * timed next to one bare D1 call.
 */
import { decide } from "../../worker/flow/engine/decide.ts";
import { instanceStream } from "../../worker/flow/engine/events.ts";
import type { Directory, FlowActor } from "../../worker/flow/engine/types.ts";
import { deploymentById } from "../../worker/flow/repository.ts";
import { todoPage } from "../../worker/flow/queries.ts";
import { seal } from "../../worker/store/append.ts";
import { store } from "../../worker/modules.ts";
import type { PendingEvent } from "../../worker/store/types.ts";
import { bareCalls, summarise } from "./scenarios.ts";
import { app } from "../../worker/app.ts";
import type { Env } from "../../worker/http/env.ts";

async function admin(db: D1Database): Promise<FlowActor> {
  const row = await db.prepare("SELECT u.id, u.name, r.role_id FROM sys_user u JOIN sys_user_role r ON r.user_id = u.id WHERE u.user_no = 'admin'").first<{ id: string; name: string; role_id: string }>();
  return { id: row!.id, name: row!.name, roleIds: [row!.role_id], monitor: true };
}

/** Starts `count` instances of a one-task deployment offered to the administrator's role. */
export async function loadOpenTasks(db: D1Database, deployId: string, count: number, offset: number) {
  const deployment = await deploymentById(db, deployId);
  if (!deployment) throw new Error(`no deployment ${deployId}`);
  const actor = await admin(db);
  const person = { id: actor.id, name: actor.name };
  // the people are known: the load measures writing, not lookups
  const directory: Directory = {
    user: async () => person,
    role: async (key) => ({ id: key, name: "管理员" }),
    membersOf: async () => [person],
    leaderOf: async () => null,
    administrators: async () => [person],
  };
  const base = Date.parse("2026-01-01T00:00:00Z");
  for (let start = 0; start < count; start += 250) {
    const sealed = [];
    for (let i = start; i < Math.min(count, start + 250); i++) {
      const at = new Date(base + (offset + i) * 1000).toISOString();
      const procInsId = crypto.randomUUID();
      const events = await decide(deployment.model, null, { type: "start", deployment, procInsId, variables: { group: actor.roleIds[0] } }, { actor, now: at, directory, newId: () => crypto.randomUUID() });
      sealed.push(...(await seal({ stream: instanceStream(procInsId), head: { version: 0, hash: "" }, events: events as unknown as PendingEvent[] }, { actorId: actor.id, actorName: actor.name, requestId: "bench", ip: null, at })));
    }
    const statements = store.statementsFor(sealed);
    for (let i = 0; i < statements.length; i += 500) await db.batch(statements.slice(i, i + 500).map((s) => db.prepare(s.sql).bind(...s.params)));
  }
  return { loaded: count };
}

/** The administrator's todo page (10 rows with the total), pages spread over the first 20, and a bare call for scale. */
export async function todoPages(db: D1Database, runs: number) {
  const actor = await admin(db);
  const samples: number[] = [];
  let total = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const page = await todoPage(db, actor, { page: String(1 + (i % 20)), limit: "10" }, "zh-CN");
    samples.push(performance.now() - started);
    total = page.total;
  }
  return { ...summarise(samples), total, bare: (await bareCalls(db, 200)).median };
}

/**
 * Three-step approvals driven through the real app inside the Worker (app.fetch, no network or wrangler
 * proxy between): what the application itself costs per approval, next to the figure over HTTP.
 */
export async function approvalsInWorker(env: Env, token: string, count: number) {
  const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
  const api = async (path: string, body?: unknown) => {
    const response = await app.fetch(new Request(`http://bench/api${path}`, { method: body === undefined ? "GET" : "POST", headers: { "x-hbi-token": token, "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) }), env, ctx);
    const answer = (await response.json()) as { code: number; msg: string; data: any };
    if (answer.code !== 0) throw new Error(`${path}: ${answer.msg}`);
    return answer.data;
  };
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const { procInsId } = await api("/flowable/definition/dynamicStart", { code: "bench3", data: { amount: 1 } });
    for (let step = 0; step < 3; step++) {
      const [task] = await api(`/flowable/monitor/taskList?procInsId=${procInsId}`);
      await api("/flowable/task/complete", { taskId: task.taskId, comment: "同意" });
    }
    if ((await api(`/flowable/instance/info/${procInsId}`)).status !== "finished") throw new Error(`approval ${procInsId} did not finish`);
  }
  return { approvals: count, perSecond: count / ((performance.now() - started) / 1000) };
}
