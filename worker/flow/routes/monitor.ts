/**
 * The process monitor and instance administration: running instances, every open task, variables; suspend,
 * activate, stop, delete; one instance's summary. The engine refuses these to anyone without the monitor
 * permission (and a suspended instance refuses every task action until activated).
 */
import * as z from "zod";
import { l } from "../../../events/family.ts";
import { flow, flowListQuery } from "../../../events/api/flow.ts";
import { flowTask } from "../../../events/api/flow-task.ts";
import { ok, page } from "../../http/envelope.ts";
import type { RouteTable } from "../../http/routes.ts";
import { flowActorOf, runOnInstance } from "../commands.ts";
import { parseInput, readBody } from "../../http/input.ts";
import { FlowRefused } from "../engine/refusal.ts";
import { deploymentById, deploymentMissing, loadInstance } from "../repository.ts";
import { hiddenFor, withoutHidden } from "../visibility.ts";
import { instancePage, mayRead, monitorTaskPage } from "../queries.ts";
import { instanceInfo } from "./tasks.ts";
import { lazySchema } from "../../../events/lazy.ts";

const tag = { list: "flowable:monitor:list", suspend: "flowable:monitor:suspend", activate: "flowable:monitor:activate", stop: "flowable:monitor:stop", delete: "flowable:monitor:delete" };
const id = lazySchema(() => z.string().min(1).max(64));
const procBody = lazySchema(() => z.object({ procInsId: id, comment: z.string().max(2000).optional().default("") }));
export function monitorRoutes(routes: RouteTable) {
  routes
    .verb(flow.running, tag.list, async (c) => {
      const { total, rows } = await instancePage(c.env.DB, parseInput(flowListQuery, c.req.query()), c.get("lang"), true);
      return page(c, total, rows);
    }, { doc: { summary: l("运行中的流程", "Running processes") } })
    .verb(flow.monitorTasks, tag.list, async (c) => {
      const { total, rows } = await monitorTaskPage(c.env.DB, parseInput(flowListQuery, c.req.query()), c.get("lang"));
      return page(c, total, rows);
    }, { doc: { summary: l("待办任务（可按实例过滤）", "Open tasks (filter by instance)") } })
    .verb(flowTask.monitorVariables, tag.list, async (c) => {
      const { procInsId } = parseInput(flowTask.monitorVariables.query, c.req.query());
      const { state } = await loadInstance(c.env.DB, procInsId);
      const deployment = await deploymentById(c.env.DB, state.deployId);
      if (!deployment) throw deploymentMissing();
      // an administrator without a task sees the form as the start node shows it (worker/flow/visibility.ts)
      const variables = withoutHidden(state.variables, await hiddenFor(c.env.DB, deployment, state, flowActorOf(c)));
      return ok(c, Object.entries(variables).map(([name, value]) => ({ name, value, type: Array.isArray(value) ? "array" : value === null ? "null" : typeof value })), "fetched");
    }, { doc: { summary: l("流程变量", "Process variables") } })
    .get("/flowable/monitor/taskVariableList", tag.list, async (c) => {
      const { taskId } = parseInput(z.object({ taskId: id }), c.req.query());
      const { state } = await loadInstance(c.env.DB, { taskId });
      const deployment = await deploymentById(c.env.DB, state.deployId);
      if (!deployment) throw deploymentMissing();
      const task = state.tasks[taskId];
      const local: Record<string, unknown> = task?.element ? { [task.element.name]: task.element.value } : {};
      if (task?.loopCounter !== null && task?.loopCounter !== undefined) local.loopCounter = task.loopCounter;
      // the task's node decides what of the form is shown
      const variables = withoutHidden(state.variables, await hiddenFor(c.env.DB, deployment, state, flowActorOf(c), taskId));
      return ok(c, Object.entries({ ...variables, ...local }).map(([name, value]) => ({ name, value, local: name in local })), "fetched");
    }, { doc: { summary: l("任务变量（含多实例局部变量）", "Task variables (with multi-instance locals)"), query: z.object({ taskId: z.string() }) } })
    .post("/flowable/monitor/suspendProcess", tag.suspend, async (c) => runOnInstance(c, (await readBody(c, procBody)).procInsId, { type: "suspend" }), { doc: { summary: l("挂起流程", "Suspend a process"), body: procBody } })
    .post("/flowable/monitor/activateProcess", tag.activate, async (c) => runOnInstance(c, (await readBody(c, procBody)).procInsId, { type: "activate" }), { doc: { summary: l("激活流程", "Activate a process"), body: procBody } })
    .post("/flowable/monitor/stopProcess", tag.stop, async (c) => {
      const b = await readBody(c, procBody);
      return runOnInstance(c, b.procInsId, { type: "stop", comment: b.comment });
    }, { doc: { summary: l("终止流程", "Stop a process"), body: procBody } })
    .post("/flowable/monitor/deleteProcess", tag.delete, async (c) => {
      const b = await readBody(c, procBody);
      return runOnInstance(c, b.procInsId, { type: "delete", reason: b.comment });
    }, { doc: { summary: l("删除流程实例", "Delete a process instance"), body: procBody } })
    .verb(flow.instances, "flowable:instance:list", async (c) => {
      const { total, rows } = await instancePage(c.env.DB, parseInput(flowListQuery, c.req.query()), c.get("lang"));
      return page(c, total, rows);
    }, { doc: { summary: l("全部流程实例", "Every process instance") } })
    .verb(flowTask.instance, "signedIn", async (c) => {
      const procInsId = c.req.param("id")!;
      const { state } = await loadInstance(c.env.DB, procInsId);
      if (!(await mayRead(c.env.DB, flowActorOf(c), procInsId))) throw new FlowRefused(403, { "zh-CN": "您无权查看该流程", "en-US": "You may not view this process" });
      return ok(c, instanceInfo(state), "fetched");
    }, { doc: { summary: l("流程实例概要", "A process instance") } })
    .post("/flowable/process/delete/:id", "flowable:instance:delete", async (c) => runOnInstance(c, c.req.param("id")!, { type: "delete", reason: "" }), {
      doc: { summary: l("删除流程实例", "Delete a process instance") },
    });
}
