/**
 * The tasks module's own verbs (events/api/tasks.ts): distribution, plan and task reads with each task's
 * state, follow-ups, the reminders sent and the board. Every input through its zod schema, every route
 * behind its permission; the reads' SQL is in ./queries.ts.
 */
import type { Context } from "hono";
import { planRecord, tasks as api, taskStateValues } from "../../events/api/tasks.ts";
import type { AppEnv } from "../http/env.ts";
import type { Handler, RouteTable } from "../http/routes.ts";
import type { Verb } from "../../events/api/verb.ts";
import type { Text } from "../../events/i18n.ts";
import { actorOf, page, readJson, reply } from "../http/envelope.ts";
import { parseInput, readBody } from "../http/input.ts";
import { executeHere } from "../http/command.ts";
import { ValidationError, notFound } from "../errors.ts";
import { l } from "../../events/family.ts";
import { findById } from "../resources/query.ts";
import { familyReads } from "../resources/routes.ts";
import { requireParam } from "../resources/validate.ts";
import * as z from "zod";
import { distributeCommand, planFamily, taskFamily } from "./distribute.ts";
import { chinaDate } from "./state.ts";
import { followUpWrite, taskStream } from "./followUp.ts";
import * as q from "./queries.ts";

const boardTag = "common:encompanyvisit:list";
const today = () => chinaDate(Date.now());
const idParam = (c: Context<AppEnv>, label = planFamily.label) => requireParam(c.req.param("id"), z.string().min(1).max(64), "id", label);
const query = <S extends z.ZodType>(c: Context<AppEnv>, schema: S): z.infer<S> => parseInput(schema, c.req.query());

/** A plan as its family's row (the contract's planRecord, which the contract test holds the answers to). */
type PlanRow = z.infer<typeof planRecord>;
const planById = (db: D1Database, id: string) => findById(db, planFamily, id) as Promise<PlanRow | null>;

