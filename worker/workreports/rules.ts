/**
 * The rules of a work report, pure: what period a kind's period text names, what a write changes (or why
 * it is refused), and what a review changes (or why it is refused). The routes read what the rules need
 * (the report's stream, the reporter's department and its leader, an existing report of the same period)
 * and hand it here.
 */
import { l, type RecordProblem } from "../../events/family.ts";
import { t, type Lang, type Text } from "../../events/i18n.ts";
import { DomainError, ValidationError, codes } from "../errors.ts";
import type { RecordValues } from "../resources/decide.ts";

export type ReportKind = "daily" | "weekly" | "monthly" | "quarterly" | "annual" | "special";
export const reportStatus = { draft: "draft", submitted: "submitted", reviewed: "reviewed", returned: "returned" } as const;

const kindLabels: Record<ReportKind, Text> = {
  daily: l("日报", "daily"),
  weekly: l("周报", "weekly"),
  monthly: l("月报", "monthly"),
  quarterly: l("季报", "quarterly"),
  annual: l("年报", "annual"),
  special: l("专项报告", "special"),
};

const periodFormats: Record<Exclude<ReportKind, "special">, { pattern: RegExp; shape: string; example: string }> = {
  daily: { pattern: /^(\d{4})-(\d{2})-(\d{2})$/, shape: "YYYY-MM-DD", example: "2026-11-27" },
  weekly: { pattern: /^(\d{4})-W(\d{2})$/, shape: "YYYY-Www", example: "2026-W48" },
  monthly: { pattern: /^(\d{4})-(\d{2})$/, shape: "YYYY-MM", example: "2026-11" },
  quarterly: { pattern: /^(\d{4})-Q([1-4])$/, shape: "YYYY-Qn", example: "2026-Q4" },
  annual: { pattern: /^(\d{4})$/, shape: "YYYY", example: "2026" },
};

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const utc = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d);

/** Monday of ISO week 1 of `year` (the week holding 4 January). */
function isoWeekOne(year: number): number {
  const jan4 = utc(year, 1, 4);
  const weekday = (new Date(jan4).getUTCDay() + 6) % 7;
  return jan4 - weekday * 86_400_000;
}

/** ISO weeks in a year: 53 when 1 January or (leap) 2 January is a Thursday. */
const weeksIn = (year: number) => Math.round((isoWeekOne(year + 1) - isoWeekOne(year)) / (7 * 86_400_000));

/**
 * The first and last day a period names (a special report names none): null when the text is not a
 * period of its kind (2026-W54, 2026-02-30, 2026-13).
 */
export function periodRange(kind: ReportKind, period: string): { start: string | null; end: string | null } | null {
  if (kind === "special") return period.trim() ? { start: null, end: null } : null;
  const m = periodFormats[kind].pattern.exec(period);
  if (!m) return null;
  const year = Number(m[1]);
  const n = Number(m[2]);
  switch (kind) {
    case "daily": {
      const at = utc(year, n, Number(m[3]));
      return day(at) === period ? { start: period, end: period } : null;
    }
    case "weekly": {
      if (n < 1 || n > weeksIn(year)) return null;
      const monday = isoWeekOne(year) + (n - 1) * 7 * 86_400_000;
      return { start: day(monday), end: day(monday + 6 * 86_400_000) };
    }
    case "monthly":
      return n >= 1 && n <= 12 ? { start: day(utc(year, n, 1)), end: day(utc(year, n + 1, 1) - 86_400_000) } : null;
    case "quarterly":
      return { start: day(utc(year, n * 3 - 2, 1)), end: day(utc(year, n * 3 + 1, 1) - 86_400_000) };
    case "annual":
      return { start: `${m[1]}-01-01`, end: `${m[1]}-12-31` };
  }
}

/** The ISO week ("2026-W48") holding a date. */
export function isoWeekOf(date: string): string {
  const at = Date.parse(`${date}T00:00:00Z`);
  const thursday = at + (3 - ((new Date(at).getUTCDay() + 6) % 7)) * 86_400_000;
  const year = new Date(thursday).getUTCFullYear();
  const week = Math.floor((thursday - isoWeekOne(year)) / (7 * 86_400_000)) + 1;
  return `${year}-W${String(week).padStart(2, "0")}`;
}

/** The period problem of a write, named on the `period` field with the shape its kind expects. */
export function periodProblem(kind: ReportKind, period: string): RecordProblem | null {
  if (periodRange(kind, period)) return null;
  if (kind === "special") return { field: "period", key: "required" };
  const f = periodFormats[kind];
  return { field: "period", key: "workReportPeriod", params: { pattern: f.shape, example: f.example } };
}

