/** Helpers the coherence fixups share: setting a field only when its declaration and dictionary accept the value. */
import type { BuildContext } from "../context.ts";

/** A family's post-processing of one generated record (mutates it). */
export type Fixup = (r: Record<string, unknown>, c: BuildContext) => void;

export const year = (date: unknown) => (typeof date === "string" ? Number(date.slice(0, 4)) : undefined);
export const round1 = (n: number) => Math.round(n * 10) / 10;
export const addYears = (date: string, years: number) => `${Number(date.slice(0, 4)) + years}${date.slice(4, 10) === "-02-29" ? "-02-28" : date.slice(4, 10)}`;
export const dictHas = (c: BuildContext, type: string, value: string) => c.dictionaries.get(type)?.includes(value) ?? false;
export const setIf = (r: Record<string, unknown>, c: BuildContext, key: string, value: unknown) => {
  const field = c.family.fields[key];
  if (field && !field.managed && field.schema.safeParse(value).success && (field.kind !== "dict" || dictHas(c, field.dict!, String(value)))) r[key] = value;
};
export const drop = (r: Record<string, unknown>, ...keys: string[]) => keys.forEach((k) => delete r[k]);
