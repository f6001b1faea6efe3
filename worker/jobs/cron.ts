/**
 * Cron expressions, decided by one library for the scheduler, the save check and the form's preview:
 * croner evaluates them (5 fields, or 6 with seconds first, Quartz's `?` and an optional year accepted)
 * in China Standard Time, cronstrue reads them aloud in both languages.
 */
import { Cron } from "croner";
import type { Lang } from "../../events/i18n.ts";

/** Job times are wall-clock times in China (the spec's users); the offset has no DST. */
export const cronTimezone = "Asia/Shanghai";

export type CronCheck = { valid: true; cron: Cron } | { valid: false; problem: "fields" | "never" | "invalid"; reason?: string };

/** The last value of each field, by the expression's field count (seconds first when there are 6 or 7). */
const fieldMax = (count: number) => (count === 5 ? [59, 23, 31, 12, 7] : [59, 59, 23, 31, 12, 7, 2099]);

/**
 * Quartz's `start/step` (`0/15`: every 15 from 0), which the seed's job form users write, as croner's
 * `start-max/step`; everything else is left for croner to judge.
 */
export function quartzSteps(expression: string): string {
  const parts = expression.trim().split(/\s+/);
  const max = fieldMax(parts.length);
  return parts.map((part, i) => part.replace(/^(\d+)\/(\d+)$/, (_, start, step) => `${start}-${max[i] ?? start}/${step}`)).join(" ");
}

/** Parses an expression without scheduling anything (croner's `paused` pattern object). */
export function checkCron(expression: string): CronCheck {
  const parts = expression.trim().split(/\s+/);
  if (parts.length < 5 || parts.length > 7) return { valid: false, problem: "fields" };
  try {
    const cron = new Cron(quartzSteps(expression), { timezone: cronTimezone, paused: true });
    if (!cron.nextRun(new Date())) return { valid: false, problem: "never" };
    return { valid: true, cron };
  } catch (error) {
    return { valid: false, problem: "invalid", reason: error instanceof Error ? error.message.replace(/^CronPattern:\s*/, "") : String(error) };
  }
}

/** The first run strictly after `after` (ms), or null when the expression is invalid or never fires again. */
export function nextRunAfter(expression: string, after: number): number | null {
  const checked = checkCron(expression);
  if (!checked.valid) return null;
  return checked.cron.nextRun(new Date(after))?.getTime() ?? null;
}

export function nextRuns(expression: string, after: number, count: number): number[] {
  const checked = checkCron(expression);
  return checked.valid ? checked.cron.nextRuns(count, new Date(after)).map((d) => d.getTime()) : [];
}

/**
 * "每天 12:00" / "At 12:00": the expression read in both languages (24-hour clock, as the screens show).
 * cronstrue and its locales load with the first reading, not with the Worker (start-up budget).
 */
export async function cronReading(expression: string): Promise<Record<Lang, string>> {
  // the core build (English) plus the one other locale read here, not cronstrue's bundle of every language
  const { default: cronstrue } = await import("cronstrue");
  await import("cronstrue/locales/zh_CN.js");
  const read = (locale: string) => {
    try {
      return cronstrue.toString(expression.trim(), { locale, use24HourTimeFormat: true, throwExceptionOnParseError: true });
    } catch {
      return "";
    }
  };
  return { "zh-CN": read("zh_CN"), "en-US": read("en") };
}
