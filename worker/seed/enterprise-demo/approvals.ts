/**
 * The demo's applications that are in approval or returned get real instances of their kind's seeded flow,
 * so a new user can open one in the to-do list and approve it: each starts as its applicant would submit it
 * (business key, the record's values as variables), and a returned one is sent back to the applicant by a
 * member of the service staff. Run after the region is stored: like a command, it reads the deployments and
 * the people from D1. Instance and task ids derive from the application's id, so reruns give the same ids.
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
import type { PendingEvent, StreamWrite } from "../../store/types.ts";

/** A UUID v4-shaped id made from a base id and a counter (deterministic, unique per base). */
const derivedId = (base: string, n: number) => `${base.slice(0, 24)}${(0x100000000000 + n).toString(16).slice(1)}`;

const plainValues = (record: Record<string, unknown>) => Object.fromEntries(Object.entries(record).filter(([, v]) => v !== null && v !== undefined && typeof v !== "object"));

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
      let n = 0;
      const context = (actor: FlowActor): DecideContext => ({ actor, now: at, directory, newId: () => derivedId(procInsId, ++n) });
      const events = await decide(deployment.model, null, { type: "start", deployment, procInsId, businessKey: `${family.name}:${row.id}`, variables: plainValues(record) }, context({ ...applicant, roleIds: [], monitor: false }));
      await seedCommand({ db, store, at, requestId: "seed-demo", person: applicant }, "demo.approval.submit", async (): Promise<StreamWrite[]> => [
        await newUpdate(db, family, row.id, { procInsId }, undefined, "submit"),
        { stream: instanceStream(procInsId), head: { version: 0, hash: "" }, events: events as unknown as PendingEvent[] },
      ]);
      if (row.status === "returned" && staff) {
        await seedCommand({ db, store, at, requestId: "seed-demo", person: staff }, "demo.approval.return", async () => {
          const { writes } = await decideOn(
            db,
            procInsId,
            (state) => ({ type: "return", taskId: Object.values(state.tasks)[0]!.taskId, targetKey: "root", comment: "请补充材料后重新提交" }),
            context({ ...staff, roleIds: [staffRole], monitor: false }),
          );
          return writes;
        });
      }
      started++;
    }
  }
  return started;
}