async function planOr404(db: D1Database, id: string) {
  const plan = await planById(db, id);
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


/** Each verb's summary in the API document. */
const summaries = new Map<object, Text>([
  [api.distribute, l("分发任务计划：每家目标企业 × 每名执行人员生成一个任务（一次写入，不能重复分发）", "Distribute a plan: one task per target enterprise and assignee (one append; never twice)")],
  [api.otherList, l("他人负责的任务计划", "Plans owned by others")],
  [api.newInfo, l("任务计划详情：执行人员、按状态的进度、各企业进度", "A plan with its assignees, progress by state and per enterprise")],
  [api.getPlanById, l("任务计划及其任务", "A plan and its tasks")],
  [api.messageGetById, l("任务详情（含当前状态）", "One task with its state today")],
  [api.getPlanInfo, l("任务计划的状态统计", "A plan's tasks per state")],
  [api.getFilesInputInfo, l("任务的企业信息与计划下的档案录入", "A task's enterprise and the archives filled for its plan")],
  [api.taskMsgQueryPage, l("任务分页查询（按计划、人员、企业、状态、周期）", "Tasks by plan, assignee, enterprise, state and window")],
  [api.getMyList, l("我的任务", "My tasks")],
  [api.getOtherList, l("他人的任务", "Others' tasks")],
  [api.queryDataStatus, l("按状态统计任务数", "Tasks per state")],
  [api.getCominfoList, l("可纳入计划的企业及其未完成任务数", "Enterprises to plan for, with their open tasks")],
  [api.getList, l("计划下的任务", "A plan's tasks")],
  [api.getInfo, l("任务详情", "One task")],
  [api.getDetailInfo, l("任务详情：计划、企业与走访档案", "A task with its plan, enterprise and visit archives")],
  [api.getZfDetailInfo, l("任务的走访档案", "A task's visit archive")],
  [api.warnList, l("我收到的任务提醒", "The task reminders I was sent")],
  [api.updateById, l("跟进任务：进行中、完成或取消", "Follow a task up: in progress, done or cancelled")],
  [api.boardProportion, l("任务看板：按状态的比例与覆盖企业", "Board: tasks per state and the enterprises covered")],
  [api.homeProportion, l("首页任务比例", "Home: tasks per state")],
  [api.boardTimeline, l("任务看板时间线：每日到期、完成、逾期", "Board timeline: tasks due, done and overdue per day")],
  [api.queryTaskSt, l("按人员统计任务（团队今日视图）", "Tasks per assignee (the team's today view)")],
]);

/** The counts per state without the enterprises covered (the plan and status answers). */
const statesOnly = ({ enterprises: _e, enterprisesDone: _d, ...counts }: Awaited<ReturnType<typeof q.stateCounts>>): q.StateCounts => counts;

const pageOf = (body: { page?: number | undefined; limit?: number | undefined }) => ({ page: body.page ?? 1, limit: body.limit ?? 10 });

export function taskRoutes(routes: RouteTable) {
  const plan = planFamily.tags;
  const msg = taskFamily.tags;
  const own = (v: Verb, access: string, handler: Handler) => routes.verb(v, access, handler, { doc: { summary: summaries.get(v)! } });

  familyReads(routes, planFamily, { list: api.list });
  own(api.distribute, plan.update, async (c) => reply(c, api.distribute, await executeHere(c, distributeCommand(idParam(c))), "created"));

  own(api.otherList, plan.list, async (c) => {
    const input = query(c, api.otherList.query);
    const { total, rows } = await q.plansPage(c.env.DB, { notOwnerId: actorOf(c).id, ...(input.title ? { title: input.title } : {}), ...pageOf(input) });
    return page(c, total, rows);
  });

  own(api.newInfo, plan.info, async (c) => {
    const id = idParam(c);
    const record = await planOr404(c.env.DB, id);
    const [assignees, progress, enterprises] = await Promise.all([
      q.userNames(c.env.DB, (record.assignees as string[] | null) ?? []),
      q.stateCounts(c.env.DB, today(), { planId: id }),
      q.planEnterprises(c.env.DB, today(), id),
    ]);
    return reply(c, api.newInfo, { plan: record, assignees, progress: statesOnly(progress), enterprises });
  });

  own(api.getPlanById, plan.info, async (c) => {
    const id = idParam(c);
    const record = await planOr404(c.env.DB, id);
    const { total, rows } = await q.taskPage(c.env.DB, today(), { planId: id }, 1, 1000);
    return reply(c, api.getPlanById, { plan: record, tasks: rows, total });
  });

  own(api.messageGetById, msg.info, async (c) => reply(c, api.messageGetById, await taskOr404(c.env.DB, query(c, api.messageGetById.query).id)));

  own(api.getPlanInfo, plan.info, async (c) => {
    const { id } = query(c, api.getPlanInfo.query);
    const record = await planOr404(c.env.DB, id);
    return reply(c, api.getPlanInfo, { plan: record, progress: statesOnly(await q.stateCounts(c.env.DB, today(), { planId: id })) });
  });

  own(api.getFilesInputInfo, plan.info, async (c) => {
    const task = await taskOr404(c.env.DB, query(c, api.getFilesInputInfo.query).taskId);
    const [enterprise, files] = await Promise.all([
      task.creditCode ? q.enterpriseByCode(c.env.DB, task.creditCode) : null,
      task.taskPlanId ? q.archivesOf(c.env.DB, "en_files_input", "task_plan_id", task.taskPlanId) : [],
    ]);
    return reply(c, api.getFilesInputInfo, { task, enterprise: enterprise ?? null, files: files.filter((f) => !task.creditCode || f.credit_code === task.creditCode) });
  });

  const taskList = (verbOf: typeof api.taskMsgQueryPage, access: string, scope: (c: Context<AppEnv>) => q.TaskFilter) =>
    own(verbOf, access, async (c) => {
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

  own(api.queryDataStatus, plan.list, async (c) => {
    return reply(c, api.queryDataStatus, statesOnly(await q.stateCounts(c.env.DB, today(), await readBody(c, api.queryDataStatus.body))));
  });

  own(api.getCominfoList, plan.list, async (c) => {
    const body = await readBody(c, api.getCominfoList.body);
    const { page: p, limit } = pageOf(body);
    const { total, rows } = await q.enterprisesForPlanning(c.env.DB, body.keyword?.trim() ?? "", p, limit);
    return page(c, total, rows);
  });

  own(api.getList, msg.list, async (c) => {
    const input = query(c, api.getList.query);
    const { total, rows } = await q.taskPage(c.env.DB, today(), { ...(input.taskPlanId ? { planId: input.taskPlanId } : {}), ...(input.state ? { state: input.state } : {}) }, input.page ?? 1, input.limit ?? 10);
    return page(c, total, rows);
  });

  own(api.getInfo, msg.info, async (c) => reply(c, api.getInfo, await taskOr404(c.env.DB, idParam(c, taskFamily.label))));

  own(api.getDetailInfo, msg.info, async (c) => {
    const task = await taskOr404(c.env.DB, query(c, api.getDetailInfo.query).id);
    const [planRecord, enterprise, archives] = await Promise.all([
      task.taskPlanId ? planById(c.env.DB, task.taskPlanId) : null,
      task.creditCode ? q.enterpriseByCode(c.env.DB, task.creditCode) : null,
      q.archivesOf(c.env.DB, "en_visit_history", "task_id", task.id),
    ]);
    return reply(c, api.getDetailInfo, { task, plan: planRecord ?? null, enterprise: enterprise ?? null, archives });
  });

  own(api.getZfDetailInfo, msg.info, async (c) => {
    const task = await taskOr404(c.env.DB, query(c, api.getZfDetailInfo.query).id);
    const [archive] = await q.archivesOf(c.env.DB, "en_visit_history", "task_id", task.id, "zfda");
    return reply(c, api.getZfDetailInfo, { task, archive: archive ?? null });
  });

  own(api.warnList, "signedIn", async (c) => {
    const input = query(c, api.warnList.query);
    const { total, rows } = await q.warnPage(c.env.DB, today(), actorOf(c).id, input.kind, input.page ?? 1, input.limit ?? 10);
    return page(c, total, rows);
  });

  // the assignee follows their own task up; anyone else needs the task update permission
  own(api.updateById, "signedIn", async (c) => {
    const body = parseInput(api.updateById.body, await readJson(c));
    const actor = actorOf(c);
    const stream = taskStream(body.id);
    const answer = await executeHere(c, {
      name: "tasks.followUp",
      streams: [stream],
      ...(body.version ? { expectedVersion: body.version } : {}),
      decide({ streams, at }) {
        const by = { id: actor.id, mayFollowOthers: actor.admin || actor.permissions.has(msg.update) };
        const { write, version, state } = followUpWrite(body.id, streams.get(stream) ?? [], by, body, at);
        return { writes: [write], answer: { id: body.id, version, state } };
      },
    });
    return reply(c, api.updateById, answer, "updated");
  });

  own(api.boardProportion, boardTag, async (c) => reply(c, api.boardProportion, await proportion(c.env.DB, await readBody(c, api.boardProportion.body))));
  own(api.homeProportion, boardTag, async (c) => reply(c, api.homeProportion, await proportion(c.env.DB, query(c, api.homeProportion.query))));

  own(api.boardTimeline, boardTag, async (c) => {
    const { from, to, ...filter } = await readBody(c, api.boardTimeline.body);
    if (to < from || Date.parse(to) - Date.parse(from) > 366 * 86_400_000) {
      throw new ValidationError([{ field: "to", label: l("结束日期（不早于开始日期，跨度不超过一年）", "End date (not before the start, at most a year after it)"), key: "valueNotAllowed" }]);
    }
    return reply(c, api.boardTimeline, await q.timeline(c.env.DB, today(), filter, from, to));
  });

  own(api.queryTaskSt, boardTag, async (c) => {
    const { day, ...filter } = await readBody(c, api.queryTaskSt.body);
    return reply(c, api.queryTaskSt, await q.staffCounts(c.env.DB, today(), { ...filter, ...(day ? { from: day, to: day } : {}) }));
  });
}
