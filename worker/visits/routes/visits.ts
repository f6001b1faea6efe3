/**
 * /common/encompanyvisit beyond the standard set: recording a visit against its task, the enterprises
 * visited, an enterprise's visits, the counts, one visit with its archives and check-ins, and the demand
 * lists (mine and others'). The keyword of the standard list searches what was written in a visit.
 */
import * as z from "zod";
import { visits } from "../../../events/api/visits.ts";
import { l } from "../../../events/family.ts";
import type { RouteTable } from "../../http/routes.ts";
import { actorOf, ok, page } from "../../http/envelope.ts";
import { parseInput, parsePaging, readBody } from "../../http/input.ts";
import { executeHere } from "../../http/command.ts";
import { notFound } from "../../errors.ts";
import { camelRow, findById, listAll, listPage, toRecord } from "../../resources/query.ts";
import { displayTime } from "../../time.ts";
import { archiveFamily, checkInFamily, taskFamily, visitFamily } from "../families.ts";
import { demandArchives, visitCounts, visitedEnterprises } from "../queries.ts";
import { recordVisitWrites, visitTaskStream } from "../record.ts";
import { idParam, labelsOf, scopedTo } from "./shared.ts";
import { lazySchema } from "../../../events/lazy.ts";

const doc = (zh: string, en: string) => ({ doc: { summary: l(`企业走访：${zh}`, `Visits: ${en}`), family: visitFamily } });
const demandQuery = lazySchema(() => z.object({ creditCode: z.string().length(18).optional() }).passthrough());

export function visitRoutes(routes: RouteTable) {
  const v = visitFamily;
  routes
    .verb(visits.record, v.tags.save, async (c) => {
      const body = await readBody(c, visits.record.body, labelsOf(v));
      const actor = actorOf(c);
      const stream = visitTaskStream(body);
      const answer = await executeHere(c, {
        name: "visit.record",
        streams: [stream],
        // a visit recorded on the same task meanwhile: decide again, and be refused as the task is done
        retries: 2,
        decide: ({ streams, at }) => recordVisitWrites(body, { id: actor.id, mayRecordForOthers: actor.admin || actor.permissions.has(taskFamily.tags.update) }, streams.get(stream) ?? [], at),
      });
      return ok(c, answer, "created");
    }, doc("按任务登记走访并完成该任务（档案、诉求、下次跟进）", "record a visit against its task, which it finishes (archive, demand, next follow-up)"))
    .verb(visits.enList, v.tags.list, async (c) => {
      const { limit, offset } = parsePaging(c.req.query(), 100);
      const { total, rows } = await visitedEnterprises(c.env.DB, limit, offset);
      return page(c, total, rows);
    }, doc("走访过的企业（次数、最近走访）", "enterprises visited (count, latest visit)"))
    .verb(visits.visitHistory, v.tags.list, async (c) => {
      const { total, rows } = await listPage(c.env.DB, v, scopedTo(v, c.req.query()));
      return page(c, total, rows);
    }, doc("某企业的走访记录", "an enterprise's visits"))
    .verb(visits.visitCount, v.tags.list, async (c) => {
      const q = parseInput(visits.visitCount.query, c.req.query());
      return ok(c, await visitCounts(c.env.DB, q, displayTime(new Date().toISOString()).slice(0, 10)), "fetched");
    }, doc("走访数量统计", "visit counts"))
    .verb(visits.getWzf, v.tags.info, async (c) => {
      const id = idParam(c.req.param("id"), v);
      const visit = await findById(c.env.DB, v, id);
      if (!visit) throw notFound(v.label);
      const by = (key: string) => ({ filters: [{ key, op: "eq" as const, value: id }], sort: "createTime", desc: false, keyword: "" });
      const [archives, checkIns] = await Promise.all([listAll(c.env.DB, archiveFamily, by("visitId"), 100), listAll(c.env.DB, checkInFamily, { ...by("visitId"), sort: "checkInTime" }, 100)]);
      return ok(c, { visit, archives, checkIns }, "fetched");
    }, doc("走访详情（档案、签到）", "one visit with its archives and check-ins"));

  for (const [verb, mine] of [[visits.getDemandList, true], [visits.getOtherDemandList, false]] as const) {
    routes.verb(verb, archiveFamily.tags.list, async (c) => {
      const { creditCode } = parseInput(demandQuery, c.req.query());
      const { limit, offset } = parsePaging(c.req.query(), 100);
      const { total, rows } = await demandArchives(c.env.DB, actorOf(c).id, mine, creditCode, limit, offset);
      return page(c, total, rows.map((r) => toRecord(archiveFamily, camelRow(r))));
    }, { doc: { summary: mine ? l("我走访中提出的需求", "Demands raised in my visits") : l("其他人走访中提出的需求", "Demands raised in others' visits"), family: archiveFamily } });
  }
}
