/**
 * MS Project XML (MSPDI, namespace http://schemas.microsoft.com/project), as Project and WPS 项目 save and
 * open it: Tasks/Task with UID, ID, Name, WBS, OutlineNumber, OutlineLevel, Start, Finish, Duration,
 * PercentComplete, Milestone, Summary and PredecessorLink (PredecessorUID, Type, LinkLag in tenths of a
 * minute); the owner is the Resource assigned to the task (Resources, Assignments). Writing is plain text;
 * reading takes fast-xml-parser, loaded with the first imported file (never at the Worker's start).
 */
import { outlineOrder, spanDays, type LinkType, type PlanTask } from "../../events/gantt/plan.ts";
import { escapeXml } from "../resources/spreadsheet/xlsx.ts";

export const msProjectNamespace = "http://schemas.microsoft.com/project";

/** A task of a file: the owner is a person's name (the file knows no user ids). */
export type FileTask = Omit<PlanTask, "owner"> & { ownerName: string | null };

/** MSPDI link types: 0 FF, 1 FS, 2 SF, 3 SS. */
const linkCode: Record<LinkType, number> = { FF: 0, FS: 1, SF: 2, SS: 3 };
const linkOfCode: Record<string, LinkType> = { "0": "FF", "1": "FS", "2": "SF", "3": "SS" };
/** A working day of 8 hours in tenths of a minute (LinkLag's unit); an elapsed day is 24 hours. */
const tenthsPerDay = 8 * 60 * 10;
const tenthsPerElapsedDay = 24 * 60 * 10;

const el = (name: string, value: string | number) => `<${name}>${typeof value === "number" ? value : escapeXml(value)}</${name}>`;

export function toMsProjectXml(title: string, tasks: readonly FileTask[]): string {
  const outline = outlineOrder(tasks.map((t) => ({ ...t, owner: null })));
  const uidOf = new Map(outline.map((o, i) => [o.task.id, i + 1]));
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const hasChildren = new Set(tasks.map((t) => t.parent).filter((p): p is string => p !== null));
  const numbers = new Map<string, string>();
  const counters = new Map<string | null, number>();
  const owners = [...new Set(tasks.map((t) => t.ownerName).filter((n): n is string => !!n))];
  const resourceUid = new Map(owners.map((n, i) => [n, i + 1]));
  const starts = tasks.map((t) => t.start).sort();
  const ends = tasks.map((t) => t.end).sort();
  const first = starts[0] ?? new Date().toISOString().slice(0, 10);
  const last = ends.at(-1) ?? first;
  const lines: string[] = [
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
    `<Project xmlns="${msProjectNamespace}">`,
    el("SaveVersion", 14),
    el("Name", `${title}.xml`),
    el("Title", title),
    el("ScheduleFromStart", 1),
    el("StartDate", `${first}T08:00:00`),
    el("FinishDate", `${last}T17:00:00`),
    el("MinutesPerDay", 480),
    el("MinutesPerWeek", 2400),
    el("DaysPerMonth", 20),
    el("DurationFormat", 7),
    "<Tasks>",
    `<Task>${el("UID", 0)}${el("ID", 0)}${el("Name", title)}${el("Type", 1)}${el("IsNull", 0)}${el("OutlineNumber", "0")}${el("OutlineLevel", 0)}${el("Start", `${first}T08:00:00`)}${el("Finish", `${last}T17:00:00`)}${el("Summary", 1)}</Task>`,
  ];
  for (const { task, level } of outline) {
    const n = (counters.get(task.parent) ?? 0) + 1;
    counters.set(task.parent, n);
    const number = task.parent !== null && numbers.has(task.parent) ? `${numbers.get(task.parent)}.${n}` : String(n);
    numbers.set(task.id, number);
    const days = task.milestone ? 0 : spanDays(task.start, task.end);
    const links = task.predecessors
      .filter((l) => uidOf.has(l.id) && byId.has(l.id))
      .map((l) => `<PredecessorLink>${el("PredecessorUID", uidOf.get(l.id)!)}${el("Type", linkCode[l.type])}${el("CrossProject", 0)}${el("LinkLag", l.lag * tenthsPerDay)}${el("LagFormat", 7)}</PredecessorLink>`)
      .join("");
    const uid = uidOf.get(task.id)!;
    lines.push(
      `<Task>${el("UID", uid)}${el("ID", uid)}${el("Name", task.name)}${el("Type", 0)}${el("IsNull", 0)}${task.wbs ? el("WBS", task.wbs) : ""}${el("OutlineNumber", number)}${el("OutlineLevel", level)}` +
        `${el("Start", `${task.start}T08:00:00`)}${el("Finish", `${task.end}T17:00:00`)}${el("Duration", `PT${days * 8}H0M0S`)}${el("DurationFormat", 7)}` +
        `${el("Milestone", task.milestone ? 1 : 0)}${el("Summary", hasChildren.has(task.id) ? 1 : 0)}${el("PercentComplete", Math.round(task.progress))}${links}</Task>`,
    );
  }
  lines.push("</Tasks>", "<Resources>", ...owners.map((n) => `<Resource>${el("UID", resourceUid.get(n)!)}${el("ID", resourceUid.get(n)!)}${el("Name", n)}${el("Type", 1)}</Resource>`), "</Resources>", "<Assignments>");
  let assignment = 0;
  for (const { task } of outline) {
    if (!task.id || !byId.get(task.id)?.ownerName) continue;
    const owner = byId.get(task.id)!.ownerName!;
    assignment++;
    lines.push(`<Assignment>${el("UID", assignment)}${el("TaskUID", uidOf.get(task.id)!)}${el("ResourceUID", resourceUid.get(owner)!)}${el("Units", 1)}</Assignment>`);
  }
  lines.push("</Assignments>", "</Project>");
  return `${lines.join("\n")}\n`;
}

