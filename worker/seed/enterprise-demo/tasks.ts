/**
 * The demo region's task plans, distributed by the same command code a user runs (worker/tasks/distribute.ts)
 * and followed up so the board shows every state: plans that ended (tasks done or overdue), plans under way
 * (not started, in progress, done, one cancelled, some due today) and a plan still to come, each across the
 * demo staff. Deterministic: fixed plan shapes, enterprises and staff in a fixed order, ids from `seedId`,
 * dates relative to the seed's `at`. Run after the region is stored (it reads the enterprises from D1).
 */
import { taskMsg, taskPlan } from "../../../events/families/casework.ts";
import type { Family } from "../../../events/family.ts";
import { userSeed } from "../../../events/seed/organisation.ts";
import { seedCommand } from "../../commands/seed.ts";
import { newCreate, streamOf } from "../../resources/commands.ts";
import type { EventStore } from "../../store/index.ts";
import { readStream } from "../../store/read.ts";
import { distributionWrites } from "../../tasks/distribute.ts";
import { followUpWrite, taskStream } from "../../tasks/followUp.ts";
import { addDays, chinaDate } from "../../tasks/state.ts";
import { fold } from "../../resources/decide.ts";
import { dayInWindow, demoCheckIn, demoVisitWrites } from "./taskVisits.ts";

interface PlanShape {
  title: string;
  kind: "zf" | "fw" | "xq";
  /** window relative to the seed's day */
  start: number;
  end: number;
  /** staff by their userSeed key */
  staff: string[];
  enterprises: number;
  /** follow-ups by task number: n % 6 → status (undefined: left alone) */
  pattern: (("inProgress" | "done" | "cancelled") | undefined)[];
}

const shapes: PlanShape[] = [
  { title: "第三季度重点企业走访计划", kind: "zf", start: -70, end: -20, staff: ["user-zhangwei", "user-wangfang"], enterprises: 6, pattern: ["done", "done", "done", undefined, "done", "inProgress"] },
  { title: "专精特新企业服务计划", kind: "fw", start: -15, end: 12, staff: ["user-wangfang", "user-liuyang", "user-chenjing"], enterprises: 5, pattern: ["done", "inProgress", undefined, undefined, "inProgress", "cancelled"] },
  { title: "规上企业需求摸排", kind: "xq", start: -5, end: 0, staff: ["user-liuyang", "user-chenjing"], enterprises: 4, pattern: [undefined, "inProgress", "done", undefined, undefined, undefined] },
  { title: "包抓企业月度走访", kind: "zf", start: -30, end: -3, staff: ["user-chenjing", "user-zhangwei"], enterprises: 4, pattern: [undefined, "inProgress", "done", undefined, "done", undefined] },
  { title: "政策宣讲上门服务", kind: "fw", start: -2, end: 1, staff: ["user-wangfang", "user-zhangwei"], enterprises: 3, pattern: ["inProgress", undefined, undefined, undefined, undefined, undefined] },
  { title: "第四季度企业走访计划", kind: "zf", start: 5, end: 40, staff: ["user-zhangwei", "user-wangfang", "user-liuyang"], enterprises: 6, pattern: [] },
];

/** Whether the generic walk leaves a family to this file: plans and their tasks come only from distributions here. */
export const builtHere = (f: Family) => f.name === taskPlan.name || f.name === taskMsg.name;

/** A UUID v4-shaped id derived from a base id and a counter (deterministic, unique per base). */
const derivedId = (base: string, n: number) => `${base.slice(0, 24)}${(0x100000000000 + n).toString(16).slice(1)}`;

