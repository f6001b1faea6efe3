/**
 * A list's columns as the user arranged them: the declared columns first (shown), then the family's other
 * fields and the bookkeeping times (hidden until chosen); a user's saved order, visibility and widths on top.
 * Pure, so the column chooser and the table agree and the rules are unit-tested.
 *
 * @example
 * arrangeColumns(family, [{ key: "name" }, { key: "type", hidden: true }]) // name, then value, …, type hidden
 */
import type { Family } from "../../events/family.ts";
import type { Lang } from "../../events/i18n.ts";
import type { listColumns } from "../../events/families/sys.ts";
import type { z } from "zod";

/** A column as the server keeps it (the list settings' schema). */
export type SavedColumn = z.output<typeof listColumns>[number];

export interface Column {
  key: string;
  hidden: boolean;
  /** px; undefined: automatic */
  width?: number;
}

/** Bookkeeping keys a list row carries that a user may show. */
export const metaColumnKeys = ["createTime", "updateTime"] as const;
export const minColumnWidth = 60;
export const maxColumnWidth = 800;

/** Every key the chooser offers, in the default order. */
export function columnChoices(family: Family): string[] {
  const declared = family.columns as string[];
  const others = Object.entries(family.fields)
    .filter(([key, f]) => !declared.includes(key) && !f.secret && f.kind !== "refs")
    .map(([key]) => key);
  return [...declared, ...others, ...metaColumnKeys.filter((k) => !declared.includes(k))];
}

/** The declared columns shown, the rest hidden, no widths: what "reset" returns to. */
export function defaultColumns(family: Family): Column[] {
  const declared = family.columns as string[];
  return columnChoices(family).map((key) => ({ key, hidden: !declared.includes(key) }));
}

const validWidth = (width: unknown) => (typeof width === "number" && Number.isFinite(width) ? Math.round(Math.min(maxColumnWidth, Math.max(minColumnWidth, width))) : undefined);

/**
 * The columns in the user's order: saved keys the family no longer offers are dropped, offered keys the
 * saved list lacks follow in their default place and visibility; at least one column stays shown.
 */
export function arrangeColumns(family: Family, saved: SavedColumn[] | null | undefined): Column[] {
  return arrangeChosen(defaultColumns(family), saved);
}

/** The same for any list: its default columns (./ListScreen.tsx declares them), the user's saved ones on top. */
export function arrangeChosen(defaults: Column[], saved: SavedColumn[] | null | undefined): Column[] {
  if (!saved || saved.length === 0) return defaults;
  const offered = new Map(defaults.map((c) => [c.key, c]));
  const seen = new Set<string>();
  const out: Column[] = [];
  for (const pref of saved) {
    if (!pref || typeof pref.key !== "string" || !offered.has(pref.key) || seen.has(pref.key)) continue;
    seen.add(pref.key);
    out.push({ key: pref.key, hidden: pref.hidden === true, width: validWidth(pref.width) });
  }
  for (const column of defaults) if (!seen.has(column.key)) out.push(column);
  if (out.every((c) => c.hidden)) out[0]!.hidden = false;
  return out;
}

/** The columns to save (what the server keeps). */
export const columnPrefs = (columns: Column[]): SavedColumn[] => columns.map(({ key, hidden, width }) => (width ? { key, hidden, width } : { key, hidden }));

/** Moves the column at `from` by `by` places (clamped), returning a new list. */
export function moveColumn(columns: Column[], from: number, by: number): Column[] {
  const to = Math.min(columns.length - 1, Math.max(0, from + by));
  if (to === from) return columns;
  const next = [...columns];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/** A column's title in the page's language: the field's label, or a bookkeeping column's text (crud.meta.*). */
export const columnLabel = (family: Family, key: string, lang: Lang, t: (key: string) => string) => family.fields[key]?.label[lang] ?? t(`crud.meta.${key}`);
