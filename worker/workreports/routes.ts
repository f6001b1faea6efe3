/**
 * The work reports' verbs: write (save, update when an id is present; `submit` hands the report to the
 * leader), one's own and one's team's reports, a report with its readers (a notified person opening it
 * leaves the read receipt), the leader's review, and delete of one's own unreviewed reports. Every write
 * goes through the command pipeline; the rules are ./rules.ts.
 */
import type { Context } from "hono";
import { workReport } from "../../events/families/casework.ts";
import { workreports as verbs, workReportWrite } from "../../events/api/workreports.ts";
import { l, type Family } from "../../events/family.ts";
import type { Answer } from "../../events/api/verb.ts";
import { t } from "../../events/i18n.ts";
import type { RouteTable } from "../http/routes.ts";
import type { AppEnv } from "../http/env.ts";
import { actorOf, page, readJson, reply } from "../http/envelope.ts";
import { parseInput, parsePaging, readBody } from "../http/input.ts";
import { executeHere, runCommand } from "../http/command.ts";
import { DomainError, codes, notFound } from "../errors.ts";
import { displayTime } from "../time.ts";
import { newCreate, newDeletes, streamOf, updateOf } from "../resources/commands.ts";
import { fold, type RecordValues } from "../resources/decide.ts";
import { findById, findByIds } from "../resources/query.ts";
import { deleteIds } from "../resources/routes.ts";
import { readStream } from "../store/read.ts";
import { decideReview, decideWrite, mayReview, reportStatus, type ReportInput } from "./rules.ts";
import { leaderFor, namesOf, readersOf, reportPage, samePeriodReport, unknownPeople, unreadBy, writerOf, type ReportScope } from "./queries.ts";
import { readStream as readReceiptStream, reportRead } from "./projection.ts";

const family = workReport as unknown as Family;
const tags = { ...family.tags, review: `${family.perm}:review` };
const labels = { ...Object.fromEntries(Object.entries(family.fields).map(([k, f]) => [k, f.label])), id: l("报告", "Report"), verdict: l("审阅结果", "Verdict"), opinion: l("审阅意见", "Review opinion") };
const doc = (zh: string, en: string) => ({ doc: { summary: l(zh, en) } });
const now = () => displayTime(new Date().toISOString());
const idOf = (stream: string) => stream.slice(family.name.length + 1);

/** save and update: a new report is the writer's; an id names one of theirs to change (or submit). */
async function write(c: Context<AppEnv>) {
  const body = await readBody(c, workReportWrite, labels);
  const actor = actorOf(c);
  const db = c.env.DB;
  return runCommand(c, async () => {
    const writer = (await writerOf(db, actor.id)) ?? { id: actor.id, name: actor.name, deptId: null };
    const events = body.id ? await readStream(db, streamOf(family, body.id)) : [];
    const existing = body.id ? fold(family, events).record : null;
    if (body.id && !existing) throw notFound(family.label);
    const values = decideWrite(body as ReportInput, {
      existing,
      writer,
      duplicateOf: await samePeriodReport(db, String(existing?.reporterId ?? writer.id), body.reportType, body.period, body.id ?? null),
      unknownPeople: await unknownPeople(db, body.notifyUserIds ?? []),
      now: now(),
    });
    const written = existing ? updateOf(family, body.id!, values, events, body.version, body.submit ? "submit" : undefined) : newCreate(family, values);
    const data = { id: idOf(written.stream), version: written.head.version + written.events.length, status: String(values.status ?? existing?.status) };
    return { writes: [written], response: { code: codes.ok, msg: t(existing ? "updated" : "created", c.get("lang")), data } };
  });
}

/** Records that a notified person opened the report, once (a second opening writes nothing). */
async function leaveReadReceipt(c: Context<AppEnv>, reportId: string, userId: string) {
  const stream = readReceiptStream(reportId, userId);
  await executeHere(c, {
    name: "workreport.read",
    permission: tags.info,
    streams: [stream],
    decide: ({ streams }) =>
      (streams.get(stream) ?? []).length
        ? { writes: [], answer: null }
        : { writes: [{ stream, head: { version: 0, hash: "" }, events: [{ type: reportRead, data: { reportId, userId } }] }], answer: null },
  });
}

