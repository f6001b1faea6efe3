/**
 * The demo's applications that are in approval or returned get real instances of their kind's seeded flow,
 * so a new user can open one in the to-do list and approve it: each starts as its applicant would submit it
 * (business key, the record's values as variables), and a returned one is sent back to the applicant by a
 * member of the service staff. Run after the region is stored: like a command, it reads the deployments and
 * the people from D1. Each starts at its application's applyTime, so the to-do list shows when each came in;
 * the instance names its applicant enterprise and title for the lists. Instance and task ids derive from the application's id, so reruns give the same ids.
 */
import { families } from "../../../events/families/index.ts";
import type { Family } from "../../../events/family.ts";
import { decide } from "../../flow/engine/decide.ts";
import { instanceStream } from "../../flow/engine/events.ts";
import type { DecideContext, FlowActor, Person } from "../../flow/engine/types.ts";
import { d1Directory } from "../../flow/directory.ts";
import { decideOn } from "../../flow/commands.ts";
import { latestDeployment } from "../../flow/repository.ts";
import { newUpdate } from "../../resources/commands.ts";
import { findById } from "../../resources/query.ts";
import type { EventStore } from "../../store/index.ts";
import { seedCommand } from "../../commands/seed.ts";
import { aboutOf, businessKeyOf } from "../../services/applications.ts";
import type { PendingEvent, StreamWrite } from "../../store/types.ts";

/** A UUID v4-shaped id made from a base id and a counter (deterministic, unique per base). */
const derivedId = (base: string, n: number) => `${base.slice(0, 24)}${(0x100000000000 + n).toString(16).slice(1)}`;

const plainValues = (record: Record<string, unknown>) => Object.fromEntries(Object.entries(record).filter(([, v]) => v !== null && v !== undefined && typeof v !== "object"));

/** The instant of an application's applyTime (China time, "YYYY-MM-DD HH:mm:ss"), or the seed's time without a valid one before it. */
export function submittedAt(applyTime: unknown, at: string): string {
  const instant = typeof applyTime === "string" && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(applyTime) ? Date.parse(`${applyTime.replace(" ", "T")}+08:00`) : NaN;
  return Number.isFinite(instant) && instant < Date.parse(at) ? new Date(instant).toISOString() : at;
}

export async function startDemoApprovals(db: D1Database, store: EventStore, seedId: (key: string) => Promise<string>, at: string): Promise<number> {
  const directory = d1Directory(db);
  // the first demo member of the service staff returns what must come back to the applicant
  const staffRole = await seedId("role:department");
  const staff: Person | null = await directory.user("wangfang");
  let started = 0;
  for (const family of families.filter((f) => f.lifecycle?.apply) as Family[]) {
    const deployment = await latestDeployment(db, family.lifecycle!.apply!.flowKey);
    if (!deployment) continue;
    const { results } = await db.prepare(`SELECT id, status FROM ${family.table} WHERE status IN ('reviewing', 'returned') AND proc_ins_id IS NULL ORDER BY id`).all<{ id: string; status: string }>();
    for (const row of results) {
      const record = (await findById(db, family, row.id))!;
      const applicant = (record.applicantId ? await directory.user(String(record.applicantId)) : null) ?? staff!;
      const procInsId = await seedId(`demo-approval:${family.name}:${row.id}`);
      // submitted when the record says it was applied for; sent back a few hours later
      const submitted = submittedAt(record.applyTime, at);
      const returned = new Date(Math.min(Date.parse(submitted) + 3 * 3_600_000, Date.parse(at))).toISOString();
      let n = 0;
      const context = (actor: FlowActor, now: string): DecideContext => ({ actor, now, directory, newId: () => derivedId(procInsId, ++n) });
      const start = { type: "start", deployment, procInsId, businessKey: businessKeyOf(family, row.id), variables: plainValues(record), about: aboutOf(record) } as const;
      const events = await decide(deployment.model, null, start, context({ ...applicant, roleIds: [], monitor: false }, submitted));
      await seedCommand({ db, store, at: submitted, requestId: "seed-demo", person: applicant }, "demo.approval.submit", async (): Promise<StreamWrite[]> => [
        await newUpdate(db, family, row.id, { procInsId }, undefined, "submit"),
        { stream: instanceStream(procInsId), head: { version: 0, hash: "" }, events: events as unknown as PendingEvent[] },
      ]);
      if (row.status === "returned" && staff) {
        await seedCommand({ db, store, at: returned, requestId: "seed-demo", person: staff }, "demo.approval.return", async () => {
          const { writes } = await decideOn(
            db,
            procInsId,
            (state) => ({ type: "return", taskId: Object.values(state.tasks)[0]!.taskId, targetKey: "root", comment: "请补充材料后重新提交" }),
            context({ ...staff, roleIds: [staffRole], monitor: false }, returned),
          );
          return writes;
        });
      }
      started++;
    }
  }
  return started;
}
