/** What the value builder knows about the record it fills, and the date and name helpers it shares. */
import type { Family } from "../../../events/family.ts";
import { areaSeed } from "../../../events/seed/areas.ts";
import { daysBefore, type DemoEnterprise } from "./enterprises.ts";
import type { Rng } from "./random.ts";
import { creditCode } from "./uscc.ts";
import { industries, lawFirms, serviceFirms } from "./words.ts";

export interface Person {
  id: string;
  name: string;
}

export interface BuildContext {
  rng: Rng;
  at: string;
  family: Family;
  /** the family's short name: its perm after the colon ("enpatentinfo") */
  short: string;
  /** the record's number within its family */
  index: number;
  /** the record's number within its enterprise in this family (0 for the first of each enterprise) */
  nth: number;
  /** the enterprise the record belongs to (enterprise-scoped families) */
  ent?: DemoEnterprise;
  /** any enterprise of the region, for counterparties and investees */
  other: () => DemoEnterprise;
  users: Person[];
  departments: string[];
  dictionaries: Map<string, string[]>;
  /** an id of a record of the family the ref points at (same enterprise first), when one exists */
  ref: (key: string) => string | undefined;
  usedCodes: Set<string>;
}

export const year = (at: string) => Number(at.slice(0, 4));
export const pad = (n: number, width: number) => String(n).padStart(width, "0");

export function dateBefore(ctx: BuildContext, maxDays = 5 * 365, minDays = 1): string {
  const floor = ctx.ent ? Math.max(minDays, 1) : minDays;
  let days = ctx.rng.int(floor, Math.max(floor, maxDays));
  if (ctx.ent) {
    const age = Math.floor((Date.parse(ctx.at) - Date.parse(ctx.ent.estDate)) / 86_400_000);
    if (days > age) days = ctx.rng.int(Math.min(minDays, age), Math.max(Math.min(minDays, age), age));
  }
  return daysBefore(ctx.at, days);
}

export function datetimeBefore(ctx: BuildContext, maxDays = 3 * 365): string {
  return `${dateBefore(ctx, maxDays)} ${pad(ctx.rng.int(8, 18), 2)}:${pad(ctx.rng.int(0, 59), 2)}:${pad(ctx.rng.int(0, 59), 2)}`;
}

export const dateAround = (ctx: BuildContext, pastDays: number, futureDays: number) => daysBefore(ctx.at, ctx.rng.int(-futureDays, pastDays));

export const districts = areaSeed.filter((a) => a.level === 3);
export const entName = (ctx: BuildContext) => ctx.ent?.entName ?? ctx.other().entName;
export const product = (ctx: BuildContext) => ctx.rng.pick(ctx.ent?.products ?? industries.I!.products);
export const firmOf = (ctx: BuildContext) => ctx.rng.pick([...serviceFirms, ...lawFirms]);
export const fresh = (ctx: BuildContext) => creditCode(ctx.rng, ctx.rng.pick(districts).code, { modern: true }, ctx.usedCodes);