/** A second report of one reporter, kind and period: refused naming the three, in the reader's language. */
export class DuplicateReport extends DomainError {
  readonly reporter: string;
  readonly kind: ReportKind;
  readonly period: string;
  constructor(reporter: string, kind: ReportKind, period: string) {
    super(codes.validation, "workReportDuplicate");
    this.reporter = reporter;
    this.kind = kind;
    this.period = period;
  }
  override render(lang: Lang) {
    const msg = t("workReportDuplicate", lang, { reporter: this.reporter, period: this.period, kind: kindLabels[this.kind][lang] });
    return { msg, errors: { period: msg } };
  }
}

export interface Writer {
  id: string;
  name: string;
  deptId: string | null;
}

/** The fields of a report a writer sends (already parsed by the contract's schema). */
export interface ReportInput {
  title: string;
  reportType: ReportKind;
  period: string;
  content: string;
  nextPlan?: string | null;
  problems?: string | null;
  notifyUserIds?: string[] | null;
  visitCount?: number | null;
  serviceCount?: number | null;
  attachments?: string[] | null;
  submit?: boolean;
}

export interface WriteFacts {
  /** the report as its stream has it (null: a new one) */
  existing: RecordValues | null;
  writer: Writer;
  /** another live report of the writer with the same kind and period */
  duplicateOf: { id: string } | null;
  /** notified ids that name no active user */
  unknownPeople: string[];
  /** China time of the command */
  now: string;
}

const periodLabel = l("报告期", "Period");
const notifyLabel = l("知会人", "People notified");

/**
 * The values a write sets: a new report is the writer's (their department, a draft or submitted), an
 * existing one only its reporter may change until it is reviewed. Submitting (again, after a return)
 * clears the earlier review.
 */
export function decideWrite(input: ReportInput, facts: WriteFacts): RecordValues {
  const { existing, writer, now } = facts;
  if (existing && existing.reporterId !== writer.id) throw new DomainError(codes.forbidden, "workReportNotYours");
  if (existing && existing.status === reportStatus.reviewed) throw new DomainError(codes.validation, "workReportLocked");
  const problems = [];
  const period = periodProblem(input.reportType, input.period);
  if (period) problems.push({ ...period, label: periodLabel });
  if (facts.unknownPeople.length) problems.push({ field: "notifyUserIds", label: notifyLabel, key: "workReportUnknownPeople" as const, params: { ids: facts.unknownPeople.join(", ") } });
  if (problems.length) throw new ValidationError(problems);
  if (facts.duplicateOf) throw new DuplicateReport(writer.name, input.reportType, input.period);
  const range = periodRange(input.reportType, input.period)!;
  const notify = [...new Set((input.notifyUserIds ?? []).filter((id) => id !== writer.id))];
  const values: RecordValues = {
    title: input.title,
    reportType: input.reportType,
    period: input.period,
    periodStart: range.start,
    periodEnd: range.end,
    content: input.content,
    nextPlan: input.nextPlan ?? null,
    problems: input.problems ?? null,
    notifyUserIds: notify,
    visitCount: input.visitCount ?? null,
    serviceCount: input.serviceCount ?? null,
    attachments: input.attachments ?? null,
  };
  if (!existing) {
    return {
      ...values,
      reporterId: writer.id,
      deptId: writer.deptId,
      status: input.submit ? reportStatus.submitted : reportStatus.draft,
      submitTime: input.submit ? now : null,
    };
  }
  if (!input.submit) return values;
  return { ...values, status: reportStatus.submitted, submitTime: now, reviewerId: null, reviewOpinion: null, reviewTime: null };
}

export interface ReviewFacts {
  report: RecordValues;
  reviewer: { id: string };
  /** the leader of the report's department (null: the department has none) */
  leader: { id: string; name: string } | null;
  verdict: "approve" | "return";
  opinion: string;
  now: string;
}

/** Whether `userId` is the one who may review `report` now. */
export function mayReview(report: RecordValues, userId: string, leaderId: string | null): boolean {
  return report.status === reportStatus.submitted && leaderId !== null && leaderId === userId && report.reporterId !== userId;
}

/**
 * The leader of the reporter's department approves a submitted report (reviewed) or returns it with an
 * opinion (returned, to be edited and submitted again). Nobody else may, not even the reporter who leads
 * the department.
 */
export function decideReview(facts: ReviewFacts): RecordValues {
  const { report, reviewer, leader } = facts;
  if (!leader || leader.id === report.reporterId) throw new DomainError(codes.forbidden, "workReportNoLeader");
  if (leader.id !== reviewer.id) throw new DomainError(codes.forbidden, "workReportNotLeader", { leader: leader.name });
  if (report.status !== reportStatus.submitted) throw new DomainError(codes.validation, "workReportNotSubmitted");
  const opinion = facts.opinion.trim();
  if (facts.verdict === "return" && !opinion) throw new ValidationError([{ field: "opinion", label: l("审阅意见", "Review opinion"), key: "required" }]);
  return {
    status: facts.verdict === "approve" ? reportStatus.reviewed : reportStatus.returned,
    reviewerId: reviewer.id,
    reviewOpinion: opinion || null,
    reviewTime: facts.now,
  };
}
