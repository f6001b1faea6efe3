/**
 * The tasks module's own verbs (events/api/tasks.ts): distribution, plan and task reads with each task's
 * state, follow-ups, the reminders sent and the board. Every input through its zod schema, every route
 * behind its permission; the reads' SQL is in ./queries.ts.
 */
import type { Context } from "hono";
import { tasks as api, taskStateValues } from "../../events/api/tasks.ts";
import type { AppEnv } from "../http/env.ts";
import type { RouteTable } from "../http/routes.ts";
import { actorOf, page, readJson, reply } from "../http/envelope.ts";
import { parseInput, readBody } from "../http/input.ts";
import { executeHere } from "../http/command.ts";
import { DomainError, ValidationError, codes, notFound } from "../errors.ts";
import { l } from "../../events/family.ts";
import { findById } from "../resources/query.ts";
import { requireParam } from "../resources/validate.ts";
import { streamOf } from "../resources/commands.ts";
import { decide, fold } from "../resources/decide.ts";
import { headOf } from "../store/read.ts";
import { displayTime } from "../time.ts";
import { z } from "zod";
import { distributeCommand, planFamily, taskFamily } from "./distribute.ts";
import { chinaDate, nextStatus, taskState } from "./state.ts";
import * as q from "./queries.ts";

const boardTag = "common:encompanyvisit:list";
const today = () => chinaDate(Date.now());
const idParam = (c: Context<AppEnv>, label = planFamily.label) => requireParam(c.req.param("id"), z.string().min(1).max(64), "id", label);
const query = <S extends z.ZodType>(c: Context<AppEnv>, schema: S): z.infer<S> => parseInput(schema, c.req.query());

async function planOr404(db: D1Database, id: string) {
  const plan = await findById(db, planFamily, id);
  if (!plan) throw notFound(planFamily.label);
  return plan;
}

async function taskOr404(db: D1Database, id: string) {
  const task = await q.taskById(db, today(), id);
  if (!task) throw notFound(taskFamily.label);
  return task;
}

/** The board's answer: counts, and each state's share. */
async function proportion(db: D1Database, filter: q.TaskFilter) {
  const counts = await q.stateCounts(db, today(), filter);
  const states = taskStateValues.map((state) => ({ state, count: counts[state], ratio: counts.total ? Math.round((counts[state] / counts.total) * 10_000) / 10_000 : 0 }));
  return { ...counts, states };
}

const pageOf = (body: { page?: number | undefined; limit?: number | undefined }) => ({ page: body.page ?? 1, limit: body.limit ?? 10 });

