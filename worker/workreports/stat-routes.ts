/**
 * The statistics calls of spec §7 (`/common/enworkreport` statCount, jgStatCount, visitList, trainingList,
 * roadshowList): a period's visits, service and demand archives, trainings, roadshows and work reports,
 * for a department or a member of staff. Reading needs the work reports' list permission.
 */
import type { Context } from "hono";
import { workReport } from "../../events/families/casework.ts";
import { workreports as verbs } from "../../events/api/workreports.ts";
import { l, type Family } from "../../events/family.ts";
import type { RouteTable } from "../http/routes.ts";
import type { AppEnv } from "../http/env.ts";
import { page, reply } from "../http/envelope.ts";
import { parseInput, parsePaging } from "../http/input.ts";
import { ValidationError } from "../errors.ts";
import { roadshowPage, staffDirectory, type StatFilter } from "./stat-queries.ts";
import { jgStatRead, statCountRead, trainingStatRead, visitStatRead } from "./stat-reads.ts";

const family = workReport as unknown as Family;
const labels = { from: l("开始日期", "From"), to: l("结束日期", "To"), deptId: l("部门", "Department"), staffId: l("人员", "Staff") };
const doc = (zh: string, en: string) => ({ doc: { summary: l(zh, en) } });

/** The filters of a statistics call; a period ending before it starts is refused by name. */
function filterOf(c: Context<AppEnv>): StatFilter {
  const f = parseInput(verbs.statCount.query, c.req.query(), labels);
  if (f.from && f.to && f.to < f.from) throw new ValidationError([{ field: "to", label: labels.to, key: "valueNotAllowed" }]);
  return f;
}

const slice = <T>(rows: T[], c: Context<AppEnv>) => {
  const { offset, limit } = parsePaging(c.req.query(), 100);
  return rows.slice(offset, offset + limit);
};

export function statisticsRoutes(routes: RouteTable) {
  const tag = family.tags.list;
  routes
    .verb(verbs.statCount, tag, async (c) => reply(c, verbs.statCount, await statCountRead(c.env.DB, filterOf(c)), "fetched"), doc("统计汇总：走访、服务、需求、培训、路演、工作报告及其月度分布", "Totals of the period: visits, services, demands, trainings, roadshows and work reports, by month"))
    .verb(verbs.jgStatCount, tag, async (c) => reply(c, verbs.jgStatCount, await jgStatRead(c.env.DB, filterOf(c)), "fetched"), doc("按机构（部门）统计", "Figures of the period by institution (department)"))
    .verb(verbs.visitList, tag, async (c) => {
      const rows = await visitStatRead(c.env.DB, filterOf(c));
      return page(c, rows.length, slice(rows, c));
    }, doc("走访统计：每位人员的走访、企业、服务与需求", "Visit statistics: each member of staff's visits, enterprises, services and demands"))
    .verb(verbs.trainingList, tag, async (c) => {
      const rows = await trainingStatRead(c.env.DB, filterOf(c));
      return page(c, rows.length, slice(rows, c));
    }, doc("培训统计：每位记录人的培训场次与参训人数", "Training statistics: each recorder's trainings and participants"))
    .verb(verbs.roadshowList, tag, async (c) => {
      const f = filterOf(c);
      const { page: n, limit } = parsePaging(c.req.query(), 100);
      const [{ total, rows }, staff] = await Promise.all([roadshowPage(c.env.DB, f, n, limit), staffDirectory(c.env.DB)]);
      const named = rows.map((r) => {
        const s = r.staffId ? staff.get(r.staffId) : undefined;
        return { ...r, staffName: s?.name ?? null, deptId: s?.deptId ?? null, deptName: s?.deptName ?? null };
      });
      return page(c, total, named);
    }, doc("路演统计：期间内的路演", "Roadshow statistics: the period's roadshows"));
}