export async function seedDemoTasks(db: D1Database, store: EventStore, seedId: (key: string) => Promise<string>, at: string): Promise<number> {
  const plans = taskPlan as unknown as Family;
  const day = chinaDate(Date.parse(at));
  const { results: enterprises } = await db.prepare("SELECT credit_code AS creditCode, ent_name AS entName FROM en_enterprise_basic_info ORDER BY credit_code LIMIT 60").all<{ creditCode: string; entName: string }>();
  if (!enterprises.length) return 0;
  const people = new Map(await Promise.all(userSeed.map(async (u) => [u.key, { id: await seedId(`user:${u.key}`), name: u.name }] as const)));
  for (const person of [...people.values()]) people.set(person.id, person);
  const tasks = taskMsg as unknown as Family;
  let made = 0;
  let offset = 0;
  for (const [p, shape] of shapes.entries()) {
    const owner = people.get(shape.staff[0]!)!;
    const targets = enterprises.slice(offset, offset + shape.enterprises);
    offset = (offset + shape.enterprises) % Math.max(1, enterprises.length - 10);
    const planId = await seedId(`demo-taskplan:${p}`);
    const context = { db, store, at, requestId: "seed-tasks", person: owner };
    const record = {
      title: `${day.slice(0, 4)}年${shape.title}`,
      planType: shape.kind === "fw" ? "service" : shape.kind === "xq" ? "survey" : "visit",
      startDate: addDays(day, shape.start),
      endDate: addDays(day, shape.end),
      ownerId: owner.id,
      targets,
      targetCount: targets.length,
      assignees: shape.staff.map((k) => people.get(k)!.id),
      visitKind: shape.kind,
      content: `对${targets.length}家企业开展${shape.kind === "zf" ? "走访" : shape.kind === "fw" ? "服务" : "需求摸排"}，了解经营情况与诉求。`,
      status: "notStarted",
    };
    await seedCommand(context, "demo.taskPlan", () => [newCreate(plans, record, planId)]);
    if (shape.start > 0) continue; // the plan still to come stays undistributed
    const taskIds: string[] = [];
    await seedCommand(context, "demo.taskPlan.distribute", async () => {
      const result = distributionWrites(planId, await readStream(db, streamOf(plans, planId)), at, (n) => derivedId(planId, n));
      taskIds.push(...result.taskIds);
      return result.writes;
    });
    made += taskIds.length;
    const followUps = taskIds.map((id, n) => [id, shape.pattern[n % 6], n] as const).filter(([, status]) => status);
    // a done task is done by its assignee's visit, recorded against it as the record command decides it
    for (const [id, , n] of followUps.filter(([, status]) => status === "done")) {
      const events = await readStream(db, taskStream(id));
      const task = fold(tasks, events).record!;
      const assignee = people.get(String(task.receiverId));
      const visitDate = dayInWindow(task, addDays(day, Math.min(shape.end, 0) - (n % 3)), day);
      await seedCommand({ ...context, ...(assignee ? { person: assignee } : {}) }, "demo.visit.record", () => demoVisitWrites(id, events, shape.kind, n, visitDate));
    }
    const others = followUps.filter(([, status]) => status !== "done");
    if (!others.length) continue;
    await seedCommand(context, "demo.task.followUp", async () =>
      Promise.all(
        others.map(async ([id, status], n) => {
          const when = new Date(Date.parse(`${addDays(day, Math.min(shape.end, 0) - (n % 3))}T02:00:00Z`)).toISOString();
          return followUpWrite(id, await readStream(db, taskStream(id)), { id: owner.id, mayFollowOthers: true }, { status: status! }, when).write;
        }),
      ),
    );
    // every other task in progress has its assignee's check-in at the enterprise
    const checkIns = others.filter(([, status], k) => status === "inProgress" && k % 2 === 0);
    await seedCommand(context, "demo.visit.checkIn", async () =>
      Promise.all(checkIns.map(async ([id, , n]) => demoCheckIn(await readStream(db, taskStream(id)), n, dayInWindow({ startDate: addDays(day, shape.start), deadline: addDays(day, shape.end) }, addDays(day, -(n % 2)), day)))),
    );
  }
  return made;
}