export function taskRoutes(routes: RouteTable) {
  const plan = planFamily.tags;
  const msg = taskFamily.tags;

  routes.verb(api.distribute, plan.update, async (c) => reply(c, api.distribute, await executeHere(c, distributeCommand(idParam(c))), "created"));

  routes.verb(api.otherList, plan.list, async (c) => {
    const input = query(c, api.otherList.query);
    const { total, rows } = await q.plansPage(c.env.DB, { notOwnerId: actorOf(c).id, ...(input.title ? { title: input.title } : {}), ...pageOf(input) });
    return page(c, total, rows);
  });

  routes.verb(api.newInfo, plan.info, async (c) => {
    const id = idParam(c);
    const record = await planOr404(c.env.DB, id);
    const [assignees, progress, enterprises] = await Promise.all([
      q.userNames(c.env.DB, (record.assignees as string[] | null) ?? []),
      q.stateCounts(c.env.DB, today(), { planId: id }),
      q.planEnterprises(c.env.DB, today(), id),
    ]);
    const { enterprises: _e, enterprisesDone: _d, ...counts } = progress;
    return reply(c, api.newInfo, { plan: record, assignees, progress: counts, enterprises });
  });

  routes.verb(api.getPlanById, plan.info, async (c) => {
    const id = idParam(c);
    const record = await planOr404(c.env.DB, id);
    const { total, rows } = await q.taskPage(c.env.DB, today(), { planId: id }, 1, 1000);
    return reply(c, api.getPlanById, { plan: record, tasks: rows, total });
  });

  routes.verb(api.messageGetById, msg.info, async (c) => reply(c, api.messageGetById, await taskOr404(c.env.DB, query(c, api.messageGetById.query).id)));

  routes.verb(api.getPlanInfo, plan.info, async (c) => {
    const { id } = query(c, api.getPlanInfo.query);
    const record = await planOr404(c.env.DB, id);
    const { enterprises: _e, enterprisesDone: _d, ...progress } = await q.stateCounts(c.env.DB, today(), { planId: id });
    return reply(c, api.getPlanInfo, { plan: record, progress });
  });

  routes.verb(api.getFilesInputInfo, plan.info, async (c) => {
    const task = await taskOr404(c.env.DB, query(c, api.getFilesInputInfo.query).taskId);
    const [enterprise, files] = await Promise.all([
      task.creditCode ? q.enterpriseByCode(c.env.DB, task.creditCode) : null,
      task.taskPlanId ? q.archivesOf(c.env.DB, "en_files_input", "task_plan_id", task.taskPlanId) : [],
    ]);
    return reply(c, api.getFilesInputInfo, { task, enterprise: enterprise ?? null, files: files.filter((f) => !task.creditCode || f.credit_code === task.creditCode) });
  });

  const taskList = (verbOf: typeof api.taskMsgQueryPage, access: string, scope: (c: Context<AppEnv>) => q.TaskFilter) =>
    routes.verb(verbOf, access, async (c) => {
      const body = await readBody(c, verbOf.body);
      const { page: p, limit } = pageOf(body);
      const { page: _p, limit: _l, ...filter } = body;
      const { total, rows } = await q.taskPage(c.env.DB, today(), { ...filter, ...scope(c) }, p, limit);
      return page(c, total, rows);
    });
  taskList(api.taskMsgQueryPage, plan.list, () => ({}));
  // one's own tasks: every signed-in user may read those
  taskList(api.getMyList as unknown as typeof api.taskMsgQueryPage, "signedIn", (c) => ({ receiverId: actorOf(c).id }));
  taskList(api.getOtherList as unknown as typeof api.taskMsgQueryPage, plan.list, (c) => ({ notReceiverId: actorOf(c).id }));

  routes.verb(api.queryDataStatus, plan.list, async (c) => {
    const { enterprises: _e, enterprisesDone: _d, ...counts } = await q.stateCounts(c.env.DB, today(), await readBody(c, api.queryDataStatus.body));
    return reply(c, api.queryDataStatus, counts);
  });

  routes.verb(api.getCominfoList, plan.list, async (c) => {
    const body = await readBody(c, api.getCominfoList.body);
    const { page: p, limit } = pageOf(body);
    const { total, rows } = await q.enterprisesForPlanning(c.env.DB, body.keyword?.trim() ?? "", p, limit);
    return page(c, total, rows);
  });

  routes.verb(api.getList, msg.list, async (c) => {
    const input = query(c, api.getList.query);
    const { total, rows } = await q.taskPage(c.env.DB, today(), { ...(input.taskPlanId ? { planId: input.taskPlanId } : {}), ...(input.state ? { state: input.state } : {}) }, input.page ?? 1, input.limit ?? 10);
    return page(c, total, rows);
  });

  routes.verb(api.getInfo, msg.info, async (c) => reply(c, api.getInfo, await taskOr404(c.env.DB, idParam(c, taskFamily.label))));

  routes.verb(api.getDetailInfo, msg.info, async (c) => {
    const task = await taskOr404(c.env.DB, query(c, api.getDetailInfo.query).id);
    const [planRecord, enterprise, archives] = await Promise.all([
      task.taskPlanId ? findById(c.env.DB, planFamily, task.taskPlanId) : null,
      task.creditCode ? q.enterpriseByCode(c.env.DB, task.creditCode) : null,
      q.archivesOf(c.env.DB, "en_visit_history", "task_id", task.id),
    ]);
    return reply(c, api.getDetailInfo, { task, plan: planRecord ?? null, enterprise: enterprise ?? null, archives });
  });

  routes.verb(api.getZfDetailInfo, msg.info, async (c) => {
    const task = await taskOr404(c.env.DB, query(c, api.getZfDetailInfo.query).id);
    const [archive] = await q.archivesOf(c.env.DB, "en_visit_history", "task_id", task.id, "zfda");
    return reply(c, api.getZfDetailInfo, { task, archive: archive ?? null });
  });

  routes.verb(api.warnList, "signedIn", async (c) => {
    const input = query(c, api.warnList.query);
    const { total, rows } = await q.warnPage(c.env.DB, today(), actorOf(c).id, input.kind, input.page ?? 1, input.limit ?? 10);
    return page(c, total, rows);
  });

  // the assignee follows their own task up; anyone else needs the task update permission
  routes.verb(api.updateById, "signedIn", async (c) => {
    const body = parseInput(api.updateById.body, await readJson(c));
    const actor = actorOf(c);
    const stream = streamOf(taskFamily, body.id);
    const answer = await executeHere(c, {
      name: "tasks.followUp",
      streams: [stream],
      ...(body.version ? { expectedVersion: body.version } : {}),
      decide({ streams, at }) {
        const events = streams.get(stream) ?? [];
        const state = fold(taskFamily, events);
        if (!state.record) throw notFound(taskFamily.label);
        if (state.record.receiverId !== actor.id && !actor.admin && !actor.permissions.has(msg.update)) throw new DomainError(codes.forbidden, "forbidden", { perm: msg.update });
        const status = nextStatus((state.record.status as string | null) ?? null, body.status);
        if (!status) throw new DomainError(codes.validation, "taskClosed");
        const now = displayTime(at);
        const patch = { status, followUpAt: now, readFlag: true, ...(status === "done" ? { doneAt: now } : {}), ...(body.handleResult !== undefined ? { handleResult: body.handleResult } : {}) };
        const write = { stream, head: headOf(events), events: decide(taskFamily, { kind: "update", id: body.id, patch, action: "followUp" }, state) };
        const deadline = (state.record.deadline as string | null) ?? null;
        return { writes: [write], answer: { id: body.id, version: headOf(events).version + write.events.length, state: taskState({ status, deadline }, today()) } };
      },
    });
    return reply(c, api.updateById, answer, "updated");
  });

  routes.verb(api.boardProportion, boardTag, async (c) => reply(c, api.boardProportion, await proportion(c.env.DB, await readBody(c, api.boardProportion.body))));
  routes.verb(api.homeProportion, boardTag, async (c) => reply(c, api.homeProportion, await proportion(c.env.DB, query(c, api.homeProportion.query))));

  routes.verb(api.boardTimeline, boardTag, async (c) => {
    const { from, to, ...filter } = await readBody(c, api.boardTimeline.body);
    if (to < from || Date.parse(to) - Date.parse(from) > 366 * 86_400_000) {
      throw new ValidationError([{ field: "to", label: l("结束日期（不早于开始日期，跨度不超过一年）", "End date (not before the start, at most a year after it)"), key: "valueNotAllowed" }]);
    }
    return reply(c, api.boardTimeline, await q.timeline(c.env.DB, today(), filter, from, to));
  });

  routes.verb(api.queryTaskSt, boardTag, async (c) => {
    const { day, ...filter } = await readBody(c, api.queryTaskSt.body);
    return reply(c, api.queryTaskSt, await q.staffCounts(c.env.DB, today(), { ...filter, ...(day ? { from: day, to: day } : {}) }));
  });
}
