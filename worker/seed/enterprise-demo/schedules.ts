/**
 * Schedule plans of the demo's first projects (the Gantt screen opens on them): a construction project's
 * usual phases with summary tasks, finish-to-start and start-to-start links with lags, owners from the demo
 * staff and a closing milestone, dated around the seed's time so tasks are done, under way, behind and not
 * started. Deterministic: the projects are the first the schedule screen lists, ids come from `seedId`,
 * dates from `at`. Written through the pipeline as the gantt module's own save.
 */
import type { Family } from "../../../events/family.ts";
import { projectSchedulePlan } from "../../../events/families/casework.ts";
import { userSeed } from "../../../events/seed/organisation.ts";
import type { PlanTask } from "../../../events/gantt/plan.ts";
import type { EventStore } from "../../store/index.ts";
import { seedCommand } from "../../commands/seed.ts";
import { planWrites } from "../../gantt/plan.ts";
import { scheduleProjects } from "../../gantt/queries.ts";

/** Whether the generic walk leaves a family to this file: schedule plans come only from the gantt module's save here. */
export const builtHere = (f: Family) => f.name === projectSchedulePlan.name;

/** [key, name, parent, start offset (days from the seed's day), days, progress, predecessors "key:type:lag", owner index, milestone] */
type Row = [string, string, string | null, number, number, number, string[], number | null, boolean?];
const template: Row[] = [
  ["prep", "前期准备", null, -70, 22, 100, [], 0],
  ["study", "可行性研究报告编制", "prep", -70, 9, 100, [], 0],
  ["approval", "立项及环评批复", "prep", -60, 12, 100, ["study:FS:0"], 1],
  ["civil", "土建施工", null, -45, 62, 55, [], 1],
  ["site", "场地平整", "civil", -45, 8, 100, ["approval:FS:2"], 2],
  ["structure", "主体结构施工", "civil", -36, 45, 60, ["site:FS:0"], 1],
  ["fire", "消防设计审查", "civil", -25, 12, 70, ["site:SS:10"], 3],
  ["purchase", "设备采购", null, -30, 35, 40, ["approval:SS:30"], 2],
  ["install", "设备安装调试", null, 12, 28, 0, ["structure:FS:2", "purchase:FF:0"], 3],
  ["trial", "试生产", null, 42, 20, 0, ["install:FS:0"], 0],
  ["accept", "竣工验收", null, 63, 1, 0, ["trial:FS:0"], null, true],
];

const dayOf = (at: string, offset: number) => new Date(Date.parse(at) + 8 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);

export async function seedDemoSchedules(db: D1Database, store: EventStore, seedId: (key: string) => Promise<string>, at: string, count = 3): Promise<number> {
  const staff = await Promise.all(userSeed.filter((u) => u.type === "1").slice(0, 4).map((u) => seedId(`user:${u.key}`)));
  const projects = (await scheduleProjects(db, "")).slice(0, count);
  for (const [n, project] of projects.entries()) {
    const tasks: PlanTask[] = template.map(([key, name, parent, offset, days, progress, links, owner, milestone]) => ({
      id: key,
      name,
      wbs: null,
      // each project a few weeks apart, so their charts differ
      start: dayOf(at, offset - n * 14),
      end: dayOf(at, offset - n * 14 + days - 1),
      progress: n > 0 && progress > 0 && progress < 100 ? Math.min(100, progress + n * 15) : progress,
      parent,
      owner: owner === null ? null : staff[(owner + n) % staff.length]!,
      milestone: milestone ?? false,
      predecessors: links.map((l) => {
        const [id, type, lag] = l.split(":");
        return { id: id!, type: type as PlanTask["predecessors"][number]["type"], lag: Number(lag) };
      }),
    }));
    const ids = new Map(await Promise.all(tasks.map(async (t) => [t.id, await seedId(`gantt:${project.id}:${t.id}`)] as const)));
    await seedCommand({ db, store, at, requestId: "seed-demo" }, "demo.schedule", async () => (await planWrites(db, project.id, tasks, at, (key) => ids.get(key)!)).writes);
  }
  return projects.length;
}
