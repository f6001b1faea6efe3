/**
 * What the demo's staff did on their tasks, decided by the same code a user's request runs: a done task's
 * visit is recorded against it by its assignee (worker/visits/record.ts, which follows the task up to done),
 * dated inside the task's window, with the archive of the task's visit kind; an in-progress task may have
 * the assignee's check-in at the enterprise (distance by worker/visits/geo.ts). Deterministic: texts and
 * details picked by the task's number, dates from the seed's day.
 */
import { recordVisitBody } from "../../../events/api/visits.ts";
import type { Family } from "../../../events/family.ts";
import { fold, type RecordValues } from "../../resources/decide.ts";
import { newCreate } from "../../resources/commands.ts";
import type { StoredEvent } from "../../store/types.ts";
import { displayTime } from "../../time.ts";
import { taskFamily } from "../../tasks/distribute.ts";
import { checkInFamily } from "../../visits/families.ts";
import { checkInDistance } from "../../visits/geo.ts";
import { recordVisitWrites } from "../../visits/record.ts";
import { demandTexts, demoCoordinates, topics } from "./fixups/visits.ts";

/** The archive each visit kind of a plan records (zf → zfda, fw → fwda, xq → xqda). */
export const archiveOfKind = { zf: "zfda", fw: "fwda", xq: "xqda" } as const;

const pick = <T>(list: readonly T[], n: number) => list[n % list.length]!;

/** The day a task's work happened: `preferred`, kept inside the task's window and not after `today`. */
export function dayInWindow(task: RecordValues, preferred: string, today: string): string {
  const start = String(task.startDate ?? preferred);
  const end = [String(task.deadline ?? today), today].sort()[0]!;
  return [[preferred, start].sort()[1]!, end].sort()[0]!;
}

/** The writes of a done task's visit, recorded by its assignee on day `visitDate` (China, 10:00). */
export function demoVisitWrites(taskId: string, events: StoredEvent[], kind: keyof typeof archiveOfKind, n: number, visitDate: string) {
  const archiveType = archiveOfKind[kind];
  const [demandType, demandTitle, demands] = pick(demandTexts, n);
  const details =
    archiveType === "zfda"
      ? { purpose: pick(["日常走访", "政策宣讲", "问题回访", "包抓服务"], n), participants: pick(["服务专员", "服务专员、园区管委会", "服务专员、金融机构"], n) }
      : archiveType === "fwda"
        ? { serviceItem: pick(["政策辅导", "融资对接", "用工对接", "法律咨询"], n), serviceType: pick(["policy", "financeTax", "hr", "legal"], n), serviceHours: 1 + (n % 5) }
        : { demandType, demandTitle };
  const input = recordVisitBody.parse({
    taskId,
    visitDate,
    visitType: pick(["onsite", "onsite", "phone", "meeting"], n),
    archiveType,
    content: pick(topics, n),
    details,
    ...(archiveType === "xqda" ? { demands, demandTypes: [demandType] } : {}),
  });
  const task = fold(taskFamily, events).record!;
  return recordVisitWrites(input, { id: String(task.receiverId), mayRecordForOthers: false }, events, `${visitDate}T02:00:00.000Z`).writes;
}

/** An in-progress task's check-in by its assignee at the enterprise, a few hundred metres off its coordinates. */
export function demoCheckIn(events: StoredEvent[], n: number, day: string) {
  const task = fold(taskFamily, events).record!;
  const home = demoCoordinates(String(task.creditCode));
  const at = { longitude: Number((home.longitude + ((n % 7) - 3) * 0.001).toFixed(6)), latitude: Number((home.latitude + ((n % 5) - 2) * 0.001).toFixed(6)) };
  const distanceMeters = checkInDistance(at, home);
  return newCreate(checkInFamily as unknown as Family, {
    creditCode: task.creditCode,
    entName: task.entName,
    userId: task.receiverId,
    checkInType: "in",
    checkInTime: displayTime(`${day}T01:30:00.000Z`),
    ...at,
    ...(distanceMeters !== null ? { distanceMeters } : {}),
  });
}