/** Why a file is not a plan this reader takes. */
export class MsProjectError extends Error {
  readonly reason: "notXml" | "notMsProject" | "noTasks" | "badDate";
  readonly detail: string;
  constructor(reason: MsProjectError["reason"], detail = "") {
    super(reason);
    this.reason = reason;
    this.detail = detail;
  }
}

type Node = Record<string, unknown>;
const text = (v: unknown): string => (v === undefined || v === null ? "" : typeof v === "object" ? String((v as Node)["#text"] ?? "") : String(v)).trim();
const list = (v: unknown): Node[] => (Array.isArray(v) ? (v as Node[]) : v && typeof v === "object" ? [v as Node] : []);

/** "2026-03-01T08:00:00" → "2026-03-01"; a finish at midnight belongs to the day before (some tools write it so). */
function dayOf(value: string, finish: boolean): string | null {
  const m = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}):(\d{2}))?/.exec(value);
  if (!m) return null;
  if (finish && m[2] === "00" && m[3] === "00") return new Date(Date.parse(`${m[1]}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return m[1]!;
}

export async function fromMsProjectXml(source: string): Promise<FileTask[]> {
  const { XMLParser, XMLValidator } = await import("fast-xml-parser");
  if (XMLValidator.validate(source) !== true) throw new MsProjectError("notXml");
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "@",
    removeNSPrefix: false,
    parseTagValue: false,
    processEntities: true,
    htmlEntities: false,
    isArray: (name) => ["Task", "PredecessorLink", "Resource", "Assignment"].includes(name),
  });
  const doc = parser.parse(source) as Node;
  const project = doc.Project as Node | undefined;
  if (!project || text(project["@xmlns"]) !== msProjectNamespace) throw new MsProjectError("notMsProject");
  const rawTasks = list((project.Tasks as Node | undefined)?.Task).filter((t) => text(t.IsNull) !== "1" && text(t.UID) !== "" && Number(text(t.OutlineLevel) || "1") >= 1 && text(t.UID) !== "0");
  if (rawTasks.length === 0) throw new MsProjectError("noTasks");
  const resources = new Map(list((project.Resources as Node | undefined)?.Resource).map((r) => [text(r.UID), text(r.Name)]));
  const ownerOf = new Map<string, string>();
  for (const a of list((project.Assignments as Node | undefined)?.Assignment)) {
    const name = resources.get(text(a.ResourceUID));
    if (name && !ownerOf.has(text(a.TaskUID))) ownerOf.set(text(a.TaskUID), name);
  }
  const key = (uid: string) => `uid-${uid}`;
  const present = new Set(rawTasks.map((t) => text(t.UID)));
  // parents from the outline: the last task seen one level up (Project lists tasks in outline order)
  const stack: string[] = [];
  return rawTasks.map((t) => {
    const uid = text(t.UID);
    const level = Math.max(1, Number(text(t.OutlineLevel) || "1"));
    stack.length = Math.min(stack.length, level - 1);
    const parent = level > 1 ? (stack[level - 2] ?? null) : null;
    stack[level - 1] = key(uid);
    const start = dayOf(text(t.Start), false);
    const milestone = text(t.Milestone) === "1";
    let end = dayOf(text(t.Finish), true);
    if (!start || !end) throw new MsProjectError("badDate", text(t.Name));
    if (end < start) end = start; // a milestone finishing at its start's midnight
    const links = list(t.PredecessorLink)
      .filter((l) => present.has(text(l.PredecessorUID)))
      .map((l) => {
        const lag = Number(text(l.LinkLag) || "0");
        const perDay = text(l.LagFormat) === "8" ? tenthsPerElapsedDay : tenthsPerDay;
        return { id: key(text(l.PredecessorUID)), type: linkOfCode[text(l.Type) || "1"] ?? "FS", lag: Math.round(lag / perDay) };
      });
    const progress = Number(text(t.PercentComplete) || "0");
    return {
      id: key(uid),
      name: text(t.Name),
      wbs: text(t.WBS) || null,
      start,
      end,
      progress: Number.isFinite(progress) ? progress : 0,
      parent,
      ownerName: ownerOf.get(uid) ?? null,
      milestone,
      predecessors: links,
    };
  });
}