async function detail(c: Context<AppEnv>, id: string): Promise<Answer<typeof verbs.info>> {
  const db = c.env.DB;
  const actor = actorOf(c);
  if (await unreadBy(db, id, actor.id)) await leaveReadReceipt(c, id, actor.id);
  const record = await findById(db, family, id);
  if (!record) throw notFound(family.label);
  const [names, readers, leader] = await Promise.all([namesOf(db, record), readersOf(db, id), leaderFor(db, (record.deptId as string | null) ?? null, String(record.reporterId))]);
  const own = record.reporterId === actor.id;
  // the version as the ETag, as every record's info answers: an edit sends it back as If-Match
  c.header("ETag", `W/"${record.version}"`);
  return { ...(record as Answer<typeof verbs.info>), ...names, readers, mayReview: mayReview(record, actor.id, leader?.id ?? null), mayEdit: own && record.status !== reportStatus.reviewed };
}

function listScope(scope: ReportScope["kind"], userId: string): ReportScope {
  return { kind: scope, userId };
}

export function reportRoutes(routes: RouteTable) {
  routes
    .verb(verbs.save, tags.save, write, doc("填写工作报告（有 id 时修改；submit 为 true 时提交审阅）", "Write a work report (changes one when an id is present; submit hands it to the leader)"))
    .verb(verbs.update, tags.update, write, doc("修改本人的工作报告", "Change one's own work report"))
    .verb(verbs.info, tags.info, async (c) => reply(c, verbs.info, await detail(c, c.req.param("id")!), "fetched"), doc("工作报告详情（知会人打开即记录已读）", "A work report with its readers (a notified person opening it is recorded as having read it)"))
    .verb(verbs.mine, tags.list, async (c) => {
      const query = parseInput(verbs.mine.query, c.req.query(), labels);
      const { page: n, limit } = parsePaging(c.req.query(), 100);
      const { total, rows } = await reportPage(c.env.DB, listScope("mine", actorOf(c).id), query, n, limit);
      return page(c, total, rows);
    }, doc("我的工作报告", "My work reports"))
    .verb(verbs.reviewList, tags.list, async (c) => {
      const query = parseInput(verbs.reviewList.query, c.req.query(), labels);
      const { page: n, limit } = parsePaging(c.req.query(), 100);
      const { total, rows } = await reportPage(c.env.DB, listScope(query.scope ?? "review", actorOf(c).id), query, n, limit);
      return page(c, total, rows);
    }, doc("待我审阅（我负责的部门）或知会我的工作报告", "Reports to review (of the departments one leads) or that notify one"))
    .verb(verbs.review, tags.review, async (c) => {
      const body = await readBody(c, verbs.review.body, labels);
      const actor = actorOf(c);
      const db = c.env.DB;
      return runCommand(c, async () => {
        const events = await readStream(db, streamOf(family, body.id));
        const report = fold(family, events).record;
        if (!report) throw notFound(family.label);
        const leader = await leaderFor(db, (report.deptId as string | null) ?? null, String(report.reporterId));
        const patch = decideReview({ report, reviewer: { id: actor.id }, leader, verdict: body.verdict, opinion: body.opinion, now: now() });
        const written = updateOf(family, body.id, patch, events, undefined, body.verdict === "approve" ? "approve" : "return");
        const data = { id: body.id, version: written.head.version + written.events.length, status: String(patch.status) };
        return { writes: [written], response: { code: codes.ok, msg: t("ok", c.get("lang")), data } };
      });
    }, doc("审阅工作报告：通过或退回（附意见）", "Review a work report: approve, or return it with an opinion"))
    .post(`${family.path}/delete`, tags.delete, async (c) => {
      const ids = deleteIds(await readJson(c));
      const actor = actorOf(c);
      return runCommand(c, async () => {
        const found = await findByIds(c.env.DB, family, ids);
        for (const r of found as RecordValues[]) {
          if (!actor.admin && r.reporterId !== actor.id) throw new DomainError(codes.forbidden, "workReportNotYours");
          if (r.status === reportStatus.reviewed) throw new DomainError(codes.validation, "workReportLocked");
        }
        return { writes: await newDeletes(c.env.DB, family, ids), response: { code: codes.ok, msg: t("deleted", c.get("lang")), data: null } };
      });
    }, doc("删除本人未审阅的工作报告", "Delete one's own work reports that are not reviewed"));
}
