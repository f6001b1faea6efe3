/**
 * `/job/*` routes: the job's own verbs (save/update checked against the registered handlers, pause, resume,
 * run now, delete by a list of ids, the handler list, runs in progress, counts, a cron preview) registered
 * before the record engine's generic ones, the list and info carrying the next run, and the run log.
 * The standard set of /job/abnormalrecord is the engine's.
 */
import type { Context } from "hono";
import * as z from "zod";
import { l } from "../../events/family.ts";
import { jobSchedule, jobStatus } from "../../events/families/jobs.ts";
import { t } from "../../events/i18n.ts";
import { DomainError, ValidationError, codes, notFound } from "../errors.ts";
import { runCommand } from "../http/command.ts";
import type { AppEnv } from "../http/env.ts";
import { ok, page, readJson, reply } from "../http/envelope.ts";
import { jobs } from "../../events/api/jobs.ts";
import type { Answer } from "../../events/api/verb.ts";
import type { RouteTable } from "../http/routes.ts";
import { idList, newCreate, newTransition, nothingSelected, tooMany, withoutManaged } from "../resources/commands.ts";
import { findById, findByIds, listPage, parseListQuery } from "../resources/query.ts";
import { deleteAnswer, saveAnswer } from "../resources/routes.ts";
import { parseRecord } from "../resources/validate.ts";
import type { RegisteredHandler } from "./handler.ts";
import { checkCron, cronReading, nextRuns } from "./cron.ts";
import { logById, logPage, recentLogs, runningLogs, taskCounts } from "./log-queries.ts";
import { msIso } from "./log.ts";
import { runJob, type RunResult } from "./run.ts";
import { nextRunTimes, schedulePending } from "./trigger.ts";
import { checkJob } from "./validate.ts";

const family = jobSchedule;
const path = family.path;
export const jobTags = {
  pause: "job:schedule:pause",
  resume: "job:schedule:resume",
  run: "job:schedule:run",
  logList: "job:schedulelog:list",
  logInfo: "job:schedulelog:info",
};
/** Run-now runs inside the request: a few jobs per call keeps it within one request's budget. */
const maxRunNow = 10;

/** The ids a command names: an id, an array of ids, or `{ ids }` / `{ jobIds }` (1 to 100, each once). */
export function jobIds(body: unknown): string[] {
  const raw = body && typeof body === "object" && !Array.isArray(body) ? ((body as Record<string, unknown>).ids ?? (body as Record<string, unknown>).jobIds ?? (body as Record<string, unknown>).jobId) : body;
  const list = Array.isArray(raw) ? raw : raw === undefined || raw === null || raw === "" ? [] : [raw];
  if (list.length === 0) throw nothingSelected();
  const parsed = idList.safeParse(list);
  if (!parsed.success) throw tooMany(100);
  return [...new Set(parsed.data)];
}

/** A handler's params as JSON Schema; its params are a zod object, so every property is a schema object (never `true`). */
const paramsJsonSchema = (h: RegisteredHandler) => z.toJSONSchema(h.params, { unrepresentable: "any" }) as Answer<typeof jobs.handlers>[number]["paramsSchema"];

const withNextRun = async (db: D1Database, rows: Record<string, unknown>[]) => {
  const next = await nextRunTimes(db, rows.map((r) => String(r.jobId)));
  return rows.map((r) => {
    const at = next.get(String(r.jobId));
    return { ...r, nextRunTime: at === null || at === undefined ? null : msIso(at) };
  });
};

