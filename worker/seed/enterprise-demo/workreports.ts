/**
 * The demo region's work reports: every demo member of staff's daily, weekly and monthly reports of the
 * periods before the seed time (the present periods stay free to write), each notifying the department's
 * leader and a colleague, most of them read, the older ones of staff with a leader reviewed (one returned),
 * the latest daily report a draft. Deterministic like the rest of the region: a fixed seed, ids from
 * `seedId`, dates from `at`. Built here rather than by the generic walk because who writes, reads and
 * reviews a report follows the rules of worker/workreports.
 */
import type { Family } from "../../../events/family.ts";
import { workReport } from "../../../events/families/casework.ts";
import { departmentSeed, userSeed } from "../../../events/seed/organisation.ts";
import { newCreate } from "../../resources/commands.ts";
import type { StreamWrite } from "../../store/types.ts";
import { readStream, reportRead } from "../../workreports/projection.ts";
import { isoWeekOf, periodRange, type ReportKind } from "../../workreports/rules.ts";
import { daysBefore } from "./enterprises.ts";
import { rngFor } from "./random.ts";

const family = workReport as unknown as Family;

/** Whether the generic walk leaves a family to this file. */
export const builtHere = (f: Family) => f.name === family.name;

const done = ["走访重点企业{n}家，了解企业生产经营情况", "协调解决企业融资需求{n}项", "开展政策宣讲{n}场，覆盖企业{m}家", "跟进企业用地、用工诉求{n}项", "完成包抓企业月度数据核查{n}家"];
const plans = ["继续走访包抓企业，跟进未办结诉求", "组织一次银企对接会", "督办企业诉求办理进度", "整理本期走访档案并归档"];
const issues = ["部分企业诉求涉及多个部门，协调周期较长", "个别企业联系人变动，需重新对接", "无"];
const kindName: Record<ReportKind, string> = { daily: "日报", weekly: "周报", monthly: "月报", quarterly: "季报", annual: "年报", special: "专项报告" };

const mondayOf = (week: string) => periodRange("weekly", week)!.start!;

export interface OwnDemo {
  family: string;
  count: number;
  writes: StreamWrite[];
}

export async function workReportDemo(seedId: (key: string) => Promise<string>, at: string): Promise<OwnDemo> {
  const rng = rngFor("workreports");
  const today = at.slice(0, 10);
  const people = await Promise.all(userSeed.map(async (u) => ({ ...u, id: await seedId(`user:${u.key}`) })));
  const deptIds = new Map(await Promise.all(departmentSeed.map(async (d) => [d.key, await seedId(`dept:${d.key}`)] as const)));
  const leaderOf = (deptKey: string) => people.find((p) => p.key === departmentSeed.find((d) => d.key === deptKey)?.leaderKey);

  // the periods before the present ones: 3 days, 8 weeks, 3 months
  const thisWeek = mondayOf(isoWeekOf(today));
  const periods: { kind: ReportKind; period: string; age: number }[] = [
    ...[3, 2, 1].map((d, i) => ({ kind: "daily" as const, period: daysBefore(`${thisWeek}T00:00:00Z`, d), age: 2 - i })),
    ...[8, 7, 6, 5, 4, 3, 2, 1].map((w) => ({ kind: "weekly" as const, period: isoWeekOf(daysBefore(`${thisWeek}T00:00:00Z`, w * 7)), age: w })),
    ...[3, 2, 1].map((m) => {
      const d = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1 - m, 1));
      return { kind: "monthly" as const, period: d.toISOString().slice(0, 7), age: m * 4 };
    }),
  ];

  const writes: StreamWrite[] = [];
  let count = 0;
  for (const person of people) {
    const leader = leaderOf(person.departmentKey);
    const reviewer = leader && leader.id !== person.id ? leader : null;
    const colleague = rng.pick(people.filter((p) => p.id !== person.id && p.id !== leader?.id));
    for (const [n, p] of periods.entries()) {
      const range = periodRange(p.kind, p.period)!;
      const draft = p.kind === "daily" && p.age === 0;
      const submitTime = `${range.end} 18:${String(rng.int(0, 59)).padStart(2, "0")}:00`;
      const reviewDay = daysBefore(`${range.end}T00:00:00Z`, -2);
      const reviewed = !draft && reviewer && p.age >= 2 && reviewDay < today;
      const returned = reviewed && p.kind === "weekly" && p.age === 3;
      const notify = [reviewer?.id ?? leader?.id, colleague.id].filter((id): id is string => !!id && id !== person.id);
      const k = () => String(rng.int(2, 6));
      const record = {
        title: `${person.name} ${p.period} ${kindName[p.kind]}`,
        reportType: p.kind,
        period: p.period,
        periodStart: range.start,
        periodEnd: range.end,
        reporterId: person.id,
        deptId: deptIds.get(person.departmentKey) ?? null,
        content: [rng.pick(done), rng.pick(done)].map((s) => s.replace("{n}", k()).replace("{m}", String(rng.int(10, 40)))).join("；"),
        nextPlan: rng.pick(plans),
        problems: rng.pick(issues),
        notifyUserIds: notify,
        visitCount: rng.int(0, p.kind === "daily" ? 3 : p.kind === "weekly" ? 8 : 25),
        serviceCount: rng.int(0, p.kind === "monthly" ? 10 : 4),
        status: draft ? "draft" : returned ? "returned" : reviewed ? "reviewed" : "submitted",
        submitTime: draft ? null : submitTime,
        reviewerId: reviewed ? reviewer!.id : null,
        reviewOpinion: returned ? "请补充走访企业名单和诉求办理进度" : reviewed ? rng.pick(["同意", "工作扎实，继续保持", "已阅"]) : null,
        reviewTime: reviewed ? `${reviewDay} 09:${String(rng.int(10, 59)).padStart(2, "0")}:00` : null,
      };
      const id = await seedId(`enterprise-demo:workreport:${person.key}:${n}`);
      writes.push(newCreate(family, record, id));
      count++;
      // the notified have read the older ones, most of them
      if (draft) continue;
      for (const userId of notify) {
        if (p.age < 1 || !rng.chance(0.75)) continue;
        writes.push({ stream: readStream(id, userId), head: { version: 0, hash: "" }, events: [{ type: reportRead, data: { reportId: id, userId } }] });
      }
    }
  }
  return { family: family.name, count, writes };
}