export function jobRoutes(handlers: () => readonly RegisteredHandler[]) {
  /** Save (create, or update with jobId) after the job's own rules; a refusal writes nothing. */
  async function save(c: Context<AppEnv>, mode: "save" | "update") {
    const body = await readJson<Record<string, unknown>>(c);
    if (!body || typeof body !== "object" || Array.isArray(body)) throw new DomainError(codes.validation, "badRequestBody");
    const rawId = body[family.idKey];
    const id = rawId === undefined || rawId === null || rawId === "" ? undefined : String(rawId);
    if (mode === "update" && !id) throw notFound(family.label);
    const current = id ? await findById(c.env.DB, family, id) : null;
    if (id && !current) throw notFound(family.label);
    const input = withoutManaged(family, body);
    const merged = { ...(current ?? {}), ...input, status: current?.status ?? jobStatus.normal };
    // the fields' own rules first (required bean, method and cron), then the handler, params and cron
    parseRecord(family, family.createSchema, { ...merged, params: undefined });
    const { problems, params } = checkJob(merged, handlers());
    if (problems.length) throw new ValidationError(problems);
    const values = { ...input, ...(Object.hasOwn(input, "params") || !id ? { params } : {}) };
    let answer: Response;
    let savedId = id;
    if (id) answer = await saveAnswer(c, family, mode, values);
    else {
      savedId = crypto.randomUUID();
      const write = newCreate(family, { ...values, status: jobStatus.normal }, savedId);
      answer = await runCommand(c, async () => ({ writes: [write], response: { code: codes.ok, msg: t("created", c.get("lang")), data: { [family.idKey]: savedId, version: 1 } } }));
    }
    await schedulePending(c.env.DB, Date.now(), [savedId!]);
    return answer;
  }

  /** Pause or resume: jobs already in that state are left alone; the others change in one append. */
  async function setStatus(c: Context<AppEnv>, status: string, action: "pause" | "resume") {
    const ids = jobIds(await readJson(c));
    const found = await findByIds(c.env.DB, family, ids);
    const missing = ids.find((id) => !found.some((r) => String(r.jobId) === id));
    if (missing) throw notFound(family.label);
    const changing = found.filter((r) => r.status !== status).map((r) => String(r.jobId));
    const answer = await runCommand(c, async () => ({
      writes: await Promise.all(changing.map((id) => newTransition(c.env.DB, family, id, action, () => ({ status })))),
      response: { code: codes.ok, msg: t("ok", c.get("lang")), data: { changed: changing.length } },
    }));
    if (status === jobStatus.normal && changing.length) await schedulePending(c.env.DB, Date.now(), changing);
    return answer;
  }

  async function runNow(c: Context<AppEnv>) {
    const ids = jobIds(await readJson(c));
    if (ids.length > maxRunNow) throw tooMany(maxRunNow);
    const jobs = await findByIds(c.env.DB, family, ids);
    if (jobs.length !== ids.length) throw notFound(family.label);
    const results: (RunResult & { jobId: string })[] = [];
    for (const job of jobs) {
      const run = { jobId: String(job.jobId), jobName: String(job.jobName), beanName: String(job.beanName), methodName: String(job.methodName), params: job.params ?? {}, trigger: "manual" as const };
      results.push({ jobId: run.jobId, ...(await runJob(c.env, c.get("store"), handlers(), run, Date.now())) });
    }
    return ok(c, results.map(({ jobId, logId, status, error }) => ({ jobId, logId, status, error: error ?? null })), "jobRunStarted");
  }

  return (routes: RouteTable) => {
    const doc = (zh: string, en: string) => ({ doc: { summary: l(zh, en), tags: ["job"] } });
    routes
      .verb(jobs.list, family.tags.list, async (c) => {
        const { total, rows } = await listPage(c.env.DB, family, parseListQuery(family, c.req.query()));
        return page(c, total, await withNextRun(c.env.DB, rows));
      }, { doc: { family, verb: "list" } })
      .verb(jobs.info, family.tags.info, async (c) => {
        const record = await findById(c.env.DB, family, c.req.param("id")!);
        if (!record) throw notFound(family.label);
        const [row] = await withNextRun(c.env.DB, [record]);
        c.header("ETag", `W/"${record.version}"`);
        return ok(c, row, "fetched");
      }, { doc: { family, verb: "info" } })
      .verb(jobs.save, family.tags.save, (c) => save(c, "save"), { doc: { family, verb: "save" } })
      .verb(jobs.update, family.tags.update, (c) => save(c, "update"), { doc: { family, verb: "update" } })
      .verb(jobs.delete, family.tags.delete, async (c) => deleteAnswer(c, family, jobIds(await readJson(c))), doc("删除任务（jobId 或其列表）", "Delete jobs (a jobId or a list)"))
      .verb(jobs.pause, jobTags.pause, (c) => setStatus(c, jobStatus.paused, "pause"), doc("暂停任务", "Pause jobs"))
      .verb(jobs.resume, jobTags.resume, (c) => setStatus(c, jobStatus.normal, "resume"), doc("恢复任务（下次执行从现在算起）", "Resume jobs (the next run counted from now)"))
      .verb(jobs.run, jobTags.run, runNow, doc("立即执行一次（至多 10 个）", "Run now, once (up to 10 jobs)"))
      .verb(jobs.handlers, family.tags.list, async (c) =>
        reply(c, jobs.handlers, handlers().map((h) => ({ beanName: h.bean, methodName: h.method, label: h.label, paramsSchema: paramsJsonSchema(h) })), "fetched"),
        doc("可选的任务处理器（bean 与方法）及其参数结构", "The registered handlers (bean and method) and their parameter schemas"))
      .verb(jobs.running, family.tags.list, async (c) => reply(c, jobs.running, await runningLogs(c.env.DB, 100, c.get("lang")), "fetched"), doc("正在执行的任务", "Runs in progress"))
      .verb(jobs.counts, family.tags.list, async (c) => reply(c, jobs.counts, await taskCounts(c.env.DB, family.table, Date.now()), "fetched"), doc("任务按状态计数及今日执行结果", "Jobs by status and today's runs by outcome"))
      .verb(jobs.nextRuns, family.tags.list, async (c) => {
        const q = jobs.nextRuns.query.parse(c.req.query());
        const lang = c.get("lang");
        const checked = checkCron(q.cron);
        const name = family.fields.cronExpression.label[lang];
        if (!checked.valid) {
          const error = checked.problem === "fields" ? t("jobCronFields", lang, { name }) : checked.problem === "never" ? t("jobCronNever", lang, { name }) : t("jobCronInvalid", lang, { name, reason: checked.reason ?? "" });
          return reply(c, jobs.nextRuns, { valid: false, error, next: [] }, "fetched");
        }
        return reply(c, jobs.nextRuns, { valid: true, reading: await cronReading(q.cron), next: nextRuns(q.cron, Date.now(), q.count).map(msIso) }, "fetched");
      }, doc("cron 表达式的解读与接下来的执行时间", "A cron expression read aloud and its next runs"))
      // a job's handler, params and cron are checked on save: a spreadsheet import would bypass that
      .post(`${path}/excel/import`, family.tags.import, async () => {
        throw new DomainError(codes.validation, "jobImportRefused");
      }, doc("定时任务不能通过表格导入", "Scheduled jobs are not imported from spreadsheets"))
      .verb(jobs.logList, jobTags.logList, async (c) => {
        const { total, rows } = await logPage(c.env.DB, c.req.query(), false, c.get("lang"));
        return page(c, total, rows);
      }, doc("任务日志（分页）", "Job logs (paged)"))
      .verb(jobs.logDataList, jobTags.logList, async (c) => {
        const { total, rows } = await logPage(c.env.DB, c.req.query(), true, c.get("lang"));
        return page(c, total, rows);
      }, doc("读写了数据的任务日志（分页）", "Job logs that read or wrote data (paged)"))
      .verb(jobs.logAll, jobTags.logList, async (c) => reply(c, jobs.logAll, await recentLogs(c.env.DB, c.req.query(), 500, c.get("lang")), "fetched"), doc("最近的任务日志（至多 500 条）", "Recent job logs (at most 500)"))
      .verb(jobs.logInfo, jobTags.logInfo, async (c) => {
        const log = await logById(c.env.DB, c.req.param("id")!, c.get("lang"));
        if (!log) throw notFound(l("任务日志", "Job log"));
        return reply(c, jobs.logInfo, log, "fetched");
      }, doc("一条任务日志", "One job log"));
  };
}
